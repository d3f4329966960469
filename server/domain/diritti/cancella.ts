/**
 * 'Cancella il cittadino' (issue 28 part 3; GDPR art. 17) and the erasure requests. The erasure IS part 2's
 * anonymisation of one citizen (`anonimizzaCittadino(tx, id, 'cancellazione')`, server/domain/conservazione/
 * anonimizza.ts): the keyed hashes of fiscal code and document, the mask, document type, citizenship, province, the
 * consent record, the mass-upload code, Q1's identity/residence/consent answers and every free-text answer go, the
 * online links die; what keeps a service counted (the citizen's random id, gender, age band, education, employment,
 * the closed answers) stays, unlinkable to the person. Then writes naming the citizen answer 410 DP01
 * (conservazione/guardia.ts), the field sync drops it from devices (tombstones) and queued entries are parked with
 * the catalogue's reason.
 *
 * Who: `gest.dati.personali` holders execute ({@link cancellaCittadino}, {@link rifiutaRichiesta}); programme and project
 * referents (`rich.canc.cittadino`) only request ({@link richiediCancellazione}). Every action checks the caller's
 * scope on the citizen (the registry's: a citizen on a service the caller sees; 404 C01 otherwise).
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { RiepilogoCancellazione } from '../../../src/api/contract/diritti'
import { cittadino, questionarioCompilato, questionarioInviatoOnline, richiestaCancellazione, servizioXCittadino } from '../../db/schema'
import type { Executor, Transaction } from '../../db/types'
import { ApiError, notFound } from '../../errors'
import { citizensInScope } from '../ambito'
import { anonimizzaCittadino } from '../conservazione/anonimizza'
import type { Caller } from '../profile'

const count = sql<number>`count(*)`.mapWith(Number)

/** Throws 404 C01 unless citizen `id` exists and is in the caller's scope (the registry's rule). */
export async function cittadinoVisibile(db: Executor, caller: Caller, id: number): Promise<void> {
  const [row] = await db.select({ id: cittadino.id }).from(cittadino).where(eq(cittadino.id, id))
  if (!row || !(await citizensInScope(db, caller, [id])).has(id)) throw notFound('C01', 'Il cittadino richiesto non esiste o non è tra i tuoi cittadini.')
}

/** What an erasure of citizen `id` would remove (the confirmation's counts). */
export async function riepilogoCancellazione(db: Executor, caller: Caller, id: number): Promise<RiepilogoCancellazione> {
  await cittadinoVisibile(db, caller, id)
  const [c] = await db.select({ anonimo: cittadino.anonimizzatoIl, consenso: cittadino.tipoConferimentoConsenso }).from(cittadino).where(eq(cittadino.id, id))
  const [s] = await db.select({ n: count }).from(servizioXCittadino).where(eq(servizioXCittadino.idCittadino, id))
  const [q] = await db.select({ n: count }).from(questionarioCompilato).where(eq(questionarioCompilato.idCittadino, id))
  const [l] = await db.select({ n: count }).from(questionarioInviatoOnline)
    .innerJoin(questionarioCompilato, eq(questionarioCompilato.id, questionarioInviatoOnline.idQuestionarioCompilato))
    .where(eq(questionarioCompilato.idCittadino, id))
  const [r] = await db.select({ n: count }).from(richiestaCancellazione)
    .where(and(eq(richiestaCancellazione.idCittadino, id), eq(richiestaCancellazione.stato, 'IN_ATTESA')))
  return {
    idCittadino: id, giaCancellato: c?.anonimo != null, servizi: s?.n ?? 0, questionari: q?.n ?? 0,
    consensi: c?.consenso ? 1 : 0, collegamenti: l?.n ?? 0, richiesteInAttesa: r?.n ?? 0,
  }
}

/**
 * Erases citizen `id` for `motivo` (module comment) in the caller's transaction; the waiting requests about the citizen
 * (and `idRichiesta`, which must be one of them: 409 DP02 otherwise) become 'ESEGUITA' with the reason as note.
 * 409 DP03 when the citizen is already erased or anonymised. Resolves to the number of surveys rewritten.
 */
export async function cancellaCittadino(tx: Transaction, caller: Caller, id: number, motivo: string, idRichiesta?: number): Promise<number> {
  await cittadinoVisibile(tx, caller, id)
  if (idRichiesta !== undefined) {
    const [r] = await tx.select({ stato: richiestaCancellazione.stato }).from(richiestaCancellazione)
      .where(and(eq(richiestaCancellazione.id, idRichiesta), eq(richiestaCancellazione.idCittadino, id))).for('update')
    if (!r) throw notFound('C01', 'La richiesta di cancellazione non esiste.')
    if (r.stato !== 'IN_ATTESA') throw new ApiError(409, 'DP02')
  }
  const questionari = await anonimizzaCittadino(tx, id, 'cancellazione')
  if (questionari === null) throw new ApiError(409, 'DP03')
  await tx.update(richiestaCancellazione).set({ stato: 'ESEGUITA', decisaDa: caller.principal.userId, decisaIl: new Date(), nota: motivo })
    .where(and(eq(richiestaCancellazione.idCittadino, id), eq(richiestaCancellazione.stato, 'IN_ATTESA')))
  return questionari
}

/** A referent's request to erase citizen `id` (module comment); resolves to the request's id. 409 DP03 when already erased. */
export async function richiediCancellazione(tx: Transaction, caller: Caller, id: number, motivo: string): Promise<number> {
  await cittadinoVisibile(tx, caller, id)
  const [c] = await tx.select({ id: cittadino.id }).from(cittadino).where(and(eq(cittadino.id, id), isNotNull(cittadino.anonimizzatoIl)))
  if (c) throw new ApiError(409, 'DP03')
  const [row] = await tx.insert(richiestaCancellazione).values({
    idCittadino: id, motivo, richiestaDa: caller.principal.userId, ruoloRichiedente: caller.codiceRuolo ?? '',
  }).returning({ id: richiestaCancellazione.id })
  return row!.id
}

/** Rejects waiting request `idRichiesta` with `nota` (409 DP02 when decided; 404 C01 unknown or outside the scope). */
export async function rifiutaRichiesta(tx: Transaction, caller: Caller, idRichiesta: number, nota: string): Promise<{ idCittadino: number }> {
  const [r] = await tx.select({ idCittadino: richiestaCancellazione.idCittadino, stato: richiestaCancellazione.stato }).from(richiestaCancellazione)
    .where(eq(richiestaCancellazione.id, idRichiesta)).for('update')
  if (!r || !(await citizensInScope(tx, caller, [r.idCittadino])).has(r.idCittadino)) throw notFound('C01', 'La richiesta di cancellazione non esiste.')
  if (r.stato !== 'IN_ATTESA') throw new ApiError(409, 'DP02')
  await tx.update(richiestaCancellazione).set({ stato: 'RIFIUTATA', decisaDa: caller.principal.userId, decisaIl: new Date(), nota })
    .where(eq(richiestaCancellazione.id, idRichiesta))
  return { idCittadino: r.idCittadino }
}

/** Keeps only the ids of `ids` in the caller's scope (the requests list). */
export async function nelPerimetro(db: Executor, caller: Caller, ids: number[]): Promise<Set<number>> {
  return citizensInScope(db, caller, [...new Set(ids)])
}

