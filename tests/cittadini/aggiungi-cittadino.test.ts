import { describe, expect, it } from 'vitest'
import {
  campiBloccati, datiDaChiedere, esitoRicerca, fasceOfferte, formIniziale, inputCittadino, MESSAGGI, messaggioEta, messaggioFascia, minorenniAbilitati,
  normalizzaDigitazione, validaForm, verificaIdentificativo, type ModoForm,
} from '../../src/features/cittadini/aggiungi-cittadino'
import type { CittadinoTrovato } from '../../src/api/contract/cittadino'

// Real codes computed with codice-fiscale-js: a man born 10-12-1985, an omocodic variant of the same
// code, a girl born 10-05-2010, a boy born 01-01-2015.
const ADULTO = 'RSSMRA85T10A562S'
const OMOCODICO = 'RSSMRA85T10A56NH'
const RAGAZZA = 'BNCNNA10E50H501I'
const BAMBINO = 'VRDLCU15A01H501S'
const OGGI = new Date(2026, 2, 1)

const trovato = (over: Partial<CittadinoTrovato> = {}): CittadinoTrovato => ({
  idCittadino: 7, genere: 'F', fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore',
  provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', tipoDocumento: null, ...over,
})

describe('minors rule', () => {
  it('enables minors only with a configuration already in force', () => {
    expect(minorenniAbilitati(null, '2026-03-01')).toBe(false)
    expect(minorenniAbilitati({ dataDecorrenza: '2026-03-02' }, '2026-03-01')).toBe(false)
    expect(minorenniAbilitati({ dataDecorrenza: '2026-03-01' }, '2026-03-01')).toBe(true)
    expect(minorenniAbilitati({ dataDecorrenza: '2025-01-01T00:00:00Z' }, '2026-03-01')).toBe(true)
  })

  it('gives the §8 messages by age and by band', () => {
    expect(messaggioEta(13, true)).toBe('Il cittadino inserito deve avere almeno 14 anni')
    expect(messaggioEta(13, false)).toBe('Il cittadino inserito deve essere maggiorenne')
    expect(messaggioEta(15, false)).toBe('Il cittadino inserito deve essere maggiorenne')
    expect(messaggioEta(15, true)).toBeNull()
    expect(messaggioEta(18, false)).toBeNull()
    expect(messaggioFascia(5, false)).toBe(MESSAGGI.maggiorenne)
    expect(messaggioFascia(5, true)).toBeNull()
    expect(fasceOfferte(false).map((f) => f.fascia)).toEqual(['18-29', '30-54', '55-74', '75 e oltre'])
    expect(fasceOfferte(true).map((f) => f.fascia)).toContain('14-17')
  })
})

