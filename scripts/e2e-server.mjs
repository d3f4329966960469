#!/usr/bin/env node
// Starts the reference server for Playwright on a fresh data folder (or DATABASE_URL), serving ./dist.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'

const dataDir = mkdtempSync(join(tmpdir(), 'pd-e2e-'))
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
})
const stop = () => { child.kill('SIGTERM') }
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
