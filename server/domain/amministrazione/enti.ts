/**
 * Bodies (ente), database side (platform-backend §1.1, §2.3 "Edit the body's data"): create and update
 * with the VAT number of 11 digits unique (EN10) and the name unique (EN25), and the detail with the
 * programmes and projects the body manages and the projects where it is a partner. Per-id checks:
 * ./accesso.ts (applied on update too: the reference had commented them out).
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { EnteBody, SchedaEnte } from '../../../src/api/contract/gestione'
import { ente, entePartner, programma, progetto } from '../../db/schema'
import type { Executor, Transaction as Tx } from '../../db/types'
import { ApiError, notFound } from '../../errors'
import type { Caller } from '../profile'
import { checkEnte } from './accesso'
import { SCHEDA_ELENCO_MAX } from './programma-sedi'
import { casUpdate, type VersioneRichiesta } from '../versioni'

async function checkUnique(tx: Executor, body: EnteBody, exceptId?: number): Promise<void> {
  const other = exceptId === undefined ? undefined : ne(ente.id, exceptId)
  const [iva] = await tx.select({ id: ente.id }).from(ente).where(and(eq(ente.partitaIva, body.partitaIva), other))
  if (iva) throw new ApiError(409, 'EN10')
  const [nome] = await tx.select({ id: ente.id }).from(ente).where(and(eq(ente.nome, body.nome), other))
  if (nome) throw new ApiError(409, 'EN25')
}

const values = (b: EnteBody) => ({
  nome: b.nome, nomeBreve: b.nomeBreve, partitaIva: b.partitaIva, tipologia: b.tipologia || null,
  sedeLegale: b.sedeLegale || null, indirizzoPec: b.indirizzoPec || null,
})

/** `POST /ente`: a new body (201 {id, versione: 1}). */
export async function creaEnte(tx: Tx, body: EnteBody): Promise<{ id: number; versione: number }> {
  await checkUnique(tx, body)
  const [row] = await tx.insert(ente).values(values(body)).returning({ id: ente.id, versione: ente.versione })
  return { id: row!.id, versione: row!.versione }
}

async function mustEnte(db: Executor, caller: Caller, id: number) {
  const [row] = await db.select().from(ente).where(eq(ente.id, id))
  if (!row) throw notFound('C01')
  await checkEnte(db, caller, id)
  return row
}

/**
 * `PUT /ente/{id}`: updates the body's data (EN10, EN25) while it is still at version `base` (409 V01 with the card
 * otherwise, issue 27); answers the new `versione`.
 */
export async function aggiornaEnte(tx: Tx, caller: Caller, id: number, body: EnteBody, base: VersioneRichiesta): Promise<{ id: number; versione: number }> {
  await mustEnte(tx, caller, id)
  await checkUnique(tx, body, id)
  const versione = await casUpdate(tx, ente, eq(ente.id, id), base, { ...values(body), dataOraAggiornamento: new Date() },
    { corrente: () => schedaEnte(tx, caller, id), assente: () => notFound('C01') })
  return { id, versione }
}

/** The card with the body's `versione` in `dettaglioEnte` (issue 27). */
export type SchedaEnteVersionata = SchedaEnte & { dettaglioEnte: { versione: number } }

/**
 * `POST /ente/{id}`: the body with the programmes and projects it manages and its partnerships, at most `max`
 * ({@link SCHEDA_ELENCO_MAX}) of each kind (issue 25 point 3), `totali` counting them all.
 */
export async function schedaEnte(db: Executor, caller: Caller, id: number, max = SCHEDA_ELENCO_MAX): Promise<SchedaEnteVersionata> {
  const e = await mustEnte(db, caller, id)
  // the window count is taken before the limit: the number of rows of each kind
  const totale = sql<number>`count(*) over ()`.mapWith(Number)
  const programmiGestiti = await db.select({ id: programma.id, nome: programma.nome, stato: programma.stato, statoEnte: programma.statoGestoreProgramma, totale })
    .from(programma).where(eq(programma.idEnteGestoreProgramma, id)).orderBy(programma.nome, programma.id).limit(max)
  const progettiGestiti = await db.select({ id: progetto.id, nome: progetto.nome, stato: progetto.stato, statoEnte: progetto.statoGestoreProgetto, totale })
    .from(progetto).where(eq(progetto.idEnteGestoreProgetto, id)).orderBy(progetto.nome, progetto.id).limit(max)
  const progettiPartner = await db.select({ id: progetto.id, nome: progetto.nome, stato: progetto.stato, statoEnte: entePartner.statoEntePartner, totale })
    .from(entePartner).innerJoin(progetto, eq(progetto.id, entePartner.idProgetto)).where(eq(entePartner.idEnte, id)).orderBy(progetto.nome, progetto.id).limit(max)
  const rows = <R extends { totale: number }>(list: R[]) => list.map(({ totale: _t, ...r }) => r)
  return {
    dettaglioEnte: {
      id: e.id, nome: e.nome, nomeBreve: e.nomeBreve, partitaIva: e.partitaIva, tipologia: e.tipologia, sedeLegale: e.sedeLegale, indirizzoPec: e.indirizzoPec,
      versione: e.versione,
    },
    programmiGestiti: rows(programmiGestiti), progettiGestiti: rows(progettiGestiti), progettiPartner: rows(progettiPartner),
    totali: {
      programmiGestiti: programmiGestiti[0]?.totale ?? 0, progettiGestiti: progettiGestiti[0]?.totale ?? 0, progettiPartner: progettiPartner[0]?.totale ?? 0,
    },
  }
}
