/**
 * `npm run seed:scale [-- --scale <factor>]` — fills the database of the server's configuration (DATABASE_URL,
 * else the PGlite folder DATA_DIR/pglite; server/config.ts) with a national-scale world (issue 9 point 7), on
 * top of the demo seed: at scale 1, 200 programmes (RFD/SCD), 2,000 projects, 10,000 bodies (6,000 partner
 * rows), 20,000 sites with their address in real comuni (server/data/comuni.json, public/data/province.json),
 * 30,000 users with role profiles (REG/DEG, REGP/DEGP, REPP, DTD, FAC/VOL at a site), 1,000,000 citizens,
 * 3,000,000 services and 5,000,000 citizen–service rows, each with its survey instance. `--scale 0.01` makes
 * everything 1/100 (meant for PGlite).
 *
 * Citizens are stored as the real insert path stores them (server/domain/cittadini-servizio.ts): a random id in
 * [2^52, 2^53), the HMAC of a valid fiscal code with the server's CITIZEN_HASH_SECRET (so the server finds them
 * by fiscal code), the masked code, the gender and age band the code gives. People are built in Node
 * (scripts/seed-scale-people.ts) and inserted in batches; everything else is set-based SQL (generate_series,
 * INSERT … SELECT) with foreign-key triggers off (session_replication_role = replica) while loading; the service
 * counters and the 'Report dati' views are rebuilt at the end.
 *
 * Refuses (exit 1) a database that already holds the scale world (programme codes 'SCALA-…'). Prints the time
 * of each step and the total on stderr.
 */
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../server/config'
import { resolveSharedSecrets } from '../server/shared-secrets'
import { hashFiscalCode } from '../server/db/citizen-hash'
import { CITIZEN_ID_MIN } from '../server/db/citizen-id'
import { openSeededDatabase } from '../server/seed/index'
import { refreshDati } from '../server/domain/dati/refresh'
import type { Database } from '../server/db/types'
import { projectPath } from '../server/paths'
import { CITTADINANZA, STATO_OCCUPAZIONALE, TITOLO_DI_STUDIO } from '../src/api/contract/enums'
import { maskFiscalCode } from '../src/lib/masked-identity'
import { peopleGenerator, pick, rng } from './seed-scale-people'

/** Row counts at scale 1. */
export const FULL = { programmi: 200, progetti: 2000, enti: 10_000, sedi: 20_000, utenti: 30_000, cittadini: 1_000_000, servizi: 3_000_000, serviziCittadini: 5_000_000 }
const DTD_USERS = 20
const CITIZEN_BATCH = 20_000

/** Counts at `scale` (each at least what the world's shape needs). */
export function countsAt(scale: number) {
  const n = (v: number, min: number) => Math.max(min, Math.round(v * scale))
  const programmi = n(FULL.programmi, 2)
  const progetti = n(FULL.progetti, programmi)
  const servizi = n(FULL.servizi, 10)
  return {
    programmi, progetti,
    enti: Math.max(n(FULL.enti, 1), programmi + 4 * progetti),
    sedi: n(FULL.sedi, progetti),
    utenti: Math.max(n(FULL.utenti, 1), 2 * programmi + 5 * progetti + DTD_USERS + progetti),
    cittadini: n(FULL.cittadini, 10),
    servizi,
    serviziCittadini: Math.min(2 * servizi, n(FULL.serviziCittadini, servizi)),
  }
}

type Counts = ReturnType<typeof countsAt>

function parseScale(argv: string[]): number {
  const i = argv.indexOf('--scale')
  if (i < 0) return 1
  const value = Number(argv[i + 1])
  if (!(value > 0 && value <= 1)) throw new Error('--scale vuole un numero tra 0 (escluso) e 1, es. --scale 0.01')
  return value
}

const log = (text: string) => console.error(text)

async function one(db: Database, query: ReturnType<typeof sql>): Promise<Record<string, unknown>> {
  const result = await db.execute(query) as unknown as { rows: Record<string, unknown>[] }
  return result.rows[0] ?? {}
}

/** Runs `statements` in one transaction with foreign-key triggers off; logs the elapsed time under `label`. */
async function step(db: Database, label: string, statements: string[]): Promise<void> {
  const t0 = performance.now()
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local session_replication_role = replica'))
    for (const s of statements) await tx.execute(sql.raw(s))
  })
  log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}

