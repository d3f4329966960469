/**
 * Field sync for the server tests (issue 25 point 2): runs a whole (or incremental) `GET /api/campo/sync` page by
 * page as a device does and aggregates the pages into the older `CampoBootstrap` shape (what a whole sync amounts
 * to), with the pages, the cursor to keep and the removals.
 */
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { CampoSyncPaginaSchema, type CampoBootstrap, type CampoSyncPagina } from '../../../src/api/contract/campo'
import type { TestServer } from '../helpers'
import { call, type Actor } from './fixtures'

export interface SyncResult {
  /** the pages merged: records by id (the last page's copy wins), reference data of the first page */
  bootstrap: CampoBootstrap
  pagine: CampoSyncPagina[]
  /** size in bytes of each page's body */
  bytes: number[]
  /** the last page's cursor (to keep for the next sync) */
  cursore: string
  rimossi: { servizi: number[]; questionari: string[] }
}

export interface SyncOptions {
  /** cursor of a previous sync (incremental) */
  cursore?: string
  /** send the profile ids (default true; false for a caller with one field profile) */
  ids?: boolean
  headers?: Record<string, string>
  /** at most this many pages (a safety bound of the test) */
  maxPagine?: number
  /** called after each page (e.g. to write between pages) */
  dopoPagina?: (pagina: CampoSyncPagina, n: number) => Promise<void> | void
}

/** The query of a sync page. */
export function syncQuery(who: Actor, cursore: string | undefined, ids = true): string {
  const p = new URLSearchParams()
  if (ids) {
    for (const k of ['idProgramma', 'idProgetto', 'idEnte'] as const) if (who.ids[k] !== null) p.set(k, String(who.ids[k]))
  }
  if (cursore) p.set('cursore', cursore)
  const s = p.toString()
  return s ? `?${s}` : ''
}

/** One sync page as `who` (the raw answer). */
export function syncPage(server: TestServer, who: Actor, cursore?: string, opts: Pick<SyncOptions, 'ids' | 'headers'> = {}): Promise<LightMyRequestResponse> {
  return call(server, who, 'GET', `/api/campo/sync${syncQuery(who, cursore, opts.ids)}`, { headers: opts.headers })
}

/** Runs a sync to its last page and aggregates it; throws on an answer other than 200. */
export async function syncCompleta(server: TestServer, who: Actor, opts: SyncOptions = {}): Promise<SyncResult> {
  const pagine: CampoSyncPagina[] = []
  const bytes: number[] = []
  let cursore = opts.cursore
  for (;;) {
    const res = await syncPage(server, who, cursore, opts)
    if (res.statusCode !== 200) throw new Error(`sync page ${pagine.length + 1}: ${res.statusCode} ${res.body}`)
    const pagina = v.parse(CampoSyncPaginaSchema, res.json())
    pagine.push(pagina)
    bytes.push(res.rawPayload.length)
    cursore = pagina.cursore
    await opts.dopoPagina?.(pagina, pagine.length)
    if (pagina.completo) break
    if (pagine.length >= (opts.maxPagine ?? 1000)) throw new Error(`sync not complete after ${pagine.length} pages`)
  }
  return { bootstrap: aggregate(pagine), pagine, bytes, cursore: cursore!, rimossi: removals(pagine) }
}

const byId = <T, K>(items: T[], key: (x: T) => K): T[] => [...new Map(items.map((x) => [key(x), x])).values()]

function removals(pagine: CampoSyncPagina[]): SyncResult['rimossi'] {
  return {
    servizi: [...new Set(pagine.flatMap((p) => p.rimossi.servizi))],
    questionari: [...new Set(pagine.flatMap((p) => p.rimossi.questionari))],
  }
}

/** The pages in the `CampoBootstrap` shape: services by id, citizens by id, instances by creation time. */
export function aggregate(pagine: CampoSyncPagina[]): CampoBootstrap {
  const first = pagine[0]
  if (!first) throw new Error('no page')
  const rif = pagine.find((p) => p.riferimenti !== null)?.riferimenti
  const servizi = byId(pagine.flatMap((p) => p.servizi), (s) => s.id).sort((a, b) => a.id - b.id)
  const cittadini = byId(pagine.flatMap((p) => p.cittadini), (c) => c.idCittadino).sort((a, b) => a.idCittadino - b.idCittadino)
  const questionari = byId(pagine.flatMap((p) => p.questionari), (q) => q.idQuestionarioCompilato)
    .sort((a, b) => (a.dataOraCreazione ?? '').localeCompare(b.dataOraCreazione ?? '') || a.idQuestionarioCompilato.localeCompare(b.idQuestionarioCompilato))
  return {
    generatedAt: first.generatedAt,
    profilo: rif?.profilo ?? { codiceRuolo: '', idProgramma: 0, idProgetto: 0, idEnte: 0 },
    progetto: rif?.progetto ?? { dataInizio: null, dataFine: null },
    servizi, cittadini, questionari,
    template: rif?.template ?? null,
    templateSnapshot: rif?.templateSnapshot ?? [],
    sedi: rif?.sedi ?? [],
    configurazioneMinorenni: rif?.configurazioneMinorenni ?? null,
  }
}
