/**
 * The access register (registro degli accessi, issue 28 part 1): `registraAccesso(request | null, evento)` records one
 * row — who (user id, role, the profile ids of the request), what (entity, id or row count), action, outcome, request
 * id and the truncated client address — through the app's batching writer (./scrittore.ts). Never a fiscal code or
 * personal value. Most rows come from the route config `registro` read by one hook (./hook.ts); explicit calls are for
 * what only the domain knows. With `REGISTRO_ACCESSI=off` (server/config.ts) nothing is recorded.
 * A call without a request (a job) uses the writer of the server that started last (`scrittorePredefinito`).
 */
import type { FastifyRequest } from 'fastify'
import { troncaIndirizzo } from './indirizzo'
import type { ScrittoreRegistro } from './scrittore'
import { DETTAGLIO_MAX, type EventoRegistro, type RigaRegistro } from './tipi'

export { AZIONI_REGISTRO, ESITI_REGISTRO, type AzioneRegistro, type EsitoRegistro, type EventoRegistro, type RigaRegistro } from './tipi'
export { createScrittoreRegistro, inserisciRighe, type ScrittoreRegistro, type Persi } from './scrittore'
export { troncaIndirizzo } from './indirizzo'

declare module 'fastify' {
  interface FastifyInstance {
    /** the access register's writer; undefined when the register is off (`REGISTRO_ACCESSI=off`) */
    registro?: ScrittoreRegistro
  }
  interface FastifyRequest {
    /** the caller known to the access layer before a refusal (403 A02/A10): for the register's `negato` row */
    registroChiamante?: { idUtente: number; codiceRuolo: string | null }
  }
}

let predefinito: ScrittoreRegistro | undefined

/** The writer used by calls without a request (set by server/app.ts; null when the register is off). */
export function impostaScrittorePredefinito(scrittore: ScrittoreRegistro | undefined): void {
  predefinito = scrittore
}

const ID_MAX = 2_147_483_647
function idNumerico(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN
  return Number.isInteger(n) && n > 0 && n <= ID_MAX ? n : null
}

/** The profile ids a request names: its JSON body's, else its query's (a GET: the field sync). */
function idsProfilo(request: FastifyRequest): { idProgramma: number | null; idProgetto: number | null; idEnte: number | null } {
  const body = request.body
  const source = body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? body as Record<string, unknown>
    : (request.query ?? {}) as Record<string, unknown>
  return { idProgramma: idNumerico(source.idProgramma), idProgetto: idNumerico(source.idProgetto), idEnte: idNumerico(source.idEnte) }
}

/** The row of `evento` for `request` (null: no caller, no address). */
export function rigaDa(request: FastifyRequest | null, evento: EventoRegistro, quando = new Date()): RigaRegistro {
  const auth = request?.auth
  const chi = request?.registroChiamante
  const ids = request ? idsProfilo(request) : { idProgramma: null, idProgetto: null, idEnte: null }
  const dettaglio = evento.dettaglio ? evento.dettaglio.slice(0, DETTAGLIO_MAX) : null
  return {
    quando,
    idUtente: auth?.principal.userId ?? chi?.idUtente ?? null,
    codiceRuolo: auth?.codiceRuolo ?? chi?.codiceRuolo ?? null,
    ...ids,
    entita: evento.entita,
    idEntita: evento.idEntita === null || evento.idEntita === undefined ? null : String(evento.idEntita).slice(0, 64),
    righe: evento.righe ?? null,
    azione: evento.azione,
    esito: evento.esito,
    idRichiesta: request ? String(request.id).slice(0, 64) : null,
    indirizzo: request ? troncaIndirizzo(request.ip) : null,
    dettaglio,
  }
}

/** Records `evento` (never throws, never waits: the row is written with its batch). */
export function registraAccesso(request: FastifyRequest | null, evento: EventoRegistro): void {
  const scrittore = request ? request.server.registro : predefinito
  if (!scrittore) return
  try {
    scrittore.aggiungi(rigaDa(request, evento))
  } catch (err) {
    request?.log.error({ err }, 'access register: row not queued')
  }
}
