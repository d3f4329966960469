/** Pure rules of the assistance request (spec 002 §4, §5; platform-backend §12). */
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { codificaAllegati } from '../../src/lib/allegati-codifica'
import { ALTRO_TAG, assistenzaAbilitata, campiAbilitati, motivoRifiutoAllegato, tipoDaContenuto } from '../../src/lib/assistenza'

const bytes = (...b: number[]) => Uint8Array.from(b)
const text = (s: string) => new TextEncoder().encode(s)

describe('campiAbilitati (progressive enabling)', () => {
  const base = { areaTematica: '', altraAreaTematica: '', oggetto: '', descrizioneVuota: true }
  it('unlocks subject, description, attachments in order', () => {
    expect(campiAbilitati(base)).toEqual({ altraArea: false, oggetto: false, descrizione: false, allegati: false })
    expect(campiAbilitati({ ...base, areaTematica: 'x' })).toMatchObject({ oggetto: true, descrizione: false })
    expect(campiAbilitati({ ...base, areaTematica: 'x', oggetto: 'o' })).toMatchObject({ descrizione: true, allegati: false })
    expect(campiAbilitati({ ...base, areaTematica: 'x', oggetto: 'o', descrizioneVuota: false })).toMatchObject({ allegati: true })
  })
  it("'Altro' asks for the other area before the subject", () => {
    expect(campiAbilitati({ ...base, areaTematica: ALTRO_TAG })).toMatchObject({ altraArea: true, oggetto: false })
    expect(campiAbilitati({ ...base, areaTematica: ALTRO_TAG, altraAreaTematica: ' ' })).toMatchObject({ oggetto: false })
    expect(campiAbilitati({ ...base, areaTematica: ALTRO_TAG, altraAreaTematica: 'Stampa' })).toMatchObject({ oggetto: true })
  })
})

describe('assistenzaAbilitata', () => {
  it('serves FAC on RFD, VOL on SCD, managers on both; nobody else', () => {
    expect(assistenzaAbilitata('FAC', 'RFD')).toBe(true)
    expect(assistenzaAbilitata('FAC', 'SCD')).toBe(false)
    expect(assistenzaAbilitata('VOL', 'SCD')).toBe(true)
    expect(assistenzaAbilitata('VOL', 'RFD')).toBe(false)
    expect(assistenzaAbilitata('REPP', 'SCD')).toBe(true)
    expect(assistenzaAbilitata('DTD', null)).toBe(false)
  })
})

describe('attachments checked by content', () => {
  it('recognises the families of the listed types', () => {
    expect(tipoDaContenuto(text('%PDF-1.7'))).toBe('pdf')
    expect(tipoDaContenuto(bytes(0x50, 0x4b, 0x03, 0x04, 0))).toBe('zip')
    expect(tipoDaContenuto(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('ole')
    expect(tipoDaContenuto(text('nome;cognome\r\nAnna;Rossi\r\n'))).toBe('testo')
    expect(tipoDaContenuto(bytes(0x4d, 0x5a, 0x90, 0x00))).toBe('sconosciuto')
  })
  it('refuses an executable renamed .pdf or .txt, and unlisted extensions', () => {
    const exe = bytes(0x4d, 0x5a, 0x90, 0x00, 0x03)
    expect(motivoRifiutoAllegato('fattura.pdf', exe)).toMatch(/non corrisponde/)
    expect(motivoRifiutoAllegato('nota.txt', exe)).toMatch(/non corrisponde/)
    expect(motivoRifiutoAllegato('setup.exe', exe)).toMatch(/non è di un tipo ammesso/)
    expect(motivoRifiutoAllegato('documento.DOCX', bytes(0x50, 0x4b, 0x03, 0x04))).toBeNull()
    expect(motivoRifiutoAllegato('vuoto.txt', new Uint8Array())).toMatch(/vuoto/)
  })
  it('encodes fileData as base64(gzip(JSON [{name, data}]))', () => {
    const fileData = codificaAllegati([{ name: 'a.txt', bytes: text('ciao') }])
    const json = JSON.parse(gunzipSync(Buffer.from(fileData, 'base64')).toString('utf8')) as { name: string; data: string }[]
    expect(json).toEqual([{ name: 'a.txt', data: Buffer.from('ciao').toString('base64') }])
    expect(codificaAllegati([])).toBe('')
  })
})
