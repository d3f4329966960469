/**
 * Answer of `POST /programma/{id}/sedi` (detail steps 1 and 4 of a programme, spec 002 §2: its
 * facilitation points and facilitators): every body-site of every project of the programme, with the
 * project and the people working there. A complete list (a programme has tens of projects at most).
 */
import * as v from 'valibot'
import { SedeInSchedaSchema } from './gestione'

export const SedeDiProgrammaSchema = v.object({ ...SedeInSchedaSchema.entries, idProgetto: v.number(), nomeProgetto: v.string() })
export type SedeDiProgramma = v.InferOutput<typeof SedeDiProgrammaSchema>
export const SediProgrammaSchema = v.object({ sedi: v.array(SedeDiProgrammaSchema) })
export type SediProgramma = v.InferOutput<typeof SediProgrammaSchema>
