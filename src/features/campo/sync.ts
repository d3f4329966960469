/**
 * Field sync (issue #3 point 5 "what the field needs offline is fetched at login and on reconnect"; issue 25
 * point 2: incremental and bounded). `GET /campo/sync?idProgramma&idProgetto&idEnte[&cursore]` pages
 * (src/api/contract/campo.ts `CampoSyncPaginaSchema`) stored on the device as they arrive — services and
 * their citizens' additions (with their survey instances) as records, the reference data
 * (`CampoRiferimenti`) in the cache. Background and silent: no loader, no toast, no logout on 401.
 *
 * - A whole sync (no cursor kept for the profile, or a cursor the server no longer takes) fetches page after
 *   page; each page is stored at once (nothing of the sync is held in memory), and at the last page the
 *   profile's confirmed copies that no page returned are removed (see below). The last page's `cursore` is
 *   kept in the cache per profile (`syncKey`, emptied at logout with the rest of the cache).
 * - Later syncs send the kept cursor and apply only what changed: records created or updated, and `rimossi`
 *   (a removed service takes its citizens and surveys; nothing with unsent changes or open entries goes).
 *   `riferimenti` null keeps the stored reference data.
 * - While a sync is under way the next page's cursor is kept too (`StatoSyncCampo.inCorso`): a refused or
 *   failed page keeps what was stored so far, and the next attempt resumes from that page.
 *
 * Merging with the device: server rows take the `idLocale` of the local copy that already has their
 * server id (an addition: also of a survey compiled on the device; a service: or its stored `idLocale`),
 * else `srv-{id}`; `putServerRecords` never overwrites a local copy with unsent changes; a service deleted
 * on this device is not brought back by a page taken before the deletion. At the end of a whole sync,
 * confirmed copies of the profile are removed when no page wrote them and they did not change since the
 * sync's first request left: every page writes its records with the time it was stored, so "not written
 * by this sync and unchanged since it started" is `updatedAt` before the start — no id set to keep, and it
 * holds across a resumed sync.
 */
import { createStore, useStore } from '../../lib/store'
import type { CampoRiferimentiWire, CampoServizio, CampoSyncPagina } from '../../api/contract/campo'
import { getSessionState, subscribeSession, useSession } from '../../auth/session'
import { cacheSet, currentDb, currentDbOwner, getConnectivity, onOfflineEvent, putServerRecords, type LocalRecord, type OfflineDb } from '../../offline'
import { subscribeConnectivity } from '../../offline/connectivity'
import { subscribeDb } from '../../offline/db'
import { decodeSection } from '../../lib/survey-sections'
import { CF_NON_PRESENTE } from '../../lib/survey-instance'
import { isFieldRole } from './common'
import { KIND, registerCampoHandlers, type ServizioEliminaPayload } from './handlers'
import { riferimentiKey, serverCittadinoId, serverServizioId, syncKey, type CittadinoDati, type ProfiloCampo, type ServizioDati } from './records'
import type { CampoRiferimenti } from './types'

/** Fetches one sync page of a profile (`cursore` null: start a whole sync). Replaceable in tests. */
export type PaginaFetcher = (profilo: ProfiloCampo, cursore: string | null) => Promise<CampoSyncPagina>

/** The profile's ids as query parameters. */
export function profiloParams(p: ProfiloCampo): Record<string, number> {
  const searchParams: Record<string, number> = {}
  if (p.idProgramma !== null) searchParams.idProgramma = p.idProgramma
  if (p.idProgetto !== null) searchParams.idProgetto = p.idProgetto
  if (p.idEnte !== null) searchParams.idEnte = p.idEnte
  return searchParams
}

const defaultFetcher: PaginaFetcher = async (p, cursore) => {
  const [{ apiGet }, { CampoSyncPaginaSchema }] = await Promise.all([import('../../api/client'), import('../../api/contract/campo')])
  return apiGet('campo/sync', CampoSyncPaginaSchema, {
    silent: true, background: true, authRedirects: false, headers: { userRole: p.codiceRuolo },
    searchParams: { ...profiloParams(p), ...(cursore ? { cursore } : {}) },
  })
}

let fetcher: PaginaFetcher = defaultFetcher

