/**
 * The OpenAPI 3.1 document of the reference API (issue 14 point 5), GENERATED from the route table (the
 * routes collected with `onRoute`, server/openapi/collect.ts) and the valibot contract: each `/api`
 * route's `config.doc` (server/openapi/types.ts) gives its summary, tags, body, query and answer; its
 * `config.access` the security (ID token in the `authToken` header, `userRole` header, or none); `config.idempotency` the
 * `Idempotency-Key` header; `config.rateLimit`/`failedLinkLimit` the 429 answer; its URL the path
 * parameters. Errors are the shared `{errorCode, message}` (codes of public/data/errors.json). A route that edits or
 * deletes a versioned record (`config.doc.versioned`, issue 27) gets `versione` in its body (the `VersioneRecord`
 * schema), the 409 V01 and 428 V02 answers and a paragraph on the convention ({@link VERSIONE_TEXT}).
 */
import type { RouteOptions } from 'fastify'
import type { GenericSchema } from 'valibot'
import type { RouteAccess } from '../auth/types'
import { catalogueCodes } from '../errors'
import { IDEMPOTENCY_HEADER } from '../idempotency'
import { contractComponents, reachableComponents, resolveSchema, schemaRef, type JsonObject } from './schemas'
import type { DocPayload, MediaPayload, RouteDoc } from './types'

/** One operation of the route table: an `/api` route and one of its methods (HEAD left out). */
export interface ApiOperation {
  method: string
  /** Fastify's URL, e.g. `/api/servizio/:id` */
  url: string
  /** OpenAPI path, e.g. `/api/servizio/{id}` */
  path: string
  pathParams: string[]
  access?: RouteAccess
  doc?: RouteDoc
  idempotency: boolean
  rateLimited: boolean
}

/** The parts of `info` the caller gives (title, version, description). */
export interface DocumentInfo { title: string; version: string; description: string }

export type OpenApiDocument = JsonObject & { openapi: string; paths: Record<string, Record<string, JsonObject>> }

/** `/api/item/:id/:event` → `/api/item/{id}/{event}` (and `*` → `{wildcard}`). */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{wildcard}')
}

/** The `/api` operations of the route table, one per method, sorted by path then method. */
export function apiOperations(routes: readonly RouteOptions[]): ApiOperation[] {
  const ops = routes
    .filter((r) => r.url.startsWith('/api'))
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((method) => {
      const path = openApiPath(r.url)
      return {
        method: method.toUpperCase(),
        url: r.url,
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
        access: r.config?.access,
        doc: r.config?.doc,
        idempotency: r.config?.idempotency !== undefined,
        rateLimited: Boolean(r.config?.rateLimit) || r.config?.failedLinkLimit === true,
      }
    }))
  return ops.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
}

/**
 * `METHOD url` of every `/api` operation WITHOUT its description (no `config.doc`, an empty summary or no
 * tag): the list the coverage test wants empty.
 */
export function undocumentedRoutes(routes: readonly RouteOptions[]): string[] {
  return apiOperations(routes)
    .filter((op) => !op.doc || op.doc.summary.trim() === '' || op.doc.tags.length === 0)
    .map((op) => `${op.method} ${op.url}`)
}

function isMedia(payload: DocPayload): payload is MediaPayload {
  return (payload as MediaPayload).mediaType !== undefined
}

/** The content map of a body or answer: JSON by its schema, other media by their type. */
function content(payload: DocPayload): Record<string, JsonObject> {
  if (!isMedia(payload)) return { 'application/json': { schema: schemaRef(payload) } }
  const types = Array.isArray(payload.mediaType) ? payload.mediaType : [payload.mediaType]
  const media = payload.schema ? { schema: schemaRef(payload.schema) } : {}
  return Object.fromEntries(types.map((type) => [type, media]))
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Richiesta non valida (corpo, parametri o chiave di idempotenza).',
  401: 'Non autenticato: token ID assente, non valido o scaduto, oppure ruolo (userRole) assente o non posseduto.',
  403: 'Non autorizzato: il ruolo non ha i permessi richiesti o la risorsa è fuori dal profilo.',
  404: 'Risorsa non trovata.',
  409: 'Conflitto con lo stato attuale (anche: richiesta con la stessa chiave di idempotenza ancora in elaborazione).',
  413: 'Contenuto troppo grande.',
  428: 'Versione mancante: la modifica o l’eliminazione di un record versionato deve indicare in «versione» la versione letta.',
  415: 'Tipo di contenuto non supportato.',
  422: 'Richiesta non elaborabile (anche: chiave di idempotenza già usata per una richiesta diversa).',
  429: 'Troppe richieste: riprova dopo i secondi indicati da Retry-After.',
  500: 'Errore imprevisto del server.',
  502: 'Il servizio esterno collegato non risponde o rifiuta la richiesta.',
  503: 'Servizio temporaneamente non disponibile: riprova più tardi.',
}

