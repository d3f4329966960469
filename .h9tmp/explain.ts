import { sql, type SQL } from 'drizzle-orm'
import { openDatabase } from '../server/db/index'
import { pageOf, csvChunks } from '../server/domain/liste/engine'
import { entiList } from '../server/domain/liste/enti'
import { utentiList } from '../server/domain/liste/utenti'
import { progettiList } from '../server/domain/liste/progetti'
import { programmiList } from '../server/domain/liste/programmi'
import { serviziList } from '../server/domain/servizi-lista'
import { createPrincipalLoader } from '../server/domain/principal'

const defs: Record<string, any> = { ente: entiList, utente: utentiList, progetto: progettiList, programma: programmiList, servizio: serviziList }
const [entity, cf, role, filtroJson, pageStr, mode] = process.argv.slice(2)
const handle = await openDatabase({ dataDir: '/tmp/h9-none', databaseUrl: process.env.DATABASE_URL, seed: false })
const principal = (await createPrincipalLoader(handle.db)(cf!))!
const profilo = principal.profili.find((p) => p.codiceRuolo === role)!
const caller = { principal, codiceRuolo: role!, profilo }
const db = { execute: async (q: SQL) => {
  const r = await handle.db.execute(sql`explain (analyze, buffers) ${q}`) as any
  const lines = r.rows.map((x: any) => x['QUERY PLAN'])
  console.log(mode === 'full' ? lines.join('\n') : lines.filter((l: string) => /Execution|Scan|Rows Removed|Sort Method/.test(l)).join('\n'))
  console.log('----')
  return await handle.db.execute(q)
} } as any
const filtro = filtroJson ? JSON.parse(filtroJson) : undefined
if (mode === 'csv') { let n = 0; for await (const _ of csvChunks(db, defs[entity!], caller, filtro, undefined)) { if (++n > 2) break } }
else await pageOf(db, defs[entity!], caller, filtro, undefined, { currPage: Number(pageStr ?? 0), pageSize: 10 })
await handle.close()
