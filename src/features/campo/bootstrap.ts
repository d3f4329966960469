/**
 * Field bootstrap (issue #3 point 5: "what the field needs offline is fetched at login and on reconnect"):
 * `GET /campo/bootstrap?idProgramma&idProgetto&idEnte` (src/api/contract/campo.ts) stored on the device —
 * services and their citizens' additions (with their survey instances) as records, the reference data
 * (`CampoRiferimenti`) in the cache. Background and silent: no loader, no toast, no logout on 401.
 *
 * Merging with the device: server rows take the `idLocale` of the local copy that already has their
 * server id (an addition: also of a survey compiled on the device; a service: or its stored `idLocale`),
 * else `srv-{id}`; `putServerRecords` never overwrites a
 * local copy with unsent changes; confirmed copies of the profile that the server no longer returns (and
 * that did not change while the request was in flight) are removed.
 */
import type { CampoBootstrap } from '../../api/contract/campo'
import { getSessionState, subscribeSession } from '../../auth/session'
import { cacheSet, currentDb, currentDbOwner, getConnectivity, onOfflineEvent, putServerRecords, type LocalRecord, type OfflineDb } from '../../offline'
import { subscribeConnectivity } from '../../offline/connectivity'
import { subscribeDb } from '../../offline/db'
import { decodeSection } from '../../lib/survey-sections'
import { CF_NON_PRESENTE } from '../../lib/survey-instance'
import { isFieldRole } from './common'
import { KIND, registerCampoHandlers, type ServizioEliminaPayload } from './handlers'
import { riferimentiKey, serverCittadinoId, serverServizioId, type CittadinoDati, type ProfiloCampo, type ServizioDati } from './records'
import type { CampoRiferimenti } from './types'

/** Fetches the bootstrap of a profile (the HTTP client loads on first use). Replaceable in tests. */
export type BootstrapFetcher = (profilo: ProfiloCampo) => Promise<CampoBootstrap>

const defaultFetcher: BootstrapFetcher = async (p) => {
  const [{ apiGet }, { CampoBootstrapSchema }] = await Promise.all([import('../../api/client'), import('../../api/contract/campo')])
  const searchParams: Record<string, number> = {}
  if (p.idProgramma !== null) searchParams.idProgramma = p.idProgramma
  if (p.idProgetto !== null) searchParams.idProgetto = p.idProgetto
  if (p.idEnte !== null) searchParams.idEnte = p.idEnte
  return apiGet('campo/bootstrap', CampoBootstrapSchema, {
    silent: true, background: true, authRedirects: false, headers: { userRole: p.codiceRuolo }, searchParams,
  })
}

let fetcher: BootstrapFetcher = defaultFetcher

/** Test hook: replaces the HTTP call (null restores the default). */
export function setBootstrapFetcherForTests(f: BootstrapFetcher | null): void {
  fetcher = f ?? defaultFetcher
}

function currentFieldProfile(): ProfiloCampo | null {
  const s = getSessionState()
  const p = s.status === 'authenticated' ? s.profilo : null
  if (!p || !isFieldRole(p.codiceRuolo)) return null
  return { codiceRuolo: p.codiceRuolo, idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte }
}

const profileKey = (p: ProfiloCampo | null) => (p ? riferimentiKey(p) : '')

/**
 * Stores a bootstrap answer on the device `db` (see the module comment); `startedAt` (ms epoch) is when
 * the request left: copies changed after it are never removed. Exported for tests.
 */
