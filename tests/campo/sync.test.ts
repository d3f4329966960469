/**
 * Field sync on the device (issue 25 point 2): a whole sync stored page by page with progress, resumed
 * after a failed page, incremental syncs applying changes and removals without touching unsent work, the
 * stale copies removed only at the end of a whole sync, and the kept cursor per profile, gone at logout.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import type { CampoBootstrap, CampoSyncPagina } from '../../src/api/contract/campo'
import { logout } from '../../src/auth/session'
import { modificaServizio, refreshCampo } from '../../src/features/campo'
import { registerCampoHandlers } from '../../src/features/campo/handlers'
import { riferimentiKey, syncKey } from '../../src/features/campo/records'
import { getAvanzamentoSync, setSyncFetcherForTests, statoSync, storeServizio, subscribeAvanzamentoSync, type AvanzamentoSync, type PaginaFetcher } from '../../src/features/campo/sync'
import { cacheGet } from '../../src/offline/cache'
import { currentDb } from '../../src/offline/db'
import { getRecord, listRecords } from '../../src/offline/records'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { syncDbWithSession } from '../../src/offline/session-bridge'
import { encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { resetDbs } from '../offline/helpers'
import { FAC, VOL, bootstrap, login, pagina, servizioInput, storeSnapshot } from './helpers'

const Q1 = encodeSection({ ...sectionHeader('Q1'), answers: { '1': 'Codice fiscale disponibile ma non visualizzabile' } })
const Q2 = encodeSection({ ...sectionHeader('Q2'), answers: { '20': 'Sì' } })
const Q3 = encodeSection({ ...sectionHeader('Q3'), answers: { '22': '2025-02-01', '23': '2:00', '24': ['Formazione online'] } })
const PROFILO_FAC = { codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100 }

type Servizio = CampoBootstrap['servizi'][number]
type Questionario = CampoBootstrap['questionari'][number]

function servizio(id: number, extra: Partial<Servizio> = {}): Servizio {
  return {
    id, idLocale: null, nome: `Servizio ${id}`, data: '2025-02-01', durataServizio: '2:00', tipologiaServizio: ['Formazione online'], idEnte: 100,
    idSede: 8, nomeSede: 'Centro anziani', stato: 'ATTIVO', sezioneQ3Questionario: Q3, idQuestionarioTemplateSnapshot: 'tpl-1',
    dataOraAggiornamento: '2025-02-01T10:00:00.000Z', ...extra,
  }
}

function questionario(idServizio: number, n: number, extra: Partial<Questionario> = {}): Questionario {
  return {
    idQuestionarioCompilato: `q-${idServizio}-${n}`, idServizio, idCittadino: idServizio * 100 + n, idQuestionarioTemplate: 'tpl-1', statoQuestionario: 'NON_COMPILATA',
    dataOraAggiornamento: '2025-02-01T10:05:00.000Z', sezioneQ1Questionario: Q1, sezioneQ2Questionario: Q2, sezioneQ3Questionario: Q3, sezioneQ4Questionario: null,
    dataOraCreazione: `2025-02-01T10:0${n}:00.000Z`, ...extra,
  }
}

/** Page `k` (1-based) of `n` of a whole sync: service 10+k with two survey instances; the next cursor 'p{k+1}'. */
function paginaCompleta(k: number, n: number, extra: Partial<CampoSyncPagina> = {}): CampoSyncPagina {
  const id = 10 + k
  const b = bootstrap({ servizi: [servizio(id)], questionari: [questionario(id, 1), questionario(id, 2)] })
  return pagina(b, {
    riferimenti: k === 1 ? pagina(b).riferimenti : null,
    cursore: k === n ? 'fine' : `p${k + 1}`, completo: k === n, avanzamento: { inviati: 3 * k, totale: 3 * n }, ...extra,
  })
}

/** A fake server: `pages` by the cursor asked (null: the first); records the cursors asked. */
function serverOf(pages: Record<string, CampoSyncPagina | (() => CampoSyncPagina | Promise<CampoSyncPagina>)>) {
  const asked: (string | null)[] = []
  const fetcher: PaginaFetcher = async (_p, cursore) => {
    asked.push(cursore)
    const page = pages[cursore ?? 'inizio']
    if (!page) throw new Error(`no page for ${cursore}`)
    return typeof page === 'function' ? page() : page
  }
  return { asked, fetcher }
}

