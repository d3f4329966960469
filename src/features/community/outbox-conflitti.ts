/**
 * Versions of the community's queued comment edits (issue 27 point 3): the version an edit is sent on and the
 * three-way merge of a refused one (src/offline/conflicts.ts). The handler is registered in ./outbox.ts.
 */
import type { ConflictSupport } from '../../offline'
import type { ModificaPayload } from './outbox'

type ParentResult = { id: string; kind: string; result: unknown }

/** A comment's version at its creation (server/domain/community/comments.ts `insertComment`). */
export const VERSIONE_CREAZIONE = 1

/**
 * The version an edit is based on once its parents are done: a parent that created or edited the same comment
 * answered `{ id, versione }`, the version the device's own earlier write left (never older than the payload's).
 */
export function versioneDaGenitori(p: ModificaPayload, parents: ParentResult[]): ModificaPayload {
  let versione = p.versione
  for (const parent of parents) {
    const r = parent.result as { id?: unknown; versione?: unknown } | null | undefined
    if (r?.id === p.idCommento && typeof r.versione === 'number') versione = Math.max(versione ?? 0, r.versione)
  }
  return versione === undefined ? p : { ...p, versione }
}

/**
 * The three-way merge of a comment's edit refused with 409 V01 (src/offline/conflicts.ts): one field, `testo`.
 * An entry queued before versions has no base text: its base is empty, so a comment changed meanwhile is asked
 * ('In conflitto'), never overwritten.
 */
export const CONFLITTO_MODIFICA: ConflictSupport<ModificaPayload> = {
  base: (p) => (p.testoBase === undefined ? {} : { testo: p.testoBase }),
  mine: (p) => ({ testo: p.testo }),
  theirs: (corrente) => {
    const c = corrente as { comment_body?: unknown; versione?: unknown } | null | undefined
    if (typeof c?.comment_body !== 'string' || typeof c.versione !== 'number') return null
    return { campi: { testo: c.comment_body }, versione: c.versione, modificatoIl: null }
  },
  rebase: (p, campi, versione, theirs) => ({
    ...p, testo: typeof campi.testo === 'string' ? campi.testo : p.testo, versione, testoBase: typeof theirs.testo === 'string' ? theirs.testo : p.testo,
  }),
}

/** The name of a comment edit's field in the sync centre's conflict view. */
export function nomeCampoCommento(percorso: string): string {
  return percorso === 'testo' ? 'Testo del commento' : percorso
}
