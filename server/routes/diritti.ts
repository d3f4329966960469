/**
 * The citizen's rights (issue 28 part 3; server/domain/diritti/; src/api/contract/diritti.ts), under `/api`:
 * | route | permission | answer |
 * |---|---|---|
 * | POST /cittadino/:id/datiPersonali?uso=file\|stampa | gest.dati.personali | EsportazioneCittadino, streamed JSON (404 C01) |
 * | POST /cittadino/:id/cancellazione/riepilogo | gest.dati.personali or rich.canc.cittadino | RiepilogoCancellazione |
 * | POST /cittadino/:id/cancellazione | gest.dati.personali | {idCittadino, questionari} (409 DP02, DP03) |
 * | POST /cittadino/:id/richiestaCancellazione | rich.canc.cittadino | 201 {id} (409 DP03) |
 * | POST /richiesteCancellazione/all, /download | gest.dati.personali | the generic list engine (routes/liste.ts) |
 * | POST /richiesteCancellazione/:id/rifiuta | gest.dati.personali | {id} (409 DP02) |
 * Each is scoped as the citizens registry is (a citizen on a service the caller sees; 404 C01 otherwise) and recorded in
 * the access register: the export `esportazione` (`dettaglio` file or stampa, `righe` rows exported), the erasure
 * `cancellazione`, a request or a rejection `modifica` on the citizen, the requests list `lettura` (its row count).
 */
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import {
  CancellazioneBodySchema, CancellazioneEsitoSchema, RichiestaBodySchema, RichiestaCreataSchema, RifiutoBodySchema,
  RiepilogoCancellazioneSchema, UsoEsportazioneSchema, EsportazioneCittadinoSchema,
} from '../../src/api/contract/diritti'
import { ProfiloOnlyBodySchema } from '../../src/api/contract/gestione'
import { perm, permAny } from '../auth/route-access'
import type { Database } from '../db/types'
import { ID_CITTADINO_MAX, parseIdParam } from '../domain/db-errors'
import { cancellaCittadino, cittadinoVisibile, riepilogoCancellazione, richiediCancellazione, rifiutaRichiesta } from '../domain/diritti/cancella'
import { esportaCittadino } from '../domain/diritti/esporta'
import { resolveCaller } from '../domain/profile'
import { annotaRegistro } from '../domain/registro/hook'
import { parseBody } from '../domain/validation'
import { notFound } from '../errors'

const TAG = ['Diritti dell’interessato']
const LABELS = { motivo: 'motivo', nota: 'nota', uso: 'uso', idRichiesta: 'richiesta' }

