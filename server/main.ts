/**
 * Entry point (`npm start` / `npm run serve`): configuration → a startup responder on the port (probes:
 * live 200, ready 503 'migrating'/'starting'; server/startup.ts) → database (created, migrated and seeded
 * on first start) → server → the port handed to it → listen; SIGTERM/SIGINT close the server, then the database.
 * Exits with status 1 and a readable message when the configuration or the database is unusable — among
 * others, a server that is not local without `OIDC_ISSUER` (server/config.ts). With
 * `DEV_IDENTITY_PROVIDER=on` every start prints a warning on standard error, whatever `LOG_LEVEL`.
 */
import { buildApp } from './app'
import { ConfigError, devIdentityProviderWarning, loadConfig } from './config'
import { tightenDataDir } from './data-dir'
import { openDatabase } from './db/index'
import { startStartupResponder } from './startup'

async function main(): Promise<void> {
  const config = loadConfig()
  const warning = devIdentityProviderWarning(config)
  if (warning) console.warn(warning)
  const dataDirWarnings = tightenDataDir(config.dataDir)
  // the port answers probes while the database is migrated and seeded (503 'migrating', then 'starting')
  const startup = config.port === 0 ? undefined : await startStartupResponder({ port: config.port, host: config.host })
  let database
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  } catch (err) {
    await startup?.close()
    throw err
  }
  startup?.setStatus('starting')
  let app
  try {
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
  if (warning) app.log.warn(warning)
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`
  const identity = config.oidc.external ? `identity provider ${config.oidc.issuer}` : `dev identity provider ${config.oidc.issuer}`
  app.log.info(`Punto Digitale ready at ${config.publicUrl} (database: ${where}; ${identity})`)

  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received: shutting down`)
    const forced = setTimeout(() => process.exit(1), 10_000)
    forced.unref()
    void app.close()
      .then(() => database.close())
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
