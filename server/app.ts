/**
 * The HTTP server (ARCHITECTURE "The server"; issue #2 points 3–5, 8): helmet (CSP fit for the built
 * PWA, HSTS only over https, Permissions-Policy), a logger that redacts tokens and fiscal codes
 * (server/logging.ts), rate limits on the routes open to anyone (server/rate-limit.ts), the development
 * identity provider at `/oidc` (only when the configuration allows it: server/config.ts), access
 * control on every `/api` route, the domain routes, `/app-config.json`, the static app with SPA fallback,
 * and one error handler answering `{errorCode, message}` (never a bare 500 for a caller's mistake).
 * Observability (issue 14 point 3): a request id on every log line of a request (server/request-id.ts),
 * Prometheus `/metrics` behind `METRICS_TOKEN` (server/metrics), readiness with a database check
 * (server/readiness.ts). The access register (issue 28 part 1, server/domain/registro): one batching writer per app
 * (`app.registro`, flushed at close) and one hook recording what the routes declare in `config.registro` and every 401/403.
 */
import { join } from 'node:path'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify'
import helmet, { type fastifyHelmet } from '@fastify/helmet'
import { eq, sql } from 'drizzle-orm'
import { loopbackTwins, type AppConfig } from './config'
import type { DatabaseHandle } from './db/index'
import { utente } from './db/schema'
import { createPrincipalLoader } from './domain/principal'
import { ApiError, catalogueMessage } from './errors'
import { accessControl } from './auth/access-control'
import { createPrincipalCache, readPrincipalGeneration } from './auth/principal-cache'
import { createTokenVerifier, type TokenVerifier } from './auth/verify-token'
import { createPayloadAdapterFactory, purgeExpiredPayloads } from './oidc/adapter'
import { registerDevIdentityProvider } from './oidc/index'
import type { AccountLookup } from './oidc/provider'
import contestoRoutes from './routes/contesto'
import healthRoutes from './routes/health'
import servizioRoutes from './routes/servizio'
import cittadinoServizioRoutes from './routes/cittadino-servizio'
import campoRoutes from './routes/campo'
import amministrazioneRoutes from './routes/amministrazione'
import listeRoutes from './routes/liste'
import questionarioTemplateRoutes from './routes/questionario-template'
import caricamentoMassivoRoutes from './routes/caricamento-massivo'
import { createLocalStorage, type FileStorage } from './storage/index'
import type { JobRunner } from './jobs/caricamenti'
import cittadiniRegistroRoutes from './routes/cittadini-registro'
import ruoliRoutes from './routes/ruoli'
import minorenniRoutes from './routes/minorenni'
import conservazioneRoutes from './routes/conservazione'
import openDataRoutes from './routes/open-data'
import assistenzaRoutes from './routes/assistenza'
import { createMailer } from './mail/index'
import { createJobQueue, type JobQueue } from './jobs/coda'
import { registerJobKinds } from './jobs/index'
import datiRoutes from './routes/dati'
import chatRoutes from './routes/chat'
import communityRoutes from './routes/community'
import profiloRoutes from './routes/profilo'
import { idempotency } from './idempotency'
import { loggerOptions } from './logging'
import { registerRateLimits } from './rate-limit'
import { frameworkErrorHandler, inputGuard } from './input-guard'
import { isBadInputDbError, isDatabaseUnavailableError } from './domain/db-errors'
import { apiCompression } from './compression'
import { CACHE_NO_CACHE, inlineScriptHashes, readBuiltIndexHtml, registerStatic, trimAssetHeaders } from './static'
import notificheRoutes from './routes/notifiche'
import { createEventHub } from './events/index'
import { registerMetrics } from './metrics/index'
import { databaseCheck } from './readiness'
import { echoRequestId, requestIdOf } from './request-id'
import { collectRoutes } from './openapi/collect'
import openapiRoutes from './routes/openapi'
import { registerConcurrencyLimit, saturationCheck } from './concurrency'
import { createScrittoreRegistro, impostaScrittorePredefinito } from './domain/registro/index'
import { registroHook } from './domain/registro/hook'
import registroAccessiRoutes from './routes/registro-accessi'
import dirittiRoutes from './routes/diritti'
import { bodyTooLarge, keepDiscarding, registerBodyIdleTimeout, serverTimeoutOptions } from './request-limits'

