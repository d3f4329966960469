/** Helpers of the field data layer tests: a logged facilitator, reference data, a fake API for the replay. */
import { vi } from 'vitest'
import { GIORNI_FINESTRA_CAMPO, type CampoBootstrap, type CampoSyncPagina } from '../../src/api/contract/campo'
import type { Profilo } from '../../src/api/contract/contesto'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { cacheSet } from '../../src/offline/cache'
import { currentDb } from '../../src/offline/db'
import type { OutboxRequest } from '../../src/offline/handlers'
import { syncDbWithSession } from '../../src/offline/session-bridge'
import { riferimentiKey } from '../../src/features/campo/records'
import { storePagina } from '../../src/features/campo/sync'
import type { CampoRiferimenti, ServizioInput } from '../../src/features/campo/types'
import { contesto, profile } from '../auth/helpers'
import { CF_SARA } from '../offline/helpers'

export const FAC: Profilo = profile('FAC', { idProgramma: 1, idProgetto: 10, idEnte: 100 })
export const VOL: Profilo = profile('VOL', { idProgramma: 2, idProgetto: 20, idEnte: 200 })

/** Logs `cf` in with `profilo` chosen (both profiles available) and opens the device database. */
export async function login(profilo: Profilo = FAC, cf: string = CF_SARA): Promise<void> {
  writeAuth({ id_token: `tok-${cf}`, refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: { ...contesto([FAC, VOL]), codiceFiscale: cf }, profile: profilo })
  resetSessionForTests(false)
  await syncDbWithSession()
}

export const TEMPLATE = {
  idQuestionarioTemplate: 'tpl-1', nomeQuestionarioTemplate: 'Questionario RFD', descrizioneQuestionarioTemplate: null, stato: 'ATTIVO',
  defaultRFD: true, defaultSCD: false, dataOraCreazione: '2025-01-01T00:00:00.000Z', dataOraUltimoAggiornamento: '2025-01-01T00:00:00.000Z',
  sezioniQuestionarioTemplate: [],
}

/** Reference data of the FAC profile (project 2025-01-01 … 2026-12-31, sites 7 and 8). */
export function riferimenti(extra: Partial<CampoRiferimenti> = {}): CampoRiferimenti {
  return {
    profilo: { codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100 },
    template: TEMPLATE, templateSnapshot: [TEMPLATE],
    sedi: [{ id: 7, nome: 'Biblioteca civica' }, { id: 8, nome: 'Centro anziani' }],
    progetto: { dataInizio: '2025-01-01', dataFine: '2026-12-31' },
    configurazioneMinorenni: null,
    generatedAt: '2025-03-01T08:00:00.000Z',
    ...extra,
  }
}

export async function storeRiferimenti(extra: Partial<CampoRiferimenti> = {}): Promise<void> {
  await cacheSet(riferimentiKey({ codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100 }), riferimenti(extra))
}

/** A valid service form ('Corso SPID' on 2025-03-12 at site 7). */
export function servizioInput(extra: Partial<ServizioInput> = {}, q3: Record<string, string[] | string> = {}): ServizioInput {
  return {
    nome: 'Corso SPID',
    idSede: 7,
    q3: { '22': '2025-03-12', '23': '1:30', '24': ['Facilitazione individuale'], '25': ['Sicurezza'], '28': 'Attivazione SPID', ...q3 },
    ...extra,
  }
}

/** An empty bootstrap answer of the FAC profile. */
export function bootstrap(extra: Partial<CampoBootstrap> = {}): CampoBootstrap {
  const r = riferimenti()
  return {
    generatedAt: '2025-03-01T08:00:00.000Z', profilo: r.profilo, progetto: r.progetto, servizi: [], cittadini: [], questionari: [],
    template: TEMPLATE, templateSnapshot: [TEMPLATE], sedi: r.sedi, configurazioneMinorenni: null, ...extra,
  }
}

/**
 * The bootstrap-shaped fixture `b` as one page of a sync (by default the only page of a whole sync, with
 * the reference data); `extra` overrides page fields (e.g. `modalita`, `completo`, `rimossi`, `cursore`).
 */
export function pagina(b: CampoBootstrap, extra: Partial<CampoSyncPagina> = {}): CampoSyncPagina {
  const n = b.servizi.length + b.questionari.length
  return {
    generatedAt: b.generatedAt, modalita: 'completa',
    riferimenti: { profilo: b.profilo, progetto: b.progetto, template: b.template, templateSnapshot: b.templateSnapshot, sedi: b.sedi, configurazioneMinorenni: b.configurazioneMinorenni },
    finestra: { dal: '2024-12-01', giorni: GIORNI_FINESTRA_CAMPO },
    servizi: b.servizi, cittadini: b.cittadini, questionari: b.questionari, rimossi: { servizi: [], questionari: [] },
    cursore: 'c-fine', completo: true, avanzamento: { inviati: n, totale: n }, ...extra,
  }
}

/** Stores `b` on the device as a whole sync of one page whose request left at `startedAt` (ms epoch). */
export async function storeSnapshot(b: CampoBootstrap, startedAt: number): Promise<void> {
  await storePagina(currentDb()!, b.profilo, pagina(b), startedAt)
}

/**
 * A fake field API with idempotency (a known key answers the stored answer, as the server does):
 * services get ids from 500, additions `{id: 900+, idQuestionario: 'q-900'…}`. `fail(req, n)` may return an
 * error to throw instead; `lose(req, n)` applies the request but throws (the answer is lost).
 */
export function fakeApi(opts: { fail?: (req: OutboxRequest, n: number) => Error | null; lose?: (req: OutboxRequest, n: number) => Error | null } = {}) {
  let nextServizio = 500
  let nextCittadino = 900
  const applied = new Map<string, unknown>()
  const calls: OutboxRequest[] = []
  const created: { path: string; body: unknown }[] = []
  const transport = vi.fn(async (req: OutboxRequest) => {
    calls.push(req)
    const n = calls.length
    const err = opts.fail?.(req, n)
    if (err) throw err
    let answer = applied.get(req.idempotencyKey)
    if (answer === undefined) {
      if (req.method === 'POST' && req.path === 'servizio') answer = { idServizio: nextServizio++ }
      else if (req.method === 'PUT' || req.method === 'DELETE') answer = { idServizio: Number(req.path.split('/')[1]) }
      else if (/^servizio\/cittadino\/\d+$/.test(req.path)) {
        const id = nextCittadino++
        answer = { id, idQuestionario: `q-${id}` }
      } else if (req.path.endsWith('/compila')) answer = { idQuestionarioCompilato: req.path.split('/')[3], statoQuestionario: 'COMPILATA' }
      else throw new Error(`unexpected ${req.method} ${req.path}`)
      applied.set(req.idempotencyKey, answer)
      created.push({ path: `${req.method} ${req.path}`, body: req.body })
    }
    const lost = opts.lose?.(req, n)
    if (lost) throw lost
    return answer
  })
  return { transport, calls, created }
}
