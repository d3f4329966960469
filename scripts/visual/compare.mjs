#!/usr/bin/env node
/**
 * Compares two folders of screenshots made by scripts/visual/visual.spec.ts (see playwright.config.ts there):
 *
 *   node scripts/visual/compare.mjs .tmp/visual/before .tmp/visual/after
 *
 * For each picture: the number of differing pixels (pixelmatch, threshold 0 — any change of colour counts,
 * anti-aliasing included) or a different size; a picture of the differences goes to <after>-diff/. Exits 1
 * when any picture differs or is missing on one side.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

const [before, after] = process.argv.slice(2)
if (!before || !after) {
  console.error('uso: node scripts/visual/compare.mjs <cartella prima> <cartella dopo>')
  process.exit(2)
}
const diffDir = `${after.replace(/\/$/, '')}-diff`
mkdirSync(diffDir, { recursive: true })

const names = [...new Set([...readdirSync(before), ...readdirSync(after)])].filter((n) => n.endsWith('.png')).sort()
let different = 0
const rows = []
for (const name of names) {
  const a = join(before, name)
  const b = join(after, name)
  if (!existsSync(a) || !existsSync(b)) {
    rows.push([name, existsSync(a) ? 'missing after' : 'missing before'])
    different += 1
    continue
  }
  const pa = PNG.sync.read(readFileSync(a))
  const pb = PNG.sync.read(readFileSync(b))
  if (pa.width !== pb.width || pa.height !== pb.height) {
    rows.push([name, `size ${pa.width}x${pa.height} → ${pb.width}x${pb.height}`])
    different += 1
    continue
  }
  const diff = new PNG({ width: pa.width, height: pa.height })
  const n = pixelmatch(pa.data, pb.data, diff.data, pa.width, pa.height, { threshold: 0, includeAA: true })
  if (n > 0) {
    writeFileSync(join(diffDir, basename(name)), PNG.sync.write(diff))
    different += 1
  }
  rows.push([name, `${n} px of ${pa.width}x${pa.height}`])
}
const width = Math.max(...rows.map((r) => r[0].length))
for (const [name, result] of rows) console.log(`${name.padEnd(width)}  ${result}`)
console.log(`\n${names.length} screenshots, ${names.length - different} identical, ${different} different`)
process.exit(different ? 1 : 0)
