/**
 * Issue 12 point 5: `search_p95_ms`, the p95 of `GET /api/search/{board|community|document}/items?keys=…`
 * over 100,000 community contents (BENCH_SEARCH_ITEMS), in process (the real app through `inject`, so
 * the figure is the server's: routing, access control, full-text query, ranking, 24 results with their
 * joins), on PGlite in a fresh temp folder. The contents are generated in SQL from an Italian word list
 * (titles of 4 words, texts of 30), spread over the three sections, programmes and interventions; the
 * searches are 100 (BENCH_SEARCH_RUNS) one- and two-word queries, inflected and accented, as a facilitator
 * (audience-scoped) and as the DTD, after 5 warm-ups. Target ≤ 100 ms. BENCH_SEARCH_DATA_DIR keeps the generated
 * database in that folder and reuses it (experiments).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { importJWK, SignJWT, type JWK } from 'jose'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openSeededDatabase } from '../server/seed/index'
import { communityItem } from '../server/db/schema'
import type { Database } from '../server/db/types'
import { createPrincipalLoader } from '../server/domain/principal'

const ITEMS = Number(process.env.BENCH_SEARCH_ITEMS ?? 100_000)
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 100)
const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`)
const note = (text: string) => console.error(`  ${text}`)

const WORDS = [
  'facilitazione', 'facilitatori', 'cittadini', 'digitale', 'competenze', 'servizi', 'pubblici', 'identità', 'accesso',
  'formazione', 'comunità', 'università', 'biblioteca', 'sportello', 'anziani', 'giovani', 'scuola', 'lavoro', 'sanità',
  'fascicolo', 'elettronico', 'pagamenti', 'sicurezza', 'informatica', 'password', 'posta', 'certificata', 'domanda',
  'risposta', 'evento', 'incontro', 'laboratorio', 'guida', 'modulo', 'progetto', 'programma', 'rete', 'territorio',
  'comune', 'regione', 'attività', 'esperienza', 'strumento', 'applicazione', 'telefono', 'computer', 'internet',
  'navigazione', 'ricerca', 'prenotazione', 'appuntamento', 'assistenza', 'volontari', 'inclusione', 'divario',
]
const QUERIES = [
  'facilitazioni', 'cittadino', 'competenza digitale', 'universita', 'identita digitale', 'biblioteche', 'sportelli',
  'anziano', 'formazioni', 'pagamento', 'posta certificata', 'laboratori', 'guide', 'progetti', 'attivita', 'esperienze',
  'prenotazioni', 'volontario', 'inclusione digitale', 'sicurezza informatica',
]

/** p-th percentile (nearest rank). */
function percentile(values: number[], p: number): number {
  const v = [...values].sort((a, b) => a - b)
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))] as number
}

