/**
 * 'Report dati' routes (issue 11 point 1; server/domain/dati/; src/api/contract/dati.ts), under `/api`:
 * | route | permission | answer |
 * |---|---|---|
 * | POST /dati/report | any of tab.dshb, view.dshb | ReportDati (scoped like the services list) |
 * | POST /dati/pubblico | public (300 a minute per address) | ReportDati: national figures, policy and period filters only |
 * | POST /dati/aggiorna | acc.self.dshb (DTD, DSCU) | {aggiornatoIl} (refreshes the views now) |
 * The materialised views are refreshed in the background every hour by the recurring job `dati.aggiorna`
 * (server/jobs/index.ts); `refresher` (server/domain/dati/refresh.ts) serves the refresh on demand.
 */
import type { FastifyInstance } from 'fastify'
import { ReportDatiBodySchema, ReportPubblicoBodySchema } from '../../src/api/contract/dati'
import type { Database } from '../db/types'
import type { DatiRefresher } from '../domain/dati/refresh'
import { reportDati, reportPubblico } from '../domain/dati/report'
import { resolveCaller } from '../domain/profile'
import { parseBody } from '../domain/validation'
import { PUBLIC_SURVEY_LIMIT } from '../rate-limit'

const LABELS = { idProgramma: 'programma', idProgetto: 'progetto', policy: 'intervento', da: 'mese iniziale', a: 'mese finale' }

export default async function datiRoutes(app: FastifyInstance, opts: { db: Database; refresher: DatiRefresher }): Promise<void> {
  const { db, refresher } = opts
  app.post('/dati/report', { config: { access: { kind: 'permission' as const, codes: ['tab.dshb', 'view.dshb'], mode: 'any' as const }, doc: { summary: 'Report dati del profilo (indicatori filtrati)', tags: ['Report dati'], body: ReportDatiBodySchema } } }, async (request) => {
    const b = parseBody(ReportDatiBodySchema, request.body, LABELS)
    const caller = resolveCaller(request, b)
    return reportDati(db, caller, b.filtro)
  })
  app.post('/dati/pubblico', { config: { access: { kind: 'public' as const }, rateLimit: PUBLIC_SURVEY_LIMIT, doc: { summary: 'Report dati pubblico (aggregati, senza accesso)', tags: ['Report dati'], body: ReportPubblicoBodySchema } } }, async (request) => {
    const b = parseBody(ReportPubblicoBodySchema, request.body, LABELS)
    return reportPubblico(db, b.filtro)
  })
  app.post('/dati/aggiorna', { config: { access: { kind: 'permission' as const, codes: ['acc.self.dshb'] }, doc: { summary: 'Aggiorna subito i dati del report e ne restituisce l’ora', tags: ['Report dati'] } } }, async () => {
    return { aggiornatoIl: (await refresher.now()).toISOString() }
  })
}
