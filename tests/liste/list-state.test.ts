import { describe, expect, it } from 'vitest'
import {
  compact, emptyListState, filterIds, filterValues, hasActiveFilters, listSearch, nextSort, parseListSearch, parseSort, sortRows,
  withFilter, withoutFilters, withSearch,
} from '../../src/ui/list/list-state'

const KEYS = ['stato', 'programma']

describe('list state in the URL', () => {
  it('reads page, search, filters and sort from the parsed search (numbers, strings, arrays), tolerating junk', () => {
    const s = parseListSearch({ pagina: 3, cerca: ' 123 ', stato: ['ATTIVO', 'ATTIVO', ''], programma: 7, ordina: 'id:desc', altro: 'x' }, KEYS, ['id', 'nome'])
    expect(s).toEqual({ page: 3, q: '123', filters: { stato: ['ATTIVO'], programma: ['7'] }, sort: { campo: 'id', verso: 'desc' } })
    expect(parseListSearch({ pagina: 'x', ordina: 'codice:asc' }, KEYS, ['id'], { campo: 'nome', verso: 'asc' })).toEqual({
      page: 1, q: '', filters: { stato: [], programma: [] }, sort: { campo: 'nome', verso: 'asc' },
    })
    expect(parseListSearch({ pagina: -2 }, KEYS).page).toBe(1)
    expect(parseListSearch({ pagina: 2.5 }, KEYS).page).toBe(1)
    expect(parseSort('nome:up', ['nome'])).toBeNull()
  })

  it('writes only what differs from the defaults and keeps the other params; round trip', () => {
    const def = { campo: 'nome', verso: 'asc' } as const
    const state = { page: 2, q: 'rossi', filters: { stato: ['ATTIVO'], programma: [] }, sort: { campo: 'id', verso: 'desc' as const } }
    const search = listSearch({ altro: 'x', programma: ['9'] }, state, def)
    expect(search).toEqual({ altro: 'x', pagina: 2, cerca: 'rossi', stato: ['ATTIVO'], ordina: 'id:desc' })
    expect(parseListSearch(search, KEYS, ['id', 'nome'], def)).toEqual(state)
    expect(listSearch({ pagina: 4, ordina: 'nome:asc' }, { ...emptyListState(KEYS), sort: def }, def)).toEqual({})
  })

  it('every filter or search change goes back to page 1; sort cycles asc → desc', () => {
    const s = { ...emptyListState(KEYS), page: 5 }
    expect(withFilter(s, 'stato', ['ATTIVO'])).toMatchObject({ page: 1, filters: { stato: ['ATTIVO'] } })
    expect(withSearch(s, '  abc ')).toMatchObject({ page: 1, q: 'abc' })
    const active = withSearch(withFilter(s, 'stato', ['X']), 'q')
    expect(hasActiveFilters(active)).toBe(true)
    expect(hasActiveFilters(withoutFilters(active))).toBe(false)
    expect(nextSort(null, 'nome')).toEqual({ campo: 'nome', verso: 'asc' })
    expect(nextSort({ campo: 'nome', verso: 'asc' }, 'nome')).toEqual({ campo: 'nome', verso: 'desc' })
    expect(nextSort({ campo: 'nome', verso: 'desc' }, 'id')).toEqual({ campo: 'id', verso: 'asc' })
  })

  it('wire helpers: values and ids only when chosen; compact drops undefined', () => {
    const s = withFilter(withFilter(emptyListState(KEYS), 'programma', ['7', 'x', '0']), 'stato', [])
    expect(filterIds(s, 'programma')).toEqual([7])
    expect(filterValues(s, 'stato')).toBeUndefined()
    expect(compact({ a: 1, b: undefined })).toEqual({ a: 1 })
  })

  it('sorts in memory: numbers numerically, text in Italian collation, stable', () => {
    const rows = [{ n: 'b', v: 10 }, { n: 'À', v: 9 }, { n: 'a', v: 100 }]
    expect(sortRows(rows, { campo: 'v', verso: 'asc' }, (r) => r.v).map((r) => r.v)).toEqual([9, 10, 100])
    expect(sortRows(rows, { campo: 'n', verso: 'desc' }, (r) => r.n).map((r) => r.n)).toEqual(['b', 'À', 'a'])
    expect(sortRows(rows, null, (r) => r.n)).toEqual(rows)
  })
})
