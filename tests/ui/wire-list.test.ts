/**
 * The wire half shared by the server lists (src/ui/list/wire-list.ts): page call and its totals, the query key
 * within (or without) the profile's scope, count label, error message, CSV only when a file name is given.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'

const calls = vi.hoisted(() => ({ page: [] as unknown[][], csv: [] as unknown[][] }))
vi.mock('../../src/api/lists', () => ({
  profileScope: () => ['REG', 1, null, 7],
  listBody: (filtroRequest: object, ordinamento: unknown) => ({ filtroRequest, ordinamento }),
  fetchListPage: async (...args: unknown[]) => {
    calls.page.push(args)
    return { righe: [{ id: 4 }], numeroTotaleElementi: 31, numeroPagine: 4 }
  },
  downloadCsv: async (...args: unknown[]) => { calls.csv.push(args) },
}))

const { wireList } = await import('../../src/ui/list/wire-list')
const Schema = v.object({ righe: v.array(v.object({ id: v.number() })), numeroTotaleElementi: v.number(), numeroPagine: v.number() })
const state = { page: 2, q: 'roma', sort: { campo: 'nome', verso: 'asc' as const }, filters: {} }
const base = {
  entity: 'ruolo', filtro: (s: { q: string }) => ({ criterioRicerca: s.q }), schema: Schema, rows: (d: v.InferOutput<typeof Schema>) => d.righe,
  queryKey: ['ruoli', 'lista'], singular: 'ruolo', plural: 'ruoli', theseRows: 'i ruoli',
}

describe('wireList', () => {
  beforeEach(() => { calls.page = []; calls.csv = [] })

  it('reads a page of {entity}/all with the filter and sort of the state, with its totals', async () => {
    const w = wireList(base)
    const signal = new AbortController().signal
    expect(await w.fetchPage(state as never, signal)).toEqual({ rows: [{ id: 4 }], total: 31, totalPages: 4 })
    expect(calls.page).toEqual([['ruolo', 2, { filtroRequest: { criterioRicerca: 'roma' }, ordinamento: { campo: 'nome', verso: 'asc' } }, Schema, signal]])
  })

  it('keys the queries within the profile scope unless the list is the same for everyone', () => {
    expect(wireList(base).queryKey).toEqual(['ruoli', 'lista', 'REG', 1, null, 7])
    expect(wireList({ ...base, scoped: false }).queryKey).toEqual(['ruoli', 'lista'])
  })

  it('counts, says its error in Italian and offers the CSV only with a file name', async () => {
    const w = wireList({ ...base, csv: 'ruoli.csv' })
    expect(w.countLabel(1)).toBe('1 ruolo')
    expect(w.countLabel(3)).toBe('3 ruoli')
    expect(w.errorMessage).toBe('Non è stato possibile caricare i ruoli. Controlla la connessione e riprova.')
    await w.download?.(state as never)
    expect(calls.csv).toEqual([['ruolo', { filtroRequest: { criterioRicerca: 'roma' }, ordinamento: { campo: 'nome', verso: 'asc' } }, 'ruoli.csv']])
    expect(wireList(base).download).toBeUndefined()
  })
})