export { MAX_ACTIVE_API_REQUESTS } from './request-limits'

declare module 'fastify' {
  interface FastifyInstance {
    /** the mass uploads, a kind of `jobs` (server/jobs/caricamenti.ts) */
    caricamenti: JobRunner
    /** the file storage (server/storage/index.ts): covers, attachments, uploads, open-data files */
    storage: FileStorage
    /** the one job queue (server/jobs/coda.ts; its kinds: server/jobs/index.ts) */
    jobs: JobQueue
    /** marks the process as stopping: readiness answers 503 `{status:'stopping'}` (server/main.ts, on SIGTERM) */
    beginStopping(): void
  }
}

export interface BuildAppOptions {
  config: AppConfig
  database: DatabaseHandle
  /** called for every route as it is registered (tests enumerate the `/api` routes with it) */
  onRoute?: (route: RouteOptions) => void
  /** where log lines go, already redacted (default standard output; tests capture them) */
  logStream?: { write(line: string): unknown }
}

/** Shape of `GET /app-config.json` (common brief "Runtime app config"). */
export interface RuntimeAppConfig {
  apiBaseUrl: string
  oidc: { issuer: string; clientId: string; scope: string; redirectPath: string; postLogoutRedirectPath: string }
  devIdentityProvider: boolean
  /** true when the development provider runs on a server others may reach (`DEV_IDENTITY_PROVIDER=on`):
   * the app shows a test-environment banner on every page */
  devIdentityProviderWarning: boolean
  /** origin of the embedded chat (`CHAT_URL`), or null: no chat button */
  chatUrl: string | null
}

/** The runtime configuration the PWA fetches at start. */
export function runtimeAppConfig(config: AppConfig): RuntimeAppConfig {
  return {
    apiBaseUrl: '/api',
    oidc: {
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      scope: 'openid offline_access',
      redirectPath: '/auth',
      postLogoutRedirectPath: '/',
    },
    devIdentityProvider: config.devIdentityProvider !== 'off',
    devIdentityProviderWarning: config.devIdentityProvider === 'forced',
    chatUrl: config.chat?.url ?? null,
  }
}

/**
 * Content-Security-Policy directives (toolchain P14): no upgrade-insecure-requests (plain http on a LAN);
 * connect-src allows the issuer (token and refresh calls) and PUBLIC_URL's loopback twin; style-src
 * without helmet's `https:` (every style is served from here): `'unsafe-inline'` stays because the
 * shell's `index.html` and the identity provider's pages carry an inline `<style>` block; script-src
 * allows the inline scripts of the built `index.html` by their hashes (`scriptHashes`); font-src without
 * helmet's `https:` and `data:` (issue 25 point 7): every font is a self-hosted file (src/styles/fonts.css,
 * never inlined by the build: vite.config.ts), the API reference and the identity provider's pages use
 * system fonts.
 */
