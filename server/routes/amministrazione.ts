/** The lifecycle routes of the administrative area (platform-backend §2.1–2.7), registered together under `/api`. */
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/types'
import programmaRoutes from './programma'
import progettoRoutes from './progetto'
import enteRoutes from './ente'
import sedeRoutes from './sede'
import utenteRoutes from './utente'
import sedeComuniRoutes from './sede-comuni'

export default async function amministrazioneRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  await programmaRoutes(app, opts)
  await progettoRoutes(app, opts)
  await enteRoutes(app, opts)
  await sedeRoutes(app, opts)
  await utenteRoutes(app, opts)
  await sedeComuniRoutes(app)
}