interface Comune { comune: string; sigla: string; provincia: string; regione: string }

function comuni(): Comune[] {
  const data = JSON.parse(readFileSync(projectPath('server/data/comuni.json'), 'utf8')) as { comuni: Record<string, string[]> }
  const province = JSON.parse(readFileSync(projectPath('public/data/province.json'), 'utf8')) as { sigla: string; nome: string; regione: string }[]
  const bySigla = new Map(province.map((p) => [p.sigla, p]))
  const out: Comune[] = []
  for (const [sigla, names] of Object.entries(data.comuni)) {
    const p = bySigla.get(sigla)
    if (!p) continue
    for (const comune of names) out.push({ comune, sigla, provincia: p.nome, regione: p.regione })
  }
  return out
}

/** A JS array as ONE bound parameter (drizzle would expand it into a list). */
const A = (values: readonly unknown[]) => sql.param(values)
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`
const arr = (values: readonly string[]) => `array[${values.map(lit).join(',')}]::text[]`

/** The set-based SQL of the administrative world and the services (ids offset by the current maxima). */
function worldSql(c: Counts, base: Record<string, number>, tmpl: { rfd: string; scd: string }): [string, string[]][] {
  const { programmi: P, progetti: PR, enti: E, sedi: S } = c
  const be = base.ente, bp = base.programma, bpr = base.progetto, bs = base.sede, bu = base.utente
  const gestorePrg = (i: string) => `${be} + ${i}`
  const gestorePrgt = (j: string) => `${be} + ${P} + ${j}`
  const partner = (j: string, k: string) => `${be} + ${P} + ${PR} + (${j} - 1) * 3 + ${k}`
  const nComuni = `(select count(*) from _scala_comuni)`
  const F = c.utenti - 2 * P - 5 * PR - DTD_USERS
  const uFac = 2 * P + 5 * PR + DTD_USERS // users before the facilitators
  return [
    ['enti', [
      `insert into ente (id, nome, nome_breve, partita_iva, tipologia, sede_legale, indirizzo_pec)
       select ${be} + i, t.tipo || ' ' || c.comune || ' n. ' || i, left(t.breve || ' ' || c.comune, 40) || ' ' || i,
         lpad((20000000000 + i * 7)::text, 11, '0'), t.tipo, c.comune || ' (' || c.sigla || ')', 'ente' || i || '@pec.esempio.it'
       from generate_series(1, ${E}) i
       join _scala_comuni c on c.n = (i * 37) % ${nComuni}
       join (select * from unnest(${arr(['Comune di', 'Associazione Digitale', 'Cooperativa sociale Punto Rete', 'Istituto comprensivo', 'Biblioteca civica'])},
         ${arr(['Comune', 'Ass. Digitale', 'Coop. Punto Rete', 'IC', 'Biblioteca'])}, array[0,1,2,3,4]) as x(tipo, breve, k)) t on t.k = i % 5`,
      `select setval(pg_get_serial_sequence('ente', 'id'), (select max(id) from ente))`,
    ]],
    ['programmi', [
      `insert into programma (id, nome, nome_breve, codice, policy, cup, id_ente_gestore_programma, stato_gestore_programma, stato,
         data_inizio_programma, data_fine_programma, data_ora_attivazione_programma)
       select ${bp} + i, (case when i % 5 = 0 then 'Servizio civile digitale ' else 'Rete dei servizi di facilitazione digitale ' end) || r.regione || ' ' || i,
         (case when i % 5 = 0 then 'SCD ' else 'RFD ' end) || left(r.regione, 20) || ' ' || i, 'SCALA-' || i,
         case when i % 5 = 0 then 'SCD' else 'RFD' end, 'J' || lpad(i::text, 14, '0'), ${gestorePrg('i')}, 'ATTIVO',
         case when i % 10 = 9 then 'NON ATTIVO' else 'ATTIVO' end, date '2022-01-01' + (i % 365), date '2026-12-31' + (i % 365),
         case when i % 10 = 9 then null else timestamptz '2022-06-01 09:00+00' + make_interval(days => i % 300) end
       from generate_series(1, ${P}) i
       join (select row_number() over (order by regione) - 1 as k, regione from (select distinct regione from _scala_comuni) d) r
         on r.k = i % (select count(distinct regione) from _scala_comuni)`,
      `insert into programma_x_questionario_template (id_programma, id_questionario_template, stato)
       select id, case when policy = 'SCD' then ${lit(tmpl.scd)}::uuid else ${lit(tmpl.rfd)}::uuid end, 'ATTIVO' from programma where id > ${bp}`,
      `select setval(pg_get_serial_sequence('programma', 'id'), (select max(id) from programma))`,
    ]],
    ['progetti', [
      `insert into progetto (id, nome, nome_breve, id_programma, id_ente_gestore_progetto, stato_gestore_progetto, stato, cup,
         data_inizio_progetto, data_fine_progetto, data_ora_attivazione)
       select ${bpr} + j, 'Punti di facilitazione ' || c.comune || ' ' || j, 'PF ' || left(c.comune, 30) || ' ' || j,
         ${bp} + 1 + (j - 1) % ${P}, ${gestorePrgt('j')}, 'ATTIVO', case when j % 20 = 7 then 'ATTIVABILE' else 'ATTIVO' end,
         'K' || lpad(j::text, 14, '0'), date '2023-01-01' + (j % 200), date '2026-06-30' + (j % 200),
         timestamptz '2023-03-01 09:00+00' + make_interval(days => j % 200)
       from generate_series(1, ${PR}) j join _scala_comuni c on c.n = (j * 53) % ${nComuni}`,
      `insert into ente_partner (id_progetto, id_ente, stato_ente_partner)
       select ${bpr} + j, ${partner('j', 'k')}, 'ATTIVO' from generate_series(1, ${PR}) j cross join generate_series(1, 3) k`,
      `select setval(pg_get_serial_sequence('progetto', 'id'), (select max(id) from progetto))`,
    ]],
    ['sedi', [
      `insert into sede (id, nome, descrizione, servizi_erogati, regione, provincia, comune, via, civico, cap)
       select ${bs} + k, 'Punto digitale ' || c.comune || ' ' || k, 'Sede di facilitazione a ' || c.comune,
         'Facilitazione individuale, formazione', c.regione, c.sigla, c.comune,
         (array['Via Roma', 'Piazza Garibaldi', 'Corso Italia', 'Via Mazzini', 'Via Verdi', 'Piazza del Municipio'])[1 + k % 6],
         (1 + k % 180)::text, lpad(((k * 13) % 99999)::text, 5, '0')
       from generate_series(1, ${S}) k join _scala_comuni c on c.n = (k * 101) % ${nComuni}`,
      `insert into indirizzo_sede (id_sede, regione, provincia, comune, via, civico, cap)
       select id, regione, provincia, comune, via, civico, cap from sede where id > ${bs}`,
      `insert into ente_sede_progetto (id_ente, id_sede, id_progetto, ruolo_ente, stato_sede, data_attivazione_sede)
       select case when r = 0 then ${gestorePrgt('j')} else ${partner('j', 'r')} end, ${bs} + k, ${bpr} + j,
         case when r = 0 then 'gestore' else 'partner' end, 'ATTIVO', timestamptz '2023-04-01 09:00+00'
       from (select k, 1 + (k - 1) % ${PR} as j, ((k - 1) / ${PR}) % 4 as r from generate_series(1, ${S}) k) x`,
      `select setval(pg_get_serial_sequence('sede', 'id'), (select max(id) from sede))`,
      `select setval(pg_get_serial_sequence('indirizzo_sede', 'id'), (select max(id) from indirizzo_sede))`,
    ]],
    ['profili utenti', [
      // u = id − bu: 1..2P referents/delegates of programmes, then 2PR of projects, 3PR partner referents, DTD, facilitators
      `insert into utente_x_ruolo (id_utente, codice_ruolo)
       select ${bu} + u, case
         when u <= ${2 * P} then case when u % 2 = 1 then 'REG' else 'DEG' end
         when u <= ${2 * P + 2 * PR} then case when u % 2 = 1 then 'REGP' else 'DEGP' end
         when u <= ${2 * P + 5 * PR} then 'REPP'
         when u <= ${uFac} then 'DTD'
         else (select case when pg.policy = 'SCD' then 'VOL' else 'FAC' end from progetto pr join programma pg on pg.id = pr.id_programma
               where pr.id = ${bpr} + 1 + ((((u - ${uFac} - 1) % ${S}) + 1) - 1) % ${PR}) end
       from generate_series(1, ${c.utenti}) u`,
      `insert into referente_delegati_gestore_programma (id_programma, id_utente, id_ente, codice_ruolo, stato_utente)
       select ${bp} + 1 + (u - 1) / 2, ${bu} + u, ${gestorePrg(`(1 + (u - 1) / 2)`)}, case when u % 2 = 1 then 'REG' else 'DEG' end, 'ATTIVO'
       from generate_series(1, ${2 * P}) u`,
      `insert into referente_delegati_gestore_progetto (id_progetto, id_utente, id_ente, codice_ruolo, stato_utente)
       select ${bpr} + 1 + (v - 1) / 2, ${bu} + ${2 * P} + v, ${gestorePrgt(`(1 + (v - 1) / 2)`)}, case when v % 2 = 1 then 'REGP' else 'DEGP' end, 'ATTIVO'
       from generate_series(1, ${2 * PR}) v`,
      `insert into referente_delegati_partner (id_progetto, id_utente, id_ente, codice_ruolo, stato_utente)
       select ${bpr} + 1 + (v - 1) / 3, ${bu} + ${2 * P + 2 * PR} + v, ${partner(`(1 + (v - 1) / 3)`, `(1 + (v - 1) % 3)`)}, 'REPP', 'ATTIVO'
       from generate_series(1, ${3 * PR}) v`,
      `insert into ente_sede_progetto_facilitatore (id_ente, id_sede, id_progetto, id_facilitatore, ruolo_utente, stato_utente, data_ora_attivazione)
       select esp.id_ente, esp.id_sede, esp.id_progetto, ${bu} + ${uFac} + f, r.codice_ruolo, 'ATTIVO', timestamptz '2023-05-01 09:00+00'
       from generate_series(1, ${F}) f
       join ente_sede_progetto esp on esp.id_sede = ${bs} + 1 + (f - 1) % ${S}
       join utente_x_ruolo r on r.id_utente = ${bu} + ${uFac} + f`,
      `create table _scala_fac as
       select row_number() over (order by f.id_facilitatore) - 1 as n, f.id_facilitatore, f.id_ente, f.id_sede, f.id_progetto, t.id_questionario_template as tmpl
       from ente_sede_progetto_facilitatore f join progetto p on p.id = f.id_progetto
       join programma_x_questionario_template t on t.id_programma = p.id_programma and t.stato = 'ATTIVO'
       where f.id_facilitatore > ${bu}`,
      `alter table _scala_fac add primary key (n)`,
    ]],
  ]
}

/** Services, their types, the citizen–service rows and their survey instances. */
function servicesSql(c: Counts, bsv: number): [string, string[]][] {
  const q3 = `jsonb_build_object('id', 'anagraphic-service-section', 'title', 'Informazioni sul servizio', 'properties', jsonb_build_array(
      jsonb_build_object('22', jsonb_build_array(to_char(d, 'YYYY-MM-DD'))), jsonb_build_object('23', jsonb_build_array(durata)),
      jsonb_build_object('24', jsonb_build_array(tipo)), jsonb_build_object('25', jsonb_build_array('Sicurezza')),
      jsonb_build_object('26', jsonb_build_array('Proteggere i dispositivi (es.: impostare e gestire password, riconoscere ed evitare i messaggi di phishing)')),
      jsonb_build_object('27', jsonb_build_array('App IO')), jsonb_build_object('28', jsonb_build_array(nome))))`
  return [
    ['servizi', [
      `insert into servizio (id, nome, data_servizio, durata_servizio, tipologia_servizio, stato, id_ente, id_sede, id_progetto, id_facilitatore,
         sezione_q3_compilato, id_questionario_template_snapshot, data_ora_creazione, data_ora_aggiornamento)
       select id, nome, d, durata, tipo, 'ATTIVO', id_ente, id_sede, id_progetto, id_facilitatore, ${q3}, tmpl, d + time '10:00', d + time '12:00'
       from (select ${bsv} + i as id,
           (array['Sportello SPID e app IO', 'Fascicolo sanitario elettronico', 'Pagamenti con pagoPA', 'Prenotazioni sanitarie online',
                  'Posta elettronica e PEC', 'Sicurezza online e password', 'Videochiamate con i familiari', 'Servizi INPS online'])[1 + i % 8] as nome,
           date '2023-01-01' + ((i::bigint * 7919) % 1400)::int as d, (array['0:30', '1:00', '1:30', '2:00'])[1 + i % 4] as durata,
           (array['Facilitazione individuale', 'Facilitazione individuale', 'Facilitazione di gruppo', 'Formazione in presenza', 'Formazione online'])[1 + i % 5] as tipo,
           f.id_ente, f.id_sede, f.id_progetto, f.id_facilitatore, f.tmpl
         from generate_series(1, ${c.servizi}) i join _scala_fac f on f.n = (i - 1) % (select count(*) from _scala_fac)) s`,
      `select setval(pg_get_serial_sequence('servizio', 'id'), (select max(id) from servizio))`,
    ]],
    ['tipologie dei servizi', [
      `insert into tipologia_servizio (titolo, id_servizio, data_ora_creazione, data_ora_aggiornamento)
       select tipologia_servizio, id, data_ora_creazione, data_ora_creazione from servizio where id > ${bsv}`,
    ]],
    ['servizi × cittadini', [
      `insert into servizio_x_cittadino (id_cittadino, id_servizio, data_ora_creazione, data_ora_aggiornamento)
       select ct.id, ${bsv} + 1 + s, ts, ts from (
         select k % ${c.servizi} as s, k / ${c.servizi} as j, timestamptz '2023-01-01 10:00+00' + make_interval(days => (((k % ${c.servizi} + 1)::bigint * 7919) % 1400)::int) as ts
         from generate_series(0, ${c.serviziCittadini - 1}) k) x
       join _scala_cit ct on ct.n = ((s * 7 + j * 500009) % ${c.cittadini})`,
    ]],
    ['questionari', [
      `insert into questionario_compilato (id_questionario_template, id_cittadino, id_facilitatore, id_sede, id_ente, id_progetto, id_servizio,
         stato, sezioni, data_ora_creazione, data_ora_aggiornamento)
       select s.id_questionario_template_snapshot, sc.id_cittadino, s.id_facilitatore, s.id_sede, s.id_ente, s.id_progetto, s.id,
         case when (sc.id_cittadino % 10) < 6 then 'COMPILATA' when (sc.id_cittadino % 10) < 8 then 'INVIATO' else 'NON_COMPILATA' end,
         jsonb_build_array(s.sezione_q3_compilato), sc.data_ora_creazione, sc.data_ora_creazione
       from servizio_x_cittadino sc join servizio s on s.id = sc.id_servizio where s.id > ${bsv}`,
    ]],
  ]
}

/** Inserts the users (valid fiscal codes) with ids bu+1…; returns nothing. */
async function insertUsers(db: Database, c: Counts, bu: number, at: Date): Promise<void> {
  const existing = await db.execute(sql`select codice_fiscale from utente`) as unknown as { rows: { codice_fiscale: string }[] }
  const next = peopleGenerator(9, at, 25, 66, new Set(existing.rows.map((r) => r.codice_fiscale)))
  const r = rng(10)
  for (let start = 0; start < c.utenti; start += CITIZEN_BATCH) {
    const ids: number[] = [], cf: string[] = [], nome: string[] = [], cognome: string[] = [], email: string[] = [], tel: string[] = []
    for (let i = start; i < Math.min(c.utenti, start + CITIZEN_BATCH); i++) {
      const p = next()
      ids.push(bu + i + 1); cf.push(p.codiceFiscale); nome.push(p.nome); cognome.push(p.cognome)
      email.push(`${p.nome}.${p.cognome}.${bu + i + 1}@esempio.it`.toLowerCase().replace(/[^a-z0-9.@]/g, ''))
      tel.push(`3${String(Math.floor(r() * 1e9)).padStart(9, '0')}`)
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local session_replication_role = replica'))
      await tx.execute(sql`insert into utente (id, codice_fiscale, nome, cognome, email, telefono, stato, consenso_dati, data_ora_consenso_dati, integrazione)
        select id, cf, n, c, e, t, 'ATTIVO', true, now(), true
        from unnest(${A(ids)}::int[], ${A(cf)}::text[], ${A(nome)}::text[], ${A(cognome)}::text[], ${A(email)}::text[], ${A(tel)}::text[]) as x(id, cf, n, c, e, t)`)
    })
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('utente', 'id'), (select max(id) from utente))`)
}

