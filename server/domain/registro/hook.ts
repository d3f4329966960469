/**
 * The access register's one hook (issue 28 part 1): a route declares what it gives access to in its config,
 * `registro: { entita, azione, idParam?, idDelChiamante?, daRisposta? }`, and after its answer is sent one row is
 * recorded — outcome `ok` below 400, `negato` for 401/403, `errore` otherwise. The count or id that only the answer
 * knows comes from `daRisposta(answer)` (read in `preSerialization`, before the JSON is written) or from
 * `annotaRegistro(request, …)` in the handler (a streamed CSV counts its rows as it writes them). Every 401 and 403
 * answer of any route is recorded as well (action `negato`, `dettaglio` = method, route pattern and catalogue code).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { registraAccesso } from './index'
import type { AzioneRegistro, EventoRegistro } from './tipi'

/** What a route's answer gives access to. */
export interface RegistroRoute {
  entita: string
  azione: AzioneRegistro
  /** the path parameter holding the entity's id */
  idParam?: string
  /** the entity is the caller (own profile, login, role choice) */
  idDelChiamante?: boolean
  /** the row count / id / entity from the answer object (a JSON answer only) */
  daRisposta?: (risposta: unknown) => Partial<Pick<EventoRegistro, 'righe' | 'idEntita' | 'entita' | 'azione'>>
  dettaglio?: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the access register's row of this route (server/domain/registro/hook.ts) */
    registro?: RegistroRoute
  }
}

const ANNOTAZIONE = Symbol('registro.annotazione')
const CODICE = Symbol('registro.codice')
type Annotabile = FastifyRequest & { [ANNOTAZIONE]?: Partial<EventoRegistro>; [CODICE]?: string }

/** What the handler adds to its route's row (a count, an id), merged over the route config's. */
export function annotaRegistro(request: FastifyRequest, parte: Partial<Pick<EventoRegistro, 'righe' | 'idEntita' | 'entita' | 'azione' | 'dettaglio'>>): void {
  const r = request as Annotabile
  r[ANNOTAZIONE] = { ...r[ANNOTAZIONE], ...parte }
}

/** Path values kept as an entity id: numbers, UUIDs, months; anything else (a typed identifier in a wrong URL) is not kept. */
const ID_SICURO = /^(\d{1,20}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2})$/i
const idDalPercorso = (value: unknown) => (typeof value === 'string' && ID_SICURO.test(value) ? value : undefined)

const ERROR_CODE = /"errorCode":"([A-Z][A-Z0-9_]{0,31})"/

function esitoDi(status: number): EventoRegistro['esito'] {
  if (status < 400) return 'ok'
  return status === 401 || status === 403 ? 'negato' : 'errore'
}

function onPreSerialization(request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  const daRisposta = request.routeOptions.config.registro?.daRisposta
  if (daRisposta) {
    try {
      annotaRegistro(request, daRisposta(payload))
    } catch (err) {
      request.log.warn({ err }, 'access register: answer not read')
    }
  }
  done(null, payload)
}

function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  if ((reply.statusCode === 401 || reply.statusCode === 403) && typeof payload === 'string') {
    const code = ERROR_CODE.exec(payload.slice(0, 200))?.[1]
    if (code) (request as Annotabile)[CODICE] = code
  }
  done(null, payload)
}

function onResponse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const status = reply.statusCode
  const config = request.is404 ? undefined : request.routeOptions.config.registro
  const refused = status === 401 || status === 403
  if (!config && !refused) return done()
  const annotazione = (request as Annotabile)[ANNOTAZIONE] ?? {}
  const params = request.params as Record<string, unknown> | undefined
  const idEntita = annotazione.idEntita
    ?? (config?.idParam ? idDalPercorso(params?.[config.idParam]) : undefined)
    ?? (config?.idDelChiamante ? request.auth?.principal.userId ?? request.registroChiamante?.idUtente : undefined)
  const route = request.is404 ? 'not_found' : request.routeOptions.url ?? 'not_found'
  const codice = (request as Annotabile)[CODICE]
  registraAccesso(request, {
    entita: annotazione.entita ?? config?.entita ?? 'api',
    idEntita: idEntita ?? null,
    righe: status < 400 ? annotazione.righe ?? null : null,
    azione: refused ? 'negato' : annotazione.azione ?? config!.azione,
    esito: esitoDi(status),
    dettaglio: refused || status >= 400 ? `${request.method} ${route} ${status}${codice ? ` ${codice}` : ''}` : annotazione.dettaglio ?? config?.dettaglio,
  })
  done()
}

const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
  app.addHook('preSerialization', onPreSerialization)
  app.addHook('onSend', onSend)
  app.addHook('onResponse', onResponse)
}
// hooks apply to the whole app (what fastify-plugin does, without the dependency)
;(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true

/** Fastify plugin: register once at the root, before the routes. */
export const registroHook = plugin