export async function storeBootstrap(db: OfflineDb, b: CampoBootstrap, startedAt: number, now: number = Date.now()): Promise<void> {
  const rif: CampoRiferimenti = {
    profilo: b.profilo, template: b.template, templateSnapshot: b.templateSnapshot, sedi: b.sedi, progetto: b.progetto,
    configurazioneMinorenni: b.configurazioneMinorenni, generatedAt: b.generatedAt,
  }
  await cacheSet(riferimentiKey(b.profilo), rif, now)
  const { idProgetto, idEnte } = b.profilo

  const [servizi, cittadini, compilati] = await Promise.all([
    db.records.where('tipo').equals('servizio').toArray() as Promise<LocalRecord<ServizioDati>[]>,
    db.records.where('tipo').equals('cittadino-servizio').toArray() as Promise<LocalRecord<CittadinoDati>[]>,
    db.records.where('tipo').equals('questionario').toArray(),
  ])
  const servizioByServer = new Map(servizi.filter((r) => r.idServer !== undefined).map((r) => [String(r.idServer), r.idLocale]))
  // a survey compiled here keeps its addition's idLocale: the addition comes back under it even when its
  // own copy was removed at logout (only unsent data stay on the device, see src/offline/retention.ts)
  const cittadinoByServer = new Map([...compilati, ...cittadini].filter((r) => r.idServer !== undefined).map((r) => [String(r.idServer), r.idLocale]))

  // services deleted from this device: a snapshot taken before the deletion must not bring them back
  const eliminati = new Set((await db.outbox.where('kind').equals(KIND.servizioElimina).toArray())
    .map((e) => (e.payload as ServizioEliminaPayload).idServizio ?? (e.result as { idServizio?: number } | undefined)?.idServizio)
    .filter((id): id is number => typeof id === 'number'))
  const idLocaleServizio = new Map<number, string>()
  const serviziRows = b.servizi.filter((s) => !eliminati.has(s.id)).map((s) => {
    const idLocale = servizioByServer.get(String(s.id)) ?? s.idLocale ?? serverServizioId(s.id)
    idLocaleServizio.set(s.id, idLocale)
    const data: ServizioDati = {
      idLocale, idServer: s.id, nome: s.nome, data: s.data, durataServizio: s.durataServizio, tipologiaServizio: s.tipologiaServizio,
      idEnte: s.idEnte, idProgetto, idSede: s.idSede, nomeSede: s.nomeSede, stato: s.stato, sezioneQ3Questionario: s.sezioneQ3Questionario,
      idQuestionarioTemplateSnapshot: s.idQuestionarioTemplateSnapshot, dataOraAggiornamento: s.dataOraAggiornamento,
    }
    return { idLocale, idServer: s.id, data }
  })

  const persone = new Map(b.cittadini.map((c) => [c.idCittadino, c]))
  const copie = new Map(cittadini.map((r) => [r.idLocale, r.data]))
  const cittadiniRows = b.questionari.flatMap((q, i) => {
    const idServizioLocale = idLocaleServizio.get(q.idServizio)
    if (!idServizioLocale) return []
    const c = persone.get(q.idCittadino)
    const idLocale = cittadinoByServer.get(q.idQuestionarioCompilato) ?? serverCittadinoId(q.idQuestionarioCompilato)
    const data: CittadinoDati = {
      idLocale, idServizioLocale, idServizio: q.idServizio, idCittadino: q.idCittadino, idQuestionario: q.idQuestionarioCompilato,
      genere: c?.genere ?? null, fasciaDiEtaId: c?.fasciaDiEtaId ?? null, titoloDiStudio: c?.titoloDiStudio ?? null, occupazione: c?.occupazione ?? null,
      provinciaDiDomicilio: c?.provinciaDiDomicilio ?? null, cittadinanza: c?.cittadinanza ?? null, tipoDocumento: c?.tipoDocumento ?? null,
      identificazione: identificazioneDi(q.sezioneQ1Questionario, c?.tipoDocumento ?? null),
      // a citizen registered before masks existed keeps the mask this device computed, if any
      identificativoMascherato: c?.identificativoMascherato ?? copie.get(idLocale)?.identificativoMascherato ?? null,
      dataOraAggiunta: q.dataOraCreazione ?? copie.get(idLocale)?.dataOraAggiunta ?? null,
      scadenzaLink: q.scadenzaLink ?? null,
      statoQuestionario: q.statoQuestionario, dataUltimoAggiornamento: q.dataOraAggiornamento,
      idProgetto, idEnte, ordine: i, idQuestionarioTemplate: q.idQuestionarioTemplate,
      sezioneQ1Questionario: q.sezioneQ1Questionario, sezioneQ2Questionario: q.sezioneQ2Questionario,
      sezioneQ3Questionario: q.sezioneQ3Questionario, sezioneQ4Questionario: q.sezioneQ4Questionario,
      sezioniAggiuntiveQuestionario: q.sezioniAggiuntiveQuestionario ?? [],
    }
    return [{ idLocale, idServer: q.idQuestionarioCompilato, data }]
  })

  await putServerRecords('servizio', serviziRows, now)
  await putServerRecords('cittadino-servizio', cittadiniRows, now)

  // confirmed copies of this profile gone from the server (deleted elsewhere), unchanged since the request left
  const keepServizi = new Set(serviziRows.map((r) => r.idLocale))
  const keepCittadini = new Set(cittadiniRows.map((r) => r.idLocale))
  await db.transaction('rw', [db.records, db.outbox], async () => {
    const stale = (await db.records.where('tipo').anyOf('servizio', 'cittadino-servizio').toArray()).filter((r) => {
      if (r.syncState !== 'confermato' || r.idServer === undefined || r.updatedAt >= startedAt) return false
      const d = r.data as { idProgetto?: number; idEnte?: number }
      if (d.idProgetto !== idProgetto || d.idEnte !== idEnte) return false
      return r.tipo === 'servizio' ? !keepServizi.has(r.idLocale) : !keepCittadini.has(r.idLocale)
    })
    const hasOpen = async (tipo: string, idLocale: string) =>
      (await db.outbox.where('recordKey').equals(`${tipo}|${idLocale}`).toArray()).some((e) => e.status !== 'done')
    for (const r of stale) {
      if (!(await hasOpen(r.tipo, r.idLocale))) await db.records.delete([r.tipo, r.idLocale])
    }
    // surveys compiled here whose addition is gone
    for (const q of await db.records.where('tipo').equals('questionario').toArray()) {
      if (q.syncState !== 'confermato' || (await db.records.get(['cittadino-servizio', q.idLocale]))) continue
      if (!(await hasOpen('questionario', q.idLocale))) await db.records.delete(['questionario', q.idLocale])
    }
  })
}

