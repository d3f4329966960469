/**
 * What the field writes share (write.ts): the current FAC/VOL role context, the profile's references on the
 * device, the sync centre's labels, and the rewrite of an entry the server has surely not applied.
 */
import { cache, EntryNotEditableError, outbox, roleContextFromSession, type OutboxEntry } from '../../offline'
import { formatDisplayDate } from '../../lib/dates'
import { shortMask } from '../../lib/masked-identity'
import { CampoInputError, isFieldRole, MESSAGGI } from './common'
import { riferimentiKey } from './records'
import type { CampoRiferimenti } from './types'

/** The role profile a write is made in, with the user's fiscal code (`roleContextFromSession`). */
type RoleContext = NonNullable<ReturnType<typeof roleContextFromSession>>

/** A field role context with its project and body (FAC/VOL). */
export type FieldRole = RoleContext & { idProgetto: number; idEnte: number }

export function fieldRole(): FieldRole {
  const r = roleContextFromSession()
  if (!r || !isFieldRole(r.codiceRuolo) || r.idProgetto === null || r.idEnte === null) throw new CampoInputError(MESSAGGI.profilo)
  return r as FieldRole
}

export async function riferimenti(r: RoleContext): Promise<CampoRiferimenti | undefined> {
  return (await cache.get<CampoRiferimenti>(riferimentiKey(r)))?.value
}

/** ' RSS…90…': the citizen's masked identity as the citizens table reads it aloud (its short form); '' without one. */
const mascherato = (mask: string | null | undefined) => (mask ? ` ${shortMask(mask)}` : '')

/**
 * Labels of the sync centre. A citizen's entries name the citizen by the masked identity (issue 24 point 12):
 * two citizens added to one service read apart ('Cittadino RSS…90… aggiunto a «Corso SPID»').
 */
export const etichette = {
  crea: (nome: string, data: string) => `Servizio «${nome}» del ${formatDisplayDate(data)}`,
  modifica: (nome: string) => `Modifica del servizio «${nome}»`,
  elimina: (nome: string) => `Eliminazione del servizio «${nome}»`,
  cittadino: (nome: string, mask: string | null | undefined) => `Cittadino${mascherato(mask)} aggiunto a «${nome}»`,
  questionario: (nome: string, mask: string | null | undefined) => (mask
    ? `Questionario del cittadino${mascherato(mask)} compilato — «${nome}»`
    : `Questionario compilato — «${nome}»`),
}

/** True when an entry may still be rewritten: not in flight, and the server surely has not applied it. */
export function rewritable(e: OutboxEntry): boolean {
  if (e.status === 'sending' || e.status === 'done') return false
  const s = e.lastError?.status
  return e.attempts === 0 || (typeof s === 'number' && s >= 400 && s < 500)
}

/** Rewrites an entry's payload; false when the library refuses (it went in flight meanwhile). */
export async function tryRewrite<P>(e: OutboxEntry, payload: P, recordData: unknown, label: string): Promise<boolean> {
  try {
    await outbox.updatePayload(e.id, payload, { recordData, label })
    return true
  } catch (err) {
    if (err instanceof EntryNotEditableError) return false
    throw err
  }
}
