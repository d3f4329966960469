/**
 * Shared pieces of the administrative lifecycle routes (programma.ts, progetto.ts, ente.ts, sede.ts,
 * utente.ts): permission declarations with the per-id check mark (server/auth/route-access.ts), body parsing with the
 * Italian field names of the 400 G02 messages, path ids, and one transaction per write.
 */
import type { FastifyRequest } from 'fastify'
import { routeAccess } from '../auth/route-access'
import type { Database, Transaction } from '../db/types'
import { parseIdParam } from '../domain/db-errors'
import { resolveCaller, type Caller } from '../domain/profile'
import { parseBody } from '../domain/validation'

/**
 * Access of a lifecycle route: `perm` all of the codes held, `permAny` any of them; both plus the per-id
 * checks of its handler (`perIdCheck`, server/auth/route-access.ts).
 */
export const { perm, permAny } = routeAccess({ perIdCheck: true })

/** Italian names of the lifecycle body fields. */
export const GESTIONE_LABELS: Record<string, string> = {
  codice: 'codice', nomeBreve: 'nome breve', policy: 'intervento', bando: 'bando', cup: 'CUP', dataInizio: 'data di inizio',
  dataFine: 'data di fine', obiettivi: 'obiettivi', dataTerminazione: 'data di terminazione', partitaIva: 'partita IVA',
  tipologia: 'tipologia', sedeLegale: 'sede legale', indirizzoPec: 'PEC', descrizione: 'descrizione', serviziErogati: 'servizi erogati',
  itinere: 'itinerante', indirizzi: 'indirizzi', codiceFiscaleFacVol: 'codice fiscale', idProgettoFacVol: 'progetto', idSedeFacVol: 'sede',
  idEnteFacVol: 'ente', tipoContratto: 'tipo di contratto', idFacilitatore: 'facilitatore', codiceFiscaleUtente: 'codice fiscale',
  idEnteRef: 'ente', idEntita: 'programma o progetto', mansione: 'mansione',
}

export const body = <S extends Parameters<typeof parseBody>[0]>(schema: S, raw: unknown) => parseBody(schema, raw, GESTIONE_LABELS)

/** The path parameter `name` as an id (400 G02 otherwise). */
export const param = (request: FastifyRequest, name: string): number => parseIdParam((request.params as Record<string, string>)[name])

/** The caller for the body's profile ids. */
export const callerOf = (request: FastifyRequest, b: { idProgramma?: number | null; idProgetto?: number | null; idEnte?: number | null }): Caller => resolveCaller(request, b)

/** Runs a write in one transaction. */
export const write = <T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work)