/** The shared error answers, one per status, each listing the catalogue codes of that status. */
function errorResponses(): Record<string, JsonObject> {
  const codes = catalogueCodes()
  return Object.fromEntries(Object.entries(ERROR_TEXT).map(([status, text]) => {
    const ofStatus = codes.filter((c) => String(c.status) === status).map((c) => c.code)
    return [`Errore${status}`, {
      description: ofStatus.length > 0 ? `${text} Codici del catalogo: ${ofStatus.join(', ')}.` : text,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Errore' } } },
    }]
  }))
}

function accessText(access: RouteAccess | undefined): string {
  switch (access?.kind) {
    case 'public': return 'Accesso pubblico: nessun token.'
    case 'token': return 'Accesso: token ID valido di un utente registrato, senza ruolo.'
    case 'role': return 'Accesso: token ID e ruolo (intestazione userRole) posseduto dall’utente.'
    case 'permission': return access.codes.length === 0
      ? 'Accesso: nessun ruolo ha questa funzione.'
      : `Accesso: token ID, ruolo (userRole) e ${access.mode === 'any' ? 'almeno uno dei permessi' : 'i permessi'} ${access.codes.join(', ')}.`
    default: return 'Accesso non dichiarato.'
  }
}

function security(access: RouteAccess | undefined): JsonObject[] {
  if (!access || access.kind === 'public') return []
  if (access.kind === 'token') return [{ idToken: [] }]
  return [{ idToken: [], ruolo: [] }]
}

function errorStatuses(op: ApiOperation): number[] {
  const set = new Set<number>(op.doc?.errors ?? [])
  if (op.doc?.body || op.doc?.query || op.pathParams.length > 0 || op.idempotency) set.add(400)
  if (op.access && op.access.kind !== 'public') set.add(401)
  if (op.access?.kind === 'role' || op.access?.kind === 'permission') set.add(403)
  if (op.pathParams.length > 0) set.add(404)
  if (op.idempotency) { set.add(409); set.add(422) }
  if (op.rateLimited) set.add(429)
  if (op.doc?.versioned) { set.add(409); set.add(428) }
  // any route: 500 unexpected; 503 while the database is away (server/app.ts) or a claim cannot settle
  set.add(500)
  set.add(503)
  return [...set].filter((s) => ERROR_TEXT[s]).sort((a, b) => a - b)
}

function queryParameters(query: GenericSchema, components: Record<string, JsonObject>): JsonObject[] {
  const schema = resolveSchema(schemaRef(query), components)
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name, in: 'query', required: required.has(name), schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }))
}

