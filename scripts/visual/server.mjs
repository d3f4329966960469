#!/usr/bin/env node
// Starts the built reference server of a checkout (VISUAL_ROOT, default: this one) on a fresh PGlite folder,
// serving that checkout's dist/: what scripts/visual/playwright.config.ts screenshots. See visual.spec.ts.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { spawn } from 'node:child_process'

const root = resolve(process.env.VISUAL_ROOT ?? '.')
const bundle = join(root, 'build/server/main.mjs')
if (!existsSync(join(root, 'dist/index.html')) || !existsSync(bundle)) {
  console.error(`${root}: dist/index.html o build/server/main.mjs mancante: esegui prima \`npm run build\` lì.`)
  process.exit(1)
}
const dataDir = mkdtempSync(join(tmpdir(), 'pd-visual-'))
const env = { LOG_LEVEL: 'warn', ...process.env, DATA_DIR: dataDir, STATIC_DIR: join(root, 'dist'), NODE_ENV: 'test' }
delete env.DATABASE_URL
const child = spawn(process.execPath, [bundle], { stdio: 'inherit', env, cwd: root })
const stop = () => { child.kill('SIGTERM') }
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? (signal ? 0 : 1))
})