/** Inserts ITEMS generated contents (module docstring), then analyzes the table. */
async function generate(db: Database): Promise<void> {
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`
  const n = WORDS.length
  await db.execute(sql.raw(`
    insert into community_item (item_type, title, testo, descrizione, id_autore, codice_ruolo_autore, id_categoria, id_programma, intervento, created_at)
    select t.item_type, t.title, t.testo, '<p>' || t.testo || '</p>', (select min(id) from utente), 'DTD',
      (select min(c.id) from community_category c where c.type = case t.item_type when 'board_item' then 'board_categories' when 'document_item' then 'document_categories' else 'community_categories' end),
      case when t.item_type = 'community_item' or i % 4 = 0 then null else (select min(p.id) + i % 3 from programma p) end,
      case when t.item_type = 'community_item' or i % 4 = 0 then null else (select p.policy from programma p order by p.id offset i % 3 limit 1) end,
      now() - (i || ' minutes')::interval
    from (
      select i, (array['board_item','community_item','document_item'])[1 + i % 3] as item_type,
        left(array_to_string(array(select (${words})[1 + ((i * 7 + k * 13 + (i / 97)) % ${n})] from generate_series(1, 4) k), ' '), 55) as title,
        array_to_string(array(select (${words})[1 + ((i * 31 + k * 17 + k * k + (i / 13)) % ${n})] from generate_series(1, 30) k), ' ') as testo
      from generate_series(1, ${ITEMS}) i
    ) t
  `))
  await db.execute(sql.raw('analyze community_item'))
}

/** Prints `search_p95_ms` (module docstring). */
export async function measureSearch(): Promise<void> {
  // BENCH_SEARCH_DATA_DIR: keep the generated PGlite folder there and reuse it on the next run
  const kept = process.env.BENCH_SEARCH_DATA_DIR
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'pd-bench-search-'))
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', STATIC_DIR: join(dataDir, 'no-build'), PUBLIC_URL: 'http://127.0.0.1:18512' }
  const config = loadConfig(env)
  const database = await openSeededDatabase({ dataDir: config.dataDir })
  try {
    const t0 = performance.now()
    const [existing] = await database.db.select({ n: sql<number>`count(*)::int` }).from(communityItem)
    if (Number(existing?.n ?? 0) < ITEMS) await generate(database.db)
    note(`${ITEMS} contenuti pronti in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

    const app = await buildApp({ config, database })
    await app.ready()
    try {
      const { keys } = JSON.parse(readFileSync(join(dataDir, 'oidc-jwks.json'), 'utf8')) as { keys: JWK[] }
      const key = keys[0] as JWK
      const sign = async (cf: string) => {
        const now = Math.floor(Date.now() / 1000)
        return new SignJWT({ fiscalNumber: `TINIT-${cf}` }).setProtectedHeader({ alg: 'RS256', kid: key.kid })
          .setIssuer(config.oidc.issuer).setAudience(config.oidc.clientId).setSubject(cf).setIssuedAt(now).setExpirationTime(now + 3600)
          .sign(await importJWK(key, 'RS256'))
      }
      const load = createPrincipalLoader(database.db)
      const fac = await load('RMNSRA92E51A944H')
      const facProfile = fac?.profili.find((p) => p.codiceRuolo === 'FAC')
      const callers = [
        { token: await sign('RMNSRA92E51A944H'), role: 'FAC', qs: `&idProgramma=${facProfile?.idProgramma}&idProgetto=${facProfile?.idProgetto}&idEnte=${facProfile?.idEnte}` },
        { token: await sign('FRRGLI78C54H501Q'), role: 'DTD', qs: '' },
      ]
      const sections = ['board', 'community', 'document']
      const times: number[] = []
      let results = 0
      for (let r = -5; r < RUNS; r++) {
        const who = callers[Math.abs(r) % 2] as (typeof callers)[number]
        const q = QUERIES[Math.abs(r) % QUERIES.length] as string
        const section = sections[Math.abs(r) % 3] as string
        const start = performance.now()
        const res = await app.inject({
          method: 'GET', url: `/api/search/${section}/items?keys=${encodeURIComponent(q)}${who.qs}`,
          headers: { authToken: who.token, userRole: who.role },
        })
        const ms = performance.now() - start
        if (res.statusCode !== 200) throw new Error(`search ${q}: ${res.statusCode} ${res.body.slice(0, 200)}`)
        if (r >= 0) {
          if (process.env.BENCH_SEARCH_VERBOSE) note(`${ms.toFixed(1)} ms ${who.role} ${section} "${q}"`)
          times.push(ms)
          results += (res.json() as { items: unknown[] }).items.length
        }
      }
      line('search_p95_ms', percentile(times, 95).toFixed(1), 'ms')
      note(`ricerca: ${RUNS} richieste, mediana ${percentile(times, 50).toFixed(1)} ms, ${(results / RUNS).toFixed(1)} risultati in media`)
    } finally {
      await app.close()
    }
  } finally {
    await database.close()
    if (!kept) rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureSearch()
