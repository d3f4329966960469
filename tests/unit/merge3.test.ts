// @vitest-environment node
/** The three-way merge of an edit against the server's current record (src/lib/merge3.ts; issue 27). */
import { describe, expect, it } from 'vitest'
import { applicaScelte, conValore, merge3, uguali } from '../../src/lib/merge3'

const base = { nomeServizio: 'Sportello SPID', durata: '01:00', descrizione: 'Prima versione', tipo: 'Facilitazione individuale' }

describe('merge3', () => {
  it('takes a field changed on one side only, without asking', () => {
    const mine = { ...base, nomeServizio: 'Sportello SPID e CIE', durata: '01:30' }
    const theirs = { ...base, descrizione: 'Aggiornata dal desktop' }
    expect(merge3(base, mine, theirs)).toEqual({
      merged: { nomeServizio: 'Sportello SPID e CIE', durata: '01:30', descrizione: 'Aggiornata dal desktop', tipo: 'Facilitazione individuale' },
      conflitti: [],
    })
  })

  it('takes a field changed the same way on both sides, without asking', () => {
    const both = { ...base, durata: '02:00' }
    expect(merge3(base, both, { ...both })).toEqual({ merged: both, conflitti: [] })
  })

  it('asks about a field changed on both sides to different values, keeping mine until the choice', () => {
    const mine = { ...base, nomeServizio: 'Sportello A', durata: '01:30' }
    const theirs = { ...base, nomeServizio: 'Sportello B' }
    const esito = merge3(base, mine, theirs)
    expect(esito.conflitti).toEqual([{ percorso: 'nomeServizio', base: 'Sportello SPID', mine: 'Sportello A', theirs: 'Sportello B' }])
    expect(esito.merged.nomeServizio).toBe('Sportello A')
    expect(esito.merged.durata).toBe('01:30')
    expect(applicaScelte(esito, { nomeServizio: 'theirs' })).toEqual({ ...base, nomeServizio: 'Sportello B', durata: '01:30' })
    expect(applicaScelte(esito, { nomeServizio: 'mine' })).toEqual({ ...base, nomeServizio: 'Sportello A', durata: '01:30' })
    expect(() => applicaScelte(esito, {})).toThrow(/nomeServizio/)
  })

  it('counts a field cleared on one side as a change (taken), and cleared against changed as a conflict', () => {
    const cleared = { ...base, descrizione: '' }
    expect(merge3(base, cleared, base).merged.descrizione).toBe('')
    const { descrizione: _omit, ...removed } = base
    expect('descrizione' in merge3(base, base, removed).merged).toBe(false)
    const esito = merge3(base, removed, { ...base, descrizione: 'Riscritta' })
    expect(esito.conflitti).toEqual([{ percorso: 'descrizione', base: 'Prima versione', mine: undefined, theirs: 'Riscritta' }])
    expect(applicaScelte(esito, { descrizione: 'mine' })).toEqual(removed)
  })

  it('merges nested Q3 answers key by key, naming a conflict by its dotted path', () => {
    const b = { nomeServizio: 'S', q3: { '29': ['Passaparola'], '31': ['Sì'], '32': ['SPID'] } }
    const mine = { nomeServizio: 'S', q3: { '29': ['Passaparola', 'Social'], '31': ['No'], '32': ['SPID'] } }
    const theirs = { nomeServizio: 'S2', q3: { '29': ['Passaparola'], '31': ['Non so'], '32': ['SPID', 'CIE'] } }
    const esito = merge3(b, mine, theirs)
    expect(esito.conflitti).toEqual([{ percorso: 'q3.31', base: ['Sì'], mine: ['No'], theirs: ['Non so'] }])
    expect(applicaScelte(esito, { 'q3.31': 'theirs' })).toEqual({ nomeServizio: 'S2', q3: { '29': ['Passaparola', 'Social'], '31': ['Non so'], '32': ['SPID', 'CIE'] } })
  })

  it('compares arrays whole and objects regardless of key order', () => {
    expect(uguali({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true)
    expect(uguali([1, 2], [2, 1])).toBe(false)
    expect(uguali(null, undefined)).toBe(false)
    const esito = merge3({ l: [1] }, { l: [1, 2] }, { l: [1, 3] })
    expect(esito.conflitti.map((c) => c.percorso)).toEqual(['l'])
  })

  it('sets and removes a value by dotted path without touching the input', () => {
    const r = { a: { b: 1, c: 2 }, d: 3 }
    expect(conValore(r, 'a.b', 9)).toEqual({ a: { b: 9, c: 2 }, d: 3 })
    expect(conValore(r, 'a.c', undefined)).toEqual({ a: { b: 1 }, d: 3 })
    expect(conValore(r, 'e.f', 'x')).toEqual({ a: { b: 1, c: 2 }, d: 3, e: { f: 'x' } })
    expect(r).toEqual({ a: { b: 1, c: 2 }, d: 3 })
  })
})
