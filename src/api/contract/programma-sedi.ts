/**
 * Answer of `POST /programma/{id}/sedi` (detail steps 1 and 4 of a programme, spec 002 §2: its
 * facilitation points and facilitators): every body-site of every project of the programme, with the
 * project and the people working there: at most 1000 body-sites (issue 25 point 3), `totale` saying how many
 * the programme has (more than those listed: the answer is cut; older servers omit it).
 */
import * as v from 'valibot'
import { SedeInSchedaSchema } from './gestione'

export const SedeDiProgrammaSchema = v.object({ ...SedeInSchedaSchema.entries, idProgetto: v.number(), nomeProgetto: v.string() })
export type SedeDiProgramma = v.InferOutput<typeof SedeDiProgrammaSchema>
export const SediProgrammaSchema = v.object({ sedi: v.array(SedeDiProgrammaSchema), totale: v.optional(v.number()) })
export type SediProgramma = v.InferOutput<typeof SediProgrammaSchema>
