import { describe, expect, it } from 'vitest'
import { erroriEnte } from '../../src/features/enti/EnteForm'
import { erroriUtente } from '../../src/features/utenti/UtenteFormPage'

describe('body form (platform-backend §1.1)', () => {
  it('wants nome, nome breve, an 11-digit VAT number and a valid PEC when given', () => {
    expect(erroriEnte({ nome: 'Comune', nomeBreve: 'C', partitaIva: '01234567890', indirizzoPec: '' })).toEqual({})
    expect(Object.keys(erroriEnte({ nome: ' ', nomeBreve: '', partitaIva: '123', indirizzoPec: 'pec' })).sort()).toEqual(['indirizzoPec', 'nome', 'nomeBreve', 'partitaIva'])
  })
})

describe('user form (spec 002 §5 formats and presets)', () => {
  const ok = { codiceFiscale: '', nome: "D'Angelo", cognome: 'Rossi-Bianchi', email: 'a.b@example.it', telefono: '' }
  it('accepts names of 2–30 letters with apostrophes and hyphens, an e-mail of 5–50 characters, a phone of 6–20 digits', () => {
    expect(erroriUtente(ok)).toEqual({})
    expect(erroriUtente({ ...ok, telefono: '+39 333 1234567' })).toEqual({})
  })
  it('refuses short or symbol names, bad e-mails and phones', () => {
    expect(erroriUtente({ ...ok, nome: 'A', cognome: 'R@ssi', email: 'x@y', telefono: '12' })).toEqual({
      nome: 'Il nome deve avere da 2 a 30 lettere', cognome: 'Il cognome deve avere da 2 a 30 lettere',
      email: 'Indirizzo e-mail non valido', telefono: 'Il telefono deve avere da 6 a 20 cifre',
    })
  })
})