/** Test hook: replaces the HTTP call of a page (null restores the default). */
export function setSyncFetcherForTests(f: PaginaFetcher | null): void {
  fetcher = f ?? defaultFetcher
}

/** What the device keeps of a profile's sync (cache, `syncKey`). */
export interface StatoSyncCampo {
  /** cursor of the last completed sync, sent by the next one (null: none completed yet) */
  cursore: string | null
  /** first day of the window the server last described ('YYYY-MM-DD'), null before the first page */
  finestraDal: string | null
  /** a sync under way: the next page's cursor, its kind, when its first request left (ms epoch), progress */
  inCorso: { cursore: string; modalita: CampoSyncPagina['modalita']; iniziata: number; inviati: number; totale: number } | null
}

/** Progress of the sync running now (null: none). */
export interface AvanzamentoSync {
  /** `riferimentiKey`-style key of the profile being synced */
  profilo: string
  modalita: CampoSyncPagina['modalita']
  /** no sync of this profile completed on the device yet */
  primo: boolean
  inviati: number
  totale: number
}

const avanzamento = createStore<AvanzamentoSync | null>(null)
const setAvanzamento = avanzamento.set

/** The progress of the running sync (null: none); for tests and non-React callers. */
export function getAvanzamentoSync(): AvanzamentoSync | null {
  return avanzamento.get()
}

/** Subscribes to the progress of the running sync (one call per stored page); returns the unsubscribe function. */
export function subscribeAvanzamentoSync(listener: () => void): () => void {
  return avanzamento.subscribe(listener)
}

/** React: the progress of the field sync running now for the current profile (null: none). */
export function useAvanzamentoSync(): AvanzamentoSync | null {
  const a = useStore(avanzamento)
  const p = useSession().profilo
  return a && p && a.profilo === riferimentiKey(p) ? a : null
}

function currentFieldProfile(): ProfiloCampo | null {
  const s = getSessionState()
  const p = s.status === 'authenticated' ? s.profilo : null
  if (!p || !isFieldRole(p.codiceRuolo)) return null
  return { codiceRuolo: p.codiceRuolo, idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte }
}

/** The current FAC/VOL profile (null for other roles or without a chosen profile). */
export function profiloCampoCorrente(): ProfiloCampo | null {
  return currentFieldProfile()
}

const profileKey = (p: ProfiloCampo | null) => (p ? riferimentiKey(p) : '')

/** Project and body a profile's records belong to. */
interface Ambito {
  idProgetto: number
  idEnte: number
}

function ambitoOf(p: ProfiloCampo): Ambito {
  return { idProgetto: p.idProgetto ?? 0, idEnte: p.idEnte ?? 0 }
}

/** Records of a page (or of one service fetched on demand). */
type RecordServer = Pick<CampoServizio, 'cittadini' | 'questionari'> & { servizi: CampoServizio['servizio'][] }

/** Server ids of the services deleted on this device (their entries, open or acknowledged). */
async function serviziEliminati(db: OfflineDb): Promise<Set<number>> {
  return new Set((await db.outbox.where('kind').equals(KIND.servizioElimina).toArray())
    .map((e) => (e.payload as ServizioEliminaPayload).idServizio ?? (e.result as { idServizio?: number } | undefined)?.idServizio)
    .filter((id): id is number => typeof id === 'number'))
}

/** The stored records with one of these server ids (numbers and their strings), by the `idServer` index. */
async function byServerIds(db: OfflineDb, ids: readonly (string | number)[]): Promise<LocalRecord[]> {
  if (ids.length === 0) return []
  const keys = [...new Set(ids.flatMap((id) => [id, String(id)]))]
  return db.records.where('idServer').anyOf(keys).toArray()
}

/**
 * Stores server records (a page's or one service's) on the device: services, then the additions of the
 * survey instances whose service is on the device (in these records or stored before). Bounded by the
 * records given: the local copies are looked up by their server ids.
 */
