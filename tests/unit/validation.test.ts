import { describe, expect, it } from 'vitest'
import {
  acceptsRichText,
  checkField,
  formatError,
  isRichTextEmpty,
  matchesFormat,
  MSG_REQUIRED,
  richTextPlain,
  truncateText,
  type FormatName,
} from '../../src/lib/validation'

const cases: Record<FormatName, { ok: string[]; ko: string[] }> = {
  email: {
    ok: ['mario.rossi@example.it', 'a.b-c+tag@sub.dominio.gov.it', 'x_y@comune.roma.it'],
    ko: ['mario.rossi', 'mario@', '@example.it', 'mario rossi@example.it', 'mario@example', 'mario@exa_mple.it', 'mario@@example.it'],
  },
  digits: { ok: ['0', '0123456789'], ko: ['', '12a', '1 2', '-1', '1.5'] },
  cap: { ok: ['00184', '20121'], ko: ['0018', '001844', 'A0184', '00 184'] },
  partitaIva: { ok: ['01234567890', '12345678901'], ko: ['0123456789', '012345678901', 'IT01234567890'] },
  telephone: { ok: ['061234', '3331234567', '12345678901234567890'], ko: ['06123', '123456789012345678901', '+393331234567', '333 1234567', '333-1234567'] },
  mobile: { ok: ['33312', '333 123 4567', '333-123-4567', '123456789012345'], ko: ['3331', '1234567890123456', '+39 333 1234567', '333.123.4567', ' 33312', '-33312'] },
  prefix: { ok: ['+39', '+1', '+4420'], ko: ['39', '+', '+39a', '++39', '+12345'] },
  time: { ok: ['00:00', '09:30', '23:59', '12:05'], ko: ['24:00', '9:30', '12:60', '12.30', '1230', '12:5'] },
  timestamp: {
    ok: ['2024-03-07', '2024-03-07T10:15', '2024-03-07T10:15:30', '2024-03-07T10:15:30.123Z', '2024-03-07 10:15:30+01:00'],
    ko: ['07-03-2024', '2024-13-01', '2024-02-30', '2024-03-07T25:00', '2024/03/07', '2024-03-07T10'],
  },
  documentNumber: { ok: ['AB12345', 'CA00000AA', 'a_b.c-1', '12345'], ko: ['1234', 'ABCDEFGHIJK', 'AB 1234', 'AB#1234'] },
  nameSurname: {
    ok: ['Mario', "D'Angelo", 'Anna-Maria', 'Niccolò', 'De Luca', 'José', 'Ángel', 'Maria Grazia Lucia Teresa Anna'],
    ko: ['Mario!', 'Ma#rio', 'Fran§', 'François', 'mario@', 'Gradi°', 'Mario1', '', "'", 'Maria Grazia Lucia Teresa Annab'],
  },
  registryName: { ok: ['Al', 'Niccolò', "Dell'Acqua"], ko: ['A', 'Mario 2', 'Abcdefghijklmnopqrstuvwxyzabcde'] },
  password: {
    ok: ['Passw0rd!', 'aB3#aB3#', 'Xy9?' + 'a'.repeat(60)],
    ko: ['password', 'Passw0rd', 'passw0rd!', 'PASSW0RD!', 'Password!', 'Pa0!', 'Passw0rd!' + 'a'.repeat(60), 'Pass w0rd!', 'Passw0rd^'],
  },
  url: {
    ok: ['http://example.it', 'https://www.example.it/percorso?x=1#a', 'HTTPS://EXAMPLE.IT'],
    ko: ['www.example.it', 'ftp://example.it', 'https://', 'https:// example.it', 'javascript:alert(1)', 'https:example.it'],
  },
  fiscalCodeShape: { ok: ['RMNSRA92E51A944H', 'RMNSRAVNE51A944H'], ko: ['rmnsra92e51a944h', 'RMNSRA92E51A944', 'RMNSRA92E51A944H1', 'RMNSRA92E51A94-H'] },
}

describe('formats of spec 000 §5', () => {
  for (const [format, { ok, ko }] of Object.entries(cases) as [FormatName, { ok: string[]; ko: string[] }][]) {
    it.each(ok)(`${format} accepts %j`, (value) => {
      expect(matchesFormat(format, value)).toBe(true)
      expect(formatError(format, value)).toBeNull()
    })
    it.each(ko)(`${format} rejects %j`, (value) => {
      expect(matchesFormat(format, value)).toBe(false)
      expect(formatError(format, value)).toMatch(/\S/)
    })
  }
})

