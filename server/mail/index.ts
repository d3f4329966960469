/**
 * E-mail sending (issue 11 point 4; reused by the community notifications): messages are queued as jobs
 * of kind `email.invia` (server/jobs/coda.ts), so that an SMTP server that is down is retried with
 * back-off and nothing is lost on restart; the worker sends them through SMTP with nodemailer.
 *
 * - `SMTP_URL` unset: `accoda` queues nothing and returns false (the caller's data is stored anyway).
 * - Attachments are referenced by storage key (app.storage), read when the message is sent: the job
 *   row holds metadata only.
 * - Sender `MAIL_FROM`; the help desk's address `HELP_DESK_EMAIL` (server/config.ts).
 */
import type { Readable } from 'node:stream'
import nodemailer from 'nodemailer'
import type { AppConfig } from '../config'
import type { JobQueue } from '../jobs/coda'
import type { FileStorage } from '../storage/index'

export const JOB_EMAIL = 'email.invia'

/** An attachment kept in the file storage. */
export interface AllegatoEmail { filename: string; contentType: string; chiave: string }

/** A message to send: `to` one address or several; `html` optional next to the plain `text`. */
export interface MessaggioEmail {
  to: string | string[]
  subject: string
  text: string
  html?: string
  replyTo?: string
  attachments?: AllegatoEmail[]
}

export interface Mailer {
  /** true when SMTP is configured */
  readonly attivo: boolean
  /** queues the message; false (nothing queued) without SMTP */
  accoda(message: MessaggioEmail): Promise<boolean>
}

/** Creates the mailer and registers the `email.invia` handler on `jobs`. */
export function createMailer(opts: { config: AppConfig['mail']; jobs: JobQueue; storage: () => FileStorage }): Mailer {
  const { smtpUrl, from } = opts.config
  if (!smtpUrl) return { attivo: false, accoda: async () => false }
  const transport = nodemailer.createTransport(smtpUrl)
  opts.jobs.handle(JOB_EMAIL, async (payload) => {
    const m = payload as unknown as MessaggioEmail
    const storage = opts.storage()
    const attachments: { filename: string; contentType: string; content: Readable }[] = []
    for (const a of m.attachments ?? []) {
      const opened = await storage.get(a.chiave)
      if (!opened) throw new Error(`attachment ${a.chiave} not in storage`)
      attachments.push({ filename: a.filename, contentType: a.contentType, content: opened.stream })
    }
    await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, replyTo: m.replyTo, attachments })
  })
  return {
    attivo: true,
    async accoda(message) {
      await opts.jobs.enqueue(JOB_EMAIL, { ...message }, { maxTentativi: 8 })
      return true
    },
  }
}