/** Inserts the citizens (random ids, keyed hashes of valid fiscal codes) and the `_scala_cit(n, id)` map. */
async function insertCitizens(db: Database, c: Counts, secret: string, at: Date): Promise<void> {
  const next = peopleGenerator(11, at, 14, 95)
  const r = rng(12)
  const province = (JSON.parse(readFileSync(projectPath('public/data/province.json'), 'utf8')) as { nome: string }[]).map((p) => p.nome)
  const usedIds = new Set<number>()
  await db.execute(sql.raw('create table _scala_cit (n int primary key, id bigint not null)'))
  for (let start = 0; start < c.cittadini; start += CITIZEN_BATCH) {
    const cols = { n: [] as number[], id: [] as string[], hash: [] as string[], mask: [] as string[], genere: [] as string[], fascia: [] as number[],
      titolo: [] as string[], occ: [] as string[], citt: [] as string[], prov: [] as string[], consenso: [] as string[], data: [] as string[] }
    for (let i = start; i < Math.min(c.cittadini, start + CITIZEN_BATCH); i++) {
      const p = next()
      let id: number
      do id = CITIZEN_ID_MIN + Math.floor(r() * CITIZEN_ID_MIN); while (usedIds.has(id))
      usedIds.add(id)
      cols.n.push(i); cols.id.push(String(id)); cols.hash.push(hashFiscalCode(p.codiceFiscale, secret)); cols.mask.push(maskFiscalCode(p.codiceFiscale) ?? '')
      cols.genere.push(p.genere); cols.fascia.push(p.fasciaDiEtaId); cols.titolo.push(pick(r, TITOLO_DI_STUDIO)); cols.occ.push(pick(r, STATO_OCCUPAZIONALE))
      cols.citt.push(r() < 0.9 ? CITTADINANZA[0] : pick(r, CITTADINANZA)); cols.prov.push(pick(r, province))
      cols.consenso.push(r() < 0.8 ? 'CARTACEO' : 'ONLINE')
      cols.data.push(new Date(Date.UTC(2023, 0, 1) + Math.floor(r() * 1400) * 86_400_000).toISOString())
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local session_replication_role = replica'))
      await tx.execute(sql`insert into cittadino (id, codice_fiscale_hash, identificativo_mascherato, genere, fascia_di_eta_id, titolo_di_studio, occupazione,
          cittadinanza, provincia_di_domicilio, tipo_conferimento_consenso, data_conferimento_consenso, data_ora_creazione, data_ora_aggiornamento)
        select id, h, m, g, f, t, o, c, p, tc, dc, dc, dc
        from unnest(${A(cols.id)}::bigint[], ${A(cols.hash)}::text[], ${A(cols.mask)}::text[], ${A(cols.genere)}::text[], ${A(cols.fascia)}::int[], ${A(cols.titolo)}::text[],
          ${A(cols.occ)}::text[], ${A(cols.citt)}::text[], ${A(cols.prov)}::text[], ${A(cols.consenso)}::text[], ${A(cols.data)}::timestamptz[]) as x(id, h, m, g, f, t, o, c, p, tc, dc)`)
      await tx.execute(sql`insert into _scala_cit (n, id) select * from unnest(${A(cols.n)}::int[], ${A(cols.id)}::bigint[])`)
    })
    if ((start / CITIZEN_BATCH) % 10 === 9) log(`    cittadini: ${start + CITIZEN_BATCH}`)
  }
}

