/**
 * Entry point (`npm start` / `npm run serve`): configuration → a startup responder on the port (probes:
 * live 200, ready 503 'migrating'/'starting'; server/startup.ts) → database (created, migrated and seeded
 * on first start, under advisory locks on PostgreSQL) → secrets shared through the database (PostgreSQL:
 * server/shared-secrets.ts) → server → the port handed to it → listen.
 * Graceful shutdown on SIGTERM/SIGINT (issue 14 point 2): readiness answers 503 `{status:'stopping'}` at once,
 * the server stops accepting connections, server-sent event streams are ended (clients reconnect elsewhere),
 * requests in flight finish (at most {@link DRAIN_MS}; connections still open then are cut), background job
 * claims are released (server/jobs), the database is closed, exit 0. A shutdown stuck beyond
 * {@link FORCED_EXIT_MS} exits 1.
 * Exits with status 1 and a readable message when the configuration or the database is unusable — among
 * others, a server that is not local without `OIDC_ISSUER`, or whose secrets would live in the data instead of
 * the environment or `SECRETS_FILE` (server/config.ts, server/secret-sources.ts): refused before anything is
 * written or the port is opened; and one whose citizens' key chain is not the one the stored hashes were made with
 * (server/db/citizen-rekey.ts verifyCitizenKey). With
 * `DEV_IDENTITY_PROVIDER=on` every start prints a warning on standard error, whatever `LOG_LEVEL`.
 */
import { buildApp } from './app'
import { ConfigError, devIdentityProviderWarning, loadConfig } from './config'
import { tightenDataDir } from './data-dir'
import { CitizenKeyMismatchError, verifyCitizenKey } from './db/citizen-rekey'
import { openSeededDatabase } from './seed/index'
import { MIGRATION_LATCH_ENV, startStartupResponder, waitWhileExists } from './startup'
import { resolveSharedSecrets } from './shared-secrets'

/** Longest wait for the requests in flight at shutdown (ms). */
const DRAIN_MS = 10_000
/** Exit 1 when the shutdown has not ended after this long (ms). */
const FORCED_EXIT_MS = 25_000

async function main(): Promise<void> {
  const loaded = loadConfig()
  const warning = devIdentityProviderWarning(loaded)
  if (warning) console.warn(warning)
  const dataDirWarnings = tightenDataDir(loaded.dataDir)
  // the port answers probes while the database is migrated and seeded (503 'migrating', then 'starting')
  const startup = loaded.port === 0 ? undefined : await startStartupResponder({ port: loaded.port, host: loaded.host })
  let database
  try {
    // test hook: the migration waits while the file MIGRATION_LATCH_ENV names exists (server/startup.ts)
    const latch = process.env[MIGRATION_LATCH_ENV]
    database = await openSeededDatabase({ dataDir: loaded.dataDir, databaseUrl: loaded.databaseUrl, beforeMigrate: latch ? () => waitWhileExists(latch) : undefined })
  } catch (err) {
    await startup?.close()
    throw err
  }
  startup?.setStatus('starting')
  let app
  let secretNotices: string[]
  try {
    const config = await resolveSharedSecrets(loaded, database)
    secretNotices = config.secrets.notices
    try {
      await verifyCitizenKey(database.db, config.citizenHashSecret)
    } catch (err) {
      if (err instanceof CitizenKeyMismatchError) throw new ConfigError(err.message)
      throw err
    }
    app = await buildApp({ config, database })
    await app.ready()
    await startup?.close()
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    await startup?.close()
    await database.close()
    throw err
  }
  for (const message of dataDirWarnings) app.log.warn(message)
  for (const message of secretNotices) app.log.warn(message)
  if (warning) app.log.warn(warning)
  const config = loaded
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`
  const identity = config.oidc.external ? `identity provider ${config.oidc.issuer}` : `dev identity provider ${config.oidc.issuer}`
  app.log.info(`Punto Digitale ready at ${config.publicUrl} (database: ${where}; ${identity})`)

  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received: shutting down`)
    app.beginStopping()
    const forced = setTimeout(() => process.exit(1), FORCED_EXIT_MS)
    forced.unref()
    // requests still running after DRAIN_MS lose their connection; the shutdown goes on
    const drain = setTimeout(() => {
      app.log.warn(`requests still in flight after ${DRAIN_MS} ms: connections closed`)
      app.server.closeAllConnections()
    }, DRAIN_MS)
    drain.unref()
    void app.close()
      .then(() => { clearTimeout(drain); return database.close() })
      .then(() => process.exit(0), (err: unknown) => {
        app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      })
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`)
  } else {
    console.error('Startup failed:', err)
  }
  process.exit(1)
})
