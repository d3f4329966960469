/**
 * The access register's own route (issue 28 part 1), under `/api`; the list and its CSV are the generic list routes
 * (server/routes/liste.ts: `POST /registroAccessi/all`, `/registroAccessi/{ruoli,entita,azioni,esiti}/dropdown`,
 * `/registroAccessi/download`), each read recorded in the register itself:
 * | route | permission | answer |
 * |---|---|---|
 * | POST /registroAccessi/cittadino | view.registro.accessi | RegistroCittadinoRisposta; 404 RA01 when no citizen has the fiscal code |
 * The fiscal code travels in the body, is hashed at once (server/db/citizen-hash.ts) and is never stored, logged or
 * recorded: the register's row of this read names the citizen by id.
 */
import type { FastifyInstance } from 'fastify'
import { RegistroCittadinoBodySchema, RegistroCittadinoRispostaSchema, type RegistroCittadinoRisposta } from '../../src/api/contract/registro-accessi'
import { perm } from '../auth/route-access'
import type { Database } from '../db/types'
import { registroDelCittadino } from '../domain/registro/cittadino'
import { PERMESSO_REGISTRO } from '../domain/registro/lista'
import { parseBody } from '../domain/validation'

const LABELS = { codiceFiscale: 'codice fiscale' }

export default async function registroAccessiRoutes(app: FastifyInstance, opts: { db: Database; citizenHashSecret: string }): Promise<void> {
  app.post('/registroAccessi/cittadino', { config: {
    ...perm(PERMESSO_REGISTRO),
    registro: { entita: 'cittadino', azione: 'lettura', dettaglio: 'chi ha visto i dati', daRisposta: (r) => ({ idEntita: (r as RegistroCittadinoRisposta).idCittadino, righe: (r as RegistroCittadinoRisposta).righe.length }) },
    doc: {
      summary: 'Chi ha visto i dati di un cittadino: le righe del registro degli accessi che lo riguardano', tags: ['Registro degli accessi'],
      description: 'Il cittadino è cercato con il codice fiscale attraverso l’impronta con chiave (mai conservato in chiaro); le righe sono quelle sul cittadino, sui suoi questionari e sui servizi a cui ha partecipato, dalla più recente, al massimo 500.',
      body: RegistroCittadinoBodySchema, response: RegistroCittadinoRispostaSchema, errors: [404],
    },
  } }, async (request) => {
    const b = parseBody(RegistroCittadinoBodySchema, request.body, LABELS)
    return registroDelCittadino(opts.db, b.codiceFiscale, opts.citizenHashSecret)
  })
}
