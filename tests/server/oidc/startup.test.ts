// @vitest-environment node
/**
 * The real entry point (`server/main.ts`, as `npm run serve` runs it): a server started as for
 * production without `OIDC_ISSUER` refuses to start and says why; `DEV_IDENTITY_PROVIDER=on` starts
 * with a warning on standard error (printed whatever LOG_LEVEL, before the database opens).
 */
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../../server/paths'
import { generateSigningJwk } from '../../../server/oidc/keys'
import { tempDir } from '../helpers'
import { secretsFileEnv } from '../secrets-fixture'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

interface Run { code: number | null; stderr: string; stdout: string; dataDir: string }

/**
 * Starts `server/main.ts` with exactly `env` (plus PATH/HOME); resolves when it exits, or — when
 * `until` matches its standard error — once it has been stopped with SIGTERM.
 */
function startServer(env: Record<string, string>, until?: RegExp): Promise<Run> {
  const parent = tempDir('start')
  dirs.push(parent)
  const dataDir = join(parent, 'data')
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-build'), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    if (until?.test(stderr)) child.kill('SIGTERM')
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr, stdout, dataDir })
    })
  })
}

describe('server start', () => {
  it('refuses a non-loopback PUBLIC_URL without OIDC_ISSUER, saying why, and writes nothing', async () => {
    const run = await startServer({ PUBLIC_URL: 'https://pd.example.it', TRUST_PROXY: 'true', PORT: '18311' })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('Configuration error: OIDC_ISSUER is required: PUBLIC_URL https://pd.example.it is not a loopback address')
    expect(run.stderr).toContain('logs anyone in (national administrator included) without a password')
    expect(run.stderr).toContain('DEV_IDENTITY_PROVIDER=on')
    expect(existsSync(run.dataDir)).toBe(false)
  })

  it('refuses HOST=0.0.0.0 with the default PUBLIC_URL (a LAN demo needs DEV_IDENTITY_PROVIDER=on)', async () => {
    const run = await startServer({ HOST: '0.0.0.0', PORT: '18312' })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('HOST 0.0.0.0 accepts connections from other machines')
  })

  it('with DEV_IDENTITY_PROVIDER=on starts with a warning on standard error', async () => {
    // not local: its secrets and signing key come from a file outside the data (issue 25 point 4)
    const secrets = secretsFileEnv(await generateSigningJwk())
    const run = await startServer({ PUBLIC_URL: 'https://prova.example.it', HOST: '127.0.0.1', PORT: '18313', DEV_IDENTITY_PROVIDER: 'on', ...secrets }, /WARNING: DEV_IDENTITY_PROVIDER=on/)
    expect(run.stderr).toContain('WARNING: DEV_IDENTITY_PROVIDER=on: the development identity provider at https://prova.example.it/oidc logs anyone in without a password')
    expect(run.stderr).not.toContain('Configuration error')
  })
})
