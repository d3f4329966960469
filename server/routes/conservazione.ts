/**
 * Retention routes (issue 28 point 2; server/domain/conservazione/; src/api/contract/conservazione.ts), under `/api`:
 * | route | permission | answer |
 * |---|---|---|
 * | GET /conservazione/periodi | public (the privacy notice) | PeriodoConservazione[] |
 * | PUT /conservazione/periodi/{policy} | gest.conf.conservazione | {policy, conservazioneFino, versione} (409 V01, 428 V02) |
 * | GET /conservazione/rapporto | view.conf.conservazione | the last report, whether a report or an anonymisation runs |
 * | POST /conservazione/rapporto | gest.conf.conservazione | 202 {idJob}: a report computed now |
 * | POST /conservazione/rapporto/{id}/conferma | gest.conf.conservazione | 202 {idJob}: the anonymisation queued (409 CS02) |
 */
import type { FastifyInstance } from 'fastify'
import {
  AggiornaPeriodoBodySchema, AvvioSchema, PeriodiConservazioneSchema, PeriodoPolicyParamsSchema, PeriodoSalvatoSchema, RapportoIdParamsSchema,
  StatoConservazioneSchema, type StatoConservazione,
} from '../../src/api/contract/conservazione'
import { perm } from '../auth/route-access'
import type { Database } from '../db/types'
import { confermaRapporto, JOB_ANONIMIZZA, JOB_RAPPORTO } from '../domain/conservazione/esecuzione'
import { leggiPeriodi, salvaPeriodo } from '../domain/conservazione/periodi'
import { jobInCorso, rapportoWire, ultimoRapporto } from '../domain/conservazione/rapporto'
import { resolveCaller } from '../domain/profile'
import { parseBody } from '../domain/validation'
import { versioneDelCorpo } from '../domain/versioni'
import { chiaveRicorrente, type JobQueue } from '../jobs/coda'

const TAG = ['Conservazione dei dati']
const LABELS = { conservazioneFino: 'data di fine conservazione', policy: 'intervento', id: 'rapporto' }

export default async function conservazioneRoutes(app: FastifyInstance, opts: { db: Database; jobs: JobQueue }): Promise<void> {
  const { db, jobs } = opts
  app.get('/conservazione/periodi', { config: { access: { kind: 'public' }, doc: { summary: 'Periodi di conservazione dei dati personali per intervento', description: 'Letti dall’informativa privacy: fino a quale data si conservano i dati personali dei programmi RFD e SCD.', tags: TAG, response: PeriodiConservazioneSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
    return leggiPeriodi(db)
  })
  app.put('/conservazione/periodi/:policy', { config: { ...perm('gest.conf.conservazione'), doc: { summary: 'Modifica la data di fine conservazione di un intervento', tags: TAG, body: AggiornaPeriodoBodySchema, response: PeriodoSalvatoSchema, versioned: true } } }, async (request) => {
    const { policy } = parseBody(PeriodoPolicyParamsSchema, request.params, LABELS)
    const b = parseBody(AggiornaPeriodoBodySchema, request.body, LABELS)
    const caller = resolveCaller(request, {})
    return db.transaction((tx) => salvaPeriodo(tx, caller.principal.userId, policy, b.conservazioneFino, versioneDelCorpo(request.body)))
  })
  app.get('/conservazione/rapporto', { config: { ...perm('view.conf.conservazione'), doc: { summary: 'Ultimo rapporto dei dati oltre il periodo di conservazione', tags: TAG, response: StatoConservazioneSchema } } }, async (_request, reply): Promise<StatoConservazione> => {
    reply.header('cache-control', 'no-store')
    const r = await ultimoRapporto(db)
    const inCorso = await jobInCorso(db, [JOB_RAPPORTO, JOB_ANONIMIZZA])
    return { rapporto: r ? rapportoWire(r) : null, rapportoInCorso: inCorso[JOB_RAPPORTO] ?? false, anonimizzazioneInCorso: inCorso[JOB_ANONIMIZZA] ?? false }
  })
  app.post('/conservazione/rapporto', { config: { ...perm('gest.conf.conservazione'), doc: { summary: 'Prepara ora un nuovo rapporto', description: 'Il rapporto si prepara in background (lavoro conservazione.rapporto, anche ogni giorno): nessun dato è modificato.', tags: TAG, status: 202, response: AvvioSchema } } }, async (_request, reply) => {
    // the recurring row made due now: one report at a time, whoever asks
    const idJob = await jobs.enqueue(JOB_RAPPORTO, {}, { chiave: chiaveRicorrente(JOB_RAPPORTO), rearm: true })
    reply.code(202)
    return { idJob }
  })
  app.post('/conservazione/rapporto/:id/conferma', { config: { ...perm('gest.conf.conservazione'), registro: { entita: 'conservazione_rapporto', azione: 'anonimizzazione', idParam: 'id' }, doc: { summary: 'Conferma il rapporto e avvia l’anonimizzazione', description: 'Solo l’ultimo rapporto da confermare (409 CS02 altrimenti). L’anonimizzazione ricalcola i dati scaduti e non tocca più righe di quelle del rapporto: se sono aumentate prepara un nuovo rapporto.', tags: TAG, status: 202, response: AvvioSchema, errors: [409] } } }, async (request, reply) => {
    const { id } = parseBody(RapportoIdParamsSchema, request.params, LABELS)
    const caller = resolveCaller(request, {})
    const idJob = await confermaRapporto(db, jobs, caller.principal.userId, id)
    reply.code(202)
    return { idJob }
  })
}
