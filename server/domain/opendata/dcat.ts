/**
 * The machine-readable description of the open dataset in DCAT-AP_IT (issue 11 point 3), as JSON-LD:
 * a `dcat:Catalog` holding one `dcat:Dataset` (monthly, national, Italian, CC BY 4.0) whose
 * `dcat:distribution`s are the published monthly files (CSV). Served at `/api/open-data/dcat.jsonld`.
 * `baseUrl`: PUBLIC_URL (origin, no trailing slash). Vocabularies: EU Publications Office authority
 * tables (data-theme, frequency, language, country, file-type).
 */
import { NOTA_ANONIMIZZAZIONE } from '../../../src/api/contract/open-data'
import { nomeFileOpenData } from '../../../src/api/contract/open-data'

export const LICENZA = { nome: 'Creative Commons Attribuzione 4.0 Internazionale (CC BY 4.0)', url: 'https://creativecommons.org/licenses/by/4.0/' }
export const TITOLO_DATASET = 'Servizi di facilitazione e formazione per i cittadini'
export const DESCRIZIONE_DATASET =
  'Servizi di facilitazione e formazione digitale fruiti dalle cittadine e dai cittadini nei punti della rete (Rete dei servizi di facilitazione digitale e Servizio civile digitale): ' +
  'una riga per ogni coppia cittadino–servizio, con fascia di età, genere, occupazione, titolo di studio, mese e tipo del servizio, territorio e programma. Dati anonimi, aggiornati ogni mese.'
const EDITORE = 'Dipartimento per la trasformazione digitale'
const EDITORE_ID = 'DTD'
const EU = 'http://publications.europa.eu/resource/authority'

/** One published file as the DCAT description needs it. */
export interface FileDcat { mese: string; dimensione: number; dataPubblicazione: Date }

const agente = { '@type': ['foaf:Agent', 'dcatapit:Agent'], 'foaf:name': EDITORE, 'dct:identifier': EDITORE_ID }

/** The JSON-LD document; `files` newest first. */
export function descrizioneDcat(baseUrl: string, files: readonly FileDcat[], anni: { min: number | null; max: number | null }): Record<string, unknown> {
  const pagina = `${baseUrl}/open-data`
  const modificato = files[0]?.dataPubblicazione.toISOString().slice(0, 10)
  const dataset: Record<string, unknown> = {
    '@id': `${pagina}#dataset`,
    '@type': ['dcat:Dataset', 'dcatapit:Dataset'],
    'dct:identifier': `${EDITORE_ID}:servizi-facilitazione`,
    'dct:title': TITOLO_DATASET,
    'dct:description': `${DESCRIZIONE_DATASET} ${NOTA_ANONIMIZZAZIONE}`,
    // DCAT-AP_IT: the theme is dcat:theme (a dcat:Dataset property), valued on the EU data-theme table
    'dcat:theme': { '@id': `${EU}/data-theme/GOVE` },
    'dct:accrualPeriodicity': { '@id': `${EU}/frequency/MONTHLY` },
    'dct:language': { '@id': `${EU}/language/ITA` },
    'dct:spatial': { '@id': `${EU}/country/ITA` },
    'dct:publisher': agente,
    'dct:rightsHolder': agente,
    'dcat:landingPage': { '@id': pagina },
    'dcat:keyword': ['facilitazione digitale', 'competenze digitali', 'PNRR', 'servizi ai cittadini'],
    'dcat:contactPoint': { '@type': ['vcard:Organization', 'dcatapit:Organization'], 'vcard:fn': EDITORE, 'vcard:hasURL': { '@id': pagina } },
    'dcat:distribution': files.map((f) => {
      const url = `${baseUrl}/api/open-data/file/${f.mese}`
      return {
        '@id': `${url}#distribution`,
        '@type': ['dcat:Distribution', 'dcatapit:Distribution'],
        'dct:title': nomeFileOpenData(f.mese),
        'dct:description': `Pubblicazione del mese ${f.mese}`,
        'dcat:accessURL': { '@id': pagina },
        'dcat:downloadURL': { '@id': url },
        'dct:format': { '@id': `${EU}/file-type/CSV` },
        'dcat:mediaType': 'text/csv',
        'dcat:byteSize': { '@value': String(f.dimensione), '@type': 'xsd:decimal' },
        'dct:issued': { '@value': f.dataPubblicazione.toISOString().slice(0, 10), '@type': 'xsd:date' },
        'dct:license': { '@id': LICENZA.url, '@type': ['dct:LicenseDocument', 'dcatapit:LicenseDocument'], 'foaf:name': LICENZA.nome },
      }
    }),
  }
  if (modificato) dataset['dct:modified'] = { '@value': modificato, '@type': 'xsd:date' }
  if (anni.min !== null && anni.max !== null) {
    dataset['dct:temporal'] = { '@type': 'dct:PeriodOfTime', 'dcat:startDate': { '@value': `${anni.min}-01-01`, '@type': 'xsd:date' }, 'dcat:endDate': { '@value': `${anni.max}-12-31`, '@type': 'xsd:date' } }
  }
  return {
    '@context': {
      dcat: 'http://www.w3.org/ns/dcat#',
      dct: 'http://purl.org/dc/terms/',
      dcatapit: 'http://dati.gov.it/onto/dcatapit#',
      foaf: 'http://xmlns.com/foaf/0.1/',
      vcard: 'http://www.w3.org/2006/vcard/ns#',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
    },
    '@id': `${baseUrl}/api/open-data/dcat.jsonld`,
    '@type': ['dcat:Catalog', 'dcatapit:Catalog'],
    'dct:title': `Catalogo dei dati aperti di Punto Digitale`,
    'dct:description': 'Dati aperti della rete nazionale di facilitazione digitale.',
    'dct:publisher': agente,
    'foaf:homepage': { '@id': pagina },
    'dct:language': { '@id': `${EU}/language/ITA` },
    ...(modificato ? { 'dct:modified': { '@value': modificato, '@type': 'xsd:date' } } : {}),
    'dcat:dataset': [dataset],
  }
}
