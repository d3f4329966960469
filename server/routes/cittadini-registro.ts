/**
 * Citizens registry routes (server/domain/cittadini-registro.ts; src/api/contract/registro-cittadini.ts),
 * under `/api`; the list `POST /cittadino/all`, its dropdowns and `POST /cittadino/download` are served by
 * the generic list routes (liste.ts):
 * | route | permission | answer |
 * |---|---|---|
 * | POST /cittadino/:id | list.citt | SchedaCittadino (404 C01 unknown or outside the caller's scope) |
 * | PUT /cittadino/:id | list.citt | {id, versione} (FAC/VOL only: 403 U06; 400 G02/U25/U28) |
 * Both are recorded in the access register (`config.registro`, issue 28 part 1).
 * The card carries `dettaglioCittadino.versione`; the update sends it as `versione` (issue 27: 428 V02 without it,
 * 409 V01 with the current card when stale).
 */
import type { FastifyInstance } from 'fastify'
import { AggiornaCittadinoBodySchema, SchedaCittadinoSchema } from '../../src/api/contract/registro-cittadini'
import { ProfiloOnlyBodySchema } from '../../src/api/contract/gestione'
import type { Database } from '../db/types'
import { ID_CITTADINO_MAX, parseIdParam } from '../domain/db-errors'
import { aggiornaCittadino, schedaCittadino } from '../domain/cittadini-registro'
import { resolveCaller } from '../domain/profile'
import { parseBody } from '../domain/validation'
import { versioneDelCorpo } from '../domain/versioni'

const LABELS = {
  titoloDiStudio: 'titolo di studio', occupazione: 'stato occupazionale', cittadinanza: 'cittadinanza',
  provinciaDiDomicilio: 'provincia di domicilio', genere: 'genere', fasciaDiEtaId: 'fascia di età',
}
const access = { access: { kind: 'permission' as const, codes: ['list.citt'] } }

export default async function cittadiniRegistroRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts
  const idOf = (params: unknown) => parseIdParam((params as { id?: string }).id, ID_CITTADINO_MAX)

  app.post('/cittadino/:id', { config: { ...access, registro: { entita: 'cittadino', azione: 'lettura', idParam: 'id' }, doc: { summary: 'Scheda di un cittadino del registro', tags: ['Cittadini'], body: ProfiloOnlyBodySchema, response: SchedaCittadinoSchema } } }, async (request) => {
    const b = parseBody(ProfiloOnlyBodySchema, request.body, LABELS)
    return schedaCittadino(db, resolveCaller(request, b), idOf(request.params))
  })
  app.put('/cittadino/:id', { config: { ...access, registro: { entita: 'cittadino', azione: 'modifica', idParam: 'id' }, doc: { summary: 'Aggiorna i dati di un cittadino del registro', tags: ['Cittadini'], body: AggiornaCittadinoBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const id = idOf(request.params)
    const b = parseBody(AggiornaCittadinoBodySchema, request.body, LABELS)
    const caller = resolveCaller(request, b)
    const base = versioneDelCorpo(request.body)
    return db.transaction((tx) => aggiornaCittadino(tx, caller, id, b, base))
  })
}
