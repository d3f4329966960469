import { describe, expect, it } from 'vitest'
import {
  FILTRI_VUOTI, filtraRighe, filtroRequest, hasFiltri, matchesCriterio, opzioniStato, opzioniTipologia, rigaDaLocale, rigaDaServer,
  type RigaServizio,
} from '../../src/features/servizi/list/servizi-list'
import { clampPage, pageItems, paginate } from '../../src/ui/widgets/pagination'
import { servizio } from './fixtures'

const riga = (o: Partial<RigaServizio>): RigaServizio => ({
  key: o.nome ?? 'k', routeId: '1', id: 1, nome: 'Servizio', tipologia: ['Facilitazione individuale'], data: '2025-01-01', nomeSede: 'Sede', stato: 'NON ATTIVO', ...o,
})

describe('services list: search', () => {
  it('digits match the id exactly or the name; text matches the name without case or accents', () => {
    expect(matchesCriterio({ id: 12, nome: 'Corso SPID' }, '12')).toBe(true)
    expect(matchesCriterio({ id: 123, nome: 'Corso SPID' }, '12')).toBe(false)
    expect(matchesCriterio({ id: 9, nome: 'Corso 2025' }, '2025')).toBe(true)
    expect(matchesCriterio({ id: 9, nome: 'Attività di facilitazione' }, 'ATTIVITA')).toBe(true)
    expect(matchesCriterio({ id: null, nome: 'Non inviato' }, '5')).toBe(false)
    expect(matchesCriterio({ id: 1, nome: 'x' }, '  ')).toBe(true)
  })
})

describe('services list: filters', () => {
  const rows = [
    riga({ nome: 'A', id: 1, tipologia: ['Formazione online'], stato: 'ATTIVO', data: '2025-02-01' }),
    riga({ nome: 'B', id: 2, tipologia: ['Facilitazione individuale', 'Altro'], stato: 'NON ATTIVO', data: '2025-03-01' }),
    riga({ nome: 'C', id: 3, tipologia: ['Facilitazione di gruppo'], stato: 'ATTIVO', data: '2025-01-01' }),
  ]

  it('types and states are OR-ed inside, AND-ed between; newest date first', () => {
    expect(filtraRighe(rows, FILTRI_VUOTI).map((r) => r.nome)).toEqual(['B', 'A', 'C'])
    expect(filtraRighe(rows, { ...FILTRI_VUOTI, tipologie: ['Altro', 'Formazione online'] }).map((r) => r.nome)).toEqual(['B', 'A'])
    expect(filtraRighe(rows, { ...FILTRI_VUOTI, stati: ['ATTIVO'] }).map((r) => r.nome)).toEqual(['A', 'C'])
    expect(filtraRighe(rows, { criterio: '', tipologie: ['Altro'], stati: ['ATTIVO'] })).toEqual([])
    expect(filtraRighe(rows, { ...FILTRI_VUOTI, criterio: '3' }).map((r) => r.nome)).toEqual(['C'])
  })

  it('options list what is present, in the enumeration order', () => {
    expect(opzioniTipologia(rows)).toEqual(['Facilitazione individuale', 'Facilitazione di gruppo', 'Formazione online', 'Altro'])
    expect(opzioniStato(rows)).toEqual(['NON ATTIVO', 'ATTIVO'])
  })

  it('wire filter omits empty parts', () => {
    expect(filtroRequest(FILTRI_VUOTI)).toEqual({})
    expect(filtroRequest({ criterio: ' spid ', tipologie: ['Altro'], stati: [] })).toEqual({ criterioRicerca: 'spid', tipologiaServizio: ['Altro'] })
    expect(hasFiltri(FILTRI_VUOTI)).toBe(false)
    expect(hasFiltri({ ...FILTRI_VUOTI, stati: ['ATTIVO'] })).toBe(true)
  })

  it('rows: device services link by server id, or by device id while unsent', () => {
    expect(rigaDaLocale(servizio()).routeId).toBe('101')
    const unsent = rigaDaLocale(servizio({ idServer: null, syncState: 'locale' }))
    expect(unsent.routeId).toBe(servizio().idLocale)
    expect(unsent.id).toBeNull()
    expect(unsent.syncState).toBe('locale')
    const server = rigaDaServer({ id: 7, idLocale: null, nome: 'S', tipologiaServizio: ['Altro'], data: '2025-01-01', durataServizio: '1:00', nomeSede: 'X', facilitatore: 'ROSSI Anna', stato: 'ATTIVO', dataOraAggiornamento: '' })
    expect(server).toMatchObject({ routeId: '7', id: 7 })
    expect(server.syncState).toBeUndefined()
  })
})

describe('pagination', () => {
  it('8 per page, page clamped', () => {
    const rows = Array.from({ length: 17 }, (_, i) => i)
    expect(paginate(rows, 1)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7], page: 1, totalPages: 3 })
    expect(paginate(rows, 3).items).toEqual([16])
    expect(paginate(rows, 9).page).toBe(3)
    expect(paginate([], 2)).toEqual({ items: [], page: 1, totalPages: 1 })
    expect(clampPage(0, 5)).toBe(1)
  })

  it('all pages up to 7, then 5 around the current one with ellipses', () => {
    expect(pageItems(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20])
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20])
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20])
    expect(pageItems(3, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8])
    expect(pageItems(1, 0)).toEqual([])
  })
})