async function storeRecords(db: OfflineDb, r: RecordServer, ambito: Ambito, now: number, incrementale = false): Promise<void> {
  const { idProgetto, idEnte } = ambito
  const eliminati = await serviziEliminati(db)
  const idServizi = [...new Set([...r.servizi.map((s) => s.id), ...r.questionari.map((q) => q.idServizio)])]
  const [serviziNoti, cittadiniNoti] = await Promise.all([byServerIds(db, idServizi), byServerIds(db, r.questionari.map((q) => q.idQuestionarioCompilato))])
  const servizioByServer = new Map(serviziNoti.filter((x) => x.tipo === 'servizio').map((x) => [String(x.idServer), x.idLocale]))
  // a survey compiled here keeps its addition's idLocale: the addition comes back under it even when its
  // own copy was removed at logout (only unsent data stay on the device, see src/offline/retention.ts)
  const ordered = [...cittadiniNoti.filter((x) => x.tipo === 'questionario'), ...cittadiniNoti.filter((x) => x.tipo === 'cittadino-servizio')]
  const cittadinoByServer = new Map(ordered.map((x) => [String(x.idServer), x.idLocale]))
  const copie = new Map(cittadiniNoti.filter((x) => x.tipo === 'cittadino-servizio').map((x) => [x.idLocale, x.data as CittadinoDati]))

  const idLocaleServizio = new Map<number, string>()
  const serviziRows = r.servizi.filter((s) => !eliminati.has(s.id)).map((s) => {
    const idLocale = servizioByServer.get(String(s.id)) ?? s.idLocale ?? serverServizioId(s.id)
    idLocaleServizio.set(s.id, idLocale)
    const data: ServizioDati = {
      idLocale, idServer: s.id, nome: s.nome, data: s.data, durataServizio: s.durataServizio, tipologiaServizio: s.tipologiaServizio,
      idEnte: s.idEnte, idProgetto, idSede: s.idSede, nomeSede: s.nomeSede, stato: s.stato, sezioneQ3Questionario: s.sezioneQ3Questionario,
      idQuestionarioTemplateSnapshot: s.idQuestionarioTemplateSnapshot, dataOraAggiornamento: s.dataOraAggiornamento,
    }
    return { idLocale, idServer: s.id, data }
  })

  const persone = new Map(r.cittadini.map((c) => [c.idCittadino, c]))
  const cittadiniRows = r.questionari.flatMap((q, i) => {
    if (eliminati.has(q.idServizio)) return []
    const idServizioLocale = idLocaleServizio.get(q.idServizio) ?? servizioByServer.get(String(q.idServizio))
    if (!idServizioLocale) return []
    const c = persone.get(q.idCittadino)
    const idLocale = cittadinoByServer.get(q.idQuestionarioCompilato) ?? serverCittadinoId(q.idQuestionarioCompilato)
    const copia = copie.get(idLocale)
    const creato = q.dataOraCreazione ? Date.parse(q.dataOraCreazione) : NaN
    const data: CittadinoDati = {
      idLocale, idServizioLocale, idServizio: q.idServizio, idCittadino: q.idCittadino, idQuestionario: q.idQuestionarioCompilato,
      genere: c?.genere ?? null, fasciaDiEtaId: c?.fasciaDiEtaId ?? null, titoloDiStudio: c?.titoloDiStudio ?? null, occupazione: c?.occupazione ?? null,
      provinciaDiDomicilio: c?.provinciaDiDomicilio ?? null, cittadinanza: c?.cittadinanza ?? null, tipoDocumento: c?.tipoDocumento ?? null,
      identificazione: identificazioneDi(q.sezioneQ1Questionario, c?.tipoDocumento ?? null),
      // a citizen registered before masks existed keeps the mask this device computed, if any
      identificativoMascherato: c?.identificativoMascherato ?? copia?.identificativoMascherato ?? null,
      dataOraAggiunta: q.dataOraCreazione ?? copia?.dataOraAggiunta ?? null,
      scadenzaLink: q.scadenzaLink ?? null,
      statoQuestionario: q.statoQuestionario, dataUltimoAggiornamento: q.dataOraAggiornamento,
      // order of addition: the server's creation time (comparable with the device's additions), else the
      // copy's order, else the position in these records
      idProgetto, idEnte, ordine: Number.isFinite(creato) ? creato : (copia?.ordine ?? i), idQuestionarioTemplate: q.idQuestionarioTemplate,
      sezioneQ1Questionario: q.sezioneQ1Questionario, sezioneQ2Questionario: q.sezioneQ2Questionario,
      sezioneQ3Questionario: q.sezioneQ3Questionario, sezioneQ4Questionario: q.sezioneQ4Questionario,
      sezioniAggiuntiveQuestionario: q.sezioniAggiuntiveQuestionario ?? [],
    }
    return [{ idLocale, idServer: q.idQuestionarioCompilato, data }]
  })

  await putServerRecords('servizio', serviziRows, now)
  await putServerRecords('cittadino-servizio', cittadiniRows, now)
  // (on a whole sync every citizen comes with an instance; rewriting one otherwise would hide it from the stale rule)
  if (incrementale) await updateCitizens(db, r.cittadini.filter((c) => !cittadiniRows.some((x) => x.data.idCittadino === c.idCittadino)), now)
}