describe('generic field check (spec 000 §5)', () => {
  it('untouched fields are valid, even required and empty', () => {
    expect(checkField({ required: true }, '', false)).toEqual({ valid: true, message: null })
  })

  it('required fields must be non-empty and valid', () => {
    expect(checkField({ required: true }, '  ')).toEqual({ valid: false, message: MSG_REQUIRED })
    expect(checkField({ required: true, format: 'email' }, 'x@')).toMatchObject({ valid: false, message: 'Inserisci un indirizzo email valido' })
    expect(checkField({ required: true, format: 'email' }, 'x@example.it').valid).toBe(true)
  })

  it('length messages agree in number: 1 carattere, 2 caratteri (issue 8 point 10)', () => {
    expect(checkField({ minimum: 2, maximum: 3 }, 'a').message).toBe('Inserisci almeno 2 caratteri')
    expect(checkField({ maximum: 1 }, 'ab').message).toBe('Inserisci al massimo 1 carattere')
  })

  it('empty optional fields are valid, filled ones must match their format', () => {
    expect(checkField({ format: 'cap' }, '').valid).toBe(true)
    expect(checkField({ format: 'cap' }, null).valid).toBe(true)
    expect(checkField({ format: 'cap' }, '123').valid).toBe(false)
  })

  it('booleans must be booleans; a required boolean must be true', () => {
    expect(checkField({ type: 'boolean', required: true }, true).valid).toBe(true)
    expect(checkField({ type: 'boolean', required: true }, false)).toEqual({ valid: false, message: MSG_REQUIRED })
    expect(checkField({ type: 'boolean' }, 'true').valid).toBe(false)
    expect(checkField({ type: 'boolean' }, false).valid).toBe(true)
  })

  it('dates are compared with minimum and maximum', () => {
    const rule = { type: 'date' as const, minimum: '2024-01-01', maximum: '2024-12-31' }
    expect(checkField(rule, '2024-06-15').valid).toBe(true)
    expect(checkField(rule, '2024-01-01').valid).toBe(true)
    expect(checkField(rule, '2023-12-31').valid).toBe(false)
    expect(checkField(rule, '2025-01-01').valid).toBe(false)
    expect(checkField(rule, '2024-02-30').valid).toBe(false)
  })

  it('text length is bounded by minimum/maximum and by the presets', () => {
    expect(checkField({ minimum: 2, maximum: 5 }, 'a').valid).toBe(false)
    expect(checkField({ minimum: 2, maximum: 5 }, 'abcdef').valid).toBe(false)
    expect(checkField({ minimum: 2, maximum: 5 }, 'abc').valid).toBe(true)
    expect(checkField({ preset: 'nome' }, 'A').message).toBe('Inserisci almeno 2 caratteri')
    expect(checkField({ preset: 'cognome' }, 'x'.repeat(31)).message).toBe('Inserisci al massimo 30 caratteri')
    expect(checkField({ preset: 'email' }, 'a@b.' + 'c'.repeat(47)).valid).toBe(false)
    expect(checkField({ preset: 'codiceFiscale' }, 'ABC').message).toBe('Inserisci 16 caratteri')
    expect(checkField({ preset: 'partitaIva', format: 'partitaIva' }, '01234567890').valid).toBe(true)
    expect(checkField({ preset: 'telefono', format: 'telephone' }, '12345').valid).toBe(false)
  })

  it('numbers are compared by value', () => {
    expect(checkField({ type: 'number', minimum: 1, maximum: 10 }, 10).valid).toBe(true)
    expect(checkField({ type: 'number', minimum: 1, maximum: 10 }, '11').valid).toBe(false)
    expect(checkField({ type: 'number', minimum: 1 }, 0).message).toBe('Il valore minimo è 1')
    expect(checkField({ type: 'number' }, 'dieci').valid).toBe(false)
    expect(checkField({ type: 'number', maximum: 2 }, '1,5').valid).toBe(true)
  })
})

describe('textarea and rich text (spec 000 §5)', () => {
  it('truncates textareas at 1500 characters by default', () => {
    const long = 'à'.repeat(1600)
    expect(truncateText(long)).toHaveLength(1500)
    expect(truncateText('breve')).toBe('breve')
    expect(truncateText('abcdef', 3)).toBe('abc')
  })

  it.each(['', '<p></p>', '<p><br></p>', '<p>&nbsp;</p>', '<p> </p><p></p>', '<div><span></span></div>'])('empty markup %j counts as empty', (html) => {
    expect(isRichTextEmpty(html)).toBe(true)
  })

  it('markup with text is not empty and its plain text is measured', () => {
    expect(isRichTextEmpty('<p>Ciao</p>')).toBe(false)
    expect(richTextPlain('<p>Ciao&nbsp;<b>a</b> tutti</p><p>&amp; buona</p>')).toBe('Ciao a tutti & buona')
    expect(acceptsRichText(`<p>${'x'.repeat(1500)}</p>`)).toBe(true)
    expect(acceptsRichText(`<p>${'x'.repeat(1501)}</p>`)).toBe(false)
    expect(acceptsRichText(`<p><strong>${'x'.repeat(1500)}</strong></p>`)).toBe(true)
  })
})