const ids = async (tipo: 'servizio' | 'cittadino-servizio') => (await listRecords(tipo)).map((r) => r.idLocale).sort()

let unregister: () => void = () => undefined
beforeEach(async () => {
  localStorage.clear()
  await resetDbs()
  configureConnectivityForTests({ state: 'online' })
  await login(FAC)
  unregister = registerCampoHandlers()
})
afterEach(() => {
  unregister()
  setSyncFetcherForTests(null)
  vi.unstubAllGlobals()
})

describe('whole sync', () => {
  it('stores each page as it arrives, reports progress per page, keeps the last cursor per profile', async () => {
    const seenAtPage3: string[] = []
    const { asked, fetcher } = serverOf({
      inizio: paginaCompleta(1, 3),
      p2: paginaCompleta(2, 3),
      p3: async () => {
        // pages 1 and 2 are on the device before page 3 comes
        seenAtPage3.push(...(await ids('servizio')), ...(await ids('cittadino-servizio')))
        return paginaCompleta(3, 3)
      },
    })
    setSyncFetcherForTests(fetcher)
    const events: (AvanzamentoSync | null)[] = []
    const off = subscribeAvanzamentoSync(() => events.push(getAvanzamentoSync()))
    try {
      await refreshCampo()
    } finally {
      off()
    }
    expect(asked).toEqual([null, 'p2', 'p3'])
    expect(seenAtPage3).toEqual(['srv-11', 'srv-12', 'srv-q-11-1', 'srv-q-11-2', 'srv-q-12-1', 'srv-q-12-2'])
    expect(await ids('servizio')).toEqual(['srv-11', 'srv-12', 'srv-13'])
    expect(await ids('cittadino-servizio')).toHaveLength(6)
    expect(events).toEqual([
      { profilo: riferimentiKey(PROFILO_FAC), modalita: 'completa', primo: true, inviati: 3, totale: 9 },
      { profilo: riferimentiKey(PROFILO_FAC), modalita: 'completa', primo: true, inviati: 6, totale: 9 },
      null,
    ])
    expect(await statoSync(currentDb()!, PROFILO_FAC)).toEqual({ cursore: 'fine', finestraDal: '2024-12-01', inCorso: null })
    // the reference data came with the first page
    expect((await cacheGet(riferimentiKey(PROFILO_FAC)))?.value).toMatchObject({ sedi: [{ id: 7 }, { id: 8 }] })
  })

  it('removes the stale copies at the end only, and never those with unsent changes', async () => {
    await storeSnapshot(bootstrap({ servizi: [servizio(90), servizio(91)], questionari: [questionario(90, 1)] }), Date.now() - 10_000)
    await modificaServizio('srv-91', servizioInput({ nome: 'Modificato qui' }))
    let duringSync: string[] = []
    const { fetcher } = serverOf({
      inizio: paginaCompleta(1, 2),
      p2: async () => {
        duringSync = await ids('servizio')
        return paginaCompleta(2, 2)
      },
    })
    setSyncFetcherForTests(fetcher)
    await refreshCampo()
    // 90 was still there while the pages came (a page does not say what is missing)
    expect(duringSync).toEqual(['srv-11', 'srv-90', 'srv-91'])
    // at the end: 90 and its citizen are gone, 91 (edited here, unsent) stays
    expect(await ids('servizio')).toEqual(['srv-11', 'srv-12', 'srv-91'])
    expect(await ids('cittadino-servizio')).not.toContain('srv-q-90-1')
    expect(await getRecord('servizio', 'srv-91')).toMatchObject({ syncState: 'locale', data: { nome: 'Modificato qui' } })
  })

  it('a failed page keeps what was stored; the next attempt resumes from that page and still removes the stale copies at the end', async () => {
    await storeSnapshot(bootstrap({ servizi: [servizio(90)] }), Date.now() - 10_000)
    let fail = true
    const { asked, fetcher } = serverOf({
      inizio: paginaCompleta(1, 3),
      p2: paginaCompleta(2, 3),
      p3: () => {
        if (fail) throw new Error('rete')
        return paginaCompleta(3, 3)
      },
    })
    setSyncFetcherForTests(fetcher)
    await refreshCampo()
    expect(await ids('servizio')).toEqual(['srv-11', 'srv-12', 'srv-90'])
    const stato = await statoSync(currentDb()!, PROFILO_FAC)
    expect(stato).toMatchObject({ cursore: null, inCorso: { cursore: 'p3', modalita: 'completa', inviati: 6, totale: 9 } })
    expect(getAvanzamentoSync()).toBeNull()

    fail = false
    const events: (AvanzamentoSync | null)[] = []
    const off = subscribeAvanzamentoSync(() => events.push(getAvanzamentoSync()))
    await refreshCampo()
    off()
    // the progress reached before shows at once
    expect(events[0]).toMatchObject({ modalita: 'completa', primo: true, inviati: 6, totale: 9 })
    // resumed at page 3, not from the start
    expect(asked).toEqual([null, 'p2', 'p3', 'p3'])
    // pages 1-2 (stored in the first attempt) stay, 90 (no page returned it) goes
    expect(await ids('servizio')).toEqual(['srv-11', 'srv-12', 'srv-13'])
    expect(await statoSync(currentDb()!, PROFILO_FAC)).toMatchObject({ cursore: 'fine', inCorso: null })
  })

  it('discards the pages of a profile no longer chosen', async () => {
    const { fetcher } = serverOf({
      inizio: async () => {
        await login(VOL)
        return paginaCompleta(1, 1)
      },
    })
    setSyncFetcherForTests(fetcher)
    await refreshCampo()
    expect(await listRecords('servizio')).toEqual([])
    expect(await cacheGet(syncKey(PROFILO_FAC))).toBeUndefined()
  })
})

