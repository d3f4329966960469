/**
 * Scheduling of the monthly open-data file (issue 11 point 3; platform-backend §10: the 1st of every
 * month). A check runs at start and every hour: the first check of a month queues that month's
 * generation with the job key `opendata:YYYY-MM` (job table, server/jobs/coda.ts), so that it is queued
 * once per month whatever the number of checks or of server processes; a server down on the 1st
 * generates the month's file at its first check. A DTD's on-demand generation uses its own key.
 */
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

/** Queues a DTD's on-demand generation of the month of `now` (always a new job). */
export function generaSuRichiesta(queue: JobQueue, now: Date): Promise<number | null> {
  const mese = meseDi(now)
  const payload: PayloadOpenData = { mese, oggi: now.toISOString().slice(0, 10) }
  return queue.enqueue(JOB_OPEN_DATA, { ...payload }, { chiave: `opendata:${mese}:richiesta:${now.getTime()}`, maxTentativi: 3 })
}
