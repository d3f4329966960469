/**
 * Calls of the minors configuration (src/api/contract/minorenni.ts): the programmes that may be enabled
 * (silent), save and revoke (errors toast with the catalogue's message, spec 002 §8).
 */
import * as v from 'valibot'
import { apiPost } from '../../api/client'
import type { Policy } from '../../api/contract/common'
import { ProgrammiAbilitabiliSchema } from '../../api/contract/minorenni'

export function programmiAbilitabiliQuery(intervento: Policy) {
  return {
    queryKey: ['minorenni', 'programmi', intervento],
    queryFn: ({ signal }: { signal: AbortSignal }) => apiPost('configurazioneminorenni/programmi', { intervento }, ProgrammiAbilitabiliSchema, { silent: true, signal }),
  }
}

const Id = v.object({ id: v.number() })
export const abilitaProgramma = (idProgramma: number, intervento: Policy, dataDecorrenza: string) =>
  apiPost('configurazioneminorenni/salva', { idProgramma, intervento, dataDecorrenza }, Id)
export const revocaAbilitazione = (id: number) => apiPost('configurazioneminorenni/elimina', { id }, Id)