describe('step 1: identifier', () => {
  it('upper-cases as typed and limits the length', () => {
    expect(normalizzaDigitazione('CF', 'rssmra 85t10a562s99')).toBe(ADULTO)
    expect(normalizzaDigitazione('NUM_DOC', 'ab-12.3_xyz99')).toBe('AB-12.3_XY')
  })

  it('accepts a valid and an omocodic fiscal code, deriving gender and age band', async () => {
    const a = await verificaIdentificativo('CF', ADULTO.toLowerCase(), false, OGGI)
    expect(a).toMatchObject({ ok: true, valore: ADULTO, derivati: { gender: 'M', birthDate: '1985-12-10', fasciaDiEtaId: 2 } })
    const o = await verificaIdentificativo('CF', OMOCODICO, false, OGGI)
    expect(o).toMatchObject({ ok: true, valore: OMOCODICO, derivati: { gender: 'M', birthDate: '1985-12-10' } })
  })

  it('refuses empty, short and invalid codes with Italian messages', async () => {
    expect(await verificaIdentificativo('CF', '', false, OGGI)).toEqual({ ok: false, messaggio: 'Campo obbligatorio' })
    expect(await verificaIdentificativo('CF', 'RSSMRA85T10', false, OGGI)).toEqual({ ok: false, messaggio: 'Il codice fiscale deve avere 16 caratteri' })
    expect(await verificaIdentificativo('CF', 'RSSMRA85T10A562X', false, OGGI)).toEqual({ ok: false, messaggio: 'Codice fiscale non valido' })
  })

  it('applies the age rule to the fiscal code', async () => {
    expect(await verificaIdentificativo('CF', RAGAZZA, false, OGGI)).toEqual({ ok: false, messaggio: MESSAGGI.maggiorenne })
    expect(await verificaIdentificativo('CF', RAGAZZA, true, OGGI)).toMatchObject({ ok: true, derivati: { gender: 'F', fasciaDiEtaId: 5 } })
    expect(await verificaIdentificativo('CF', BAMBINO, true, OGGI)).toEqual({ ok: false, messaggio: MESSAGGI.almeno14 })
  })

  it('checks document numbers: 5–10 of A-Z 0-9 _ . -', async () => {
    expect(await verificaIdentificativo('NUM_DOC', 'ca12345ab', false)).toEqual({ ok: true, valore: 'CA12345AB', derivati: null })
    expect((await verificaIdentificativo('NUM_DOC', 'AB1', false)).ok).toBe(false)
    expect((await verificaIdentificativo('NUM_DOC', 'AB 123!', false)).ok).toBe(false)
    expect(await verificaIdentificativo('NUM_DOC', '', false)).toEqual({ ok: false, messaggio: 'Campo obbligatorio' })
  })

  it('classifies the search answer', () => {
    expect(esitoRicerca([])).toEqual({ tipo: 'nessuno' })
    expect(esitoRicerca([trovato()])).toEqual({ tipo: 'uno', cittadino: trovato() })
    expect(esitoRicerca([trovato(), trovato({ idCittadino: 8 })]).tipo).toBe('molti')
  })
})

