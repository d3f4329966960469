/**
 * "Who accessed my data?" (issue 28 part 1): the citizen is found by fiscal code through the keyed hash
 * (server/db/citizen-hash.ts; the code itself is neither stored nor logged nor recorded) — 404 RA01 when no citizen
 * has it — and the register's rows about that citizen are answered, newest first, at most REGISTRO_CITTADINO_MAX:
 * rows naming the citizen (`cittadino`, their id), their compiled surveys (`questionario`, the survey's id) and the
 * services they took part in (`servizio`, the service's id: a service's citizens tab, a service read in the field).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { REGISTRO_CITTADINO_MAX, type RegistroCittadinoRisposta } from '../../../src/api/contract/registro-accessi'
import { hashFiscalCode } from '../../db/citizen-hash'
import { cittadino, questionarioCompilato, registroAccessi, servizioXCittadino } from '../../db/schema'
import type { Executor } from '../../db/types'
import { notFound } from '../../errors'
import { derivaDaCodiceFiscale } from '../codice-fiscale'
import { rowsOf } from '../liste/engine'
import { colonneRegistro, rigaRegistro } from './lista'

/** The citizen's id for a fiscal code (omocodic forms included), or null. */
export async function cittadinoPerCodiceFiscale(db: Executor, codiceFiscale: string, secret: string): Promise<number | null> {
  const derived = await derivaDaCodiceFiscale(codiceFiscale)
  const hashes = [...new Set([codiceFiscale, derived?.codiceFiscale].filter((c): c is string => !!c).map((c) => hashFiscalCode(c, secret)))]
  const [row] = await db.select({ id: cittadino.id }).from(cittadino).where(inArray(cittadino.codiceFiscaleHash, hashes)).limit(1)
  return row?.id ?? null
}

/** The register's rows about the citizen of `codiceFiscale` (module comment); 404 RA01 when none. */
export async function registroDelCittadino(db: Executor, codiceFiscale: string, secret: string): Promise<RegistroCittadinoRisposta> {
  const id = await cittadinoPerCodiceFiscale(db, codiceFiscale, secret)
  if (id === null) throw notFound('RA01')
  const servizi = (await db.select({ id: servizioXCittadino.idServizio }).from(servizioXCittadino)
    .where(eq(servizioXCittadino.idCittadino, id)).orderBy(servizioXCittadino.idServizio)).map((r) => r.id)
  const questionari = (await db.select({ id: questionarioCompilato.id }).from(questionarioCompilato)
    .where(eq(questionarioCompilato.idCittadino, id))).map((r) => r.id)
  const about = or(
    and(eq(registroAccessi.entita, 'cittadino'), eq(registroAccessi.idEntita, String(id))),
    servizi.length > 0 ? and(eq(registroAccessi.entita, 'servizio'), inArray(registroAccessi.idEntita, servizi.map(String))) : undefined,
    questionari.length > 0 ? and(eq(registroAccessi.entita, 'questionario'), inArray(registroAccessi.idEntita, questionari)) : undefined,
  )
  const select = sql.join(Object.entries(colonneRegistro).map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`), sql`, `)
  const rows = await rowsOf(db, sql`select ${select} from ${registroAccessi} where ${about}
    order by ${registroAccessi.quando} desc, ${registroAccessi.id} desc limit ${REGISTRO_CITTADINO_MAX + 1}`)
  return {
    idCittadino: id,
    servizi,
    righe: rows.slice(0, REGISTRO_CITTADINO_MAX).map(rigaRegistro),
    troncato: rows.length > REGISTRO_CITTADINO_MAX,
  }
}
