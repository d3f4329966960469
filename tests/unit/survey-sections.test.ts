import { describe, expect, it } from 'vitest'
import {
  CITTADINANZA,
  COMPETENZE_LIVELLO_1,
  COMPETENZE_LIVELLO_2,
  CONOSCENZA_SERVIZIO,
  MOTIVO_PRENOTAZIONE,
  RIPETERE_ESPERIENZA,
  RISOLVERE_PROBLEMI_DIGITALI,
  SEZIONI_QUESTIONARIO,
  TIPOLOGIA_SERVIZIO,
} from '../../src/api/contract/enums'
import {
  SectionFormatError,
  decodeSection,
  encodeSection,
  encodeValue,
  isEmptySection,
  sectionHeader,
  splitMassUploadValue,
} from '../../src/lib/survey-sections'

const Q4 = sectionHeader('Q4')

describe('section header', () => {
  it('uses the section ids and titles of the contract', () => {
    expect(Q4).toEqual({ id: 'content-service-section', title: 'Informazioni sull’esperienza' })
    expect(sectionHeader('Q3')).toEqual({ id: SEZIONI_QUESTIONARIO.Q3.id, title: 'Informazioni sul servizio' })
  })
})

describe('encodeSection (contract encoding, platform-frontend §3.5)', () => {
  it('writes the outer JSON with double quotes and the properties with single quotes', () => {
    const s = encodeSection({
      ...Q4,
      answers: {
        '29': ['Sito internet', 'Passaparola'],
        '30': ['Ricerca di lavoro'],
        '31': ['Sì, per formazione'],
        '32': 'Uso dello SPID',
        '33': ['Punto di facilitazione'],
        '1663320201383': '4',
      },
    })
    expect(s).toBe(
      `{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[` +
        `{'29':['Sito internet','Passaparola']},{'30':['Ricerca di lavoro']},{'31':['Sì§ per formazione']},` +
        `{'32':['Uso dello SPID']},{'33':['Punto di facilitazione']},{'1663320201383':['4']}]}`,
    )
    expect(() => JSON.parse(s)).toThrow()
  })

  it("replaces commas with § and straight apostrophes with ’ inside values", () => {
    expect(encodeValue("Straniera, di un Paese ALL'INTERNO dell'Unione Europea")).toBe('Straniera§ di un Paese ALL’INTERNO dell’Unione Europea')
    const s = encodeSection({ ...sectionHeader('Q1'), answers: { '10': "Straniera, di un Paese AL DI FUORI dell'Unione Europea" } })
    expect(s).toContain(`{'10':['Straniera§ di un Paese AL DI FUORI dell’Unione Europea']}`)
  })

  it('omits empty and false answers, writes a true flag as ["true"]', () => {
    const s = encodeSection({ ...sectionHeader('Q1'), answers: { '1': '', '2': false, '3': [], '4': null, '5': 'F', '6': ['  '], '7': true } })
    expect(s).toBe(`{"id":"anagraphic-citizen-section","title":"Informazioni anagrafiche","properties":[{'5':['F']},{'7':['true']}]}`)
  })

  it('writes ids 25 and 26 as arrays even with a single choice', () => {
    const s = encodeSection({ ...sectionHeader('Q3'), answers: { '25': COMPETENZE_LIVELLO_1[3], '26': [COMPETENZE_LIVELLO_2[10]!.label] } })
    expect(s).toContain(`{'25':['Sicurezza']}`)
    expect(s).toContain(`{'26':['Proteggere i dispositivi (es.: impostare e gestire password§ riconoscere ed evitare i messaggi di phishing)']}`)
  })

  it('keeps straight double quotes of free text readable', () => {
    const answers = { '28': 'Spiegato il "domicilio digitale", con esempi' }
    const back = decodeSection(encodeSection({ ...sectionHeader('Q3'), answers }))
    expect(back.answers['28']).toEqual(['Spiegato il "domicilio digitale", con esempi'])
  })
})

