// @vitest-environment node
/**
 * Server section codec (platform-frontend §3.5) with the real question ids and labels (commas,
 * apostrophes, 'es.:'), both encodings, and the CSV encoder of the downloads.
 */
import { describe, expect, it } from 'vitest'
import { csvField, toCsv } from '../../../src/lib/csv'
import { decodeSection, encodeSection, fromStored, SectionFormatError, toStored } from '../../../server/domain/survey-codec'
import { COMPETENZE_LIVELLO_1, RIPETERE_ESPERIENZA, RISOLVERE_PROBLEMI_DIGITALI, SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'

const Q4 = SEZIONI_QUESTIONARIO.Q4

describe('survey section codec', () => {
  it('writes the contract encoding: single quotes in properties, § for commas, ’ for apostrophes', () => {
    const text = encodeSection({
      id: Q4.id, title: Q4.titolo,
      properties: { '29': ['Sito internet', 'Materiale informativo e promozionale stampato'], '31': ['Sì, per formazione'], '32': ["L'app IO"], '30': [] },
    })
    expect(text).toBe(`{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{'29':['Sito internet','Materiale informativo e promozionale stampato']},{'31':['Sì§ per formazione']},{'32':['L’app IO']}]}`)
    expect(() => JSON.parse(text)).toThrow()
  })

  it('reads its own encoding back, restoring commas', () => {
    const section = {
      id: Q4.id, title: Q4.titolo,
      properties: {
        '29': ['Passaparola'],
        '31': [RIPETERE_ESPERIENZA[1]],
        '33': [RISOLVERE_PROBLEMI_DIGITALI[13], RISOLVERE_PROBLEMI_DIGITALI[7]],
        '32': ['Uso dello SPID, della PEC e "firma" digitale\nsu due righe'],
        '1663320201383': ['4'],
      },
    }
    const back = decodeSection(encodeSection(section))
    expect(back.id).toBe(Q4.id)
    expect(back.title).toBe(Q4.titolo)
    expect(back.properties['31']).toEqual(['Sì, per formazione'])
    expect(back.properties['33']).toEqual(['Materiale informativo, giornali, articoli e altre pubblicazioni stampate', 'Piattaforma “ACCEDI”'])
    // a straight double quote survives the round trip (the contract escapes only ',' and "'")
    expect(back.properties['32']).toEqual(['Uso dello SPID, della PEC e "firma" digitale\nsu due righe'])
    expect(back.properties['1663320201383']).toEqual(['4'])
  })

  it('reads a string written by the original front end (properties as a quote-replaced JSON array)', () => {
    const props = [{ 29: ['Sito internet', 'Passaparola'] }, { 31: ['Sì§ per formazione'] }]
    const text = `{"id":"${Q4.id}","title":"${Q4.titolo}","properties":${JSON.stringify(props).replace(/"/g, "'")}}`
    expect(decodeSection(text).properties).toEqual({ '29': ['Sito internet', 'Passaparola'], '31': ['Sì, per formazione'] })
  })

  it('reads the mass-upload encoding: valid JSON with values joined by ": " (not after "es.", not in free text)', () => {
    const text = JSON.stringify({
      id: SEZIONI_QUESTIONARIO.Q3.id, title: SEZIONI_QUESTIONARIO.Q3.titolo,
      properties: [
        { 24: ['Facilitazione individuale: Formazione online'] },
        { 25: [`${COMPETENZE_LIVELLO_1[4]}: ${COMPETENZE_LIVELLO_1[3]}`] },
        { 28: ['Orario: mattina, con prenotazione'] },
      ],
    })
    const d = decodeSection(text)
    expect(d.properties['24']).toEqual(['Facilitazione individuale', 'Formazione online'])
    expect(d.properties['25']).toEqual(['Risolvere i problemi tecnici (es.: software e hardware)', 'Sicurezza'])
    expect(d.properties['28']).toEqual(['Orario: mattina, con prenotazione'])
  })

  it('accepts a URI-encoded string, an object of properties and "{}"; rejects garbage', () => {
    const text = encodeSection({ id: Q4.id, title: Q4.titolo, properties: { '29': ['TV'] } })
    expect(decodeSection(encodeURIComponent(text)).properties).toEqual({ '29': ['TV'] })
    expect(decodeSection(`{"id":"x","title":"t","properties":{"5":"F"}}`).properties).toEqual({ '5': ['F'] })
    expect(decodeSection('{}')).toEqual({ id: '', title: '', properties: {} })
    expect(() => decodeSection('non è una sezione')).toThrow(SectionFormatError)
    expect(() => decodeSection('')).toThrow(SectionFormatError)
    expect(() => decodeSection('[1,2]')).toThrow(SectionFormatError)
  })

  it('converts to and from the stored form (ordered single-key objects)', () => {
    const d = { id: Q4.id, title: Q4.titolo, properties: { '29': ['TV', 'Radio'], '31': ['Non saprei'] } }
    const stored = toStored(d)
    expect(stored.properties).toEqual([{ '29': ['TV', 'Radio'] }, { '31': ['Non saprei'] }])
    expect(fromStored(stored)).toEqual(d)
  })
})

describe('CSV encoder', () => {
  it('quotes separators, quotes, line breaks and edge spaces; neutralises formulas', () => {
    expect(csvField('semplice')).toBe('semplice')
    expect(csvField('a;b')).toBe('"a;b"')
    expect(csvField('a "b"')).toBe('"a ""b"""')
    expect(csvField('riga\nnuova')).toBe('"riga\nnuova"')
    expect(csvField(' spazio')).toBe('" spazio"')
    expect(csvField('=SOMMA(A1)')).toBe("'=SOMMA(A1)")
    expect(csvField('-1+1')).toBe("'-1+1")
    expect(csvField(42)).toBe('42')
    expect(csvField(null)).toBe('')
    expect(csvField('a,b', ',')).toBe('"a,b"')
  })

  it('writes BOM, header and CRLF rows', () => {
    expect(toCsv(['ID', 'NOME'], [[1, 'Caffè; digitale'], [2, null]])).toBe('\uFEFFID;NOME\r\n1;"Caffè; digitale"\r\n2;\r\n')
  })
})
