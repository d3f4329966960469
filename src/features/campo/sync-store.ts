/**
 * How the field sync stores what the server sends (sync.ts module comment, 'Merging with the device'): the
 * pages of a whole or incremental sync, a service read on demand, the removals and the end-of-sync sweep, and
 * where the sync of a profile stands (its kept cursors).
 */
import type { CampoRiferimentiWire, CampoServizio, CampoSyncPagina } from '../../api/contract/campo'
import { cache, outbox, records, type OfflineDb } from '../../offline'
import { decodeSection } from '../../lib/survey-sections'
import { CF_NON_PRESENTE } from '../../lib/survey-instance'
import { KIND, type ServizioEliminaPayload } from './handlers'
import { riferimentiKey, serverCittadinoId, serverServizioId, syncKey, type CittadinoDati, type ProfiloCampo, type ServizioDati } from './records'
import type { CampoRiferimenti } from './types'

/** What the device keeps of a profile's sync (cache, `syncKey`). */
export interface StatoSyncCampo {
  /** cursor of the last completed sync, sent by the next one (null: none completed yet) */
  cursore: string | null
  /** first day of the window the server last described ('YYYY-MM-DD'), null before the first page */
  finestraDal: string | null
  /** a sync under way: the next page's cursor, its kind, when its first request left (ms epoch), progress */
  inCorso: { cursore: string; modalita: CampoSyncPagina['modalita']; iniziata: number; inviati: number; totale: number } | null
}

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
  return new Set((await outbox.ofKind(KIND.servizioElimina, db))
    .map((e) => (e.payload as ServizioEliminaPayload).idServizio ?? (e.result as { idServizio?: number } | undefined)?.idServizio)
    .filter((id): id is number => typeof id === 'number'))
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
  const [serviziNoti, cittadiniNoti] = await Promise.all([records.byServerIds(idServizi, db), records.byServerIds(r.questionari.map((q) => q.idQuestionarioCompilato), db)])
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
      ...(s.versione !== undefined ? { versione: s.versione } : {}),
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
      ...(c?.versione !== undefined ? { versioneCittadino: c.versione } : {}),
    }
    return [{ idLocale, idServer: q.idQuestionarioCompilato, data }]
  })

  await records.putFromServer('servizio', serviziRows, now)
  await records.putFromServer('cittadino-servizio', cittadiniRows, now)
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
  const copie = await records.query<CittadinoDati>('cittadino-servizio',
    (x) => x.syncState === 'confermato' && x.idServer !== undefined && byId.has(x.data.idCittadino ?? -1), db)
  await records.putFromServer('cittadino-servizio', copie.map((x) => {
    const c = byId.get(x.data.idCittadino!)!
    const data: CittadinoDati = {
      ...x.data, genere: c.genere ?? null, fasciaDiEtaId: c.fasciaDiEtaId ?? null, titoloDiStudio: c.titoloDiStudio ?? null, occupazione: c.occupazione ?? null,
      provinciaDiDomicilio: c.provinciaDiDomicilio ?? null, cittadinanza: c.cittadinanza ?? null, tipoDocumento: c.tipoDocumento ?? null,
      identificativoMascherato: c.identificativoMascherato ?? x.data.identificativoMascherato,
      ...(c.versione !== undefined ? { versioneCittadino: c.versione } : {}),
    }
    return { idLocale: x.idLocale, idServer: x.idServer!, data }
  }), now)
}

/** Surveys compiled here, confirmed, whose addition is gone: removed (call inside a transaction). */
async function dropOrphanSurveys(db: OfflineDb): Promise<void> {
  for (const q of await records.query('questionario', undefined, db)) {
    if (q.syncState !== 'confermato' || (await records.get('cittadino-servizio', q.idLocale, db))) continue
    await records.prune(q, db)
  }
}

/**
 * Applies a page's `rimossi`: each service leaves with its additions and their surveys, each survey
 * instance with its addition. A record with unsent changes or open entries stays, and so does a service
 * with such an addition (the user still sees what waits to be sent; the next whole sync tidies up).
 */
async function applyRimossi(db: OfflineDb, rimossi: CampoSyncPagina['rimossi']): Promise<void> {
  if (rimossi.servizi.length === 0 && rimossi.questionari.length === 0) return
  await records.transaction(async () => {
    const servizi = (await records.byServerIds(rimossi.servizi, db)).filter((r) => r.tipo === 'servizio')
    const ids = new Set(servizi.map((s) => s.idLocale))
    const tutte = ids.size === 0 ? [] : await records.query<CittadinoDati>('cittadino-servizio', (c) => ids.has(c.data.idServizioLocale), db)
    for (const s of servizi) {
      const additions = tutte.filter((c) => (c.data as CittadinoDati).idServizioLocale === s.idLocale)
      let kept = false
      for (const c of additions) {
        const q = await records.get('questionario', c.idLocale, db)
        // a survey compiled here and not yet sent keeps its addition (and so the service)
        if ((q && !(await records.prune(q, db))) || !(await records.prune(c, db))) kept = true
      }
      if (!kept) await records.prune(s, db)
    }
    for (const c of (await records.byServerIds(rimossi.questionari, db)).filter((r) => r.tipo === 'cittadino-servizio')) {
      const q = await records.get('questionario', c.idLocale, db)
      if (q && !(await records.prune(q, db))) continue
      await records.prune(c, db)
    }
    await dropOrphanSurveys(db)
  }, db)
}

/**
 * End of a whole sync: removes the profile's confirmed copies (services, additions, surveys compiled here
 * whose addition is gone) that no page wrote and that did not change since `startedAt` (ms epoch, when the
 * sync's first request left), unless they have open entries.
 */
async function removeStale(db: OfflineDb, ambito: Ambito, startedAt: number): Promise<void> {
  await records.transaction(async () => {
    const stale = (await records.updatedBefore(startedAt, db)).filter((r) => {
      if ((r.tipo !== 'servizio' && r.tipo !== 'cittadino-servizio') || r.idServer === undefined) return false
      const d = r.data as { idProgetto?: number; idEnte?: number }
      return d.idProgetto === ambito.idProgetto && d.idEnte === ambito.idEnte
    })
    for (const r of stale) await records.prune(r, db)
    await dropOrphanSurveys(db)
  }, db)
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
  if (pagina.riferimenti) await cache.set(riferimentiKey(profilo), riferimentiDi(pagina.riferimenti, pagina.generatedAt), now)
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
  const v = (await cache.get<Partial<StatoSyncCampo>>(syncKey(profilo), db))?.value
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
