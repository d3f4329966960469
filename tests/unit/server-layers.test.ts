// @vitest-environment node
/**
 * The server's layers (issue 26 point 8; ARCHITECTURE "server: db < domain < routes"): `server/db` imports
 * neither the seed nor the domain nor the routes (opening the database does not seed it: the start-up does);
 * `server/domain` never imports a route file; a route file holds no SQL — it imports neither the schema nor
 * drizzle-orm, the domain does; and no timer schedules work in `server/domain` or `server/routes` (issue 26
 * point 2: background work is a kind of the job queue, server/jobs/index.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Every module specifier of a source file: `from '…'`, `import '…'`, `import('…')`. */
const specifiers = (source: string): string[] => [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!)

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

/** Each relative import of the files under `dir`, as a path from the repository root. */
function imports(dir: string): { file: string; spec: string; target: string }[] {
  return files(dir).flatMap((file) => specifiers(readFileSync(file, 'utf8'))
    .map((spec) => ({ file, spec, target: spec.startsWith('.') ? relative('.', join(file, '..', spec)).replaceAll('\\', '/') : spec })))
}

describe('server layers', () => {
  it('server/db imports neither the seed, the domain nor the routes', () => {
    const offending = imports(join('server', 'db')).filter((i) => /^server\/(?:seed|domain|routes)(?:\/|$)/.test(i.target))
    expect(offending).toEqual([])
  })

  it('server/domain never imports server/routes or the app', () => {
    const offending = imports(join('server', 'domain')).filter((i) => /^server\/(?:routes(?:\/|$)|app$)/.test(i.target))
    expect(offending).toEqual([])
  })

  it('server/routes holds no SQL: no schema, no drizzle-orm', () => {
    const offending = imports(join('server', 'routes'))
      .filter((i) => i.target === 'server/db/schema' || i.target.startsWith('server/db/schema/') || i.spec === 'drizzle-orm' || i.spec.startsWith('drizzle-orm/'))
      .map((i) => `${i.file} → ${i.spec}`)
    expect(offending).toEqual([])
  })

  it('no timer schedules work in server/domain or server/routes', () => {
    const offending = [...files(join('server', 'domain')), ...files(join('server', 'routes'))].flatMap((file) => {
      const source = readFileSync(file, 'utf8')
      // the notification stream's keep-alive comment line, one per open connection, is no scheduler
      const allowed = file.replaceAll('\\', '/') === 'server/routes/notifiche.ts' ? 1 : 0
      const found = source.match(/\bsetInterval\s*\(/g)?.length ?? 0
      return found > allowed ? [`${file}: ${found} setInterval`] : []
    })
    expect(offending).toEqual([])
  })
})
