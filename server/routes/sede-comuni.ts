/**
 * Comuni of a province for the site form (spec 002 §3 "Site", §5: provincia and comune of the ISTAT
 * list shipped as server/data/comuni.json; server/domain/amministrazione/comuni.ts), under `/api`:
 * | route | permission | answer |
 * |---|---|---|
 * | GET /sede/provincia/:sigla/comuni | any of add.sede.gest.prgt, add.sede.partner, upd.sede.gest.prgt, upd.sede.partner | {comuni: string[]} |
 * An unknown or malformed sigla answers 404 C01. Public reference data: no per-id check.
 */
import type { FastifyInstance } from 'fastify'
import { notFound } from '../errors'
import { comuniDiProvincia } from '../domain/amministrazione/comuni'

export default async function sedeComuniRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sede/provincia/:sigla/comuni', {
    config: { access: { kind: 'permission', codes: ['add.sede.gest.prgt', 'add.sede.partner', 'upd.sede.gest.prgt', 'upd.sede.partner'], mode: 'any' }, doc: { summary: 'Comuni di una provincia (sigla)', tags: ['Sedi'] } },
  }, async (request, reply) => {
    const sigla = (request.params as { sigla: string }).sigla
    const comuni = /^[A-Za-z]{2}$/.test(sigla) ? comuniDiProvincia(sigla) : null
    if (!comuni) throw notFound('C01', 'Provincia sconosciuta.')
    // reference data: the same for everyone and for months
    reply.header('cache-control', 'private, max-age=86400')
    return { comuni }
  })
}
