/**
 * Login-context routes (spec 000 §7; platform-backend §4.3), registered under the `/api` prefix:
 * - `POST /contesto` (access `token`) → `Contesto`; unknown fiscal code → 404 U20;
 * - `POST /contesto/confermaIntegrazione` (access `token`) → `Contesto`; no consent → 400 C07;
 * - `POST /contesto/sceltaProfilo` (access `role`; header `userRole` must equal `codiceRuolo`) →
 *   `{ profilo }` after the activations of platform-backend §2.
 * The three are recorded in the access register (issue 28 part 1): `contesto` as the login (`accesso`: the app asks it
 * right after the identity provider's answer, whichever the provider), the first-access data as a change of the
 * user's data, the profile choice as `scelta_ruolo` with the chosen profile's ids.
 * The access-control plugin sets `request.auth`; for `contesto` with a valid token of an unknown fiscal
 * code it may leave `request.auth` unset, which answers 404 U20.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ConfermaIntegrazioneSchema, ContestoSchema, SceltaProfiloRispostaSchema, SceltaProfiloSchema } from '../../src/api/contract/contesto'
import type { Database } from '../db/types'
import { buildContesto, confermaIntegrazione, sceltaProfilo } from '../domain/contesto'
import { badRequest, forbidden, notFound } from '../errors'
import { parseBody } from '../domain/validation'

function principalOf(request: FastifyRequest) {
  const principal = request.auth?.principal
  if (!principal) throw notFound('U20')
  return principal
}

export default async function contestoRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts

  app.post('/contesto', { config: { access: { kind: 'token' }, registro: { entita: 'utente', azione: 'accesso', idDelChiamante: true, dettaglio: 'contesto' }, doc: { summary: 'Contesto dell’utente: dati, ruoli e profili selezionabili', tags: ['Contesto'], response: ContestoSchema, errors: [404] } } }, async (request) => {
    return buildContesto(db, principalOf(request).codiceFiscale)
  })

  app.post('/contesto/confermaIntegrazione', { config: { access: { kind: 'token' }, registro: { entita: 'utente', azione: 'modifica', idDelChiamante: true, dettaglio: 'primo accesso' }, doc: { summary: 'Completa i dati al primo accesso e accetta il trattamento dei dati', tags: ['Contesto'], body: ConfermaIntegrazioneSchema, response: ContestoSchema, errors: [404] } } }, async (request) => {
    const principal = principalOf(request)
    const raw = (request.body ?? {}) as Record<string, unknown>
    if (typeof raw !== 'object' || raw.abilitazioneConsensoTrattamentoDatiPersonali !== true) throw badRequest('C07')
    const body = parseBody(ConfermaIntegrazioneSchema, raw)
    return confermaIntegrazione(db, principal.codiceFiscale, body)
  })

  app.post('/contesto/sceltaProfilo', { config: { access: { kind: 'role' }, registro: { entita: 'utente', azione: 'scelta_ruolo', idDelChiamante: true }, doc: { summary: 'Sceglie il profilo (ruolo e programma/progetto/ente) con cui operare', tags: ['Contesto'], body: SceltaProfiloSchema, response: SceltaProfiloRispostaSchema, errors: [404] } } }, async (request) => {
    const principal = principalOf(request)
    const body = parseBody(SceltaProfiloSchema, request.body)
    if (request.auth?.codiceRuolo !== undefined && request.auth.codiceRuolo !== body.codiceRuolo) {
      throw forbidden('A10', 'Il ruolo scelto non corrisponde al ruolo indicato nella richiesta.')
    }
    return sceltaProfilo(db, principal, body)
  })
}
