// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { buildQ1, dropEmpty } from '../../server/domain/questionari/istanza'
import { encodeSection as serverEncode } from '../../server/domain/survey-codec'
import { SEZIONI_QUESTIONARIO } from '../../src/api/contract/enums'
import { decodeSection } from '../../src/lib/survey-sections'
import { buildQ1Section, buildQ2Section, CF_NON_PRESENTE, CF_NON_VISUALIZZABILE, conConsenso, fasciaDiEtaLabel, haConsenso } from '../../src/lib/survey-instance'

type Row = Parameters<typeof buildQ1>[0]
const row = (r: Partial<Row>): Row => ({
  id: 1, codiceFiscaleHash: null, tipoDocumento: null, numeroDocumentoHash: null, genere: null, fasciaDiEtaId: null, titoloDiStudio: null,
  occupazione: null, provinciaDiDomicilio: null, cittadinanza: null, ...r,
} as Row)

const demografia = {
  genere: 'F', fasciaDiEtaId: 2, titoloDiStudio: 'Dottorato, Master di II livello o titoli equiparati', occupazione: 'Commerciante/ Artigiano',
  provinciaDiDomicilio: "Reggio nell'Emilia", cittadinanza: 'Straniera, di un Paese ALL’INTERNO dell’Unione Europea',
}

describe('Q1/Q2 built on the device', () => {
  it('Q1 of a citizen with a fiscal code is the server’s, byte for byte, and never carries the code', () => {
    const device = buildQ1Section({ conCodiceFiscale: true, ...demografia })
    const server = serverEncode(dropEmpty(buildQ1(row({ codiceFiscaleHash: 'hash', ...demografia }))))
    expect(device).toBe(server)
    const decoded = decodeSection(device)
    expect(decoded.id).toBe(SEZIONI_QUESTIONARIO.Q1.id)
    expect(decoded.answers).toEqual({
      '1': [CF_NON_VISUALIZZABILE], '5': ['F'], '6': ['30-54'], '7': [demografia.titoloDiStudio], '8': [demografia.occupazione],
      '9': ["Reggio nell’Emilia"], '10': [demografia.cittadinanza],
    })
  })

  it('Q1 of a citizen identified by a document: not present, flag and document type, no number', () => {
    const device = buildQ1Section({ conCodiceFiscale: false, tipoDocumento: 'Passaporto', genere: 'Preferisco non rispondere', fasciaDiEtaId: 5 })
    const server = serverEncode(dropEmpty(buildQ1(row({ tipoDocumento: 'Passaporto', numeroDocumentoHash: 'h', genere: 'Preferisco non rispondere', fasciaDiEtaId: 5 }))))
    expect(device).toBe(server)
    expect(decodeSection(device).answers).toEqual({ '1': [CF_NON_PRESENTE], '2': ['true'], '3': ['Passaporto'], '5': ['Preferisco non rispondere'], '6': ['14-17'] })
  })

  it('Q1 with the consent (18–19) is the server’s; added to a Q1 without it, kept when one is there', () => {
    const consenso = { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-03-10' } as const
    const device = buildQ1Section({ conCodiceFiscale: true, ...demografia, consenso })
    const server = serverEncode(dropEmpty(buildQ1(row({
      codiceFiscaleHash: 'hash', ...demografia, tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: new Date('2025-03-10T12:00:00Z'),
    }))))
    expect(device).toBe(server)
    expect(decodeSection(device).answers).toMatchObject({ '18': ['Cartaceo'], '19': ['2025-03-10'] })
    const senza = buildQ1Section({ conCodiceFiscale: true, ...demografia })
    expect(haConsenso(senza)).toBe(false)
    expect(haConsenso(device)).toBe(true)
    expect(conConsenso(senza, consenso)).toBe(device)
    expect(conConsenso(device, { tipoConferimentoConsenso: 'EMAIL', dataConferimentoConsenso: '2025-04-01' })).toBe(device)
  })

  it('Q2: first service, or the types of the most recent other one', () => {
    expect(decodeSection(buildQ2Section(null))).toEqual({ id: SEZIONI_QUESTIONARIO.Q2.id, title: SEZIONI_QUESTIONARIO.Q2.titolo, answers: { '20': ['Sì'] } })
    expect(decodeSection(buildQ2Section(['Formazione online', 'Altro'])).answers).toEqual({ '20': ['No'], '21': ['Formazione online', 'Altro'] })
    expect(buildQ2Section(['Formazione online'])).toBe(serverEncode({ id: SEZIONI_QUESTIONARIO.Q2.id, title: SEZIONI_QUESTIONARIO.Q2.titolo, properties: { '20': ['No'], '21': ['Formazione online'] } }))
  })

  it('age band labels', () => {
    expect([1, 2, 3, 4, 5, 9, null].map(fasciaDiEtaLabel)).toEqual(['18-29', '30-54', '55-74', '75 e oltre', '14-17', null, null])
  })
})
