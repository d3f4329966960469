// @vitest-environment node
/**
 * Assistance request (issue 11 point 4): thematic areas, validation (areas, 'Altro', empty description
 * after stripping markup, 1,500 plain characters, attachments: 11 MB refused, `.exe` renamed `.pdf`
 * refused), eligibility by role, the ticket stored with the role context, the two e-mails received by a
 * local SMTP server with the attachments (after the SMTP server was down: retried), the DTD's list.
 */
import { createServer, type AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TicketAperto, TicketPagina } from '../../../src/api/contract/assistenza'
import { codificaAllegati } from '../../../src/lib/allegati-codifica'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { job, ticketAllegato, ticketAssistenza } from '../../../server/db/schema'
import { apiCall, createTestServer, type TestServer } from '../helpers'

const FAC = 'RMNSRA92E51A944H' // Sara Romano, FAC on RFD-2024-LAZ
const DTD = 'FRRGLI78C54H501Q'
const HELP_DESK = 'helpdesk@example.it'

interface Ricevuta { from: string; to: string[]; raw: string }

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as AddressInfo).port
  await new Promise<void>((r) => s.close(() => r()))
  return port
}

function startSmtp(port: number, inbox: Ricevuta[]): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        inbox.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  return new Promise((resolve) => smtp.listen(port, '127.0.0.1', () => resolve(smtp)))
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4])