function operationId(op: ApiOperation): string {
  const words = op.path.split(/[^A-Za-z0-9]+/).filter((w) => w && w !== 'api')
  return [op.method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join('')
}

/** Italian descriptions of the path parameters that are not plain ids. */
const PATH_PARAMS: Record<string, string> = {
  event: 'Azione da eseguire.', formato: 'Formato del file: csv o xlsx.', mese: 'Mese, nel formato AAAA-MM.',
  sigla: 'Sigla della provincia (due lettere).', ids: 'Identificativi separati da virgola.', codice: 'Codice del ruolo.',
  codiceRuolo: 'Codice del ruolo.', jobUuid: 'Identificativo del caricamento (32 caratteri esadecimali).',
  file: 'Dimensione dell’immagine: <lato in pixel>.webp.', versione: 'Versione dell’immagine.', ruoloEnte: 'Ruolo dell’ente nel progetto: gestore o partner.',
}

/** Italian paragraph of every versioned operation (issue 27; README "Versioni dei record"). */
export const VERSIONE_TEXT = 'Record versionato: il corpo indica in «versione» la versione del record su cui è stata fatta la modifica '
  + '(quella della lettura che alimenta il modulo). Se nel frattempo il record è cambiato la risposta è 409 V01 con «corrente», '
  + 'il record attuale nella stessa forma della lettura, e «modificatoIl» (quando è cambiato l’ultima volta); nulla viene modificato; senza «versione» la risposta è 428 V02 '
  + '(un client del contratto rilegge il record e riprova). Una modifica riuscita risponde con la nuova «versione».'

/** The body field every versioned operation adds to its body (issue 27). */
const VERSIONE_SCHEMA: JsonObject = {
  type: 'object',
  description: 'Versione del record su cui è stata fatta la modifica o l’eliminazione (issue 27).',
  properties: { versione: { type: 'integer', minimum: 1, description: 'Versione del record letta prima della modifica: 1 alla creazione, + 1 a ogni modifica.' } },
  required: ['versione'],
}

function operation(op: ApiOperation, components: Record<string, JsonObject>): JsonObject {
  const doc = op.doc
  const parameters: JsonObject[] = op.pathParams.map((name) => ({
    name, in: 'path', required: true, schema: { type: 'string' }, description: PATH_PARAMS[name] ?? `Identificativo «${name}» nel percorso.`,
  }))
  if (doc?.query) parameters.push(...queryParameters(doc.query, components))
  if (op.idempotency) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' })

  const status = String(doc?.status ?? 200)
  const answer: JsonObject = doc?.response === null
    ? { description: 'Operazione riuscita, senza contenuto.' }
    : { description: doc?.response && isMedia(doc.response) ? doc.response.description : 'Operazione riuscita.', content: content(doc?.response ?? { mediaType: 'application/json', description: '' }) }
  const responses: Record<string, JsonObject> = { [status]: answer }
  for (const s of errorStatuses(op)) responses[String(s)] = { $ref: `#/components/responses/Errore${s}` }

  let requestBody: JsonObject | undefined
  if (doc?.body) {
    const media = isMedia(doc.body)
    const resolved = media ? {} : resolveSchema(schemaRef(doc.body as GenericSchema), components)
    requestBody = {
      required: media || doc.versioned === true || ((resolved.required ?? []) as unknown[]).length > 0,
      ...(media ? { description: (doc.body as MediaPayload).description } : {}),
      content: content(doc.body),
    }
  }
  if (doc?.versioned) {
    const json = (requestBody?.content as Record<string, JsonObject> | undefined)?.['application/json']
    const versione = { $ref: '#/components/schemas/VersioneRecord' }
    requestBody = { required: true, content: { 'application/json': { schema: json?.schema ? { allOf: [json.schema, versione] } : versione } } }
  }

  return {
    operationId: operationId(op),
    summary: doc?.summary ?? '',
    description: [doc?.description, doc?.versioned ? VERSIONE_TEXT : undefined, accessText(op.access)].filter(Boolean).join('\n\n'),
    tags: doc?.tags ?? [],
    security: security(op.access),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    'x-accesso': op.access ?? null,
  }
}

/**
 * Builds the document from the route table. Pure (same routes, same document); the caller caches it.
 * Routes without `config.doc` still appear (with an empty summary): the coverage test names them.
 */
export function buildOpenApiDocument(routes: readonly RouteOptions[], info: DocumentInfo): OpenApiDocument {
  const ops = apiOperations(routes)
  const all = contractComponents()
  const paths: Record<string, Record<string, JsonObject>> = {}
  for (const op of ops) {
    const item = (paths[op.path] ??= {})
    item[op.method.toLowerCase()] = operation(op, all)
  }
  const tags = [...new Set(ops.flatMap((op) => op.doc?.tags ?? []))].sort((a, b) => a.localeCompare(b, 'it')).map((name) => ({ name }))
  const codes = catalogueCodes().map((c) => c.code)
  const schemas: Record<string, JsonObject> = {
    ...reachableComponents(paths, all),
    VersioneRecord: VERSIONE_SCHEMA,
    Errore: {
      type: 'object',
      description: 'Risposta di ogni chiamata non riuscita: codice del catalogo errori e messaggio in italiano.',
      properties: {
        errorCode: { type: 'string', enum: codes, description: 'Codice del catalogo errori (/data/errors.json).' },
        message: { type: 'string', description: 'Messaggio in italiano per l’utente.' },
        corrente: { description: 'Solo con V01 (409): il record attuale, nella forma della lettura che alimenta la modifica, con la sua «versione».' },
        modificatoIl: { type: 'string', format: 'date-time', description: 'Solo con V01 (409): quando il record attuale è stato modificato l’ultima volta.' },
      },
      required: ['errorCode', 'message'],
    },
  }
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags,
    paths,
    components: {
      schemas,
      responses: errorResponses(),
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => dash + c.toUpperCase()),
          in: 'header',
          required: false,
          description: 'UUID della scrittura: la stessa chiave con la stessa richiesta restituisce la risposta registrata (Idempotent-Replayed: true) senza ripeterla.',
          schema: { type: 'string', format: 'uuid' },
        },
      },
      securitySchemes: {
        idToken: { type: 'apiKey', in: 'header', name: 'authToken', description: 'Token ID OpenID Connect dell’utente (JWT firmato dal fornitore di identità), così com’è, senza «Bearer».' },
        ruolo: { type: 'apiKey', in: 'header', name: 'userRole', description: 'Codice del ruolo con cui l’utente opera (es. FAC, REG, DTD).' },
      },
    },
  }
}
