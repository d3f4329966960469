/**
 * Personal-area and usage-event routes (issue 13; contract in src/api/contract/profilo.ts), under `/api`:
 * - `POST /utente/profilo` (token), body with `versione` (the context's, issue 27) → `Contesto`; 400 G02 format,
 *   409 U21 e-mail in use, 409 V01 changed meanwhile (with `corrente`), 428 V02 without `versione`;
 * - `POST /utente/upload/immagineProfilo` (token), body the image bytes (`image/*` or
 *   `application/octet-stream`, at most 10 MB) → `Contesto`; 400 U22 not an image, 413 G02 too large;
 * - `DELETE /utente/immagineProfilo` (token) → `Contesto`;
 * - `GET /utente/download/immagineProfilo/:idUtente/:versione/:file` (public: `<img>` sends no token; the
 *   version is a random 96-bit value that changes with every upload) → WebP, `private, max-age=1y, immutable`;
 * - `POST /utente/profilo/ruoli` (token) → role cards with `fullInfo`;
 * - `POST /utilizzo/evento` (role) → 204 (recorded or dropped for its age); 403 A10 wrong role/programme;
 * - `POST /utilizzo/riepilogo` (permission `view.utilizzo`, DTD) → counts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AggiornaProfiloSchema, EventoUtilizzoSchema, RiepilogoFiltroSchema } from '../../src/api/contract/profilo'
import type { Database } from '../db/types'
import { registraAccesso } from '../domain/registro/index'
import { ApiError, forbidden, notFound } from '../errors'
import {
  aggiornaProfilo, apriImmagineProfilo, eliminaImmagineProfilo, MAX_IMMAGINE_BYTES, salvaImmagineProfilo,
} from '../domain/profile-personale'
import { ruoliDettaglio } from '../domain/profile-ruoli'
import { registraEvento, riepilogoUtilizzo } from '../domain/profile-utilizzo'
import { parseBody } from '../domain/validation'
import { versioneDelCorpo } from '../domain/versioni'

const token = { access: { kind: 'token' as const } }

function principalOf(request: FastifyRequest) {
  const principal = request.auth?.principal
  if (!principal) throw notFound('U20')
  return principal
}

const FILE = /^(\d+)\.webp$/
const TAG = ['Profilo personale']

export default async function profiloRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts

  // the picture's body is the image itself, buffered up to the limit (sharp needs all of it)
  app.addContentTypeParser(/^image\/|^application\/octet-stream/, { parseAs: 'buffer', bodyLimit: MAX_IMMAGINE_BYTES },
    (_request, body, done) => done(null, body))

  app.post('/utente/profilo', { config: { ...token, registro: { entita: 'utente', azione: 'modifica', idDelChiamante: true, dettaglio: 'dati personali' }, doc: { summary: 'Aggiorna i dati personali dell’utente', tags: TAG, body: AggiornaProfiloSchema, errors: [404, 409], versioned: true } } }, async (request) => {
    const principal = principalOf(request)
    const b = parseBody(AggiornaProfiloSchema, request.body, {
      nome: 'Nome', cognome: 'Cognome', email: 'Email', telefono: 'Telefono', prefissoTelefono: 'Prefisso',
    })
    return aggiornaProfilo(db, principal.userId, b, versioneDelCorpo(request.body))
  })

  app.post('/utente/upload/immagineProfilo', { config: { ...token, upload: true, registro: { entita: 'utente', azione: 'modifica', idDelChiamante: true, dettaglio: 'immagine del profilo' }, doc: {
    summary: 'Carica l’immagine del profilo', tags: TAG, errors: [404, 413, 415],
    body: { mediaType: 'image/*', description: 'L’immagine (JPEG, PNG, WebP, GIF, AVIF o HEIF), salvata in WebP in più dimensioni.' },
  } }, bodyLimit: MAX_IMMAGINE_BYTES }, async (request) => {
    const principal = principalOf(request)
    const body = request.body
    if (!(body instanceof Uint8Array) || body.byteLength === 0) throw new ApiError(400, 'U22', 'Carica un\'immagine (JPEG, PNG, WebP, GIF, AVIF o HEIF).')
    return salvaImmagineProfilo(db, app.storage, principal.userId, body)
  })

  app.delete('/utente/immagineProfilo', { config: { ...token, registro: { entita: 'utente', azione: 'modifica', idDelChiamante: true, dettaglio: 'immagine del profilo eliminata' }, doc: { summary: 'Elimina l’immagine del profilo', tags: TAG, errors: [404] } } }, async (request) => {
    return eliminaImmagineProfilo(db, app.storage, principalOf(request).userId)
  })

  app.get('/utente/download/immagineProfilo/:idUtente/:versione/:file', { config: { access: { kind: 'public' }, doc: { summary: 'Immagine del profilo di un utente (WebP, per dimensione)', tags: TAG, response: { mediaType: 'image/webp', description: 'L’immagine; l’indirizzo cambia a ogni nuova immagine (cache immutabile).' } } } }, async (request, reply) => {
    const { idUtente, versione, file } = request.params as { idUtente: string; versione: string; file: string }
    const size = FILE.exec(file)?.[1]
    const id = /^\d{1,10}$/.test(idUtente) ? Number(idUtente) : NaN
    const opened = size && Number.isSafeInteger(id) ? await apriImmagineProfilo(app.storage, id, versione, Number(size)) : null
    if (!opened) throw notFound('U17', 'L\'immagine del profilo non esiste.')
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', opened.size)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(opened.stream)
  })

  app.post('/utente/profilo/ruoli', { config: { ...token, doc: { summary: 'Ruoli dell’utente con i loro profili', tags: TAG, errors: [404] } } }, async (request) => ruoliDettaglio(db, principalOf(request)))

  app.post('/utilizzo/evento', { config: { access: { kind: 'role' as const }, doc: { summary: 'Registra un evento di utilizzo della piattaforma', tags: ['Utilizzo'], body: EventoUtilizzoSchema, status: 204, response: null } } }, async (request, reply) => {
    const body = parseBody(EventoUtilizzoSchema, request.body)
    const auth = request.auth
    if (!auth?.codiceRuolo) throw forbidden('A09')
    // any profile of the role will do (a facilitator in two projects of one programme sends that programme)
    await registraEvento(db, { principal: auth.principal, codiceRuolo: auth.codiceRuolo }, body)
    // a compiled survey printed (from the device's copy, offline too): a read of it in the access register (issue 28)
    if (body.event_type === 'stampa' && body.event_value === 'questionario') registraAccesso(request, { entita: 'questionario', azione: 'lettura', esito: 'ok', dettaglio: 'stampa' })
    return reply.code(204).send()
  })

  app.post('/utilizzo/riepilogo', { config: { access: { kind: 'permission' as const, codes: ['view.utilizzo'] }, doc: { summary: 'Riepilogo dell’utilizzo della piattaforma', tags: ['Utilizzo'], body: RiepilogoFiltroSchema } } }, async (request) => {
    return riepilogoUtilizzo(db, parseBody(RiepilogoFiltroSchema, request.body ?? {}))
  })
}
