// @vitest-environment node
/**
 * The field sync (issue 25 point 2; protocol in src/api/contract/campo.ts), on the world of a mass upload assigned to
 * one facilitator (bench/world-campo.ts, the bench's 20,000-row world scaled down by CAMPO_SYNC_SCALE, default 0.05):
 * - a whole sync by pages gives exactly the window's records (services dated within GIORNI_FINESTRA_CAMPO days or
 *   with a survey still open, their instances and citizens), each as `GET /campo/servizio/{id}` gives it, and every
 *   page is bounded in records and bytes;
 * - after ten changes through every write path (field create/update, Q4 compiled, link sent, citizen added, the
 *   registry's demographics, a deletion, a service moved to another facilitator, an instance deleted, a commit that
 *   lands while the whole sync runs) the incremental sync returns exactly those, with the removals, and is small;
 * - a tampered, unreadable or foreign cursor starts a whole sync; other roles get 403; other people's services
 *   404/403 on demand; the archive pages the older services; readiness is answered while a sync runs.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildWorldCampo, type WorldCampo } from '../../../bench/world-campo'
import { questionarioCompilato, servizio } from '../../../server/db/schema'
import { PAGINA_RECORD } from '../../../server/domain/campo-sync'
import { encodeSection } from '../../../server/domain/survey-codec'
import { CampoArchivioSchema, CampoServizioSchema, GIORNI_FINESTRA_CAMPO, type CampoSyncPagina } from '../../../src/api/contract/campo'
import { SEZIONI_QUESTIONARIO, STATO_OCCUPAZIONALE } from '../../../src/api/contract/enums'
import * as v from 'valibot'
import { createTestServer, tempDir, type TestServer } from '../helpers'
import { actor, call, CF, DEMOGRAFICA, fiscalCodeAged, named, servizioBody, type Actor } from './fixtures'
import { syncCompleta, syncPage, type SyncResult } from './sync-helper'
import { versioneLetta } from '../versioni-letture'

const SCALE = Number(process.env.CAMPO_SYNC_SCALE ?? 0.05)
const Q4 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: { '29': ['Passaparola'], '1663320201383': ['4'] } })
const ids = <T>(items: T[], key: (x: T) => string | number) => items.map(key).map(String).sort()

describe('field sync: paged, incremental, bounded (issue 25 point 2)', () => {
  let server: TestServer
  let world: WorldCampo
  let fac: Actor
  let sara: Actor
  let dir: string
  let whole: SyncResult

  beforeAll(async () => {
    dir = tempDir('mondo-campo')
    server = await createTestServer()
    world = await buildWorldCampo(server.database.db, { scale: SCALE, dir, citizenHashSecret: server.config.citizenHashSecret, kind: server.database.kind })
    fac = { cf: world.cf, role: 'FAC', token: await server.signIdToken(world.cf), ids: world.ids, userId: world.userId }
    sara = await actor(server, CF.SARA, 'FAC')
  }, 240_000)
  afterAll(async () => {
    await server?.close()
  })

  /** The window by the contract's rule, read straight from the tables: service ids, and instance ids per service. */
  async function windowFromTables(): Promise<{ servizi: string[]; questionari: string[]; cittadini: string[] }> {
    const db = server.database.db
    const rows = await db.execute(sql`select s.id as s, q.id as q, q.id_cittadino as c from servizio s left join questionario_compilato q on q.id_servizio = s.id
      where s.id_facilitatore = ${fac.userId} and s.id_progetto = ${world.ids.idProgetto} and s.id_ente = ${world.ids.idEnte}
        and (s.data_servizio >= current_date - ${GIORNI_FINESTRA_CAMPO}::int
          or exists (select 1 from questionario_compilato o where o.id_servizio = s.id and o.stato <> 'COMPILATA'))`)
    const list = (rows as unknown as { rows: { s: number; q: string | null; c: string | number | null }[] }).rows
    return {
      servizi: [...new Set(list.map((r) => String(r.s)))].sort(),
      questionari: list.flatMap((r) => (r.q ? [r.q] : [])).sort(),
      cittadini: [...new Set(list.flatMap((r) => (r.c !== null ? [String(r.c)] : [])))].sort(),
    }
  }

  it('built the world of a mass upload: services in and out of the window, citizens met on several services', () => {
    expect(world.istanze).toBe(world.righe)
    expect(world.cittadini).toBeLessThan(world.istanze)
    expect(world.servizi).toBeGreaterThanOrEqual(6)
  })

  it('the mass upload leaves the planner statistics of the tables the sync reads (PGlite has no autoanalyze)', async () => {
    // without them PGlite's planner guessed a scope of one service and read every instance of the window to find
    // the few changed citizens (phase C of the incremental sync): a time that grew with the data
    const rows = await server.database.db.execute(sql`select tablename, attname from pg_stats
      where schemaname = 'public' and attname = 'xid_sync' and tablename in ('servizio', 'questionario_compilato', 'cittadino')`)
    const analysed = (rows as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename).sort()
    expect(analysed).toEqual(['cittadino', 'questionario_compilato', 'servizio'])
  })

  it('a whole sync by pages gives exactly the window, each record as the service read online gives it, in bounded pages', async () => {
    const ready: number[] = []
    let syncing = true
    const probe = (async () => {
      while (syncing) {
        ready.push((await server.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode)
        await new Promise((r) => setTimeout(r, 5)) // one probe per turn of the event loop (inject alone never yields to I/O)
      }
    })()
    try {
      whole = await syncCompleta(server, fac)
    } finally {
      syncing = false
      await probe
    }
    // readiness kept being answered while the pages were served
    expect(ready.length).toBeGreaterThan(0)
    expect(new Set(ready)).toEqual(new Set([200]))

    const expected = await windowFromTables()
    const b = whole.bootstrap
    expect(ids(b.servizi, (s) => s.id)).toEqual(expected.servizi)
    expect(ids(b.questionari, (q) => q.idQuestionarioCompilato)).toEqual(expected.questionari)
    expect(ids(b.cittadini, (c) => c.idCittadino)).toEqual(expected.cittadini)
    // some services are outside the window (older, every survey compiled): not sent
    expect(expected.servizi.length).toBeLessThan(world.servizi)

    // the same records as one service read online (the bootstrap's encoding)
    for (const s of b.servizi) {
      const res = await call(server, fac, 'GET', `/api/campo/servizio/${s.id}?idProgramma=${fac.ids.idProgramma}&idProgetto=${fac.ids.idProgetto}&idEnte=${fac.ids.idEnte}`)
      expect(res.statusCode, res.body).toBe(200)
      const one = v.parse(CampoServizioSchema, res.json())
      expect(one.servizio).toEqual(s)
      const mine = new Set(one.questionari.map((q) => q.idQuestionarioCompilato))
      expect(b.questionari.filter((q) => mine.has(q.idQuestionarioCompilato)).sort((x, y) => x.idQuestionarioCompilato.localeCompare(y.idQuestionarioCompilato)))
        .toEqual(one.questionari.sort((x, y) => x.idQuestionarioCompilato.localeCompare(y.idQuestionarioCompilato)))
    }

    // pages: several, each bounded; progress counted once and reaching the total on the last page
    expect(whole.pagine.length).toBeGreaterThan(1)
    for (const [i, p] of whole.pagine.entries()) {
      expect(p.modalita).toBe('completa')
      expect(p.servizi.length + p.questionari.length).toBeLessThanOrEqual(PAGINA_RECORD)
      expect(whole.bytes[i]).toBeLessThan(1024 * 1024)
      expect(p.riferimenti !== null).toBe(i === 0)
      expect(p.completo).toBe(i === whole.pagine.length - 1)
    }
    const last = whole.pagine.at(-1)!
    expect(last.avanzamento).toEqual({ inviati: expected.servizi.length + expected.questionari.length, totale: expected.servizi.length + expected.questionari.length })
    expect(whole.pagine[0]!.avanzamento.totale).toBe(last.avanzamento.totale)
    expect(whole.rimossi).toEqual({ servizi: [], questionari: [] })
  })

  it('after ten changes through every write path the incremental sync returns exactly them, with the removals, and is small', async () => {
    const db = server.database.db
    const q = `?idProgramma=${fac.ids.idProgramma}&idProgetto=${fac.ids.idProgetto}&idEnte=${fac.ids.idEnte}`
    // a service of the device to delete later (NON ATTIVO, no citizens: the field's own deletion)
    const toDelete = await call(server, fac, 'POST', '/api/servizio', { body: servizioBody(fac, world.idSede, { nomeServizio: named('Da eliminare'), data: new Date().toISOString().slice(0, 10) }) })
    expect(toDelete.statusCode, toDelete.body).toBe(201)
    const idDelete = (toDelete.json() as { idServizio: number }).idServizio
    const base = await syncCompleta(server, fac, { cursore: whole.cursore })
    expect(base.pagine[0]!.modalita).toBe('incrementale')
    expect(ids(base.bootstrap.servizi, (s) => s.id)).toContain(String(idDelete))

    const inWindow = whole.bootstrap.servizi.filter((s) => s.data >= whole.pagine[0]!.finestra.dal)
    const [sUpdate, sMove, sAdd, sInstance] = inWindow
    expect(sInstance).toBeDefined()
    const open = whole.bootstrap.questionari.filter((x) => x.statoQuestionario !== 'COMPILATA' && x.idServizio !== sUpdate!.id && x.idServizio !== sMove!.id)
    const [qCompile, qLink] = open
    const qDelete = whole.bootstrap.questionari.find((x) => x.idServizio === sInstance!.id && x.idQuestionarioCompilato !== qCompile!.idQuestionarioCompilato
      && x.idQuestionarioCompilato !== qLink!.idQuestionarioCompilato)!
    // a citizen still on a service of the window after the changes (an instance neither deleted nor on the moved
    // service): on PostgreSQL the upload's lanes number the citizens in no fixed order, so the first one may not be
    const staying = new Set(inWindow.filter((s) => s.id !== sMove!.id).map((s) => s.id))
    const edited = whole.bootstrap.cittadini.find((c) => c.idCittadino !== qCompile!.idCittadino && c.idCittadino !== qLink!.idCittadino
      && whole.bootstrap.questionari.some((x) => x.idCittadino === c.idCittadino && staying.has(x.idServizio) && x.idQuestionarioCompilato !== qDelete.idQuestionarioCompilato))!

    // 1. a service created on the field
    const created = await call(server, fac, 'POST', '/api/servizio', { body: servizioBody(fac, world.idSede, { nomeServizio: named('Nuovo sul campo'), data: new Date().toISOString().slice(0, 10) }) })
    expect(created.statusCode, created.body).toBe(201)
    const idCreated = (created.json() as { idServizio: number }).idServizio
    // 2. a service updated (its open surveys take the new Q3)
    // the update sends the version it read (issue 27; the raw sync records carry it: tests/server/versioni)
    const versioneCampo = await versioneLetta(server, fac, 'servizio', sUpdate!.id)
    const upd = await call(server, fac, 'PUT', `/api/servizio/${sUpdate!.id}`, { body: { ...servizioBody(fac, world.idSede, { nomeServizio: named('Rinominato'), data: sUpdate!.data, durataServizio: sUpdate!.durataServizio, tipoDiServizioPrenotato: sUpdate!.tipologiaServizio }), versione: versioneCampo } })
    expect(upd.statusCode, upd.body).toBe(200)
    // 3. Q4 compiled
    const comp = await call(server, fac, 'POST', `/api/servizio/cittadino/questionarioCompilato/${qCompile!.idQuestionarioCompilato}/compila`, { body: { sezioneQ4Questionario: Q4 } })
    expect(comp.statusCode, comp.body).toBe(200)
    // 4. a link sent to the citizen (the expiry changes)
    const link = await call(server, fac, 'POST', `/api/servizio/cittadino/questionarioCompilato/${qLink!.idQuestionarioCompilato}/invia`, { body: {} })
    expect(link.statusCode, link.body).toBe(200)
    // 5. a citizen added to a service
    const add = await call(server, fac, 'POST', `/api/servizio/cittadino/${sAdd!.id}`, { body: { nuovoCittadino: true, codiceFiscale: fiscalCodeAged(40, 'M'), ...DEMOGRAFICA } })
    expect(add.statusCode, add.body).toBe(201)
    const added = add.json() as { id: number; idQuestionario: string }
    // 6. the registry's demographics of a citizen
    const occupazione = STATO_OCCUPAZIONALE.find((o) => o !== edited.occupazione)!
    const reg = await call(server, fac, 'PUT', `/api/cittadino/${edited.idCittadino}`, { body: { titoloDiStudio: DEMOGRAFICA.titoloDiStudio, occupazione, cittadinanza: DEMOGRAFICA.cittadinanza, provinciaDiDomicilio: 'Milano', versione: await versioneLetta(server, fac, 'cittadino', edited.idCittadino) } })
    expect(reg.statusCode, reg.body).toBe(200)
    // 7. a service deleted
    const del = await call(server, fac, 'DELETE', `/api/servizio/${idDelete}`, { body: { versione: await versioneLetta(server, fac, 'servizio', idDelete) } })
    expect(del.statusCode, del.body).toBe(200)
    // 8. a service given to another facilitator (an administrator's correction)
    await db.update(servizio).set({ idFacilitatore: sara.userId }).where(eq(servizio.id, sMove!.id))
    // 9. an instance deleted
    await db.delete(questionarioCompilato).where(eq(questionarioCompilato.id, qDelete.idQuestionarioCompilato))
    // 10. a mass-upload-like direct write of a citizen's instance (no API): the trigger tracks it too
    await db.update(questionarioCompilato).set({ dataOraAggiornamento: new Date() }).where(eq(questionarioCompilato.id, whole.bootstrap.questionari.find((x) => x.idServizio === sInstance!.id && x.idQuestionarioCompilato !== qDelete.idQuestionarioCompilato)!.idQuestionarioCompilato))

    const inc = await syncCompleta(server, fac, { cursore: base.cursore })
    const b = inc.bootstrap
    expect(inc.pagine.every((p) => p.modalita === 'incrementale')).toBe(true)
    expect(inc.pagine[0]!.riferimenti).toBeNull()
    const servizi = ids(b.servizi, (s) => s.id)
    expect(servizi).toEqual(expect.arrayContaining([String(idCreated), String(sUpdate!.id)]))
    expect(b.servizi.find((s) => s.id === sUpdate!.id)?.nome).toBe(named('Rinominato'))
    const questionari = new Map(b.questionari.map((x) => [x.idQuestionarioCompilato, x]))
    expect(questionari.get(qCompile!.idQuestionarioCompilato)?.statoQuestionario).toBe('COMPILATA')
    expect(questionari.get(qLink!.idQuestionarioCompilato)?.scadenzaLink).toEqual(expect.any(String))
    expect(questionari.get(added.idQuestionario)?.idCittadino).toBe(added.id)
    expect(b.cittadini.find((c) => c.idCittadino === edited.idCittadino)).toMatchObject({ occupazione, provinciaDiDomicilio: 'Milano' })
    expect(b.cittadini.map((c) => c.idCittadino)).toContain(added.id)
    expect(inc.rimossi.servizi).toEqual(expect.arrayContaining([idDelete, sMove!.id]))
    expect(inc.rimossi.questionari).toEqual([qDelete.idQuestionarioCompilato])
    // exactly those: nothing of the untouched services, and small. On PostgreSQL the cursor's floor is the
    // cluster's oldest open transaction: one left open meanwhile by another test file (another database of the same
    // server) lowers it, and records already sent come again, unchanged (harmless by design): only those may be extra
    const touched = new Set([idCreated, sUpdate!.id, sAdd!.id, sInstance!.id, qCompile!.idServizio, qLink!.idServizio])
    const before = new Map([...whole.bootstrap.servizi, ...base.bootstrap.servizi].map((s) => [s.id, s]))
    const beforeQ = new Map([...whole.bootstrap.questionari, ...base.bootstrap.questionari].map((x) => [x.idQuestionarioCompilato, x]))
    const extraServizi = b.servizi.filter((s) => !touched.has(s.id))
    const extraQuestionari = b.questionari.filter((x) => !touched.has(x.idServizio))
    for (const s of extraServizi) expect(s, 'un servizio non toccato torna solo identico').toEqual(before.get(s.id))
    for (const x of extraQuestionari) expect(x, 'un questionario non toccato torna solo identico').toEqual(beforeQ.get(x.idQuestionarioCompilato))
    if (server.database.kind === 'pglite') expect(extraServizi.length + extraQuestionari.length).toBe(0)
    if (extraServizi.length + extraQuestionari.length === 0) {
      expect(b.questionari.length).toBeLessThan(40)
      expect(inc.bytes.reduce((a, n) => a + n, 0)).toBeLessThan(50 * 1024)
    }
    // the moved service is read online by its new facilitator only
    const moved = await call(server, fac, 'GET', `/api/campo/servizio/${sMove!.id}${q}`)
    expect(moved.statusCode).toBe(403)
    expect(moved.json()).toMatchObject({ errorCode: 'A02' })
  })

  it('a commit that lands after the first page\'s snapshot is sent by the next sync, never lost', async () => {
    const db = server.database.db
    const first = (await syncCompleta(server, fac, { maxPagine: 1000 })).pagine[0]!.servizi[0]!
    // a write between pages, to a service an earlier page already sent
    const nome = named('Scritto tra le pagine')
    const sync = await syncCompleta(server, fac, {
      dopoPagina: async (_p: CampoSyncPagina, n: number) => { if (n === 1) await db.update(servizio).set({ nome }).where(eq(servizio.id, first.id)) },
    })
    expect(sync.pagine[0]!.servizi.find((s) => s.id === first.id)?.nome).not.toBe(nome)
    const next = await syncCompleta(server, fac, { cursore: sync.cursore })
    expect(next.bootstrap.servizi.find((s) => s.id === first.id)?.nome).toBe(nome)

    if (server.database.kind !== 'postgres') return // PGlite has one connection: no transaction can stay open across a page
    // a transaction that started before the first page and commits after it
    const nome2 = named('Transazione lunga')
    let release!: () => void
    const held = new Promise<void>((r) => { release = r })
    let written!: () => void
    const wrote = new Promise<void>((r) => { written = r })
    const late = db.transaction(async (tx) => {
      await tx.update(servizio).set({ nome: nome2 }).where(eq(servizio.id, first.id))
      written()
      await held
    })
    await wrote
    const during = await syncCompleta(server, fac, { cursore: next.cursore, dopoPagina: async (_p, n) => { if (n === 1) { release(); await late } } })
    expect(during.bootstrap.servizi.find((s) => s.id === first.id)?.nome).not.toBe(nome2)
    const after = await syncCompleta(server, fac, { cursore: during.cursore })
    expect(after.bootstrap.servizi.find((s) => s.id === first.id)?.nome).toBe(nome2)
  })

  it('a tampered, unreadable or foreign cursor starts a whole sync (never an error); other roles get 403', async () => {
    const page = async (who: Actor, cursore: string) => {
      const res = await syncPage(server, who, cursore)
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as CampoSyncPagina
    }
    const own = whole.cursore
    const [body, mac] = own.split('.')
    const flipped = `${body!.slice(0, -2)}${body!.at(-2) === 'A' ? 'B' : 'A'}${body!.at(-1)}.${mac}`
    for (const bad of [flipped, 'non-un-cursore', `${body}.${'A'.repeat(mac!.length)}`, Buffer.from('{"v":1}').toString('base64url')]) {
      const p = await page(fac, bad)
      expect(p.modalita).toBe('completa')
      expect(p.riferimenti).not.toBeNull()
    }
    // sara's own cursor is not the world facilitator's (and the other way round)
    const saraWhole = await syncCompleta(server, sara)
    expect((await page(fac, saraWhole.cursore)).modalita).toBe('completa')
    expect((await page(sara, own)).modalita).toBe('completa')
    expect((await page(fac, own)).modalita).toBe('incrementale')

    const dtd = await actor(server, CF.DTD, 'DTD')
    for (const url of ['/api/campo/sync', '/api/campo/archivio?prima=2026-01-01', `/api/campo/servizio/${whole.bootstrap.servizi[0]!.id}`]) {
      const res = await call(server, dtd, 'GET', url)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ errorCode: 'U06' })
    }
    const tooLong = await syncPage(server, fac, 'x'.repeat(5000))
    expect(tooLong.statusCode).toBe(400)
  })

  it('reads other people\'s services never (403 A02, unknown 404 S09) and pages the archive of the older services', async () => {
    const q = `idProgramma=${fac.ids.idProgramma}&idProgetto=${fac.ids.idProgetto}&idEnte=${fac.ids.idEnte}`
    const saraService = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, world.idSede, { nomeServizio: named('Di Sara') }) })
    const other = (saraService.json() as { idServizio: number }).idServizio
    const foreign = await call(server, fac, 'GET', `/api/campo/servizio/${other}?${q}`)
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toMatchObject({ errorCode: 'A02' })
    const missing = await call(server, fac, 'GET', `/api/campo/servizio/2000000000?${q}`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ errorCode: 'S09' })

    const dal = whole.pagine[0]!.finestra.dal
    const older = (await server.database.db.select({ id: servizio.id }).from(servizio)
      .where(and(eq(servizio.idFacilitatore, fac.userId), sql`${servizio.dataServizio} < ${dal}`))).map((r) => String(r.id)).sort()
    expect(older.length).toBeGreaterThan(0)
    const seen: string[] = []
    let cursore: string | null = null
    do {
      const res = await call(server, fac, 'GET', `/api/campo/archivio?${q}&prima=${dal}${cursore ? `&cursore=${cursore}` : ''}`)
      expect(res.statusCode, res.body).toBe(200)
      const page = v.parse(CampoArchivioSchema, res.json())
      expect(page.servizi.length).toBeLessThanOrEqual(50)
      seen.push(...page.servizi.map((s) => String(s.id)))
      cursore = page.cursore
    } while (cursore)
    expect(seen.sort()).toEqual(older)
    const bad = await call(server, fac, 'GET', `/api/campo/archivio?${q}&prima=${dal}&cursore=zzz`)
    expect(bad.statusCode).toBe(400)
  })

  it('reads a service by the device id it was created with: the facilitator\'s own only (a page on a service the sync dropped)', async () => {
    const q = `idProgramma=${fac.ids.idProgramma}&idProgetto=${fac.ids.idProgetto}&idEnte=${fac.ids.idEnte}`
    const dal = whole.pagine[0]!.finestra.dal
    const [old] = await server.database.db.select({ id: servizio.id }).from(servizio)
      .where(and(eq(servizio.idFacilitatore, fac.userId), sql`${servizio.dataServizio} < ${dal}`)).limit(1)
    const idLocale = crypto.randomUUID()
    await server.database.db.update(servizio).set({ idLocale }).where(eq(servizio.id, old!.id))
    const byId = await call(server, fac, 'GET', `/api/campo/servizio/${old!.id}?${q}`)
    const byDevice = await call(server, fac, 'GET', `/api/campo/servizio/${idLocale.toUpperCase()}?${q}`)
    expect(byDevice.statusCode, byDevice.body).toBe(200)
    expect(byDevice.json()).toEqual(byId.json())
    expect((byDevice.json() as { servizio: { idLocale: string } }).servizio.idLocale).toBe(idLocale)
    // another facilitator's device id names none of hers
    const sq = `idProgramma=${sara.ids.idProgramma}&idProgetto=${sara.ids.idProgetto}&idEnte=${sara.ids.idEnte}`
    const foreign = await call(server, sara, 'GET', `/api/campo/servizio/${idLocale}?${sq}`)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ errorCode: 'S09' })
    const malformed = await call(server, fac, 'GET', `/api/campo/servizio/not-a-uuid?${q}`)
    expect(malformed.statusCode).toBe(400)
  })

  it('a transaction left open elsewhere does not make the next sync send again what the device has (PostgreSQL)', async () => {
    if (server.database.kind !== 'postgres') return // PGlite has one connection: nothing else can stay open
    const db = server.database.db
    let release!: () => void
    const held = new Promise<void>((r) => { release = r })
    let opened!: () => void
    const isOpen = new Promise<void>((r) => { opened = r })
    // an old transaction (a backup, a long report, another database of the server) with an xid, writing nothing here
    const old = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_current_xact_id()`)
      opened()
      await held
    })
    await isOpen
    try {
      const targets = whole.bootstrap.questionari.slice(0, 30).map((x) => x.idQuestionarioCompilato)
      await db.update(questionarioCompilato).set({ dataOraAggiornamento: new Date() }).where(inArray(questionarioCompilato.id, targets))
      const base = await syncCompleta(server, fac, { cursore: whole.cursore })
      // sent (but those of the services an earlier test deleted or moved away)
      const sent = new Set(base.bootstrap.questionari.map((x) => x.idQuestionarioCompilato))
      expect(targets.filter((t) => sent.has(t)).length).toBeGreaterThanOrEqual(20)
      // the next sync, with the old transaction still open: nothing changed, nothing sent (the floor is not its xid)
      const next = await syncCompleta(server, fac, { cursore: base.cursore })
      expect(next.bootstrap.questionari).toHaveLength(0)
      expect(next.bootstrap.servizi).toHaveLength(0)
    } finally {
      release()
      await old
    }
  })
})