/** Seeds the scale world; resolves with the elapsed seconds. Rejects when the world is already there. */
export async function seedScale(db: Database, scale: number, secret: string): Promise<number> {
  const t0 = performance.now()
  const already = await one(db, sql`select count(*)::int as n from programma where codice like 'SCALA-%'`)
  if (Number(already.n) > 0) {
    throw new Error('Il database contiene già i dati di scala (programmi SCALA-…): usa un database vuoto (solo migrazioni e dati dimostrativi).')
  }
  const c = countsAt(scale)
  log(`seed:scale ×${scale}: ${JSON.stringify(c)}`)
  const base: Record<string, number> = {}
  for (const t of ['ente', 'programma', 'progetto', 'sede', 'utente', 'servizio']) {
    base[t] = Number((await one(db, sql.raw(`select coalesce(max(id), 0)::int as n from ${t}`))).n)
  }
  const tmplRow = await one(db, sql`select (select id::text from questionario_template where default_rfd) as rfd, (select id::text from questionario_template where default_scd) as scd`)
  const tmpl = { rfd: String(tmplRow.rfd), scd: String(tmplRow.scd) }
  const all = comuni()
  await db.execute(sql.raw('drop table if exists _scala_comuni, _scala_fac, _scala_cit'))
  await db.execute(sql.raw('create table _scala_comuni (n int primary key, comune text, sigla text, provincia text, regione text)'))
  await db.execute(sql`insert into _scala_comuni select n - 1, c, s, p, r from unnest(${A(all.map((x) => x.comune))}::text[], ${A(all.map((x) => x.sigla))}::text[],
    ${A(all.map((x) => x.provincia))}::text[], ${A(all.map((x) => x.regione))}::text[]) with ordinality as x(c, s, p, r, n)`)
  const at = new Date()
  let t = performance.now()
  await insertUsers(db, c, base.utente as number, at)
  log(`  utenti: ${((performance.now() - t) / 1000).toFixed(1)} s`)
  for (const [label, statements] of worldSql(c, base, tmpl)) await step(db, label, statements)
  t = performance.now()
  await insertCitizens(db, c, secret, at)
  log(`  cittadini: ${((performance.now() - t) / 1000).toFixed(1)} s`)
  for (const [label, statements] of servicesSql(c, base.servizio as number)) await step(db, label, statements)
  await db.execute(sql.raw('drop table _scala_comuni, _scala_fac, _scala_cit'))
  // the triggers were off while loading: rebuild the service counters (migrations 0009, 0010) and bump the principal
  // generation once (server/auth/principal-cache.ts)
  await step(db, 'conteggi dei servizi', [
    'delete from servizio_conteggio',
    `insert into servizio_conteggio (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, n)
     select id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*) from servizio group by 1, 2, 3, 4, 5`,
    // per folded name too (migration 0010: the services list counts a name search here)
    'delete from servizio_conteggio_ricerca',
    `insert into servizio_conteggio_ricerca (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, n)
     select id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*) from servizio group by 1, 2, 3, 4, 5, 6`,
  ])
  await db.execute(sql.raw('update principal_generation set gen = gen + 1'))
  // the 'Report dati' views (migration 0012) as of the loaded world, as the service counters above: otherwise the
  // first server start finds them stale and refreshes them at once, and on PGlite every request of its first
  // seconds waits for it (issue 24 point 25: the first list the bench measured, the DTD's programmes)
  t = performance.now()
  await refreshDati(db, { concurrently: false })
  log(`  report dati: ${((performance.now() - t) / 1000).toFixed(1)} s`)
  t = performance.now()
  // statistics, and the visibility map that lets covering indexes answer without the table
  await db.execute(sql.raw('vacuum (analyze)'))
  log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`)
  return (performance.now() - t0) / 1000
}

async function main(): Promise<void> {
  const scale = parseScale(process.argv.slice(2))
  const config = loadConfig(process.env)
  log(config.databaseUrl ? 'seed:scale su PostgreSQL (DATABASE_URL)' : `seed:scale su PGlite (${config.dataDir}/pglite)`)
  const handle = await openSeededDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    // PostgreSQL: the citizen hash secret the server processes share (server/shared-secrets.ts)
    const { citizenHashSecret } = await resolveSharedSecrets(config, handle)
    const seconds = await seedScale(handle.db, scale, citizenHashSecret)
    console.log(`seed_scale_s: ${seconds.toFixed(1)} s`)
  } finally {
    await handle.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? `${err.message.slice(0, 2000)}${err.cause instanceof Error ? `\n${err.cause.message}` : ''}` : err)
    process.exit(1)
  })
}
