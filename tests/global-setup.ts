/**
 * vitest global setup: migrates and seeds, once per run, the database every server test starts from
 * (tests/server/test-database.ts). PGlite: the data directory dumped to a temporary file. PostgreSQL
 * (`DATABASE_URL`): a template database on that server, dropped at the end of the run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openSeededDatabase } from '../server/seed/index'
import { adminQuery, databaseUrl } from './server/test-database'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = `pd_test_template_${process.pid}`
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await adminQuery(url, `CREATE DATABASE ${name}`)
    const handle = await openSeededDatabase({ dataDir: 'memory://', databaseUrl: databaseUrl(url, name) })
    await handle.close()
    project.provide('pgTemplate', name)
    return async () => { await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
  }
  const handle = await openSeededDatabase({ dataDir: 'memory://' })
  const dump = await handle.dumpDataDir!()
  await handle.close()
  const dir = mkdtempSync(join(tmpdir(), 'pd-template-'))
  const file = join(dir, 'pglite.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return async () => { rmSync(dir, { recursive: true, force: true }) }
}
