import { describe, expect, it } from 'vitest'
import { capValido, comuneDellaProvincia, descriviFascia, erroriFascia, erroriIndirizzo, indirizzoValido, type IndirizzoForm } from '../../src/lib/sede-indirizzo'

const base: IndirizzoForm = {
  via: 'Via Roma', civico: '1', provincia: 'RM', comune: 'Frascati', cap: '00044',
  fasceOrarie: { lun: { apertura1: '09:00', chiusura1: '13:00', apertura2: '14:00', chiusura2: '18:00' } },
}
const COMUNI_RM = ['Roma', 'Frascati', 'Tivoli']

describe('opening windows of a day (spec 002 §5)', () => {
  it('accepts two coherent windows, one window, or none', () => {
    expect(erroriFascia({ apertura1: '09:00', chiusura1: '13:00', apertura2: '14:00', chiusura2: '18:00' })).toEqual({})
    expect(erroriFascia({ apertura1: '09:00', chiusura1: '13:00' })).toEqual({})
    expect(erroriFascia({ apertura1: '', chiusura1: '', apertura2: '', chiusura2: '' })).toEqual({})
    expect(erroriFascia(undefined)).toEqual({})
  })
  it('requires the closing of an opening and vice versa, in each window', () => {
    expect(erroriFascia({ apertura1: '09:00' })).toEqual({ chiusura1: "Indica anche l'orario di chiusura" })
    expect(erroriFascia({ chiusura1: '13:00' })).toEqual({ apertura1: "Indica anche l'orario di apertura" })
    expect(erroriFascia({ apertura1: '09:00', chiusura1: '12:00', chiusura2: '18:00' })).toEqual({ apertura2: "Indica anche l'orario di apertura" })
  })
  it('wants the closing after the opening and the second window after the first', () => {
    expect(erroriFascia({ apertura1: '13:00', chiusura1: '09:00' }).chiusura1).toMatch(/seguire/)
    expect(erroriFascia({ apertura1: '09:00', chiusura1: '09:00' }).chiusura1).toMatch(/seguire/)
    expect(erroriFascia({ apertura1: '09:00', chiusura1: '14:00', apertura2: '13:00', chiusura2: '18:00' }).apertura2).toMatch(/seconda fascia/)
    expect(erroriFascia({ apertura1: '09:00', chiusura1: '13:00', apertura2: '13:00', chiusura2: '18:00' })).toEqual({})
  })
  it('rejects times not in HH:MM', () => {
    expect(erroriFascia({ apertura1: '9:00', chiusura1: '25:00' })).toEqual({ apertura1: 'Ora nel formato HH:MM', chiusura1: 'Ora nel formato HH:MM' })
  })
  it('summarises a day', () => {
    expect(descriviFascia({ apertura1: '09:00', chiusura1: '13:00', apertura2: '14:00', chiusura2: '18:00' })).toBe('09:00–13:00, 14:00–18:00')
    expect(descriviFascia({ apertura1: '', chiusura1: '' })).toBe('')
  })
})

describe('address of a site (spec 002 §5)', () => {
  it('accepts a complete address whose comune is in the province', () => {
    expect(indirizzoValido(erroriIndirizzo(base, COMUNI_RM))).toBe(true)
    expect(indirizzoValido(erroriIndirizzo({ ...base, comune: 'frascati' }, COMUNI_RM))).toBe(true)
  })
  it('requires via, civico, provincia, comune and a 5-digit CAP', () => {
    const e = erroriIndirizzo({ ...base, via: ' ', civico: '', provincia: '', comune: '', cap: '' }, null)
    expect(Object.keys(e.campi).sort()).toEqual(['cap', 'civico', 'comune', 'provincia', 'via'])
    expect(erroriIndirizzo({ ...base, cap: '0044' }, COMUNI_RM).campi.cap).toBe('Il CAP deve avere 5 cifre')
    expect(erroriIndirizzo({ ...base, cap: '00O44' }, COMUNI_RM).campi.cap).toBe('Il CAP deve avere 5 cifre')
    expect(capValido(' 00044 ')).toBe(true)
  })
  it('checks the comune against the province, once the list is known', () => {
    expect(erroriIndirizzo({ ...base, comune: 'Milano' }, COMUNI_RM).campi.comune).toBe('Il comune non appartiene alla provincia RM')
    expect(erroriIndirizzo({ ...base, comune: 'Milano' }, null).campi.comune).toBeUndefined()
    expect(comuneDellaProvincia(' TIVOLI ', COMUNI_RM)).toBe(true)
  })
  it('needs at least one opening time in the week and reports each wrong day', () => {
    expect(erroriIndirizzo({ ...base, fasceOrarie: {} }, COMUNI_RM).campi.orari).toBe('Indica almeno un orario di apertura')
    const e = erroriIndirizzo({ ...base, fasceOrarie: { ...base.fasceOrarie, sab: { apertura1: '10:00' } } }, COMUNI_RM)
    expect(e.fasce).toEqual({ sab: { chiusura1: "Indica anche l'orario di chiusura" } })
    expect(indirizzoValido(e)).toBe(false)
  })
})
