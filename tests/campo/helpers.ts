/** Helpers of the field data layer tests: a logged facilitator, reference data, a fake API for the replay. */
import { afterEach, beforeEach, vi } from 'vitest'
import { ApiCallError } from '../../src/api/client'
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
import { CF_SARA, resetDbs } from '../offline/helpers'
import { configureConnectivityForTests } from '../../src/api/connectivity'

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

/** A service as the fake API keeps it: its version and the last fields written (wire names). */
export interface ServizioFake {
  versione: number
  body: Record<string, unknown>
  dataOraAggiornamento: string
}

/** The service card of a fake service (the `corrente` of a 409 V01, in the server's shape). */
export function schedaFake(id: number, s: ServizioFake) {
  const b = s.body
  return {
    dettaglioServizio: {
      idServizio: id, nomeServizio: b.nomeServizio, idEnte: b.idEnteServizio, idSede: b.idSedeServizio, dataServizio: b.data,
      durataServizio: b.durataServizio, listaTipologiaServizio: (b.tipoDiServizioPrenotato as string[]).map((titolo) => ({ titolo })),
      sezioneQ3compilato: b.sezioneQuestionarioCompilatoQ3, dataOraAggiornamento: s.dataOraAggiornamento, versione: s.versione,
    },
  }
}

/** The 409 V01 the client gets (ApiCallError wrapping ky's HTTPError with the parsed body). */
export function conflittoV01(corrente: unknown): ApiCallError {
  const message = 'Il record è stato modificato da altri.'
  return new ApiCallError(409, 'V01', message, 'http', { cause: { name: 'HTTPError', data: { errorCode: 'V01', message, corrente } }, fromServer: true })
}

/**
 * A fake field API with idempotency (a known key answers the stored answer, as the server does):
 * services get ids from 500, additions `{id: 900+, idQuestionario: 'q-900'…}`. `fail(req, n)` may return an
 * error to throw instead; `lose(req, n)` applies the request but throws (the answer is lost). Services are
 * versioned as the server does it (issue 27): creation answers `versione: 1`, an update or delete must send the
 * current `versione` (428 without, 409 V01 with the card when stale), `GET campo/servizio/{id}` reads it;
 * `servizi` holds them (a test edits one "from another device" there).
 */
export function fakeApi(opts: { fail?: (req: OutboxRequest, n: number) => Error | null; lose?: (req: OutboxRequest, n: number) => Error | null } = {}) {
  let nextServizio = 500
  let nextCittadino = 900
  const applied = new Map<string, unknown>()
  const calls: OutboxRequest[] = []
  const created: { path: string; body: unknown }[] = []
  const servizi = new Map<number, ServizioFake>()
  const now = () => new Date().toISOString()
  const transport = vi.fn(async (req: OutboxRequest) => {
    calls.push(req)
    const n = calls.length
    const err = opts.fail?.(req, n)
    if (err) throw err
    let answer = applied.get(req.idempotencyKey)
    if (answer === undefined) {
      const id = Number(req.path.split('?')[0]!.split('/').at(-1))
      if (req.method === 'GET' && req.path.startsWith('campo/servizio/')) {
        // a service the fake did not create (a fixture's): version 1
        const s = servizi.get(id) ?? { versione: 1, dataOraAggiornamento: now(), body: { nomeServizio: '', idEnteServizio: 100, idSedeServizio: 7, data: '2025-03-12',
          durataServizio: '1:00', tipoDiServizioPrenotato: [], sezioneQuestionarioCompilatoQ3: '{}' } }
        const c = schedaFake(id, s).dettaglioServizio
        return {
          servizio: { id, idLocale: null, nome: c.nomeServizio, data: c.dataServizio, durataServizio: c.durataServizio, tipologiaServizio: s.body.tipoDiServizioPrenotato,
            idEnte: c.idEnte, idSede: c.idSede, nomeSede: '', stato: 'NON ATTIVO', sezioneQ3Questionario: c.sezioneQ3compilato, idQuestionarioTemplateSnapshot: 'tpl-1',
            dataOraAggiornamento: s.dataOraAggiornamento, versione: s.versione },
          cittadini: [], questionari: [],
        }
      }
      if (req.method === 'POST' && req.path === 'servizio') {
        const idServizio = nextServizio++
        servizi.set(idServizio, { versione: 1, body: { ...(req.body as Record<string, unknown>) }, dataOraAggiornamento: now() })
        answer = { idServizio, versione: 1 }
      } else if (req.method === 'PUT' || req.method === 'DELETE') {
        const s = servizi.get(id)
        const base = (req.body as { versione?: unknown } | undefined)?.versione
        if (s && base === undefined) throw new ApiCallError(428, 'V02', 'Versione mancante', 'http')
        if (s && base !== s.versione) throw conflittoV01(schedaFake(id, s))
        if (s && req.method === 'PUT') {
          const { versione: _v, ...body } = req.body as Record<string, unknown>
          void _v
          servizi.set(id, { versione: s.versione + 1, body, dataOraAggiornamento: now() })
          answer = { idServizio: id, versione: s.versione + 1 }
        } else {
          if (s) servizi.delete(id)
          answer = { idServizio: id }
        }
      } else if (/^servizio\/cittadino\/\d+$/.test(req.path)) {
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
  return { transport, calls, created, servizi }
}

/**
 * The world of an outbox test file: before each test, empty storage and databases, `connectivity`, the facilitator
 * logged in (with the reference data when `riferimenti`) and the handlers `register` registers; after each, they
 * are unregistered. Call once at the top level of the file.
 */
export function outboxWorld(register: () => () => void, opts: { connectivity: 'online' | 'offline'; riferimenti?: boolean }): void {
  let unregister: () => void = () => undefined
  beforeEach(async () => {
    localStorage.clear()
    await resetDbs()
    configureConnectivityForTests({ state: opts.connectivity })
    await login(FAC)
    if (opts.riferimenti) await storeRiferimenti()
    unregister = register()
  })
  afterEach(() => unregister())
}