export function cspDirectives(config: AppConfig, scriptHashes: readonly string[] = []): Record<string, string[] | null> {
  const twins = loopbackTwins(config.publicUrl)
  // the app may be opened on the loopback twin of PUBLIC_URL while the issuer stays on PUBLIC_URL
  const connectSrc = [...new Set(["'self'", new URL(config.oidc.issuer).origin, ...twins])]
  return {
    defaultSrc: ["'self'"],
    // the shell's inline boot script (index.html) by its hash, nothing else inline
    scriptSrc: ["'self'", ...scriptHashes],
    connectSrc,
    imgSrc: ["'self'", 'data:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'"],
    // the dev provider's login POST ends in a redirect to the app (possibly the loopback twin origin)
    formAction: ["'self'", ...twins],
    upgradeInsecureRequests: null,
    // the chat modal embeds the Rocket.Chat server (CHAT_URL) in a frame
    ...(config.chat ? { frameSrc: ["'self'", config.chat.url] } : {}),
  }
}

/** Browser features the app never uses, denied to every page (and to anything embedded in one). */
export const PERMISSIONS_POLICY = [
  'accelerometer', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'magnetometer', 'microphone',
  'midi', 'payment', 'usb',
].map((feature) => `${feature}=()`).join(', ')

function isFastifyError(err: unknown): err is FastifyError {
  return err instanceof Error
}

/**
 * The one error handler: `ApiError` → its status and `{errorCode, message}`; a body over the route's limit
 * → 413 with the route's `config.tooLarge`, else `bodyTooLarge` (the rest of the body read and thrown away, so
 * that the client reads the answer: server/request-limits.ts); schema validation,
 * malformed JSON and other 4xx raised by Fastify → that status (400 for validation) with `G02`; a
 * database error caused by the caller's values (out-of-range number, NUL byte…: `isBadInputDbError`, a
 * safety net behind input validation) → 400 `G02`, logged as a warning; the database away (refused, timed out,
 * lost: `isDatabaseUnavailableError`) → 503 `G04` with `Retry-After: 5`, logged; anything else → 500 `G01`, logged.
 */
export function apiErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    if (error.status >= 500) request.log.error({ err: error }, 'api error')
    return reply.code(error.status).send(error.body())
  }
  const fastifyError = isFastifyError(error) ? error : undefined
  const status = fastifyError?.statusCode
  // a body over the route's limit: the route's own answer when it has one (a file route: 413 CO05)
  if (fastifyError?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const tooLarge = request.routeOptions.config.tooLarge ?? bodyTooLarge(request.routeOptions.bodyLimit)
    keepDiscarding(request, reply)
    return reply.code(tooLarge.status).send({ errorCode: tooLarge.errorCode, message: tooLarge.message })
  }
  if (fastifyError?.validation || (status !== undefined && status >= 400 && status < 500)) {
    return reply.code(status && status < 500 ? status : 400).send({ errorCode: 'G02', message: catalogueMessage('G02') ?? 'Richiesta non valida.' })
  }
  if (isBadInputDbError(error)) {
    request.log.warn({ err: error }, 'input refused by the database')
    return reply.code(400).send({ errorCode: 'G02', message: catalogueMessage('G02') ?? 'Richiesta non valida.' })
  }
  if (isDatabaseUnavailableError(error)) {
    // the database is away (refused, timed out, failing over): the caller may send the request again (a write
    // carrying an Idempotency-Key is then done once: a commit lost with its connection is replayed, not repeated)
    request.log.error({ err: error }, 'database unavailable')
    return reply.code(503).header('retry-after', '5').send({ errorCode: 'G04', message: catalogueMessage('G04') ?? 'Servizio momentaneamente non disponibile.' })
  }
  request.log.error({ err: error }, 'unexpected error')
  return reply.code(500).send({ errorCode: 'G01', message: catalogueMessage('G01') ?? 'Si è verificato un errore.' })
}

