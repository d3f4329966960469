// @vitest-environment node
/**
 * Two server processes on one PostgreSQL behind a round-robin proxy (issue 14 points 1–2, "Done when"):
 * started together on an empty database (migrations and seed under advisory locks), different DATA_DIRs and no
 * secret in their environment — they converge on one set of secrets through the database. Through the proxy:
 * the offline field-day replay (the real outbox engine and field handlers over HTTP), a mass upload (uploaded via
 * one process, processed once, its report read via the other), a notification (stream open on one process, the
 * triggering write on the other), the idempotency fault (one key sent to both processes at once: one effect,
 * identical answers), a rate limit counted across both; then a rolling restart under a load of idempotent writes
 * (SIGTERM → exit 0, restart, then the other): every write answered 2xx, each stored exactly once.
 * PostgreSQL only (`DATABASE_URL`): skipped on PGlite.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queueWrites } from '../../../bench/outbox'
import { MEDIA_TYPE } from '../../../src/api/contract/caricamenti'
import { registerCampoHandlers } from '../../../src/features/campo/handlers'
import { closeUserDb, openUserDb } from '../../../src/offline/db'
import { configureReplay, runReplay } from '../../../src/offline/replay'
import { type OutboxRequest } from '../../../src/offline/handlers'
import { type RoleContext } from '../../../src/offline/types'
import { createMemoryLockManager } from '../../../src/offline/locks'
import { ApiCallError } from '../../../src/api/client'
import { CF, DEMOGRAFICA, fiscalCodeAged, servizioBody, type Actor } from '../field/fixtures'
import { csvText, riga } from '../caricamenti/fixtures'
import { profileIds, sleep, startCluster, type Cluster } from './cluster'
import { sseReader } from '../notifiche/sse'

const ADMIN_URL = process.env.DATABASE_URL
const LAURA_REG_LOM = 'CNTLRA75H61F205P'
const ALESSANDRO_FAC_LOM = 'RSSLSN77R19G478N'

describe.skipIf(!ADMIN_URL)('two processes on one PostgreSQL behind a proxy', () => {
  let cluster: Cluster
  let sara: Actor
  let idSede: number

  const actorOf = async (cf: string, role: string): Promise<Actor> => {
    const token = await cluster.token(cf)
    return { cf, role, token, ids: await profileIds(cluster, token, role), userId: 0 }
  }
  const json = async <T>(res: Response): Promise<T> => {
    const text = await res.text()
    if (res.status >= 300) throw new Error(`${res.status} ${text}`)
    return JSON.parse(text) as T
  }

  beforeAll(async () => {
    cluster = await startCluster(ADMIN_URL!, 2)
    sara = await actorOf(CF.SARA, 'FAC')
    idSede = (await json<{ id: number }[]>(await cluster.api('POST', '/servizio/facilitatore/sedi/dropdown', { token: sara.token, role: 'FAC', body: sara.ids })))[0]!.id
  }, 180_000)
  afterAll(async () => { await cluster?.close() })

  it('start together on an empty database and share one set of generated secrets', async () => {
    const secrets = await cluster.query<{ nome: string }>('select nome from segreto_server order by nome')
    // and the check value of the citizens' key chain (issue 25 point 4: not a secret)
    expect(secrets.map((r) => r.nome)).toEqual(['citizen_hash_check', 'citizen_hash_secret', 'cookie_keys', 'oidc_jwks'])
    for (const b of cluster.backends) expect(existsSync(join(b.dataDir, 'secrets.json'))).toBe(false)
    const [a, b] = cluster.backends.map((x) => (JSON.parse(readFileSync(join(x.dataDir, 'oidc-jwks.json'), 'utf8')) as { keys: { kid: string }[] }).keys.map((k) => k.kid))
    expect(a).toHaveLength(1)
    expect(a).toEqual(b)
    const [seeded] = await cluster.query<{ n: string }>('select count(*) as n from utente where codice_fiscale = $1', [CF.SARA])
    expect(Number(seeded!.n)).toBe(1)
  })

  it('replays an offline field day through the proxy, each write once', async () => {
    const CHAINS = 6
    const rc: RoleContext = { codiceRuolo: 'FAC', ...sara.ids, cfUtente: CF.SARA } as RoleContext
    const unregister = registerCampoHandlers()
    const db = await openUserDb(CF.SARA)
    await Promise.all(db.tables.map((t) => t.clear()))
    try {
      await queueWrites(sara, idSede, rc, CHAINS)
      // the outbox's HTTP transport, through the proxy: consecutive requests land on alternate processes
      const transport = async (req: OutboxRequest): Promise<unknown> => {
        const res = await cluster.api(req.method, `/${req.path}`, { token: sara.token, role: req.roleContext.codiceRuolo, key: req.idempotencyKey, body: req.body ?? {} })
        const text = await res.text()
        const data = text ? JSON.parse(text) as { errorCode?: string; message?: string } : null
        if (res.ok) return data
        throw new ApiCallError(res.status, data?.errorCode ?? null, data?.message ?? `HTTP ${res.status}`, 'http')
      }
      configureReplay({ transport, refreshTokens: async () => false, locks: createMemoryLockManager(), currentToken: () => sara.token })
      const served = [...cluster.proxy.served]
      for (let run = 0; run < 5; run++) {
        const r = await runReplay(db, { force: true })
        if (r.sent === 0) break
      }
      expect(await db.outbox.where('status').anyOf('pending', 'failed-retry', 'attention').count()).toBe(0)
      expect(await db.outbox.where('status').equals('done').count()).toBe(CHAINS * 5)
      // both processes served the replay
      expect(cluster.proxy.served.map((n, i) => n - (served[i] ?? 0)).every((n) => n > 0)).toBe(true)
      const services = await cluster.query<{ nome: string; n: string }>(
        `select s.nome, count(distinct s.id) as n from servizio s where s.nome like 'Bench servizio %' group by s.nome`)
      expect(services).toHaveLength(CHAINS)
      expect(services.filter((r) => Number(r.n) !== 1)).toEqual([])
      const [links] = await cluster.query<{ n: string; q: string }>(`select count(*) as n, count(q.id) as q from servizio_x_cittadino x
        join servizio s on s.id = x.id_servizio left join questionario_compilato q on q.id_servizio = x.id_servizio and q.id_cittadino = x.id_cittadino
        and q.stato = 'COMPILATA' where s.nome like 'Bench servizio %'`)
      expect({ links: Number(links!.n), surveys: Number(links!.q) }).toEqual({ links: CHAINS * 2, surveys: CHAINS * 2 })
    } finally {
      unregister()
      closeUserDb()
    }
  })

  it('runs a mass upload once: uploaded via one process, its report read via the other', async () => {
    const regp = await actorOf(CF.REGP_ROMA, 'REGP')
    const rows = [0, 1, 2, 3].map((n) => riga(CF.SARA, idSede, fiscalCodeAged(40 + n), n, { SE7: `Due processi ${n}` }))
    rows.push(riga(CF.SARA, idSede, 'XXXXXXXXXXXXXXXX', 9))
    const up = await cluster.api('POST', `/caricamentoMassivo?idProgetto=${regp.ids.idProgetto}&idEnte=${regp.ids.idEnte}&formato=csv`, {
      token: regp.token, role: 'REGP', raw: csvText(rows), contentType: MEDIA_TYPE.csv, backend: 0,
    })
    expect(up.status, await up.clone().text()).toBe(202)
    const { idCaricamento, jobUuid } = await up.json() as { idCaricamento: number; jobUuid: string }
    // the file is in the storage, not on one process's disk
    const [job] = await cluster.query<{ percorso_file: string | null }>('select percorso_file from registro_attivita where id = $1', [idCaricamento])
    expect(job!.percorso_file === null || job!.percorso_file.startsWith('caricamenti/')).toBe(true)
    let stato = ''
    for (let i = 0; i < 300 && stato !== 'SUCCESS'; i++) {
      const poll = await json<{ stato?: string; jobStatus?: string }>(await cluster.api('POST', `/registroAttivita/polling/${jobUuid}`, { token: regp.token, role: 'REGP', body: regp.ids, backend: 1 }))
      stato = poll.stato ?? poll.jobStatus ?? ''
      if (stato !== 'SUCCESS') await sleep(100)
    }
    expect(stato).toBe('SUCCESS')
    const report = await cluster.api('POST', `/registroAttivita/${idCaricamento}/report`, { token: regp.token, role: 'REGP', body: regp.ids, backend: 1 })
    expect(report.status).toBe(200)
    expect((await report.text()).trim().split('\n').length).toBeGreaterThan(1)
    // each row applied once: four citizens linked, one row rejected, one outcome per row
    const [counts] = await cluster.query<{ links: string; righe: string; scartate: number; cittadini: number }>(`select
      (select count(*) from servizio_x_cittadino where cod_inserimento = $2) as links,
      (select count(*) from registro_attivita_riga where id_registro_attivita = $1) as righe,
      righe_scartate as scartate, cittadini_aggiunti as cittadini from registro_attivita where id = $1`, [idCaricamento, jobUuid])
    expect({ links: Number(counts!.links), righe: Number(counts!.righe), scartate: counts!.scartate, cittadini: counts!.cittadini })
      .toEqual({ links: 4, righe: 5, scartate: 1, cittadini: 4 })
  })

  it('pushes a notification on a stream of one process for a write made through the other', async () => {
    const reg = await actorOf(LAURA_REG_LOM, 'REG')
    const fac = await actorOf(ALESSANDRO_FAC_LOM, 'FAC')
    const { ticket } = await json<{ ticket: string }>(await cluster.api('POST', '/notifications/stream/ticket', { token: fac.token, role: 'FAC', body: fac.ids, backend: 1 }))
    const abort = new AbortController()
    const stream = await cluster.api('GET', `/notifications/stream?ticket=${encodeURIComponent(ticket)}`, { backend: 0, signal: abort.signal })
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const events = sseReader(stream)
    const nextEvent = events.next
    try {
      const first = await nextEvent()
      const qs = Object.entries(reg.ids).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => `${k}=${v}`).join('&')
      const categories = await json<{ items: { id: number }[] }>(await cluster.api('GET', `/category/retrieve?term_type=board_categories&${qs}`, { token: reg.token, role: 'REG', backend: 1 }))
      const created = await cluster.api('POST', '/board/item/create', {
        token: reg.token, role: 'REG', backend: 1,
        body: { ...reg.ids, title: 'Annuncio tra processi', program: reg.ids.idProgramma, intervention: 'RFD', category: categories.items[0]!.id, description: '<p>Testo</p>', enable_comments: true },
      })
      expect(created.status, await created.clone().text()).toBe(201)
      const pushed = await nextEvent()
      expect(pushed.unread).toBe(first.unread + 1)
      expect(pushed.id).not.toBeNull()
      // the ticket is used up on every process, not only on the one it opened a stream on (issue 25 point 5)
      const reused = await cluster.api('GET', `/notifications/stream?ticket=${encodeURIComponent(ticket)}`, { backend: 1 })
      expect(reused.status).toBe(401)
      expect(await reused.json()).toMatchObject({ errorCode: 'NT01' })
    } finally {
      abort.abort()
      await events.cancel()
    }
  })

  it('logs in with the development identity provider across both processes (its state and keys shared)', async () => {
    // each step of the authorization-code flow on the other process than the step before
    const jar = new Map<string, string>()
    let turn = 0
    const step = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
      const headers: Record<string, string> = { accept: 'text/html', 'x-backend': String(turn++ % 2) }
      if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      if (form) headers['content-type'] = 'application/x-www-form-urlencoded'
      if (url.endsWith('/oidc/token')) headers.origin = cluster.proxy.origin
      const res = await fetch(new URL(url, cluster.proxy.origin), { method, headers, redirect: 'manual', body: form ? new URLSearchParams(form).toString() : undefined })
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';')
        const at = pair.indexOf('=')
        const value = pair.slice(at + 1).trim()
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(pair.slice(0, at).trim())
        else jar.set(pair.slice(0, at).trim(), value)
      }
      return res
    }
    const verifier = randomBytes(32).toString('base64url')
    const redirectUri = `${cluster.proxy.origin}/auth`
    const start = await step('GET', `/oidc/auth?${new URLSearchParams({
      client_id: 'punto-digitale', response_type: 'code', redirect_uri: redirectUri, scope: 'openid offline_access',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', state: 'st', nonce: 'nn',
    })}`)
    expect(start.status).toBe(303)
    const interaction = start.headers.get('location')!
    expect((await step('GET', interaction)).status).toBe(200)
    const posted = await step('POST', `${interaction}/login`, { codiceFiscale: CF.SARA })
    expect(posted.status).toBe(303)
    const resumed = await step('GET', posted.headers.get('location')!)
    const callback = new URL(resumed.headers.get('location')!)
    const code = callback.searchParams.get('code')
    expect(code).toBeTruthy()
    const tokenRes = await step('POST', '/oidc/token', { grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, client_id: 'punto-digitale', code_verifier: verifier })
    expect(tokenRes.status).toBe(200)
    const tokens = await tokenRes.json() as { id_token: string; refresh_token: string }
    const refreshed = await step('POST', '/oidc/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'punto-digitale' })
    expect(refreshed.status).toBe(200)
    // the ID token signed by one process is accepted by both
    for (const backend of [0, 1]) expect((await cluster.api('POST', '/contesto', { token: tokens.id_token, body: {}, backend })).status).toBe(200)
  })

  it('gives one effect and identical answers for one Idempotency-Key sent to both processes at once', async () => {
    const key = randomUUID()
    const nome = `Chiave doppia ${key.slice(0, 8)}`
    const body = { ...sara.ids, ...servizioBody(sara, idSede, { nomeServizio: nome, data: '2025-05-06' }) }
    const answers = await Promise.all([0, 1].map(async (backend) => {
      const res = await cluster.api('POST', '/servizio', { token: sara.token, role: 'FAC', key, body, backend })
      return { status: res.status, text: await res.text() }
    }))
    expect(answers[0]!.status).toBe(201)
    expect(answers[1]).toEqual(answers[0])
    const [row] = await cluster.query<{ n: string }>('select count(*) as n from servizio where nome = $1', [nome])
    expect(Number(row!.n)).toBe(1)
    // a citizen added with one key through both: one link
    const idServizio = (JSON.parse(answers[0]!.text) as { idServizio: number }).idServizio
    const k2 = randomUUID()
    const cf = fiscalCodeAged(33)
    const adds = await Promise.all([1, 0].map(async (backend) => {
      const res = await cluster.api('POST', `/servizio/cittadino/${idServizio}`, { token: sara.token, role: 'FAC', key: k2, backend, body: { ...sara.ids, codiceFiscale: cf, nuovoCittadino: false, ...DEMOGRAFICA } })
      return { status: res.status, text: await res.text() }
    }))
    expect(adds[0]!.status).toBe(201)
    expect(adds[1]).toEqual(adds[0])
    const [links] = await cluster.query<{ n: string }>('select count(*) as n from servizio_x_cittadino where id_servizio = $1', [idServizio])
    expect(Number(links!.n)).toBe(1)
  })

  it('counts a rate limit across both processes', async () => {
    // wrong anonymous-survey links: 100 per address per 10 minutes (server/rate-limit.ts FAILED_LINK_LIMIT), alternating processes
    const wrong = (i: number) => cluster.api('GET', `/servizio/cittadino/questionarioCompilato/${900_000 + i}/anonimo?t=sbagliato${i}`, { backend: i % 2 })
    const statuses: number[] = []
    for (let i = 0; i < 100; i++) statuses.push((await wrong(i)).status)
    expect(statuses.every((s) => s === 404)).toBe(true)
    for (const backend of [0, 1]) {
      const res = await wrong(200 + backend)
      expect(res.status).toBe(429)
      expect(await res.json()).toMatchObject({ errorCode: 'G07' })
    }
  })

  it('loses nothing and duplicates nothing in a rolling restart under load (SIGTERM: exit 0)', async () => {
    interface Write { key: string; nome: string; status: number; attempts: number }
    const writes: Write[] = []
    let running = true
    /** one logical write: retried with the same key after a network error or a 5xx/409 G06, as the outbox does */
    const write = async (n: number) => {
      const w: Write = { key: randomUUID(), nome: `Riavvio ${n} ${randomUUID().slice(0, 6)}`, status: 0, attempts: 0 }
      writes.push(w)
      const body = { ...sara.ids, ...servizioBody(sara, idSede, { nomeServizio: w.nome, data: '2025-05-07' }) }
      for (;;) {
        w.attempts++
        try {
          const res = await cluster.api('POST', '/servizio', { token: sara.token, role: 'FAC', key: w.key, body })
          const text = await res.text()
          const retry = res.status >= 500 || (res.status === 409 && text.includes('"G06"'))
          if (!retry || w.attempts >= 50) { w.status = res.status; return }
        } catch {
          if (w.attempts >= 50) return
        }
        await sleep(100)
      }
    }
    let n = 0
    const workers = Array.from({ length: 4 }, async () => {
      while (running) await write(n++)
    })
    const exitCodes: (number | null)[] = []
    const stopMs: number[] = []
    let streamEnded = false
    await sleep(500)
    for (const i of [0, 1]) {
      // a notification stream open on the process being stopped: ended by the shutdown (the client reconnects elsewhere)
      const { ticket } = await json<{ ticket: string }>(await cluster.api('POST', '/notifications/stream/ticket', { token: sara.token, role: 'FAC', body: sara.ids, backend: i }))
      const stream = await cluster.api('GET', `/notifications/stream?ticket=${encodeURIComponent(ticket)}`, { backend: i, signal: AbortSignal.timeout(60_000) })
      const drained = (async () => {
        const reader = stream.body!.getReader()
        try { while (!(await reader.read()).done) { /* events */ } return true } catch { return true }
      })()
      const t0 = Date.now()
      exitCodes.push(await cluster.stop(i))
      stopMs.push(Date.now() - t0)
      streamEnded = (await drained) && (i === 0 ? true : streamEnded)
      await cluster.start(i)
      await sleep(300)
    }
    running = false
    await Promise.all(workers)

    const retried = writes.filter((w) => w.attempts > 1).length
    console.log(`[rolling] ${JSON.stringify({ writes: writes.length, retried, stopMs, exitCodes, served: cluster.proxy.served })}`)
    expect(exitCodes).toEqual([0, 0])
    expect(streamEnded).toBe(true)
    // no wait for the drain bound (10 s): the open streams were ended, the requests in flight finished
    expect(Math.max(...stopMs)).toBeLessThan(9000)
    expect(writes.length).toBeGreaterThan(10)
    expect(writes.filter((w) => w.status < 200 || w.status >= 300).map((w) => `${w.nome}: ${w.status} after ${w.attempts}`)).toEqual([])
    const rows = await cluster.query<{ nome: string; n: string }>('select nome, count(*) as n from servizio where nome = any($1::text[]) group by nome', [writes.map((w) => w.nome)])
    expect(rows).toHaveLength(writes.length)
    expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([])
    const records = await cluster.query<{ n: string }>('select count(*) as n from idempotency_record where key = any($1::text[])', [writes.map((w) => w.key)])
    expect(Number(records[0]!.n)).toBe(writes.length)
  }, 240_000)
})
