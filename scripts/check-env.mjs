#!/usr/bin/env node
// Pre-flight for `npm test`: stops at once, saying exactly what to run, when a system dependency is missing.
import { existsSync } from 'node:fs'

const problems = []
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 20 || (major === 20 && minor < 19)) problems.push(`Node ${process.versions.node} è troppo vecchio: serve Node >= 20.19.`)
const chromium = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'
if (!existsSync(chromium)) {
  problems.push(`Chromium non trovato in ${chromium}. Esegui (come root): apt-get update && apt-get install -y chromium`)
}
if (!existsSync('node_modules/.bin/vitest')) problems.push('Dipendenze npm mancanti. Esegui: npm ci')
if (problems.length) {
  console.error('npm test non può partire:\n - ' + problems.join('\n - '))
  process.exit(1)
}
