// @vitest-environment node
/**
 * One codec for client and server (issue 8 point 12): the app's src/lib/survey-sections.ts and the
 * server's view of it (server/domain/survey-codec.ts) write the same strings and read the same answers,
 * for every section with the real question ids and values of the reference (platform-frontend §3.3, §4:
 * Q1 1–10, Q2 20–21, Q3 22–28, Q4 29–33 and the rating 1663320201383; labels with commas, apostrophes,
 * '(es.: …)' and ': '), in both encodings, through the stored form too, and refuse the same input.
 */
import { describe, expect, it } from 'vitest'
import * as server from '../../server/domain/survey-codec'
import {
  AMBITO_SERVIZI_PUBBLICI, CITTADINANZA, COMPETENZE_LIVELLO_1, COMPETENZE_LIVELLO_2, CONOSCENZA_SERVIZIO, FASCE_DI_ETA, GENERE,
  ID_DOMANDA_VALUTAZIONE, MOTIVO_PRENOTAZIONE, RIPETERE_ESPERIENZA, RISOLVERE_PROBLEMI_DIGITALI, STATO_OCCUPAZIONALE, TIPOLOGIA_SERVIZIO,
  TITOLO_DI_STUDIO,
} from '../../src/api/contract/enums'
import * as client from '../../src/lib/survey-sections'
import { CF_NON_PRESENTE } from '../../src/lib/survey-instance'

const { sectionHeader } = client

/** Real answers of the four sections (values as the reference lists them). */
const SECTIONS: { key: client.SectionKey; answers: Record<string, string[]> }[] = [
  {
    key: 'Q1',
    answers: {
      '1': [CF_NON_PRESENTE], '2': ['true'], '3': ['Permesso di soggiorno'], '5': [GENERE[3]], '6': [FASCE_DI_ETA[1]!.fascia],
      '7': [TITOLO_DI_STUDIO[6]], '8': [STATO_OCCUPAZIONALE[4]], '9': ['Forlì-Cesena'], '10': [CITTADINANZA[2]],
    },
  },
  { key: 'Q2', answers: { '20': ['No'], '21': [TIPOLOGIA_SERVIZIO[0], TIPOLOGIA_SERVIZIO[3]] } },
  {
    key: 'Q3',
    answers: {
      '22': ['2026-05-12'], '23': ['1:30'], '24': [...TIPOLOGIA_SERVIZIO], '25': [...COMPETENZE_LIVELLO_1],
      '26': COMPETENZE_LIVELLO_2.map((c) => c.codice), '27': [...AMBITO_SERVIZI_PUBBLICI],
      '28': ['Attivazione SPID: riconoscimento, credenziali e "domicilio digitale"'],
    },
  },
  {
    key: 'Q4',
    answers: {
      '29': [...CONOSCENZA_SERVIZIO], '30': [...MOTIVO_PRENOTAZIONE], '31': [...RIPETERE_ESPERIENZA],
      '32': ['Vorrei imparare a usare l’app IO, la PEC e la firma: anche "da remoto"'], '33': [...RISOLVERE_PROBLEMI_DIGITALI],
      [ID_DOMANDA_VALUTAZIONE]: ['4'],
    },
  },
]

describe('one section codec for the app and the server', () => {
  for (const { key, answers } of SECTIONS) {
    it(`${key}: same string written, same answers read back, on both sides and through the stored form`, () => {
      const header = sectionHeader(key)
      const byClient = client.encodeSection({ ...header, answers })
      const byServer = server.encodeSection({ ...header, properties: answers })
      expect(byServer).toBe(byClient)
      expect(() => JSON.parse(byClient)).toThrow() // the contract's single-quoted properties

      const readByServer = server.decodeSection(byClient)
      const readByClient = client.decodeSection(byServer)
      expect(readByClient).toEqual({ ...header, answers })
      expect(readByServer).toEqual({ ...header, properties: answers })
      expect(server.encodeStored(server.toStored(readByServer))).toBe(byClient)
    })
  }

  it('keeps question order, the rating id after the numeric ones, and ids 25/26 as arrays', () => {
    const q3 = client.encodeSection({ ...sectionHeader('Q3'), answers: { '26': ['11'], '25': COMPETENZE_LIVELLO_1[3] } })
    expect(q3).toContain(`{'25':['Sicurezza']},{'26':['11']}`)
    const q4 = client.decodeSection(client.encodeSection({ ...sectionHeader('Q4'), answers: SECTIONS[3]!.answers }))
    expect(Object.keys(q4.answers)).toEqual(['29', '30', '31', '32', '33', ID_DOMANDA_VALUTAZIONE])
    expect(client.encodeSection({ ...sectionHeader('Q4'), answers: { '31': RIPETERE_ESPERIENZA[1] } })).toContain(`{'31':['Sì§ per formazione']}`)
  })

  it('reads the reference example of platform-frontend §3.5 the same way on both sides', () => {
    const example =
      `{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{'29':['Sito internet','Passaparola']},` +
      `{'30':['Ricerca di lavoro']},{'31':['Sì§ per formazione']},{'32':['Uso dello SPID']},{'33':['Punto di facilitazione']},{'${ID_DOMANDA_VALUTAZIONE}':['4']}]}`
    const expected = {
      '29': ['Sito internet', 'Passaparola'], '30': ['Ricerca di lavoro'], '31': ['Sì, per formazione'], '32': ['Uso dello SPID'],
      '33': ['Punto di facilitazione'], [ID_DOMANDA_VALUTAZIONE]: ['4'],
    }
    expect(client.decodeSection(example).answers).toEqual(expected)
    expect(server.decodeSection(example).properties).toEqual(expected)
    expect(client.decodeSection(encodeURIComponent(example)).answers).toEqual(expected)
  })

  it('reads the mass-upload encoding (valid JSON, values joined by ": ") the same way on both sides', () => {
    const joined = Object.fromEntries(Object.entries(SECTIONS[2]!.answers).map(([k, v]) => [k, v.join(': ')]))
    const mass = JSON.stringify({ ...sectionHeader('Q3'), properties: Object.entries(joined).map(([k, v]) => ({ [k]: v })) })
    const read = client.decodeSection(mass).answers
    expect(read).toEqual(SECTIONS[2]!.answers)
    expect(server.decodeSection(mass).properties).toEqual(read)
  })

  it("turns a straight apostrophe into ’ on both sides (province 'L'Aquila')", () => {
    const text = client.encodeSection({ ...sectionHeader('Q1'), answers: { '9': "L'Aquila" } })
    expect(client.decodeSection(text).answers['9']).toEqual(['L’Aquila'])
    expect(server.decodeSection(text).properties['9']).toEqual(['L’Aquila'])
  })

  it('refuses the same input with the same errors', () => {
    for (const bad of ['', 'non è una sezione', '[1,2]', '{"id":"x","properties":"ciao"}', `{"id":"s","properties":[{"29":${'['.repeat(20)}${']'.repeat(20)}}]}`]) {
      expect(() => client.decodeSection(bad), bad).toThrow(client.SectionFormatError)
      expect(() => server.decodeSection(bad), bad).toThrow(client.SectionFormatError)
    }
    const reserved = `{"id":"s","properties":[{'__proto__':['a']}]}`
    expect(() => client.decodeSection(reserved)).toThrow(client.InvalidQuestionIdError)
    expect(() => server.decodeSection(reserved)).toThrow(server.InvalidQuestionIdError)
    expect(server.InvalidQuestionIdError).toBe(client.InvalidQuestionIdError)
  })
})
