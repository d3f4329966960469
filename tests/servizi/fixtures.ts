/**
 * Fixtures of the services tests: the seed's default Q3 section in a wire template, device services
 * and citizens shaped like the field layer's records.
 */
import type { QuestionarioTemplate } from '../../src/api/contract/questionario'
import type { CampoRiferimenti, CittadinoServizioLocale, ServizioLocale } from '../../src/features/campo/types'
import { Q3_SECTION } from '../../server/seed/questionnaire/q3-service'

export function template(id = 'tpl-1'): QuestionarioTemplate {
  return {
    idQuestionarioTemplate: id,
    nomeQuestionarioTemplate: 'Questionario RFD',
    descrizioneQuestionarioTemplate: null,
    stato: 'ATTIVO',
    defaultRFD: true,
    defaultSCD: false,
    dataOraCreazione: '2024-01-01T00:00:00Z',
    dataOraUltimoAggiornamento: '2024-01-01T00:00:00Z',
    sezioniQuestionarioTemplate: [Q3_SECTION as QuestionarioTemplate['sezioniQuestionarioTemplate'][number]],
  }
}

export function riferimenti(overrides: Partial<CampoRiferimenti> = {}): CampoRiferimenti {
  return {
    profilo: { codiceRuolo: 'FAC', idProgramma: 7, idProgetto: 42, idEnte: 3 },
    template: template(),
    templateSnapshot: [template()],
    sedi: [{ id: 11, nome: 'Biblioteca centrale' }, { id: 12, nome: 'Centro civico' }],
    progetto: { dataInizio: '2024-01-01', dataFine: '2026-12-31' },
    configurazioneMinorenni: null,
    generatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  }
}

export function servizio(overrides: Partial<ServizioLocale> = {}): ServizioLocale {
  return {
    idLocale: '6f1c2b1e-1d2c-4a1b-9c3d-111111111111',
    idServer: 101,
    nome: 'Uso dello SPID',
    data: '2025-03-10',
    durataServizio: '1:30',
    tipologiaServizio: ['Facilitazione individuale'],
    idEnte: 3,
    idSede: 11,
    nomeSede: 'Biblioteca centrale',
    stato: 'NON ATTIVO',
    sezioneQ3Questionario:
      `{"id":"anagraphic-service-section","title":"Informazioni sul servizio","properties":[{'22':['2025-03-10']},{'23':['1:30']},{'24':['Facilitazione individuale']},{'25':['Sicurezza']},{'26':['Proteggere i dispositivi (es.: impostare e gestire password§ riconoscere ed evitare i messaggi di phishing)']},{'27':['App IO']},{'28':['Attivazione SPID']}]}`,
    idQuestionarioTemplateSnapshot: 'tpl-1',
    dataOraAggiornamento: '2025-03-10T10:00:00Z',
    syncState: 'confermato',
    ...overrides,
  }
}

export function cittadino(overrides: Partial<CittadinoServizioLocale> = {}): CittadinoServizioLocale {
  return {
    idLocale: 'c-1',
    idServizioLocale: servizio().idLocale,
    idServizio: 101,
    idCittadino: 501,
    idQuestionario: 'q-501',
    genere: 'F',
    fasciaDiEtaId: 2,
    titoloDiStudio: null,
    occupazione: null,
    provinciaDiDomicilio: 'Roma',
    cittadinanza: 'Italiana',
    tipoDocumento: null,
    identificazione: 'CF',
    identificativoMascherato: 'RSS•••90••••••••',
    dataOraAggiunta: '2025-03-10T10:42:00Z',
    scadenzaLink: null,
    statoQuestionario: 'NON_COMPILATA',
    dataUltimoAggiornamento: '2025-03-10T11:00:00Z',
    syncState: 'confermato',
    ...overrides,
  }
}