/**
 * Citizens sent without any of their survey instances (an incremental page: their demographics changed in
 * the registry): their additions on the device take the new data. One pass over the stored additions.
 */
async function updateCitizens(db: OfflineDb, persone: RecordServer['cittadini'], now: number): Promise<void> {
  if (persone.length === 0) return
  const byId = new Map(persone.map((c) => [c.idCittadino, c]))
  const copie = (await db.records.where('tipo').equals('cittadino-servizio')
    .filter((x) => x.syncState === 'confermato' && x.idServer !== undefined && byId.has((x.data as CittadinoDati).idCittadino ?? -1))
    .toArray()) as LocalRecord<CittadinoDati>[]
  await putServerRecords('cittadino-servizio', copie.map((x) => {
    const c = byId.get(x.data.idCittadino!)!
    const data: CittadinoDati = {
      ...x.data, genere: c.genere ?? null, fasciaDiEtaId: c.fasciaDiEtaId ?? null, titoloDiStudio: c.titoloDiStudio ?? null, occupazione: c.occupazione ?? null,
      provinciaDiDomicilio: c.provinciaDiDomicilio ?? null, cittadinanza: c.cittadinanza ?? null, tipoDocumento: c.tipoDocumento ?? null,
      identificativoMascherato: c.identificativoMascherato ?? x.data.identificativoMascherato,
    }
    return { idLocale: x.idLocale, idServer: x.idServer!, data }
  }), now)
}

/** True when a record still has entries to send (not acknowledged). */
async function hasOpen(db: OfflineDb, tipo: string, idLocale: string): Promise<boolean> {
  return (await db.outbox.where('recordKey').equals(`${tipo}|${idLocale}`).toArray()).some((e) => e.status !== 'done')
}

/** Deletes a confirmed copy without open entries; true when deleted. */
async function dropConfirmed(db: OfflineDb, r: LocalRecord): Promise<boolean> {
  if (r.syncState !== 'confermato' || (await hasOpen(db, r.tipo, r.idLocale))) return false
  await db.records.delete([r.tipo, r.idLocale])
  return true
}

/** Surveys compiled here, confirmed, whose addition is gone: removed (call inside a transaction). */
async function dropOrphanSurveys(db: OfflineDb): Promise<void> {
  for (const q of await db.records.where('tipo').equals('questionario').toArray()) {
    if (q.syncState !== 'confermato' || (await db.records.get(['cittadino-servizio', q.idLocale]))) continue
    await dropConfirmed(db, q)
  }
}

/**
 * Applies a page's `rimossi`: each service leaves with its additions and their surveys, each survey
 * instance with its addition. A record with unsent changes or open entries stays, and so does a service
 * with such an addition (the user still sees what waits to be sent; the next whole sync tidies up).
 */
async function applyRimossi(db: OfflineDb, rimossi: CampoSyncPagina['rimossi']): Promise<void> {
  if (rimossi.servizi.length === 0 && rimossi.questionari.length === 0) return
  await db.transaction('rw', [db.records, db.outbox], async () => {
    const servizi = (await byServerIds(db, rimossi.servizi)).filter((r) => r.tipo === 'servizio')
    const ids = new Set(servizi.map((s) => s.idLocale))
    const tutte = ids.size === 0 ? [] : await db.records.where('tipo').equals('cittadino-servizio').filter((c) => ids.has((c.data as CittadinoDati).idServizioLocale)).toArray()
    for (const s of servizi) {
      const additions = tutte.filter((c) => (c.data as CittadinoDati).idServizioLocale === s.idLocale)
      let kept = false
      for (const c of additions) {
        const q = await db.records.get(['questionario', c.idLocale])
        // a survey compiled here and not yet sent keeps its addition (and so the service)
        if ((q && !(await dropConfirmed(db, q))) || !(await dropConfirmed(db, c))) kept = true
      }
      if (!kept) await dropConfirmed(db, s)
    }
    for (const c of (await byServerIds(db, rimossi.questionari)).filter((r) => r.tipo === 'cittadino-servizio')) {
      const q = await db.records.get(['questionario', c.idLocale])
      if (q && !(await dropConfirmed(db, q))) continue
      await dropConfirmed(db, c)
    }
    await dropOrphanSurveys(db)
  })
}

