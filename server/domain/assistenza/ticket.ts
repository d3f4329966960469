/**
 * Opening an assistance ticket (issue 11 point 4; platform-backend §12; spec 002 §5): checks the form
 * (area among the thematic areas or 'Altro' with its text, subject, description non-empty after removing
 * markup and ≤ 1,500 plain characters, attachments as allegati.ts says), stores the ticket with the
 * sender's role context (taken from the user and the chosen profile, never from the body) and its
 * attachments (bytes in app.storage under `assistenza/{id}/{n}`), then queues two e-mails (server/mail):
 * the confirmation to the sender and the ticket, with the attachments, to the help desk. Without SMTP
 * the ticket is stored and no e-mail is queued.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ApriTicketBody, TicketAperto } from '../../../src/api/contract/assistenza'
import { ALTRO_TAG, MAX_DESCRIZIONE } from '../../../src/lib/assistenza'
import { ticketAllegato, ticketAssistenza, utente, zendeskAreaTematica } from '../../db/schema'
import type { Database } from '../../db/types'
import { badRequest } from '../../errors'
import type { Mailer } from '../../mail/index'
import type { FileStorage } from '../../storage/index'
import type { Caller } from '../profile'
import { sanitizeRichText } from '../rich-text'
import { decodificaAllegati } from './allegati'

/** Role codes as the help desk reads them (platform-backend §12 "ruolo"). */
const RUOLO_HELP_DESK: Record<string, string> = {
  FAC: 'facilitatore', VOL: 'volontario', REPP: 'referente_ente', REG: 'referente_programma', REGP: 'referente_progetto',
  DEG: 'delegato_programma', DEPP: 'delegato_ente', DEGP: 'delegato_progetto',
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The thematic areas (table zendesk_area_tematica), by description. */
export async function tematiche(db: Database) {
  return db.select({ tag: zendeskAreaTematica.tag, descrizione: zendeskAreaTematica.descrizione }).from(zendeskAreaTematica).orderBy(zendeskAreaTematica.descrizione)
}

/** Stores the ticket and queues its e-mails; throws ApiError 400/413 G02 on invalid input. */
export async function apriTicket(deps: { db: Database; storage: FileStorage; mailer: Mailer; helpDesk: string }, caller: Caller, body: Omit<ApriTicketBody, 'fileData'> & { fileData?: string | null }): Promise<TicketAperto> {
  const { db } = deps
  const aree = await tematiche(db)
  const altro = body.areaTematica === ALTRO_TAG
  const area = aree.find((a) => a.tag === body.areaTematica)
  if (!altro && !area) throw badRequest('G02', 'Scegli un\'area tematica dall\'elenco.')
  const altraArea = altro ? (body.altraAreaTematica ?? '').trim() : null
  if (altro && !altraArea) throw badRequest('G02', 'Specifica l\'altra area tematica.')
  const oggetto = body.oggetto.trim()
  if (!oggetto) throw badRequest('G02', 'Scrivi l\'oggetto della richiesta.')
  const descrizione = sanitizeRichText(body.descrizione)
  if (descrizione.empty) throw badRequest('G02', 'Scrivi la descrizione della richiesta.')
  if (descrizione.plainLength > MAX_DESCRIZIONE) throw badRequest('G02', `La descrizione supera i ${MAX_DESCRIZIONE} caratteri.`)
  const allegati = decodificaAllegati(body.fileData)

  const p = caller.principal
  const [u] = await db.select({ email: utente.email }).from(utente).where(eq(utente.id, p.userId))
  const prof = caller.profilo
  const nome = `${p.nome} ${p.cognome}`.trim()
  const prefix = `assistenza/${randomUUID()}`
  const stored = await Promise.all(allegati.map(async (a, i) => ({ ...a, chiave: (await deps.storage.put(`${prefix}/${i + 1}`, a.bytes)).key })))
  let id: number
  try {
    id = await db.transaction(async (tx) => {
      const [t] = await tx.insert(ticketAssistenza).values({
        idUtente: p.userId, nome, email: u?.email ?? null, codiceFiscale: p.codiceFiscale, ruoloUtente: caller.codiceRuolo,
        idProgramma: prof.idProgramma, nomeProgramma: prof.nomeProgramma, idProgetto: prof.idProgetto, nomeProgetto: prof.nomeProgettoBreve,
        policy: prof.policy, idEnte: prof.idEnte, nomeEnte: prof.nomeEnte,
        areaTematica: altro ? ALTRO_TAG : area!.tag, altraAreaTematica: altraArea, oggetto, descrizione: descrizione.html,
      }).returning({ id: ticketAssistenza.id })
      if (stored.length) {
        await tx.insert(ticketAllegato).values(stored.map((a) => ({ idTicket: t!.id, nome: a.nome, tipo: a.tipo, dimensione: a.bytes.length, chiave: a.chiave })))
      }
      return t!.id
    })
  } catch (err) {
    await Promise.all(stored.map((a) => deps.storage.delete(a.chiave)))
    throw err
  }

  const codice = `${oggetto} (ticket n. ${id})`
  const areaTesto = altro ? `Altro: ${altraArea}` : area!.descrizione
  let emailInviata = false
  if (u?.email) {
    emailInviata = await deps.mailer.accoda({
      to: u.email,
      subject: `Richiesta di assistenza ricevuta: ${codice}`,
      text: `Gentile ${nome},\n\nabbiamo ricevuto la tua richiesta di assistenza tecnica "${codice}" (area: ${areaTesto}).\nTi risponderemo al più presto a questo indirizzo.\n\nPunto Digitale`,
    })
  }
  const contesto = [
    ['Nominativo', nome], ['E-mail', u?.email ?? '—'], ['Codice fiscale', p.codiceFiscale],
    ['Ruolo', RUOLO_HELP_DESK[caller.codiceRuolo] ?? caller.codiceRuolo], ['Intervento', prof.policy === 'RFD' ? 'rsfd' : prof.policy === 'SCD' ? 'scd' : '—'],
    ['Programma', prof.nomeProgramma ?? '—'], ['Progetto', prof.idProgetto ? `${prof.idProgetto} - ${prof.nomeProgettoBreve ?? ''}` : '—'],
    ['Ente', prof.idEnte ? `${prof.idEnte} - ${prof.nomeEnte ?? ''}` : '—'], ['Area tematica', areaTesto],
  ] as const
  await deps.mailer.accoda({
    to: deps.helpDesk,
    replyTo: u?.email ?? undefined,
    subject: codice,
    text: `${contesto.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${descrizione.text}`,
    html: `<dl>${contesto.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>${descrizione.html}`,
    attachments: stored.map((a) => ({ filename: a.nome, contentType: a.tipo, chiave: a.chiave })),
  })
  return { id, codice, text: 'La tua richiesta è stata inviata.', emailInviata }
}
