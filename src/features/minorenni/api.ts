/**
 * Calls of the minors configuration (src/api/contract/minorenni.ts): the programmes that may be enabled
 * (silent), save and revoke through the one `write` (src/api/write.ts; no profile ids in the body, errors toast
 * with the catalogue's message, spec 002 §8; success refreshes the configuration's reads).
 */
import * as v from 'valibot'
import { apiPost } from '../../api/client'
import { write } from '../../api/write'
import { minorenniKeys } from './keys'
import type { Policy } from '../../api/contract/common'
import { ProgrammiAbilitabiliSchema } from '../../api/contract/minorenni'

export function programmiAbilitabiliQuery(intervento: Policy) {
  return {
    queryKey: minorenniKeys.programmi(intervento),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiPost('configurazioneminorenni/programmi', { intervento }, ProgrammiAbilitabiliSchema, { silent: true, signal }),
  }
}

const Id = v.object({ id: v.number() })
const scrivi = (path: string, body: object) =>
  write({ method: 'post', path, body, schema: Id, withProfile: false, toast: 'catalogue', invalidate: [minorenniKeys.all] })
export const abilitaProgramma = (idProgramma: number, intervento: Policy, dataDecorrenza: string) =>
  scrivi('configurazioneminorenni/salva', { idProgramma, intervento, dataDecorrenza })
/** Revoke based on the row's `versione` (issue 27: 409 V01 when the configuration changed meanwhile). */
export const revocaAbilitazione = (id: number, versione: number) => scrivi('configurazioneminorenni/elimina', { id, versione })
