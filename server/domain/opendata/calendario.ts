/**
 * Scheduling of the monthly open-data file (issue 11 point 3; platform-backend §10: the 1st of every
 * month). A check runs at start and every hour: the first check of a month queues that month's
 * generation with the job key `opendata:YYYY-MM` (job table, server/jobs/coda.ts), so that it is queued
 * once per month whatever the number of checks or of server processes; a server down on the 1st
 * generates the month's file at its first check. A DTD's on-demand generation uses its own key.
 */
import { and, eq, sql } from 'drizzle-orm'
import { job } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { JobQueue } from '../../jobs/coda'
import { meseDi } from './genera'

export const JOB_OPEN_DATA = 'opendata.genera'

/** Payload of an open-data job: the month to publish and the last day of services to include. */
export interface PayloadOpenData { mese: string; oggi: string }

/** The job key of month `mese`'s scheduled generation. */
export const chiaveMensile = (mese: string) => `opendata:${mese}`

/** Queues the month of `now` when not already queued; returns the job id or null. */
export function pianificaMese(queue: JobQueue, now: Date): Promise<number | null> {
  const mese = meseDi(now)
  const payload: PayloadOpenData = { mese, oggi: now.toISOString().slice(0, 10) }
  return queue.enqueue(JOB_OPEN_DATA, { ...payload }, { chiave: chiaveMensile(mese), maxTentativi: 5 })
}

/**
 * Queues a DTD's on-demand generation of the month of `now`: a new job, unless one of that month is already
 * waiting, whose id is answered instead (issue 25 point 3: repeated requests queue one generation, not one each).
 */
export async function generaSuRichiesta(queue: JobQueue, now: Date, db: Executor): Promise<number | null> {
  const mese = meseDi(now)
  const [waiting] = await db.select({ id: job.id }).from(job)
    .where(and(eq(job.tipo, JOB_OPEN_DATA), eq(job.stato, 'IN_ATTESA'), sql`${job.payload}->>'mese' = ${mese}`)).limit(1)
  if (waiting) return waiting.id
  const payload: PayloadOpenData = { mese, oggi: now.toISOString().slice(0, 10) }
  return queue.enqueue(JOB_OPEN_DATA, { ...payload }, { chiave: `opendata:${mese}:richiesta:${now.getTime()}`, maxTentativi: 3 })
}
