#!/usr/bin/env node
// Pre-flight for `npm test`: stops at once, saying exactly what to run, when a system dependency is missing.
import { existsSync } from 'node:fs'

const problems = []
const [major, minor] = process.versions.node.split('.').map(Number)
// npm scripts run on the Node LTS that `npm ci` installs into node_modules/.bin (the `node` dependency)
if (major < 24 || (major === 24 && minor < 11)) problems.push(`Node ${process.versions.node} non è il Node del progetto (24 LTS): esegui npm ci, poi avvia i test con npm test.`)
const chromium = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'
if (!existsSync(chromium)) {
  problems.push(`Chromium non trovato in ${chromium}. Esegui (come root): apt-get update && apt-get install -y chromium`)
}
if (!existsSync('node_modules/.bin/vitest')) problems.push('Dipendenze npm mancanti. Esegui: npm ci')
if (problems.length) {
  console.error('npm test non può partire:\n - ' + problems.join('\n - '))
  process.exit(1)
}
