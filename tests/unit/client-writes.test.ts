// @vitest-environment node
/**
 * One client write and one place per query key (issue 26 point 4), checked over the sources:
 * - no query key is written as an array literal where it is used (`queryKey: [`, `optionsKey: [`,
 *   `invalidateQueries({ queryKey: [`): keys come from the factories (`features/<area>/keys.ts`, the features'
 *   `…Keys` objects, src/api/query-keys.ts, src/ui/list/keys.ts);
 * - nothing invalidates every query (`invalidateQueries()`): a write names what it changes (src/api/write.ts);
 * - the client's PUT and DELETE helpers are used by no feature: every write goes through `write`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && name !== 'routeTree.gen.ts' ? [path] : []
  })
}

const SOURCES = files('src').map((f) => ({ file: f.replaceAll('\\', '/'), text: readFileSync(f, 'utf8') }))
const hits = (re: RegExp, skip: (file: string) => boolean = () => false) =>
  SOURCES.filter((s) => !skip(s.file)).flatMap((s) => s.text.split('\n').flatMap((line, i) => (re.test(line) ? [`${s.file}:${i + 1}: ${line.trim()}`] : [])))

describe('client writes and query keys', () => {
  it('no inline array query key outside the factories', () => {
    expect(hits(/\b(?:queryKey|optionsKey)\s*:\s*\[/)).toEqual([])
  })

  it('nothing invalidates every query', () => {
    expect(hits(/invalidateQueries\(\s*\)/)).toEqual([])
  })

  it('no feature writes with the bare PUT/DELETE helpers', () => {
    expect(hits(/\bapi(?:Put|Delete)\(/, (f) => f === 'src/api/client.ts')).toEqual([])
  })

  it('one write helper and one error text', () => {
    expect(hits(/export (?:async )?function (?:apiWrite|scrivi|write)\b/).map((h) => h.split(':')[0])).toEqual(['src/api/write.ts'])
    expect(hits(/export (?:async )?function messaggioErrore\b/).map((h) => h.split(':')[0])).toEqual(['src/api/error-message.ts'])
  })
})
