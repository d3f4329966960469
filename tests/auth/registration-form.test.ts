import { describe, expect, it } from 'vitest'
import { isRegistrationValid, validateRegistration, type RegistrationValues } from '../../src/features/auth/registration-form'

const good: RegistrationValues = {
  nome: 'Anna',
  cognome: "Dell'Orto-Lombardi",
  email: 'anna.lombardi@example.it',
  codiceFiscale: 'LMBNNA90L43B354D',
  telefono: '3331234567',
  consenso: true,
}

describe('registration form rules (spec 000 §5)', () => {
  it('accepts a complete form', () => {
    const errors = validateRegistration(good)
    expect(Object.values(errors).every((e) => e === null)).toBe(true)
    expect(isRegistrationValid(errors)).toBe(true)
  })

  it.each([
    ['nome', '', 'Campo obbligatorio'],
    ['nome', 'A', 'Inserisci almeno 2 caratteri'],
    ['nome', 'Anna!', /Massimo 30 lettere/],
    ['cognome', 'x'.repeat(31), 'Inserisci al massimo 30 caratteri'],
    ['email', 'anna@', 'Inserisci un indirizzo email valido'],
    ['email', 'a@b', /almeno 5|email/],
    ['telefono', '12345', 'Inserisci almeno 6 cifre'],
    ['telefono', '333 1234567', 'Il numero di telefono deve avere da 6 a 20 cifre'],
    ['codiceFiscale', 'LMBNNA90L43', 'Inserisci 16 caratteri'],
  ] as const)('%s = %j → %s', (field, value, message) => {
    const errors = validateRegistration({ ...good, [field]: value })
    if (typeof message === 'string') expect(errors[field]).toBe(message)
    else expect(errors[field]).toMatch(message)
    expect(isRegistrationValid(errors)).toBe(false)
  })

  it('requires the privacy consent', () => {
    const errors = validateRegistration({ ...good, consenso: false })
    expect(errors.consenso).toMatch(/Campo obbligatorio/)
    expect(isRegistrationValid(errors)).toBe(false)
  })

  it('accepts a lowercase fiscal code (it is upper-cased)', () => {
    expect(validateRegistration({ ...good, codiceFiscale: 'lmbnna90l43b354d' }).codiceFiscale).toBeNull()
  })

  it('checks the number against the chosen prefix (issue 13): +39 by default, +41 Swiss lengths', () => {
    expect(validateRegistration({ ...good, telefono: '791234567', prefissoTelefono: '+41' }).telefono).toBeNull()
    expect(validateRegistration({ ...good, telefono: '791234', prefissoTelefono: '+41' }).telefono).toBe('Il numero è troppo corto per il prefisso +41')
  })
})
