// @vitest-environment node
/**
 * Issue 25 point 3: no answer grows with the data without a bound. Each test fills one list beyond its
 * bound (rows inserted in SQL, set-based) and asks for it: the answer holds the bound (and says it was cut)
 * or is refused with the catalogue's 4xx, never the whole table. The bounds are those of docs/limiti-api.md.
 */
import { eq, sql } from 'drizzle-orm'
import { job } from '../../../server/db/schema'
import type { JobQueue } from '../../../server/jobs/coda'
import { generaSuRichiesta } from '../../../server/domain/opendata/calendario'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMENTS_MAX } from '../../../server/domain/community/comments'
import { TAGS_MAX } from '../../../server/domain/community/items'
import { SCHEDA_ELENCO_MAX } from '../../../server/domain/amministrazione/programma-sedi'
import { DROPDOWN_MAX, rowsOf } from '../../../server/domain/liste/engine'
import { RIEPILOGO_UTILIZZO_MAX } from '../../../server/domain/profile-utilizzo'
import { INVIA_A_TUTTI_MAX } from '../../../server/domain/questionari/istanze'
import { schedaCittadino, SERVIZI_CITTADINO_MAX } from '../../../server/domain/cittadini-registro'
import { createPrincipalLoader } from '../../../server/domain/principal'
import type { Caller } from '../../../server/domain/profile'
import { createTestServer, type TestServer } from '../helpers'
import { communityCalls, type CommunityCalls } from '../community/attori'
import { actor, call, CF, createService, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { registraCittadino } from '../scenari'

let server: TestServer
let community: CommunityCalls
let dtd: Actor
let sara: Actor

const exec = (query: ReturnType<typeof sql>) => server.database.db.execute(query)
const one = async (query: ReturnType<typeof sql>) => (await rowsOf(server.database.db, query))[0] as Record<string, unknown>

beforeAll(async () => {
  server = await createTestServer()
  community = communityCalls(server)
  dtd = await actor(server, CF.DTD, 'DTD')
  sara = await actor(server, CF.SARA, 'FAC')
})
afterAll(() => server?.close())

describe('community', () => {
  it(`lists at most the ${COMMENTS_MAX} most recent comments of an item, with how many there are`, async () => {
    const reg = await community.actor(CF.REG_LOM, 'REG')
    const cats = (await community.get(reg, '/category/retrieve?term_type=board_categories')).json() as { items: { id: number }[] }
    const created = await community.post(reg, '/board/item/create', {
      title: 'Molti commenti', program: reg.ids.idProgramma, intervention: 'RFD', category: cats.items[0]!.id, enable_comments: true, description: 'Testo',
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = (created.json() as { id: number }).id
    const n = COMMENTS_MAX + 5
    await exec(sql`insert into community_comment (id_item, id_autore, body, created_at)
      select ${id}, ${reg.userId}, 'commento ' || lpad(i::text, 4, '0'), now() - make_interval(secs => ${n} - i) from generate_series(1, ${n}) i`)
    const res = await community.get(reg, `/item/${id}/comments/user/${reg.userId}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { items: { comment_body: string }[]; total_items: number }
    expect(body.total_items).toBe(n)
    expect(body.items).toHaveLength(COMMENTS_MAX)
    // the most recent ones, oldest first
    expect(body.items[0]!.comment_body).toBe('commento 0006')
    expect(body.items.at(-1)!.comment_body).toBe(`commento ${String(n).padStart(4, '0')}`)
  })

  it(`answers at most ${TAGS_MAX} topic tags, deduplicated and sorted`, async () => {
    const fac = await community.actor(CF.ALESSANDRO, 'FAC')
    const cats = (await community.get(fac, '/category/retrieve?term_type=community_categories')).json() as { items: { id: number }[] }
    const topic = await community.post(fac, '/community/item/create', { title: 'Etichette', category: cats.items[0]!.id, description: 'Molte etichette', tags: 'uno' })
    expect(topic.statusCode, topic.body).toBe(201)
    const id = (topic.json() as { id: number }).id
    // 600 distinct tags (each twice) on one topic
    await exec(sql`update community_item set tags = (select string_agg('etichetta ' || lpad((i % 600)::text, 3, '0'), ';') from generate_series(0, 1199) i) where id = ${id}`)
    const res = await community.get(fac, '/tags/retrieve')
    expect(res.statusCode, res.body).toBe(200)
    const names = (res.json() as { items: { name: string }[] }).items.map((t) => t.name)
    expect(names).toHaveLength(TAGS_MAX)
    expect(new Set(names).size).toBe(TAGS_MAX)
    expect(names.slice(0, 2)).toEqual(['etichetta 000', 'etichetta 001'])
  })
})

describe('administration', () => {
  let idProgramma: number
  let idProgetto: number

  beforeAll(async () => {
    idProgramma = sara.ids.idProgramma as number
    idProgetto = sara.ids.idProgetto as number
    const idEnte = sara.ids.idEnte as number
    // SCHEDA_ELENCO_MAX + 1 more body-sites in Sara's project, named to sort after the seeded ones
    await exec(sql`insert into sede (nome) select 'zz Sede limite ' || lpad(i::text, 4, '0') from generate_series(1, ${SCHEDA_ELENCO_MAX + 1}) i`)
    await exec(sql`insert into ente_sede_progetto (id_ente, id_sede, id_progetto, ruolo_ente)
      select ${idEnte}, id, ${idProgetto}, 'partner' from sede where nome like 'zz Sede limite %'`)
  })

  it(`lists at most ${SCHEDA_ELENCO_MAX} body-sites of a programme and of a project, with their facilitators and the total`, async () => {
    const total = Number((await one(sql`select count(*)::int as n from ente_sede_progetto esp join progetto p on p.id = esp.id_progetto where p.id_programma = ${idProgramma}`)).n)
    expect(total).toBeGreaterThan(SCHEDA_ELENCO_MAX)
    const res = await call(server, dtd, 'POST', `/api/programma/${idProgramma}/sedi`)
    expect(res.statusCode, res.body).toBe(200)
    const sedi = res.json() as { sedi: { nome: string; facilitatori: { idUtente: number }[] }[]; totale: number }
    expect(sedi.sedi).toHaveLength(SCHEDA_ELENCO_MAX)
    expect(sedi.totale).toBe(total)
    // the seeded body-sites come first and keep their people (Sara works in one of them)
    expect(sedi.sedi.some((s) => s.facilitatori.some((f) => f.idUtente === sara.userId))).toBe(true)
    expect(sedi.sedi.filter((s) => s.nome.startsWith('zz ')).every((s) => s.facilitatori.length === 0)).toBe(true)

    const card = await call(server, dtd, 'POST', `/api/progetto/${idProgetto}`)
    expect(card.statusCode, card.body).toBe(200)
    const scheda = card.json() as { sedi: { facilitatori: { idUtente: number }[] }[]; totaleSedi: number }
    expect(scheda.sedi).toHaveLength(SCHEDA_ELENCO_MAX)
    expect(scheda.totaleSedi).toBeGreaterThan(SCHEDA_ELENCO_MAX)
    expect(scheda.sedi.some((s) => s.facilitatori.some((f) => f.idUtente === sara.userId))).toBe(true)
  })

  it(`answers at most ${DROPDOWN_MAX} options of a dropdown and says it cut them`, async () => {
    const small = await call(server, dtd, 'POST', '/api/ente/progetti/dropdown')
    expect(small.statusCode, small.body).toBe(200)
    expect(small.headers['x-opzioni-troncate']).toBeUndefined()
    const before = (small.json() as unknown[]).length
    expect(before).toBeLessThan(DROPDOWN_MAX)
    await exec(sql`insert into progetto (nome, nome_breve, id_programma, id_ente_gestore_progetto, data_inizio_progetto, data_fine_progetto)
      select 'Progetto limite ' || lpad(i::text, 4, '0'), 'PL' || i, ${idProgramma}, ${sara.ids.idEnte}, '2024-01-01', '2027-12-31'
      from generate_series(1, ${DROPDOWN_MAX + 1}) i`)
    const res = await call(server, dtd, 'POST', '/api/ente/progetti/dropdown')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['x-opzioni-troncate']).toBe('true')
    const options = res.json() as { id: number; nome: string }[]
    expect(options).toHaveLength(DROPDOWN_MAX)
    expect(new Set(options.map((o) => o.id)).size).toBe(DROPDOWN_MAX)
  })

  it(`lists at most ${SCHEDA_ELENCO_MAX} projects on the programme's and on the managing body's card, with the totals`, async () => {
    // after the previous test: the programme has more than SCHEDA_ELENCO_MAX projects, managed by Sara's body
    const total = Number((await one(sql`select count(*)::int as n from progetto where id_programma = ${idProgramma}`)).n)
    expect(total).toBeGreaterThan(SCHEDA_ELENCO_MAX)
    const res = await call(server, dtd, 'POST', `/api/programma/${idProgramma}`)
    expect(res.statusCode, res.body).toBe(200)
    const programma = res.json() as { progetti: unknown[]; totaleProgetti: number }
    expect(programma.progetti).toHaveLength(SCHEDA_ELENCO_MAX)
    expect(programma.totaleProgetti).toBe(total)

    const managed = Number((await one(sql`select count(*)::int as n from progetto where id_ente_gestore_progetto = ${sara.ids.idEnte}`)).n)
    const ente = await call(server, dtd, 'POST', `/api/ente/${sara.ids.idEnte}`)
    expect(ente.statusCode, ente.body).toBe(200)
    const scheda = ente.json() as { progettiGestiti: unknown[]; totali: { progettiGestiti: number } }
    expect(scheda.progettiGestiti).toHaveLength(SCHEDA_ELENCO_MAX)
    expect(scheda.totali.progettiGestiti).toBe(managed)
  })

  it(`summarises at most ${RIEPILOGO_UTILIZZO_MAX} usage rows and says it cut them`, async () => {
    await exec(sql`insert into evento_utilizzo (data_ora, event, event_type, role_code)
      select now() - interval '1 hour', 'download', 'tipo ' || i, 'DTD' from generate_series(1, ${RIEPILOGO_UTILIZZO_MAX + 1}) i`)
    const res = await call(server, dtd, 'POST', '/api/utilizzo/riepilogo', { body: { periodo: 'totale' } })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { righe: unknown[]; troncato?: boolean }
    expect(body.righe).toHaveLength(RIEPILOGO_UTILIZZO_MAX)
    expect(body.troncato).toBe(true)
  })
})

describe('open data', () => {
  it('queues one on-demand generation of a month while one is waiting, whatever the number of requests', async () => {
    const db = server.database.db
    const now = new Date('2031-05-10T10:00:00Z')
    let enqueued = 0
    // a queue that stores the job and runs nothing (the job stays waiting)
    const queue = {
      async enqueue(tipo: string, payload: Record<string, unknown>, o: { chiave?: string } = {}) {
        enqueued++
        const [row] = await db.insert(job).values({ tipo, payload, chiave: o.chiave ?? null }).returning({ id: job.id })
        return row!.id
      },
    } as unknown as JobQueue
    const first = await generaSuRichiesta(queue, now, db)
    const again = await Promise.all([1, 2, 3].map((i) => generaSuRichiesta(queue, new Date(now.getTime() + i), db)))
    expect(enqueued).toBe(1)
    expect(again).toEqual([first, first, first])
    // once it runs, a later request queues the next one
    await db.update(job).set({ stato: 'IN_CORSO' }).where(eq(job.id, first!))
    expect(await generaSuRichiesta(queue, new Date(now.getTime() + 10), db)).not.toBe(first)
    expect(enqueued).toBe(2)
  })
})

describe('field', () => {
  it(`lists at most the ${SERVIZI_CITTADINO_MAX} most recent services on a citizen's card, with the total, and keeps it editable`, async () => {
    const s1 = await createService(server, sara, { nomeServizio: named('Scheda A'), data: '2025-01-10' })
    const s2 = await createService(server, sara, { nomeServizio: named('Scheda B'), data: '2025-02-10' })
    const id = await registraCittadino(server, sara, s1, { codiceFiscale: fiscalCodeAged(45, 'M') })
    await exec(sql`insert into servizio_x_cittadino (id_servizio, id_cittadino) values (${s2}, ${id})`)
    const principal = (await createPrincipalLoader(server.database.db)(CF.SARA))!
    const caller: Caller = { principal, codiceRuolo: 'FAC', profilo: principal.profili.find((p) => p.codiceRuolo === 'FAC')! }
    const card = await schedaCittadino(server.database.db, caller, id, 1)
    expect(card.serviziCittadino.map((r) => r.idServizio)).toEqual([s2])
    expect(card.totaleServizi).toBe(2)
    expect(card.modificabile).toBe(true)
  })

  it(`refuses 'invia a tutti' beyond ${INVIA_A_TUTTI_MAX} surveys (400 G02) before making any link`, async () => {
    const s = await createService(server, sara, { nomeServizio: named('Limite invio') })
    await registraCittadino(server, sara, s, { codiceFiscale: fiscalCodeAged(30, 'F') })
    // INVIA_A_TUTTI_MAX more citizens on the service, their surveys copied from the first one
    await exec(sql`insert into cittadino (id, identificativo_mascherato)
      select 4503599627370496 + ${s} * 10000 + i, 'LIM•••' from generate_series(1, ${INVIA_A_TUTTI_MAX}) i`)
    await exec(sql`insert into servizio_x_cittadino (id_servizio, id_cittadino)
      select ${s}, 4503599627370496 + ${s} * 10000 + i from generate_series(1, ${INVIA_A_TUTTI_MAX}) i`)
    await exec(sql`insert into questionario_compilato (id_questionario_template, id_cittadino, id_facilitatore, id_sede, id_ente, id_progetto, id_servizio, stato, sezioni)
      select q.id_questionario_template, 4503599627370496 + ${s} * 10000 + i, q.id_facilitatore, q.id_sede, q.id_ente, q.id_progetto, q.id_servizio, 'NON_COMPILATA', q.sezioni
      from questionario_compilato q, generate_series(1, ${INVIA_A_TUTTI_MAX}) i where q.id_servizio = ${s}`)
    const res = await call(server, sara, 'POST', `/api/servizio/cittadino/servizio/${s}/questionarioCompilato/inviaATutti`)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ errorCode: 'G02', message: expect.stringContaining(String(INVIA_A_TUTTI_MAX)) })
    const links = await one(sql`select count(*)::int as n from questionario_inviato_online o join questionario_compilato q on q.id = o.id_questionario_compilato where q.id_servizio = ${s}`)
    expect(Number(links.n)).toBe(0)
  })
})
