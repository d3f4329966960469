/**
 * Retention periods (issue 28 point 2): personal data of a policy's programmes are kept until its
 * `conservazione_fino` (table `conservazione_periodo`, migration 0023, seeded with the privacy notice's dates: RFD
 * 30 June 2026, SCD 31 December 2025). The DTD changes them in 'Gestione configurazioni' → 'Conservazione dei dati';
 * an edit is versioned like every editable record of issue 27 (server/domain/versioni.ts: 409 V01 with the current
 * period, 428 V02 without a version). The privacy notice reads them (public route).
 */
import { asc, eq } from 'drizzle-orm'
import type { Policy } from '../../../src/api/contract/common'
import type { PeriodoConservazione } from '../../../src/api/contract/conservazione'
import { conservazionePeriodo } from '../../db/schema'
import type { Executor, Transaction } from '../../db/types'
import { notFound } from '../../errors'
import { casUpdate, type VersioneRichiesta } from '../versioni'

/** Every policy's period, RFD first, with its `versione`. */
export async function leggiPeriodi(db: Executor): Promise<(PeriodoConservazione & { versione: number })[]> {
  return db.select({ policy: conservazionePeriodo.policy, conservazioneFino: conservazionePeriodo.conservazioneFino, versione: conservazionePeriodo.versione })
    .from(conservazionePeriodo).orderBy(asc(conservazionePeriodo.policy))
}

async function periodo(db: Executor, policy: Policy) {
  const [row] = await db.select({ policy: conservazionePeriodo.policy, conservazioneFino: conservazionePeriodo.conservazioneFino, versione: conservazionePeriodo.versione })
    .from(conservazionePeriodo).where(eq(conservazionePeriodo.policy, policy))
  return row
}

/** Sets a policy's date on version `base` (409 V01 with the current period when it moved on); answers the new version. */
export async function salvaPeriodo(tx: Transaction, idUtente: number, policy: Policy, conservazioneFino: string, base: VersioneRichiesta) {
  const versione = await casUpdate(tx, conservazionePeriodo, eq(conservazionePeriodo.policy, policy), base,
    { conservazioneFino, aggiornatoDa: idUtente, dataOraAggiornamento: new Date() },
    { corrente: () => periodo(tx, policy), assente: () => notFound('C01') })
  return { policy, conservazioneFino, versione }
}
