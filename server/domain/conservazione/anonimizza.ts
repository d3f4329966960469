/**
 * Anonymisation (issue 28 point 2; reused by part 3's erasure on request, art. 17): what links a row to a person is
 * removed, what the data area and the open data aggregate stays, so their totals are the same before and after.
 *
 * A citizen ({@link anonimizzaCittadino}) keeps its random id, its services and the demographic categories counted
 * by the report views and the open-data file (gender, age band, education, employment); it loses the keyed hashes
 * of its fiscal code and document, the document type, the mask, citizenship and province of residence, the consent
 * record, the mass-upload code. Each of its survey instances keeps its state and closed answers (Q2, Q3, the Q4
 * rating…) and loses Q1's identity, residence and consent answers and every free-text answer (the template's text
 * questions); its online link dies. The citizen is marked (`anonimizzato_il`, `motivo_anonimizzazione`): writes
 * naming it answer 410 CS01 (guardia.ts) and each instance leaves the devices through a field-sync tombstone.
 *
 * A user ({@link anonimizzaUtente}) keeps its id (the access register and every link refer to it); name, e-mail,
 * phone, fiscal code (a unique placeholder), job title and picture are replaced, and it can no longer sign in.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { questionKind, type TemplateQuestion } from '../../../src/lib/survey-questions'
import {
  cittadino, questionarioCompilato, questionarioInviatoOnline, questionarioTemplate, registroAttivita, servizio, STATO, utente,
  type SezioneCompilata, type SezioneTemplate,
} from '../../db/schema'
import type { Transaction } from '../../db/types'
import { fromStored, toStored } from '../survey-codec'

/** Why a citizen was anonymised. */
export type MotivoAnonimizzazione = 'conservazione' | 'cancellazione'

/** Q1 answers kept: the demographic categories (5 gender, 6 age band, 7 education, 8 employment). */
const Q1_CONSERVATE = new Set(['5', '6', '7', '8'])

/** Question ids of a template's free-text questions, by section id. */
export function testiLiberi(sezioni: readonly SezioneTemplate[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const s of sezioni) {
    const ids = new Set<string>()
    for (const [key, q] of Object.entries(s.schema?.properties ?? {})) {
      const id = q.id || key
      const kind = questionKind({ ...(q as unknown as TemplateQuestion), id })
      if (kind === 'text' || kind === 'textarea') ids.add(id)
    }
    out.set(s.id, ids)
  }
  return out
}

/** The sections of an instance without what identifies the citizen (module comment). */
export function sezioniAnonime(sezioni: readonly SezioneCompilata[], liberi: Map<string, Set<string>>): SezioneCompilata[] {
  return sezioni.map((stored) => {
    const d = fromStored(stored)
    const drop = liberi.get(d.id) ?? new Set<string>()
    const properties = Object.fromEntries(Object.entries(d.properties).filter(([k]) => {
      // Q1: only the demographic categories (never the identity, residence, citizenship or consent, 18–19)
      if (d.id === SEZIONI_QUESTIONARIO.Q1.id) return Q1_CONSERVATE.has(k)
      return !drop.has(k)
    }))
    return toStored({ id: d.id, title: d.title, properties })
  })
}

/**
 * Anonymises one citizen (module comment) inside the caller's transaction; the row is locked first, so concurrent
 * calls anonymise it once. Resolves to the number of survey instances rewritten, or null when the citizen does not
 * exist or was already anonymised.
 */
export async function anonimizzaCittadino(tx: Transaction, idCittadino: number, motivo: MotivoAnonimizzazione): Promise<number | null> {
  const [row] = await tx.select({ id: cittadino.id, anonimizzatoIl: cittadino.anonimizzatoIl }).from(cittadino)
    .where(eq(cittadino.id, idCittadino)).for('update')
  if (!row || row.anonimizzatoIl) return null
  await tx.update(cittadino).set({
    codiceFiscaleHash: null, tipoDocumento: null, numeroDocumentoHash: null, identificativoMascherato: null,
    cittadinanza: null, provinciaDiDomicilio: null, tipoConferimentoConsenso: null, dataConferimentoConsenso: null,
    codInserimento: null, anonimizzatoIl: new Date(), motivoAnonimizzazione: motivo, dataOraAggiornamento: new Date(),
    versione: sql`${cittadino.versione} + 1`,
  }).where(eq(cittadino.id, idCittadino))

  const istanze = await tx.select({
    id: questionarioCompilato.id, sezioni: questionarioCompilato.sezioni, idTemplate: questionarioCompilato.idQuestionarioTemplate,
  }).from(questionarioCompilato).where(eq(questionarioCompilato.idCittadino, idCittadino))
  if (istanze.length === 0) return 0
  const templates = await tx.select({ id: questionarioTemplate.id, sezioni: questionarioTemplate.sezioni }).from(questionarioTemplate)
    .where(inArray(questionarioTemplate.id, [...new Set(istanze.map((q) => q.idTemplate))]))
  const liberi = new Map(templates.map((t) => [t.id, testiLiberi(t.sezioni)]))
  for (const q of istanze) {
    await tx.update(questionarioCompilato).set({
      sezioni: sezioniAnonime(q.sezioni, liberi.get(q.idTemplate) ?? new Map()), codInserimento: null, dataOraAggiornamento: new Date(),
    }).where(eq(questionarioCompilato.id, q.id))
  }
  const ids = istanze.map((q) => q.id)
  await tx.delete(questionarioInviatoOnline).where(inArray(questionarioInviatoOnline.idQuestionarioCompilato, ids))
  // the devices drop each instance (and with it the citizen's addition) at their next sync (server/domain/campo-sync.ts)
  await tx.execute(sql`insert into campo_rimozione (xid, id_facilitatore, id_progetto, id_ente, tipo, id_record)
    select pg_current_xact_id()::text::bigint, s.id_facilitatore, s.id_progetto, s.id_ente, 'questionario', q.id::text
    from ${questionarioCompilato} q join ${servizio} s on s.id = q.id_servizio
    where q.id_cittadino = ${idCittadino}`)
  return istanze.length
}

/** A unique 16-character placeholder of an anonymised user's fiscal code (never a valid code: starts with 'ANON'). */
export const codiceAnonimo = (id: number) => `ANON${String(id).padStart(12, '0')}`

/** Anonymises one user (module comment); false when missing or already anonymised. */
export async function anonimizzaUtente(tx: Transaction, idUtente: number): Promise<boolean> {
  const rows = await tx.update(utente).set({
    codiceFiscale: codiceAnonimo(idUtente), nome: 'Utente', cognome: 'anonimizzato', email: null, telefono: null, prefissoTelefono: null,
    mansione: null, immagineProfilo: null, stato: STATO.NON_ATTIVO, anonimizzatoIl: new Date(), dataOraAggiornamento: new Date(),
    versione: sql`${utente.versione} + 1`,
  }).where(and(eq(utente.id, idUtente), isNull(utente.anonimizzatoIl))).returning({ id: utente.id })
  if (rows.length === 0) return false
  // the uploader's name written on their mass uploads
  await tx.update(registroAttivita).set({ operatore: null }).where(eq(registroAttivita.idUtente, idUtente))
  return true
}