describe('assistance request', () => {
  let server: TestServer
  let smtp: SMTPServer | undefined
  let port: number
  const inbox: Ricevuta[] = []
  let fac: string
  let profilo: { idProgramma: number; idProgetto: number; idEnte: number }

  beforeAll(async () => {
    port = await freePort()
    server = await createTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, HELP_DESK_EMAIL: HELP_DESK, MAIL_FROM: 'Punto Digitale <noreply@example.it>' } })
    fac = await server.signIdToken(FAC)
    const principal = await createPrincipalLoader(server.database.db)(FAC)
    const p = principal!.profili.find((x) => x.codiceRuolo === 'FAC')!
    profilo = { idProgramma: p.idProgramma!, idProgetto: p.idProgetto!, idEnte: p.idEnte! }
  })
  afterAll(async () => {
    await server?.close()
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()))
  })

  const send = (body: Record<string, unknown>, token = fac, role = 'FAC') =>
    apiCall(server.app, { url: '/api/assistenza/apriTicket', token, role, body: { ...profilo, ...body } })
  const valid = { areaTematica: 'registrazione_servizi', oggetto: 'Non riesco a salvare un servizio', descrizione: '<p>Quando premo <strong>Salva</strong> compare un errore.</p>' }

  it('lists the thematic areas', async () => {
    const res = await apiCall(server.app, { url: '/api/assistenza/tematiche', token: fac, role: 'FAC', body: profilo })
    expect(res.statusCode).toBe(200)
    const aree = res.json<{ tag: string; descrizione: string }[]>()
    expect(aree.map((a) => a.tag)).toContain('registrazione_servizi')
  })

  it('refuses invalid requests with a clear message, storing nothing', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ areaTematica: 'inventata' }, 400, /area tematica/],
      [{ areaTematica: 'altro_problema', altraAreaTematica: ' ' }, 400, /altra area/],
      [{ oggetto: '  ' }, 400, /oggetto/],
      [{ descrizione: '<p> <br></p><p>&nbsp;</p>' }, 400, /descrizione/],
      [{ descrizione: `<p>${'a'.repeat(1501)}</p>` }, 400, /1500 caratteri/],
      [{ fileData: codificaAllegati([{ name: 'virus.pdf', bytes: Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]) }]) }, 400, /non corrisponde/],
      [{ fileData: codificaAllegati([{ name: 'setup.exe', bytes: Uint8Array.from([0x4d, 0x5a, 0x90, 0]) }]) }, 400, /non è di un tipo ammesso/],
      [{ fileData: codificaAllegati([{ name: 'log.txt', bytes: new Uint8Array(11 * 1024 * 1024).fill(0x61) }]) }, 413, /10 MB/],
      [{ fileData: 'non base64 !!' }, 400, /non sono leggibili/],
    ]
    for (const [over, status, message] of cases) {
      const res = await send({ ...valid, ...over })
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(status)
      expect(res.json()).toMatchObject({ errorCode: 'G02' })
      expect(res.json<{ message: string }>().message).toMatch(message)
    }
    expect(await server.database.db.select().from(ticketAssistenza)).toHaveLength(0)
  })

  it('refuses roles the help desk does not serve', async () => {
    const dtd = await server.signIdToken(DTD)
    const res = await apiCall(server.app, { url: '/api/assistenza/apriTicket', token: dtd, role: 'DTD', body: valid })
    expect(res.statusCode).toBe(403)
  })

  it('stores the ticket with the role context and, once the SMTP server is up, delivers both e-mails with the attachments', async () => {
    const res = await send({ ...valid, descrizione: '<p>Errore <script>alert(1)</script><u>grave</u></p>', nome: 'Falso Nome', codiceFiscale: 'XXXXXX00X00X000X',
      fileData: codificaAllegati([{ name: 'schermata.png', bytes: PNG }, { name: 'ricevuta.pdf', bytes: PDF }]) })
    expect(res.statusCode).toBe(201)
    const aperto = res.json<TicketAperto>()
    expect(aperto.codice).toBe(`Non riesco a salvare un servizio (ticket n. ${aperto.id})`)
    expect(aperto.emailInviata).toBe(true)
    const db = server.database.db
    const [t] = await db.select().from(ticketAssistenza).where(eq(ticketAssistenza.id, aperto.id))
    expect(t).toMatchObject({ nome: 'Sara Romano', codiceFiscale: FAC, ruoloUtente: 'FAC', policy: 'RFD', email: 'sara.romano@example.it', ...profilo })
    expect(t!.descrizione).toBe('<p>Errore <u>grave</u></p>')
    const allegati = await db.select().from(ticketAllegato).where(eq(ticketAllegato.idTicket, aperto.id))
    expect(allegati.map((a) => [a.nome, a.tipo, a.dimensione])).toEqual([['schermata.png', 'image/png', PNG.length], ['ricevuta.pdf', 'application/pdf', PDF.length]])

    // the SMTP server is down: the e-mails wait in the job table
    await server.app.jobs.idle()
    const waiting = await db.select().from(job).where(eq(job.tipo, 'email.invia'))
    expect(waiting).toHaveLength(2)
    for (const j of waiting) expect(j).toMatchObject({ stato: 'IN_ATTESA', tentativi: 1 })
    expect(inbox).toHaveLength(0)

    smtp = await startSmtp(port, inbox)
    await db.update(job).set({ prossimoTentativo: new Date() }).where(eq(job.tipo, 'email.invia'))
    server.app.jobs.kick()
    await server.app.jobs.idle()
    expect(inbox).toHaveLength(2)
    const conferma = inbox.find((m) => m.to.includes('sara.romano@example.it'))!
    const ticket = inbox.find((m) => m.to.includes(HELP_DESK))!
    expect(conferma.raw).toMatch(/Subject: Richiesta di assistenza ricevuta/)
    expect(ticket.from).toBe('noreply@example.it')
    expect(ticket.raw).toMatch(/filename=schermata\.png/)
    expect(ticket.raw).toMatch(/filename=ricevuta\.pdf/)
    expect(ticket.raw).toContain(Buffer.from(PDF).toString('base64').slice(0, 60))
    expect(ticket.raw).toContain('facilitatore')
    const done = await db.select().from(job).where(eq(job.tipo, 'email.invia'))
    for (const j of done) expect(j.stato).toBe('COMPLETATO')
  })

  it('shows the DTD the tickets received, and nobody else', async () => {
    const dtd = await server.signIdToken(DTD)
    const res = await apiCall(server.app, { url: '/api/ticketassistenza/all?currPage=0&pageSize=8', token: dtd, role: 'DTD', body: {} })
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json<TicketPagina>()
    expect(page.numeroTotaleElementi).toBe(1)
    expect(page.ticket[0]).toMatchObject({ nome: 'Sara Romano', ruoloUtente: 'FAC', oggetto: 'Non riesco a salvare un servizio', allegati: 2 })
    const denied = await apiCall(server.app, { url: '/api/ticketassistenza/all?currPage=0&pageSize=8', token: fac, role: 'FAC', body: profilo })
    expect(denied.statusCode).toBe(403)
  })
})
