// @vitest-environment node
/**
 * Issue 13 server side: 'Il mio profilo' update (spec 000 §5 formats, U21), the profile picture checked by
 * content and re-encoded into the avatar sizes through the file storage, the role cards' fullInfo, and the
 * usage events (no personal data, 7-day drop, DTD summary).
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { eventoUtilizzo } from '../../../server/db/schema'
import { apiCall, createTestServer, TEST_HOST, type TestServer } from '../helpers'

const SARA = 'RMNSRA92E51A944H' // FAC
const ALESSANDRO = 'RSSLSN77R19G478N' // REG, REGP, FAC
const DTD = 'FRRGLI78C54H501Q'

describe('personal area and usage events', () => {
  let server: TestServer
  const tokens: Record<string, string> = {}
  beforeAll(async () => {
    server = await createTestServer()
    for (const cf of [SARA, ALESSANDRO, DTD]) tokens[cf] = await server.signIdToken(cf)
  }, 120_000)
  afterAll(async () => { await server?.close() })

  const contesto = async (cf: string) => (await apiCall(server.app, { url: '/api/contesto', token: tokens[cf] })).json()
  const upload = (cf: string | null, payload: Buffer, contentType = 'image/png') => server.app.inject({
    method: 'POST', url: '/api/utente/upload/immagineProfilo', payload,
    headers: { host: TEST_HOST, 'content-type': contentType, ...(cf ? { authToken: tokens[cf]! } : {}) },
  })
  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } })

  describe('POST /utente/profilo', () => {
    const valid = { nome: 'Sara', cognome: 'Romano', email: 'sara.nuova@example.it', telefono: '791234567', prefissoTelefono: '+41' }

    it('saves e-mail and a Swiss number with its prefix', async () => {
      // the update sends the version of the context it was made on (issue 27)
      const { versione } = await contesto(SARA) as { versione: number }
      const res = await apiCall(server.app, { url: '/api/utente/profilo', token: tokens[SARA], body: { ...valid, versione } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ email: 'sara.nuova@example.it', telefono: '791234567', prefissoTelefono: '+41', codiceFiscale: SARA })
      expect(await contesto(SARA)).toMatchObject({ email: 'sara.nuova@example.it', prefissoTelefono: '+41' })
    })

    it('refuses an invalid e-mail, a number impossible for its prefix and a name with digits (400 G02)', async () => {
      for (const body of [{ ...valid, email: 'sara@' }, { ...valid, telefono: '791234' }, { ...valid, nome: 'Sara2' }, { ...valid, prefissoTelefono: '41' }]) {
        const res = await apiCall(server.app, { url: '/api/utente/profilo', token: tokens[SARA], body })
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.json().errorCode).toBe('G02')
      }
      const short = await apiCall(server.app, { url: '/api/utente/profilo', token: tokens[SARA], body: { ...valid, telefono: '791234' } })
      expect(short.json().message).toContain('+41')
    })

    it('refuses the e-mail of another user (409 U21) and needs a token (401)', async () => {
      const other = await contesto(ALESSANDRO)
      const res = await apiCall(server.app, { url: '/api/utente/profilo', token: tokens[SARA], body: { ...valid, email: other.email } })
      expect(res.statusCode).toBe(409)
      expect(res.json().errorCode).toBe('U21')
      expect((await apiCall(server.app, { url: '/api/utente/profilo', body: valid })).statusCode).toBe(401)
    })
  })

  describe('profile picture', () => {
    const png = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#c03030' } }).png().toBuffer()

    it('re-encodes an upload into square WebP avatars served immutable; a new upload replaces the old files', async () => {
      const res = await upload(SARA, await png())
      expect(res.statusCode).toBe(200)
      const url = res.json().immagineProfilo as string
      expect(url).toMatch(/^\/api\/utente\/download\/immagineProfilo\/\d+\/[a-f0-9]{24}$/)
      for (const size of [120, 67, 58, 39]) {
        const img = await get(`${url}/${size}.webp`)
        expect(img.statusCode).toBe(200)
        expect(img.headers['content-type']).toBe('image/webp')
        expect(img.headers['cache-control']).toContain('immutable')
        const meta = await sharp(img.rawPayload).metadata()
        expect(meta).toMatchObject({ format: 'webp', width: size, height: size })
      }
      expect((await contesto(SARA)).immagineProfilo).toBe(url)
      const again = await upload(SARA, await png())
      expect(again.json().immagineProfilo).not.toBe(url)
      expect((await get(`${url}/120.webp`)).statusCode).toBe(404)
      expect((await get(`${again.json().immagineProfilo}/121.webp`)).statusCode).toBe(404)
    })

    it('judges by content: a text file named .png, an SVG and an empty body are refused (400 U22)', async () => {
      const before = (await contesto(SARA)).immagineProfilo
      for (const [body, type] of [
        [Buffer.from('questo non è un\'immagine, solo testo rinominato in .png'), 'image/png'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), 'image/svg+xml'],
        [Buffer.alloc(0), 'image/png'],
        [(await png()).subarray(0, 60), 'application/octet-stream'],
      ] as const) {
        const res = await upload(SARA, body, type)
        expect(res.statusCode, type).toBe(400)
        expect(res.json().errorCode).toBe('U22')
      }
      expect((await contesto(SARA)).immagineProfilo).toBe(before)
      expect((await upload(null, await png())).statusCode).toBe(401)
    })

    it('removes the picture: initials again, files gone', async () => {
      const url = (await contesto(SARA)).immagineProfilo as string
      const res = await apiCall(server.app, { method: 'DELETE', url: '/api/utente/immagineProfilo', token: tokens[SARA] })
      expect(res.statusCode).toBe(200)
      expect(res.json().immagineProfilo).toBeNull()
      expect((await get(`${url}/39.webp`)).statusCode).toBe(404)
    })
  })

  it('role cards: three for the multi-profile user, each with the fields of its role', async () => {
    const res = await apiCall(server.app, { url: '/api/utente/profilo/ruoli', token: tokens[ALESSANDRO] })
    expect(res.statusCode).toBe(200)
    const ruoli = res.json().ruoli as { profilo: { codiceRuolo: string }; fullInfo: Record<string, unknown> }[]
    expect(ruoli.map((r) => r.profilo.codiceRuolo).sort()).toEqual(['FAC', 'REG', 'REGP'])
    const by = (c: string) => ruoli.find((r) => r.profilo.codiceRuolo === c)!.fullInfo
    expect(by('REG')).toMatchObject({ progetto: null, serviziErogati: null })
    expect(by('REG').programma).not.toBeNull()
    expect(typeof by('REG').nFacilitatori).toBe('number')
    expect(by('REGP').progetto).not.toBeNull()
    expect(by('REGP').ente).not.toBeNull()
    expect(by('FAC')).toMatchObject({ ente: null, nFacilitatori: null })
    expect(typeof by('FAC').serviziErogati).toBe('number')
    const dtd = (await apiCall(server.app, { url: '/api/utente/profilo/ruoli', token: tokens[DTD] })).json().ruoli
    expect(dtd[0].fullInfo).toEqual({ programma: null, progetto: null, ente: null, serviziErogati: null, nFacilitatori: null, referenti: null, stato: 'ATTIVO' })
    // 'Stato Ruolo' (spec 000 §3) from the link that gives each role
    for (const c of ['REG', 'REGP', 'FAC']) expect(['ATTIVO', 'NON ATTIVO', 'TERMINATO', 'ATTIVABILE'], c).toContain(by(c).stato)
  })

  describe('usage events', () => {
    it('records role and programme only, refuses another role or programme, drops events older than 7 days', async () => {
      const sara = await contesto(SARA)
      const programId = sara.profiliUtente[0].idProgramma as number
      const event = { event: 'download', event_type: 'csv', event_value: 'servizi.csv', role_code: 'FAC', category: 'liste', program_id: programId }
      const post = (body: unknown, role = 'FAC', cf = SARA) => apiCall(server.app, { url: '/api/utilizzo/evento', token: tokens[cf], role, body })
      const { db } = server.database
      const countRows = async () => Number((await db.select({ n: count() }).from(eventoUtilizzo))[0]!.n)
      const n0 = await countRows()
      expect((await post(event)).statusCode).toBe(204)
      expect((await post({ ...event, program_id: null, timestamp: new Date(Date.now() - 3_600_000).toISOString() })).statusCode).toBe(204)
      expect(await countRows()).toBe(n0 + 2)
      const old = await post({ ...event, timestamp: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      expect(old.statusCode).toBe(204)
      expect(await countRows()).toBe(n0 + 2)
      expect((await post({ ...event, role_code: 'DTD' })).statusCode).toBe(403)
      expect((await post({ ...event, program_id: 999_999 })).statusCode).toBe(403)
      expect((await post({ ...event, event: 'visita' })).statusCode).toBe(400)
      const [row] = await db.select().from(eventoUtilizzo).where(eq(eventoUtilizzo.eventValue, 'servizi.csv')).limit(1)
      // what a row holds: the event, the role and the programme; no user, fiscal code or name
      expect(Object.keys(row!).sort()).toEqual(['category', 'dataOra', 'event', 'eventType', 'eventValue', 'id', 'programId', 'roleCode'])
      expect(JSON.stringify(row)).not.toContain(SARA)
    })

    it('summary for the DTD only, counted by period, event, type, role and programme', async () => {
      const res = await apiCall(server.app, { url: '/api/utilizzo/riepilogo', token: tokens[DTD], role: 'DTD', body: { periodo: 'totale' } })
      expect(res.statusCode, res.body).toBe(200)
      const righe = res.json().righe as { event: string; event_type: string; role_code: string; program_id: number | null; nomeProgramma: string | null; totale: number }[]
      const withProgramme = righe.find((r) => r.program_id !== null)!
      expect(withProgramme).toMatchObject({ event: 'download', event_type: 'csv', role_code: 'FAC', totale: 1 })
      expect(withProgramme.nomeProgramma).toBeTruthy()
      expect(righe.find((r) => r.program_id === null)).toMatchObject({ totale: 1 })
      const forbidden = await apiCall(server.app, { url: '/api/utilizzo/riepilogo', token: tokens[SARA], role: 'FAC', body: {} })
      expect(forbidden.statusCode).toBe(403)
      const bad = await apiCall(server.app, { url: '/api/utilizzo/riepilogo', token: tokens[DTD], role: 'DTD', body: { dal: 'ieri' } })
      expect(bad.statusCode).toBe(400)
    })
  })
})