function identificazioneDi(q1: string, tipoDocumento: string | null): CittadinoDati['identificazione'] {
  try {
    if (decodeSection(q1).answers['1']?.[0] === CF_NON_PRESENTE) return 'NUM_DOC'
  } catch { /* unreadable Q1: fall back to the document type */ }
  return tipoDocumento ? 'NUM_DOC' : 'CF'
}

let running: Promise<void> | null = null
let again = false

/**
 * Fetches the bootstrap of the current field profile and stores it; no-op for other roles, without a
 * device database, or while the API is known unreachable. Never throws (a failed refresh keeps the
 * previous copy). Calls during a refresh join it and run once more afterwards.
 */
export function refreshCampo(): Promise<void> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    do {
      again = false
      await refreshOnce().catch(() => undefined)
    } while (again)
  })().finally(() => {
    running = null
  })
  return running
}

async function refreshOnce(): Promise<void> {
  const profilo = currentFieldProfile()
  const db = currentDb()
  if (!profilo || !db || getConnectivity() === 'offline') return
  const owner = currentDbOwner()
  const startedAt = Date.now()
  const answer = await fetcher(profilo)
  // the user, the profile or the database changed meanwhile: this answer is someone else's
  if (currentDb() !== db || currentDbOwner() !== owner || profileKey(currentFieldProfile()) !== profileKey(profilo)) return
  await storeBootstrap(db, answer, startedAt)
}

/** Delay of the refresh that follows a replay which sent something (lets bursts settle). */
export const REFRESH_AFTER_SYNC_MS = 2_000

/**
 * Registers the outbox handlers and refreshes the bootstrap: now (when logged in as FAC/VOL with the
 * device database open), when the database opens, when the API becomes reachable again, when the
 * profile changes, and after a replay that sent something. Returns the stop function.
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