describe('step 2: form', () => {
  const province = ['Roma', 'Milano']
  const completo = { titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana' }

  it('fiscal-code path: gender and band derived and locked; input carries the code', async () => {
    const v = await verificaIdentificativo('CF', ADULTO, false, OGGI)
    if (!v.ok) throw new Error('valid code expected')
    const modo: ModoForm = { tipo: 'nuovo', ricerca: 'CF', identificativo: v.valore, derivati: v.derivati, nuovoCittadino: true }
    const form = { ...formIniziale(modo), ...completo }
    expect(form.genere).toBe('M')
    expect(form.fasciaDiEtaId).toBe('2')
    expect([...campiBloccati(modo)].sort()).toEqual(['fasciaDiEtaId', 'genere'])
    expect(validaForm(form, modo, false, province)).toEqual({})
    expect(inputCittadino(form, modo)).toEqual({
      codiceFiscale: ADULTO, genere: 'M', fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore',
      provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true,
    })
  })

  it('document path: default gender, band and document type required, minors per configuration', () => {
    const modo: ModoForm = { tipo: 'nuovo', ricerca: 'NUM_DOC', identificativo: 'CA12345AB', derivati: null, nuovoCittadino: false }
    const form = formIniziale(modo)
    expect(form.genere).toBe('Preferisco non rispondere')
    expect(campiBloccati(modo).size).toBe(0)
    const errors = validaForm(form, modo, false, province)
    expect(errors).toMatchObject({ tipoDocumento: 'Campo obbligatorio', fasciaDiEtaId: 'Campo obbligatorio', cittadinanza: 'Campo obbligatorio' })
    expect(errors.genere).toBeUndefined()
    const minore = { ...form, ...completo, tipoDocumento: 'Patente', fasciaDiEtaId: '5' }
    expect(validaForm(minore, modo, false, province)).toEqual({ fasciaDiEtaId: MESSAGGI.maggiorenne })
    expect(validaForm(minore, modo, true, province)).toEqual({})
    expect(validaForm({ ...minore, provinciaDiDomicilio: 'Atlantide' }, modo, true, province).provinciaDiDomicilio).toBe('Campo obbligatorio')
    expect(inputCittadino(minore, modo)).toMatchObject({ tipoDocumento: 'Patente', numeroDocumento: 'CA12345AB', fasciaDiEtaId: 5, nuovoCittadino: false })
    expect(inputCittadino(minore, modo).codiceFiscale).toBeUndefined()
  })

  it('existing citizen within the scope: everything locked, input with the typed fiscal code, minors rule on its band', () => {
    const modo: ModoForm = { tipo: 'esistente', ricerca: 'CF', identificativo: ADULTO, cittadino: trovato() }
    const form = formIniziale(modo)
    expect(form).toMatchObject({ genere: 'F', fasciaDiEtaId: '2', provinciaDiDomicilio: 'Roma' })
    expect(campiBloccati(modo).size).toBe(7)
    expect(datiDaChiedere(modo)).toBe(false)
    expect(validaForm(form, modo, false, province)).toEqual({})
    expect(inputCittadino(form, modo)).toMatchObject({ idCittadino: 7, codiceFiscale: ADULTO, nuovoCittadino: false, fasciaDiEtaId: 2 })
    const minore: ModoForm = { tipo: 'esistente', ricerca: 'CF', identificativo: ADULTO, cittadino: trovato({ fasciaDiEtaId: 5 }) }
    expect(validaForm(formIniziale(minore), minore, false, province)).toEqual({ eta: MESSAGGI.maggiorenne })
  })

  it('existing citizen found by document: input with the document type and the typed number', () => {
    const modo: ModoForm = { tipo: 'esistente', ricerca: 'NUM_DOC', identificativo: 'CA12345AB', cittadino: trovato({ tipoDocumento: 'Patente' }) }
    const input = inputCittadino(formIniziale(modo), modo)
    expect(input).toMatchObject({ idCittadino: 7, tipoDocumento: 'Patente', numeroDocumento: 'CA12345AB', nuovoCittadino: false })
    expect(input.codiceFiscale).toBeUndefined()
  })

  it('existing citizen outside the scope (datiRiservati): gender and band of the code locked, the rest asked at the desk', () => {
    const riservato = trovato({ genere: 'M', fasciaDiEtaId: 2, titoloDiStudio: null, occupazione: null, provinciaDiDomicilio: null, cittadinanza: null, datiRiservati: true })
    const modo: ModoForm = { tipo: 'esistente', ricerca: 'CF', identificativo: ADULTO, cittadino: riservato }
    expect(datiDaChiedere(modo)).toBe(true)
    const form = formIniziale(modo)
    expect(form).toEqual({ tipoDocumento: '', genere: 'M', fasciaDiEtaId: '2', titoloDiStudio: '', occupazione: '', provinciaDiDomicilio: '', cittadinanza: '' })
    expect([...campiBloccati(modo)].sort()).toEqual(['fasciaDiEtaId', 'genere'])
    expect(validaForm(form, modo, false, province)).toMatchObject({ titoloDiStudio: 'Campo obbligatorio', provinciaDiDomicilio: 'Campo obbligatorio' })
    const filled = { ...form, ...completo }
    expect(validaForm(filled, modo, false, province)).toEqual({})
    expect(inputCittadino(filled, modo)).toEqual({
      idCittadino: 7, codiceFiscale: ADULTO, tipoDocumento: null, genere: 'M', fasciaDiEtaId: 2, ...completo, nuovoCittadino: false,
    })
  })

  it('existing citizen outside the scope found by document: its type locked, gender and band asked', () => {
    const riservato = trovato({ genere: null, fasciaDiEtaId: null, titoloDiStudio: null, occupazione: null, provinciaDiDomicilio: null, cittadinanza: null, tipoDocumento: 'Passaporto', datiRiservati: true })
    const modo: ModoForm = { tipo: 'esistente', ricerca: 'NUM_DOC', identificativo: 'CA12345AB', cittadino: riservato }
    const form = formIniziale(modo)
    expect(form).toMatchObject({ tipoDocumento: 'Passaporto', genere: 'Preferisco non rispondere', fasciaDiEtaId: '' })
    expect([...campiBloccati(modo)]).toEqual(['tipoDocumento'])
    expect(validaForm(form, modo, false, province)).toMatchObject({ fasciaDiEtaId: 'Campo obbligatorio' })
    const filled = { ...form, ...completo, fasciaDiEtaId: '3' }
    expect(inputCittadino(filled, modo)).toEqual({
      idCittadino: 7, numeroDocumento: 'CA12345AB', tipoDocumento: 'Passaporto', genere: 'Preferisco non rispondere', fasciaDiEtaId: 3, ...completo, nuovoCittadino: false,
    })
  })
})
