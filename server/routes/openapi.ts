/**
 * The API description (issue 14 point 5), public, under `/api`:
 * - `GET /openapi.json` → the OpenAPI 3.1 document generated from the route table and the contract
 *   (server/openapi/document.ts), built at the first request and kept in memory; `ETag` +
 *   `cache-control: no-cache` (a client revalidates and gets 304 while the server is unchanged);
 * - `GET /docs` → the reference page rendered from the same document (server/openapi/page.ts).
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { projectPath } from '../paths'
import { buildOpenApiDocument } from '../openapi/document'
import { renderReferencePage } from '../openapi/page'

const PUBLIC = { kind: 'public' as const }

interface Built { body: string; etag: string }

function built(text: string): Built {
  return { body: text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` }
}

function send(request: FastifyRequest, reply: FastifyReply, item: Built, type: string) {
  reply.header('cache-control', 'no-cache').header('etag', item.etag)
  if (request.headers['if-none-match'] === item.etag) return reply.code(304).send()
  return reply.type(type).send(item.body)
}

export default async function openapiRoutes(app: FastifyInstance, opts: { routes: readonly RouteOptions[] }): Promise<void> {
  let cache: { json: Built; page: Built } | undefined
  const get = () => {
    if (!cache) {
      const { version } = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }
      const doc = buildOpenApiDocument(opts.routes, {
        title: 'Punto Digitale — API di riferimento',
        version,
        description: 'API del servizio Punto Digitale per la facilitazione digitale: servizi, cittadini, questionari, amministrazione, dati, comunità e notifiche. Ogni errore risponde {errorCode, message} con un codice del catalogo. '
          + 'Versioni dei record: ogni record modificabile (servizi, cittadini, programmi, progetti, enti, sedi, dati del profilo, modelli di questionario, '
          + 'contenuti e commenti della comunità, ruoli, configurazioni per i minorenni) ha un campo intero «versione» (1 alla creazione, + 1 a ogni modifica) '
          + 'nelle letture che alimentano una modifica e nei record del lavoro sul campo. Ogni modifica ed eliminazione indica nel corpo JSON la «versione» '
          + 'su cui è stata fatta: se il record è cambiato nel frattempo la risposta è 409 V01 con «corrente» (il record attuale) e nulla cambia; '
          + 'senza «versione» la risposta è 428 V02, per ogni client (rileggere il record per conoscerla). Le associazioni (enti, referenti, sedi, '
          + 'facilitatori assegnati) non sono modifiche di un record versionato e non la chiedono.',
      })
      cache = { json: built(JSON.stringify(doc)), page: built(renderReferencePage(doc)) }
    }
    return cache
  }

  app.get('/openapi.json', { config: { access: PUBLIC, doc: {
    summary: 'Descrizione OpenAPI 3.1 dell’API', tags: ['Descrizione dell’API'],
    description: 'Generata dalle rotte e dal contratto valibot; mai scritta a mano.',
    response: { mediaType: 'application/json', description: 'Il documento OpenAPI 3.1.' },
  } } }, async (request, reply) => send(request, reply, get().json, 'application/json; charset=utf-8'))

  app.get('/docs', { config: { access: PUBLIC, doc: {
    summary: 'Pagina di riferimento dell’API', tags: ['Descrizione dell’API'],
    description: 'Le operazioni raggruppate per argomento, dallo stesso documento di /api/openapi.json.',
    response: { mediaType: 'text/html', description: 'Pagina HTML in italiano.' },
  } } }, async (request, reply) => send(request, reply, get().page, 'text/html; charset=utf-8'))
}
