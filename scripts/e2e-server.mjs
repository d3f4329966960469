#!/usr/bin/env node
// Starts the reference server (the bundle `npm start` runs) for Playwright on a fresh data folder, serving ./dist.
// Database: PostgreSQL at E2E_DATABASE_URL when set (it must be a fresh, empty database: the tests
// register users), otherwise a fresh PGlite folder — DATABASE_URL is deliberately ignored so the
// PGlite leg of CI really runs on PGlite. STATIC_DIR (default dist) and LOG_LEVEL (default warn) pass through.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'

const staticDir = process.env.STATIC_DIR ?? 'dist'
const serverBundle = 'build/server/main.mjs'
if (!existsSync(join(staticDir, 'index.html')) || !existsSync(serverBundle)) {
  console.error(`${staticDir}/index.html o ${serverBundle} mancante: esegui prima \`npm run build\`.`)
  process.exit(1)
}

const dataDir = mkdtempSync(join(tmpdir(), 'pd-e2e-'))
const env = { LOG_LEVEL: 'warn', ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' }
delete env.DATABASE_URL
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL
console.log(`[e2e-server] data dir ${dataDir}, database ${env.DATABASE_URL ? 'postgres (E2E_DATABASE_URL)' : 'pglite'}`)

// The bundle that `npm start` runs (built by `npm run build`, which `npm test` runs just before).
const child = spawn(process.execPath, [serverBundle], { stdio: 'inherit', env })
const stop = () => { child.kill('SIGTERM') }
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? (signal ? 0 : 1))
})
