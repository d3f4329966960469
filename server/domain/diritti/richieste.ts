/**
 * The erasure requests as the data-protection role reads them (issue 28 part 3; 'Richieste di cancellazione'): the
 * waiting ones first (oldest first), then the most recently decided, at most RICHIESTE_MAX, only those about citizens
 * in the caller's scope. The requester is a platform user (named); the citizen by its mask and internal id only.
 */
import { desc, eq, sql } from 'drizzle-orm'
import { RICHIESTE_MAX, type RichiestaCancellazione } from '../../../src/api/contract/diritti'
import { cittadino, richiestaCancellazione, utente } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { nominativo } from '../servizi'
import { nelPerimetro } from './cancella'

export async function elencoRichieste(db: Executor, caller: Caller): Promise<RichiestaCancellazione[]> {
  const rows = await db.select({ r: richiestaCancellazione, mask: cittadino.identificativoMascherato, nome: utente.nome, cognome: utente.cognome })
    .from(richiestaCancellazione)
    .innerJoin(cittadino, eq(cittadino.id, richiestaCancellazione.idCittadino))
    .innerJoin(utente, eq(utente.id, richiestaCancellazione.richiestaDa))
    .orderBy(sql`(${richiestaCancellazione.stato} = 'IN_ATTESA') desc`, sql`case when ${richiestaCancellazione.stato} = 'IN_ATTESA' then ${richiestaCancellazione.richiestaIl} end asc`,
      desc(richiestaCancellazione.decisaIl), desc(richiestaCancellazione.id))
    .limit(RICHIESTE_MAX)
  const visibili = await nelPerimetro(db, caller, rows.map((x) => x.r.idCittadino))
  return rows.filter((x) => visibili.has(x.r.idCittadino)).map(({ r, mask, nome, cognome }) => ({
    id: r.id, idCittadino: r.idCittadino, identificativoMascherato: mask, motivo: r.motivo, stato: r.stato, richiedente: nominativo(nome, cognome),
    ruoloRichiedente: r.ruoloRichiedente, richiestaIl: r.richiestaIl.toISOString(), decisaIl: r.decisaIl?.toISOString() ?? null, nota: r.nota,
  }))
}