describe('incremental sync', () => {
  it('sends the kept cursor and applies changes and removals, keeping unsent local edits and what was not mentioned', async () => {
    const base = bootstrap({
      servizi: [servizio(11), servizio(12), servizio(13), servizio(14)],
      questionari: [questionario(11, 1), questionario(12, 1), questionario(12, 2), questionario(14, 1)],
    })
    const { asked, fetcher } = serverOf({
      inizio: pagina(base, { cursore: 'c1' }),
      c1: pagina(bootstrap({
        servizi: [servizio(11, { nome: 'Rinominato altrove' }), servizio(15)],
        questionari: [questionario(15, 1)],
      }), {
        modalita: 'incrementale', riferimenti: null, cursore: 'c2',
        rimossi: { servizi: [12, 13], questionari: ['q-14-1'] },
      }),
    })
    setSyncFetcherForTests(fetcher)
    await refreshCampo()
    // an unsent edit of 13 on the device
    await modificaServizio('srv-13', servizioInput({ nome: 'Modificato qui' }))
    await refreshCampo()
    expect(asked).toEqual([null, 'c1'])
    expect(await getRecord('servizio', 'srv-11')).toMatchObject({ data: { nome: 'Rinominato altrove' } })
    // 12 left with its citizens; 13 stays (unsent edit); 14 stays without its removed instance; 15 arrived
    expect(await ids('servizio')).toEqual(['srv-11', 'srv-13', 'srv-14', 'srv-15'])
    expect(await ids('cittadino-servizio')).toEqual(['srv-q-11-1', 'srv-q-15-1'])
    expect(await getRecord('servizio', 'srv-13')).toMatchObject({ syncState: 'locale', data: { nome: 'Modificato qui' } })
    // riferimenti null: the stored reference data stay
    expect((await cacheGet(riferimentiKey(PROFILO_FAC)))?.value).toMatchObject({ sedi: [{ id: 7 }, { id: 8 }] })
    expect(await statoSync(currentDb()!, PROFILO_FAC)).toMatchObject({ cursore: 'c2', inCorso: null })
  })

  it("takes a citizen's new demographics sent without any of their instances (a registry edit)", async () => {
    const persona = { idCittadino: 1201, genere: 'F', fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', tipoDocumento: null }
    const { fetcher } = serverOf({
      inizio: pagina(bootstrap({ servizi: [servizio(12)], questionari: [questionario(12, 1)], cittadini: [persona] }), { cursore: 'c1' }),
      c1: pagina(bootstrap({ cittadini: [{ ...persona, occupazione: 'Pensionato', provinciaDiDomicilio: 'Latina' }] }), { modalita: 'incrementale', riferimenti: null, cursore: 'c2' }),
    })
    setSyncFetcherForTests(fetcher)
    await refreshCampo()
    expect(await getRecord('cittadino-servizio', 'srv-q-12-1')).toMatchObject({ data: { occupazione: 'Imprenditore' } })
    await refreshCampo()
    expect(await getRecord('cittadino-servizio', 'srv-q-12-1')).toMatchObject({ data: { occupazione: 'Pensionato', provinciaDiDomicilio: 'Latina', statoQuestionario: 'NON_COMPILATA' } })
  })

  it('does not remove what no incremental page mentions (stale removal is for whole syncs only)', async () => {
    const { fetcher } = serverOf({
      inizio: pagina(bootstrap({ servizi: [servizio(11), servizio(12)] }), { cursore: 'c1' }),
      c1: pagina(bootstrap({ servizi: [servizio(11, { nome: 'Nuovo nome' })] }), { modalita: 'incrementale', riferimenti: null, cursore: 'c2' }),
    })
    setSyncFetcherForTests(fetcher)
    await refreshCampo()
    await refreshCampo()
    expect(await ids('servizio')).toEqual(['srv-11', 'srv-12'])
  })

  it('a removed service with an unsent change to one of its citizens stays with that citizen', async () => {
    const { fetcher } = serverOf({
      inizio: pagina(bootstrap({ servizi: [servizio(12)], questionari: [questionario(12, 1)] }), { cursore: 'c1' }),
      c1: pagina(bootstrap(), { modalita: 'incrementale', riferimenti: null, cursore: 'c2', rimossi: { servizi: [12], questionari: [] } }),
    })
    setSyncFetcherForTests(fetcher)
    await refreshCampo()
    const { compilaQuestionario } = await import('../../src/features/campo')
    const Q4 = encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['TV'] } })
    await compilaQuestionario('srv-q-12-1', Q4, { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-03-10' })
    await refreshCampo()
    expect(await ids('servizio')).toEqual(['srv-12'])
    expect(await ids('cittadino-servizio')).toEqual(['srv-q-12-1'])
  })
})