describe('decodeSection', () => {
  it('round-trips every real Q4 label (commas restored, typographic apostrophes kept)', () => {
    const answers = {
      '29': [...CONOSCENZA_SERVIZIO],
      '30': [...MOTIVO_PRENOTAZIONE],
      '31': [...RIPETERE_ESPERIENZA],
      '32': 'Vorrei imparare a usare l’app IO, la PEC e il fascicolo sanitario',
      '33': [...RISOLVERE_PROBLEMI_DIGITALI],
      '1663320201383': '5',
    }
    const back = decodeSection(encodeSection({ ...Q4, answers }))
    expect(back).toEqual({ ...Q4, answers: { ...answers, '32': [answers['32']], '1663320201383': ['5'] } })
    expect(back.answers['29']).toContain('Durante un evento della Settimana nazionale per le competenze Digitali')
    expect(back.answers['31']).toContain('Sì, per formazione')
  })

  it('round-trips Q3 with the two-level competences and Q1 with the citizenship labels', () => {
    const q3 = {
      '22': '2025-03-12',
      '23': '01:30',
      '24': [TIPOLOGIA_SERVIZIO[0], TIPOLOGIA_SERVIZIO[2]],
      '25': [...COMPETENZE_LIVELLO_1],
      '26': COMPETENZE_LIVELLO_2.map((c) => c.label),
      '28': 'Attivazione SPID: riconoscimento, credenziali',
    }
    const back = decodeSection(encodeSection({ ...sectionHeader('Q3'), answers: q3 }))
    expect(back.answers).toEqual({ ...q3, '22': ['2025-03-12'], '23': ['01:30'], '28': [q3['28']] })
    const q1 = decodeSection(encodeSection({ ...sectionHeader('Q1'), answers: { '10': CITTADINANZA[1] } }))
    expect(q1.answers['10']).toEqual(['Straniera, di un Paese ALL’INTERNO dell’Unione Europea'])
    // a straight apostrophe typed by the user comes back typographic
    const typed = decodeSection(encodeSection({ ...sectionHeader('Q1'), answers: { '10': "Straniera, di un Paese ALL'INTERNO dell'Unione Europea" } }))
    expect(typed.answers['10']).toEqual([CITTADINANZA[1]])
  })

  it('reads a contract string written by the legacy front end', () => {
    const legacy = `{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{'29':['Sportello','Durante un evento della Settimana nazionale per le competenze Digitali']},{'31':['No§ non ne ho bisogno']}]}`
    expect(decodeSection(legacy)).toEqual({
      ...Q4,
      answers: { '29': ['Sportello', 'Durante un evento della Settimana nazionale per le competenze Digitali'], '31': ['No, non ne ho bisogno'] },
    })
  })

  it('falls back to decodeURIComponent', () => {
    const s = encodeSection({ ...Q4, answers: { '31': ['Sì, per facilitazione'], '32': 'Corso al 100%' } })
    const encoded = encodeURIComponent(s)
    expect(decodeSection(encoded).answers).toEqual({ '31': ['Sì, per facilitazione'], '32': ['Corso al 100%'] })
  })

  it("reads the mass-upload encoding (valid JSON, values joined by ': '), keeping '(es.: …)' labels whole", () => {
    const mass = JSON.stringify({
      id: 'anagraphic-service-section',
      title: 'Informazioni sul servizio',
      properties: [
        { '22': '2025-02-03' },
        { '23': '02:00' },
        { '24': 'Facilitazione individuale: Formazione online' },
        { '25': ['Sicurezza: Risolvere i problemi tecnici (es.: software e hardware)'] },
        { '27': "App IO: Servizi anagrafici tramite ANPR (es. richiedere certificati)" },
        { '28': 'Argomento: SPID e CIE' },
      ],
    })
    expect(decodeSection(mass).answers).toEqual({
      '22': ['2025-02-03'],
      '23': ['02:00'],
      '24': ['Facilitazione individuale', 'Formazione online'],
      '25': ['Sicurezza', 'Risolvere i problemi tecnici (es.: software e hardware)'],
      '27': ['App IO', 'Servizi anagrafici tramite ANPR (es. richiedere certificati)'],
      '28': ['Argomento: SPID e CIE'],
    })
  })

  it("reads a mass-upload Q4 with straight apostrophes and the 'Sì, per …' labels", () => {
    const mass = `{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{"29":"Passaparola: Facilitatore/ Formatore"},{"31":"Sì, per formazione"},{"32":"L'uso dell'app IO"},{"1663320201383":"3"}]}`
    expect(decodeSection(mass)).toEqual({
      ...Q4,
      answers: { '29': ['Passaparola', 'Facilitatore/ Formatore'], '31': ['Sì, per formazione'], '32': ["L'uso dell'app IO"], '1663320201383': ['3'] },
    })
  })

  it("gives an empty section for '{}' (sections already compiled) and rejects garbage", () => {
    expect(isEmptySection('{}')).toBe(true)
    expect(isEmptySection(encodeSection({ ...Q4, answers: {} }))).toBe(false)
    expect(decodeSection('{}')).toEqual({ id: '', title: '', answers: {} })
    expect(decodeSection(encodeSection({ ...Q4, answers: {} }))).toEqual({ ...Q4, answers: {} })
    expect(() => decodeSection('non è una sezione')).toThrow(SectionFormatError)
    expect(() => decodeSection('{"id":"x","properties":"ciao"}')).toThrow(SectionFormatError)
  })
})

describe('splitMassUploadValue', () => {
  it("splits on ': ' outside parentheses only", () => {
    expect(splitMassUploadValue('A: B (es.: c: d): E')).toEqual(['A', 'B (es.: c: d)', 'E'])
    expect(splitMassUploadValue('01:30')).toEqual(['01:30'])
    expect(splitMassUploadValue('Video (es.: YouTube)')).toEqual(['Video (es.: YouTube)'])
  })
})