/**
 * End of a whole sync: removes the profile's confirmed copies (services, additions, surveys compiled here
 * whose addition is gone) that no page wrote and that did not change since `startedAt` (ms epoch, when the
 * sync's first request left), unless they have open entries.
 */
async function removeStale(db: OfflineDb, ambito: Ambito, startedAt: number): Promise<void> {
  await db.transaction('rw', [db.records, db.outbox], async () => {
    const stale = (await db.records.where('updatedAt').below(startedAt).toArray()).filter((r) => {
      if ((r.tipo !== 'servizio' && r.tipo !== 'cittadino-servizio') || r.idServer === undefined) return false
      const d = r.data as { idProgetto?: number; idEnte?: number }
      return d.idProgetto === ambito.idProgetto && d.idEnte === ambito.idEnte
    })
    for (const r of stale) await dropConfirmed(db, r)
    await dropOrphanSurveys(db)
  })
}

function riferimentiDi(r: CampoRiferimentiWire, generatedAt: string): CampoRiferimenti {
  return {
    profilo: r.profilo, template: r.template, templateSnapshot: r.templateSnapshot, sedi: r.sedi, progetto: r.progetto,
    configurazioneMinorenni: r.configurazioneMinorenni, generatedAt,
  }
}

/**
 * Stores one sync page of `profilo` on the device `db` (see the module comment): the reference data when
 * sent, the records, the removals; on the last page of a whole sync, the stale copies go (`startedAt`, ms
 * epoch: when the sync's first request left). Exported for tests.
 */
export async function storePagina(db: OfflineDb, profilo: ProfiloCampo, pagina: CampoSyncPagina, startedAt: number, now: number = Date.now()): Promise<void> {
  if (pagina.riferimenti) await cacheSet(riferimentiKey(profilo), riferimentiDi(pagina.riferimenti, pagina.generatedAt), now)
  const ambito = ambitoOf(profilo)
  // what this sync writes is stamped at or after its start: the stale rule below tells it by that
  await storeRecords(db, pagina, ambito, Math.max(now, startedAt), pagina.modalita === 'incrementale')
  await applyRimossi(db, pagina.rimossi)
  if (pagina.completo && pagina.modalita === 'completa') await removeStale(db, ambito, startedAt)
}

function identificazioneDi(q1: string, tipoDocumento: string | null): CittadinoDati['identificazione'] {
  try {
    if (decodeSection(q1).answers['1']?.[0] === CF_NON_PRESENTE) return 'NUM_DOC'
  } catch { /* unreadable Q1: fall back to the document type */ }
  return tipoDocumento ? 'NUM_DOC' : 'CF'
}

/** The stored sync state of a profile (a fresh one when none). */
export async function statoSync(db: OfflineDb, profilo: ProfiloCampo): Promise<StatoSyncCampo> {
  const v = (await db.cache.get(syncKey(profilo)))?.value as Partial<StatoSyncCampo> | undefined
  return { cursore: v?.cursore ?? null, finestraDal: v?.finestraDal ?? null, inCorso: v?.inCorso ?? null }
}

/**
 * Stores one service of `profilo` fetched on demand (`GET /campo/servizio/{id}`, outside the window) with
 * its survey instances and citizens: then it reads and works like any other, offline too, until the next
 * whole sync. False when it was deleted on this device (not brought back). Exported for tests.
 */
export async function storeServizio(db: OfflineDb, profilo: ProfiloCampo, s: CampoServizio, now: number = Date.now()): Promise<boolean> {
  if ((await serviziEliminati(db)).has(s.servizio.id)) return false
  await storeRecords(db, { servizi: [s.servizio], cittadini: s.cittadini, questionari: s.questionari }, ambitoOf(profilo), now)
  return true
}