describe('kept cursor', () => {
  it('is kept per profile and leaves the device at logout with the rest of the data', async () => {
    const cursors: Record<string, string> = { FAC: 'cursore-fac', VOL: 'cursore-vol' }
    const asked: [string, string | null][] = []
    setSyncFetcherForTests(async (p, cursore) => {
      asked.push([p.codiceRuolo, cursore])
      return pagina(bootstrap({ profilo: { ...PROFILO_FAC, ...p } as CampoBootstrap['profilo'] }), { cursore: cursors[p.codiceRuolo]! })
    })
    await refreshCampo()
    await login(VOL)
    await refreshCampo()
    await login(FAC)
    await refreshCampo()
    await login(VOL)
    await refreshCampo()
    expect(asked).toEqual([['FAC', null], ['VOL', null], ['FAC', 'cursore-fac'], ['VOL', 'cursore-vol']])

    // an unsent change keeps the database at logout, but not the cursor
    await modificaServizio(await (async () => {
      await login(FAC)
      await storeSnapshot(bootstrap({ servizi: [servizio(11)] }), Date.now())
      return 'srv-11'
    })(), servizioInput({ nome: 'Da inviare' }))
    configureConnectivityForTests({ state: 'offline' })
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
    await logout()
    await syncDbWithSession()
    await login(FAC)
    expect(await getRecord('servizio', 'srv-11')).toMatchObject({ syncState: 'locale' })
    expect(await cacheGet(syncKey(PROFILO_FAC))).toBeUndefined()
    configureConnectivityForTests({ state: 'online' })
    await refreshCampo()
    expect(asked.at(-1)).toEqual(['FAC', null])
  })
})

describe('a service outside the window', () => {
  it('fetched on demand is stored like the synced ones and leaves at the next whole sync', async () => {
    await storeServizio(currentDb()!, PROFILO_FAC, { servizio: servizio(3, { data: '2023-05-01' }), cittadini: [], questionari: [questionario(3, 1)] })
    expect(await getRecord('servizio', 'srv-3')).toMatchObject({ syncState: 'confermato', data: { data: '2023-05-01', idProgetto: 10 } })
    expect(await getRecord('cittadino-servizio', 'srv-q-3-1')).toMatchObject({ data: { idServizioLocale: 'srv-3' } })
    // an incremental sync leaves it; the next whole sync (after a logout, say) removes it
    setSyncFetcherForTests(serverOf({ inizio: paginaCompleta(1, 1) }).fetcher)
    await new Promise((r) => setTimeout(r, 2))
    await refreshCampo()
    expect(await ids('servizio')).toEqual(['srv-11'])
  })
})