/** Builds (does not start) the server. Rejects when the identity provider cannot be set up. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts
  const { db } = database
  const app = Fastify({
    logger: loggerOptions(config.logLevel, opts.logStream),
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler,
    // every line of a request carries its id (server/request-id.ts), echoed as x-request-id
    requestIdHeader: false,
    genReqId: requestIdOf,
    // a request already received when a graceful shutdown begins is served, not refused (issue 14 point 2)
    return503OnClosing: false,
    // headers, body, socket and keep-alive timeouts (server/request-limits.ts, README "Tempi massimi e limiti")
    ...serverTimeoutOptions(config.limits),
  })
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute)
  // the route table the API description is generated from (server/openapi)
  const routeTable = collectRoutes(app)
  app.addHook('onRequest', echoRequestId)
  // the access register (issue 28 part 1, server/domain/registro): rows batched by one writer, flushed at shutdown
  const registro = config.registroAccessi ? createScrittoreRegistro({ db, log: app.log }) : undefined
  app.decorate('registro', registro)
  impostaScrittorePredefinito(registro)
  // one row per access the routes declare (`config.registro`) and per 401/403 answer; the batch left is written at close
  if (registro) {
    await app.register(registroHook)
    app.addHook('onClose', () => registro.close())
  }
  // Prometheus /metrics behind METRICS_TOKEN (server/metrics): its hooks first, so they see every answer and
  // its latencies include the wait for a turn
  registerMetrics(app, { token: config.metricsToken, database, apiRequests: () => ({ active: limit.active(), waiting: limit.waiting(), uploadsActive: limit.uploads.active(), uploadsWaiting: limit.uploads.waiting() }), ...(registro ? { registroPersi: () => registro.persi() } : {}) })
  // at most MAX_ACTIVE_API_REQUESTS /api requests run at once per process, uploads in a pool of their own, the
  // others wait their turn once their body is in (server/concurrency.ts); a stalled body is cut (server/request-limits.ts)
  const limit = registerConcurrencyLimit(app, {
    maxActive: config.limits.maxActiveRequests, maxUploads: config.limits.maxActiveUploads, saturatedAfterMs: config.limits.saturatedAfterMs,
  })
  registerBodyIdleTimeout(app, config.limits)

  app.setErrorHandler(apiErrorHandler)
  await app.register(inputGuard)

  // CSP: on documents, workers and API answers, not on the hashed static assets (scripts, styles, fonts
  // are no documents: the header would only add ~0.5 KB to each of the landing page's requests)
  // helmet's CSP middleware, re-exported by the plugin (its typings declare it on the named export only)
  const csp = (helmet as unknown as typeof fastifyHelmet).contentSecurityPolicy({ useDefaults: true, directives: cspDirectives(config, inlineScriptHashes(readBuiltIndexHtml(config.staticDir))) })
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/assets/')) return done()
    csp(request.raw, reply.raw, done)
  })
  await app.register(helmet, {
    contentSecurityPolicy: false,
    // only when the app is served over https: browsers ignore HSTS on plain http (a LAN, a laptop)
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })
  // on the raw response, so the identity provider's own (hijacked) replies carry it too
  app.addHook('onRequest', async (_request, reply) => { reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY) })
  app.addHook('onSend', trimAssetHeaders)
  await registerRateLimits(app, { db: database.kind === 'postgres' ? db : undefined })
  // brotli/gzip for /api answers of 1 KiB or more; before any /api route (server/compression.ts)
  await app.register(apiCompression)

  let verifyToken: TokenVerifier
  if (config.devIdentityProvider === 'off') {
    verifyToken = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.clientId,
      fiscalCodeClaim: config.oidc.fiscalCodeClaim,
      jwksUri: config.oidc.jwksUri,
      maxTokenLifetime: config.oidc.maxTokenLifetime,
    })
  } else {
    const lookupAccount: AccountLookup = async (codiceFiscale) => {
      const [row] = await db.select({ id: utente.id, nome: utente.nome, cognome: utente.cognome }).from(utente)
        .where(eq(utente.codiceFiscale, codiceFiscale)).limit(1)
      return row ?? null
    }
    await purgeExpiredPayloads(db)
    const dev = await registerDevIdentityProvider(app, {
      config,
      lookupAccount,
      adapter: createPayloadAdapterFactory(db),
      sharedKeysDb: database.kind === 'postgres' ? db : undefined,
    })
    verifyToken = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.clientId,
      fiscalCodeClaim: 'fiscalNumber',
      jwks: dev.publicJwks,
      maxTokenLifetime: config.oidc.maxTokenLifetime,
    })
  }

  // the principal of each request, rebuilt only after a write to its tables (server/auth/principal-cache.ts)
  const loadPrincipal = createPrincipalCache({
    load: createPrincipalLoader(db),
    generation: database.principalGeneration ?? (() => readPrincipalGeneration(db)),
  })
  await app.register(accessControl, { verifyToken, loadPrincipal })
  await app.register(idempotency, { db, secret: config.citizenHashSecret, staleMs: config.idempotencyStaleMs })

  let ready = false
  let stopping = false
  app.addHook('onReady', async () => { ready = true })
  app.decorate('beginStopping', () => { stopping = true })
  app.addHook('preClose', async () => { stopping = true })
  await app.register(healthRoutes, {
    prefix: '/api', ready: () => ready, stopping: () => stopping,
    // a saturated process (requests queue for their turn: server/concurrency.ts) asks for no more traffic
    checks: [saturationCheck(limit), databaseCheck(() => db.execute(sql`select 1`))],
  })
  await app.register(contestoRoutes, { prefix: '/api', db })
  // S3-compatible storage when S3_BUCKET is set (the SDK is loaded only then), else local disk
  app.decorate('storage', config.s3 ? (await import('./storage/s3')).createS3Storage(config.s3) : createLocalStorage(join(config.dataDir, 'files')))
  await app.register(servizioRoutes, { prefix: '/api', db })
  await app.register(cittadinoServizioRoutes, { prefix: '/api', db, citizenHashSecret: config.citizenHashSecret })
  await app.register(campoRoutes, { prefix: '/api', db, cursorSecret: config.citizenHashSecret })
  await app.register(amministrazioneRoutes, { prefix: '/api', db })
  await app.register(questionarioTemplateRoutes, { prefix: '/api', db })
  // the background jobs (server/jobs/index.ts: mass upload, report views, open data; e-mails by the mailer):
  // started when the server is ready (mass uploads left IN_PROGRESS resumed first), released when it closes
  const jobs = createJobQueue({ db, log: app.log })
  const { caricamenti, refresher: datiRefresher } = registerJobKinds(jobs, {
    db, kind: database.kind, citizenHashSecret: config.citizenHashSecret, storage: app.storage, log: app.log,
  })
  app.decorate('jobs', jobs)
  app.decorate('caricamenti', caricamenti)
  app.addHook('onReady', async () => {
    await caricamenti.resume()
    await jobs.start()
  })
  app.addHook('onClose', () => jobs.close())
  await app.register(caricamentoMassivoRoutes, { prefix: '/api', db, config, runner: caricamenti })
  await app.register(listeRoutes, { prefix: '/api', db, citizenHashSecret: config.citizenHashSecret })
  await app.register(cittadiniRegistroRoutes, { prefix: '/api', db })
  await app.register(ruoliRoutes, { prefix: '/api', db })
  await app.register(minorenniRoutes, { prefix: '/api', db })
  await app.register(openDataRoutes, { prefix: '/api', db, config, jobs })
  await app.register(conservazioneRoutes, { prefix: '/api', db, jobs })
  const mailer = createMailer({ config: config.mail, jobs, storage: () => app.storage })
  await app.register(assistenzaRoutes, { prefix: '/api', db, config, mailer })
  await app.register(datiRoutes, { prefix: '/api', db, refresher: datiRefresher })
  await app.register(communityRoutes, { prefix: '/api', db })
  await app.register(profiloRoutes, { prefix: '/api', db })
  // notifications (issue 12 point 7): one LISTEN per process behind server/events
  await app.register(notificheRoutes, { prefix: '/api', db, config, hub: createEventHub(database, app.log), mailEnabled: mailer.attivo })
  await app.register(chatRoutes, { prefix: '/api', chat: config.chat })
  await app.register(registroAccessiRoutes, { prefix: '/api', db, citizenHashSecret: config.citizenHashSecret })
  // issue 28 part 3: the citizen's rights (export, erasure, the requests)
  await app.register(dirittiRoutes, { prefix: '/api', db })
  await app.register(openapiRoutes, { prefix: '/api', routes: routeTable })

  app.get('/app-config.json', (_request, reply) => reply.header('cache-control', CACHE_NO_CACHE).send(runtimeAppConfig(config)))

  await registerStatic(app, { staticDir: config.staticDir })
  return app
}