export default async function dirittiRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts
  const idOf = (params: unknown) => parseIdParam((params as { id?: string }).id, ID_CITTADINO_MAX)

  app.post('/cittadino/:id/datiPersonali', { config: { ...perm('gest.dati.personali'), registro: { entita: 'cittadino', azione: 'esportazione', idParam: 'id' }, doc: {
    summary: 'Esporta tutti i dati di un cittadino (art. 15 e 20 GDPR)', tags: TAG, body: ProfiloOnlyBodySchema, query: UsoEsportazioneSchema,
    description: 'Un documento JSON con i dati del registro, i consensi, i servizi, i questionari con le risposte (con il testo delle domande), le richieste di cancellazione e le righe del registro degli accessi che lo riguardano; prodotto a pagine e inviato in streaming. `uso`: `file` (il file scaricato) o `stampa` (la pagina stampabile), scritto nel registro degli accessi.',
    response: { mediaType: 'application/json', schema: EsportazioneCittadinoSchema, description: 'I dati del cittadino (mai il codice fiscale: la piattaforma ne conserva solo l’impronta).' },
  } } }, async (request, reply) => {
    const b = parseBody(ProfiloOnlyBodySchema, request.body ?? {}, LABELS)
    const { uso } = parseBody(UsoEsportazioneSchema, request.query ?? {}, LABELS)
    const caller = resolveCaller(request, b)
    const id = idOf(request.params)
    await cittadinoVisibile(db, caller, id)
    const conteggio = { righe: 0 }
    annotaRegistro(request, { righe: 0, dettaglio: uso })
    const documento = await esportaCittadino(db, id, conteggio)
    if (!documento) throw notFound('C01')
    async function* conta() {
      yield* documento!
      annotaRegistro(request, { righe: conteggio.righe })
    }
    reply.header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8')
    if (uso === 'file') reply.header('content-disposition', `attachment; filename="dati-cittadino-${id}.json"`)
    return reply.send(Readable.from(conta(), { objectMode: false }))
  })

  app.post('/cittadino/:id/cancellazione/riepilogo', { config: { ...permAny('gest.dati.personali', 'rich.canc.cittadino'), registro: { entita: 'cittadino', azione: 'lettura', idParam: 'id', dettaglio: 'riepilogo cancellazione' }, doc: {
    summary: 'Che cosa cancellerebbe la cancellazione di un cittadino', tags: TAG, body: ProfiloOnlyBodySchema, response: RiepilogoCancellazioneSchema,
  } } }, async (request) => {
    const b = parseBody(ProfiloOnlyBodySchema, request.body ?? {}, LABELS)
    return riepilogoCancellazione(db, resolveCaller(request, b), idOf(request.params))
  })

  app.post('/cittadino/:id/cancellazione', { config: { ...perm('gest.dati.personali'), registro: { entita: 'cittadino', azione: 'cancellazione', idParam: 'id' }, doc: {
    summary: 'Cancella i dati di un cittadino su sua richiesta (art. 17 GDPR)', tags: TAG, body: CancellazioneBodySchema, response: CancellazioneEsitoSchema, errors: [409],
    description: 'I dati personali e le risposte che identificano il cittadino sono cancellati (anonimizzati dove un servizio deve restare contato), i link dei questionari non valgono più, i dispositivi lo tolgono alla sincronizzazione successiva; le scritture che lo nominano rispondono 410 DP01. Le richieste in attesa diventano eseguite.',
  } } }, async (request) => {
    const b = parseBody(CancellazioneBodySchema, request.body, LABELS)
    const caller = resolveCaller(request, b)
    const id = idOf(request.params)
    const questionari = await db.transaction((tx) => cancellaCittadino(tx, caller, id, b.motivo, b.idRichiesta))
    return { idCittadino: id, questionari }
  })

  app.post('/cittadino/:id/richiestaCancellazione', { config: { ...perm('rich.canc.cittadino'), registro: { entita: 'cittadino', azione: 'modifica', idParam: 'id', dettaglio: 'richiesta di cancellazione' }, doc: {
    summary: 'Chiede la cancellazione dei dati di un cittadino', tags: TAG, body: RichiestaBodySchema, response: RichiestaCreataSchema, status: 201, errors: [409],
    description: 'La richiesta, con il motivo, è esaminata da chi ha il permesso gest.dati.personali (DTD o Responsabile protezione dati), che la esegue o la rifiuta.',
  } } }, async (request, reply) => {
    const b = parseBody(RichiestaBodySchema, request.body, LABELS)
    const caller = resolveCaller(request, b)
    const id = await db.transaction((tx) => richiediCancellazione(tx, caller, idOf(request.params), b.motivo))
    reply.code(201)
    return { id }
  })

  app.post('/richiesteCancellazione/:id/rifiuta', { config: { ...perm('gest.dati.personali'), registro: { entita: 'cittadino', azione: 'modifica', dettaglio: 'richiesta di cancellazione rifiutata' }, doc: {
    summary: 'Rifiuta una richiesta di cancellazione, con una nota', tags: TAG, body: RifiutoBodySchema, response: RichiestaCreataSchema, errors: [409],
  } } }, async (request) => {
    const b = parseBody(RifiutoBodySchema, request.body, LABELS)
    const caller = resolveCaller(request, b)
    const idRichiesta = parseIdParam((request.params as { id?: string }).id)
    const { idCittadino } = await db.transaction((tx) => rifiutaRichiesta(tx, caller, idRichiesta, b.nota))
    annotaRegistro(request, { idEntita: idCittadino })
    return { id: idRichiesta }
  })
}
