/**
 * The one loader of /data/province.json (src/api/province.ts; issue 26 point 10): one fetch serves the citizen
 * forms (names in the file's order) and the site form (sigla and name sorted by name); a failed load is retried.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { caricaProvince, caricaProvinceSigle, resetProvinceForTests } from '../../src/api/province'

const ROWS = [
  { sigla: 'RM', nome: 'Roma', regione: 'Lazio' },
  { sigla: 'AG', nome: 'Agrigento', regione: 'Sicilia' },
  { sigla: 'FC', nome: 'Forlì-Cesena', regione: 'Emilia-Romagna' },
  { nome: 'Senza sigla' },
  { sigla: 'XX' },
]

afterEach(() => {
  vi.unstubAllGlobals()
  resetProvinceForTests()
})

describe('province.json loader', () => {
  it('fetches the file once for both lists', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(ROWS), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    expect(await caricaProvince()).toEqual(['Roma', 'Agrigento', 'Forlì-Cesena', 'Senza sigla'])
    expect(await caricaProvinceSigle()).toEqual([
      { sigla: 'AG', nome: 'Agrigento' }, { sigla: 'FC', nome: 'Forlì-Cesena' }, { sigla: 'RM', nome: 'Roma' },
    ])
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock).toHaveBeenCalledWith('/data/province.json', { headers: { accept: 'application/json' } })
  })

  it('a failed load rejects and the next call fetches again', async () => {
    const fetchMock = vi.fn()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(ROWS), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(caricaProvinceSigle()).rejects.toThrow('province.json 503')
    expect(await caricaProvince()).toHaveLength(4)
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