let running: Promise<void> | null = null
let again = false

/**
 * Syncs the current field profile with the server and stores what comes (see the module comment); no-op
 * for other roles, without a device database, or while the API is known unreachable. Never throws (a
 * failed page keeps what was stored; the next call resumes). Calls during a sync join it and run once
 * more afterwards.
 */
export function refreshCampo(): Promise<void> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    do {
      again = false
      await syncOnce().catch(() => undefined)
    } while (again)
  })().finally(() => {
    running = null
  })
  return running
}

async function syncOnce(): Promise<void> {
  const profilo = currentFieldProfile()
  const db = currentDb()
  if (!profilo || !db || getConnectivity() === 'offline') return
  const owner = currentDbOwner()
  const key = profileKey(profilo)
  // the user, the profile or the database changed meanwhile: what comes is someone else's
  const same = () => currentDb() === db && currentDbOwner() === owner && profileKey(currentFieldProfile()) === key
  const stato = await statoSync(db, profilo)
  let inCorso = stato.inCorso
  let cursore = inCorso?.cursore ?? stato.cursore
  try {
    // a sync resumed: its progress shows at once, not only after the next page
    if (inCorso) setAvanzamento({ profilo: key, modalita: inCorso.modalita, primo: stato.cursore === null, inviati: inCorso.inviati, totale: inCorso.totale })
    for (;;) {
      const requestedAt = Date.now()
      const pagina = await fetcher(profilo, cursore)
      if (!same()) return
      // a new sync, or the server restarted it as a whole one (a cursor it no longer takes)
      if (!inCorso || (pagina.modalita === 'completa' && inCorso.modalita !== 'completa')) {
        inCorso = { cursore: '', modalita: pagina.modalita, iniziata: requestedAt, inviati: 0, totale: 0 }
      }
      await storePagina(db, profilo, pagina, inCorso.iniziata)
      const next: StatoSyncCampo = pagina.completo
        ? { cursore: pagina.cursore, finestraDal: pagina.finestra.dal, inCorso: null }
        : {
          cursore: stato.cursore, finestraDal: pagina.finestra.dal,
          inCorso: { ...inCorso, cursore: pagina.cursore, inviati: pagina.avanzamento.inviati, totale: pagina.avanzamento.totale },
        }
      await cacheSet(syncKey(profilo), next)
      if (pagina.completo) return
      setAvanzamento({ profilo: key, modalita: inCorso.modalita, primo: stato.cursore === null, inviati: pagina.avanzamento.inviati, totale: pagina.avanzamento.totale })
      // a server answering the same cursor again would loop forever: the next attempt retries
      if (pagina.cursore === cursore) return
      cursore = pagina.cursore
      inCorso = next.inCorso
    }
  } finally {
    setAvanzamento(null)
  }
}

/** Delay of the refresh that follows a replay which sent something (lets bursts settle). */
export const REFRESH_AFTER_SYNC_MS = 2_000

/**
 * Registers the outbox handlers and syncs: now (when logged in as FAC/VOL with the device database open),
 * when the database opens, when the API becomes reachable again, when the profile changes, and after a
 * replay that sent something. Returns the stop function.
 */
export function startCampo(): () => void {
  const unregister = registerCampoHandlers()
  let lastProfile = profileKey(currentFieldProfile())
  let timer: ReturnType<typeof setTimeout> | null = null
  const trigger = () => {
    if (currentFieldProfile()) void refreshCampo()
  }
  const offs = [
    subscribeDb(() => {
      if (currentDb()) trigger()
    }),
    // notified on changes only: 'online' here means the API just became reachable again
    subscribeConnectivity(() => {
      if (getConnectivity() === 'online') trigger()
    }),
    subscribeSession(() => {
      const key = profileKey(currentFieldProfile())
      if (key !== lastProfile) {
        lastProfile = key
        trigger()
      }
    }),
    onOfflineEvent('sync-end', (report) => {
      if (report.sent === 0) return
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = null
        trigger()
      }, REFRESH_AFTER_SYNC_MS)
    }),
  ]
  trigger()
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    offs.forEach((off) => off())
    if (timer) clearTimeout(timer)
    unregister()
  }
}
