/**
 * What is past its retention date on day `oggi` (issue 28 point 2), as SQL the report and the anonymisation share:
 * - a citizen not yet anonymised, on at least one service, all of whose services belong to programmes whose policy's
 *   `conservazione_fino` is before `oggi` (a citizen also served by a programme still within its period stays whole);
 * - a user not yet anonymised who holds only the volunteer role (VOL), is assigned to at least one site and whose
 *   every assignment is on a programme past its date: the volunteers of an ended Servizio civile year.
 */
import { sql, type SQL } from 'drizzle-orm'

/** SQL condition on `alias` (a `cittadino` row): past its date (module comment). */
export function cittadinoScaduto(alias: SQL, oggi: string): SQL {
  return sql`${alias}.anonimizzato_il is null
    and exists (select 1 from servizio_x_cittadino x0 where x0.id_cittadino = ${alias}.id)
    and not exists (select 1 from servizio_x_cittadino x1
      join servizio s1 on s1.id = x1.id_servizio
      join progetto p1 on p1.id = s1.id_progetto
      join programma g1 on g1.id = p1.id_programma
      join conservazione_periodo cp1 on cp1.policy = g1.policy
      where x1.id_cittadino = ${alias}.id and cp1.conservazione_fino >= ${oggi}::date)`
}

/** SQL condition on `alias` (a `utente` row): a volunteer past its date (module comment). */
export function utenteScaduto(alias: SQL, oggi: string): SQL {
  return sql`${alias}.anonimizzato_il is null
    and exists (select 1 from utente_x_ruolo r0 where r0.id_utente = ${alias}.id and r0.codice_ruolo = 'VOL')
    and not exists (select 1 from utente_x_ruolo r1 where r1.id_utente = ${alias}.id and r1.codice_ruolo <> 'VOL')
    and exists (select 1 from ente_sede_progetto_facilitatore f0 where f0.id_facilitatore = ${alias}.id)
    and not exists (select 1 from ente_sede_progetto_facilitatore f1
      join progetto p2 on p2.id = f1.id_progetto
      join programma g2 on g2.id = p2.id_programma
      join conservazione_periodo cp2 on cp2.policy = g2.policy
      where f1.id_facilitatore = ${alias}.id and cp2.conservazione_fino >= ${oggi}::date)`
}

/** Ids of past citizens after `dopo`, ascending, at most `limit` (one batch of the anonymisation). */
export const lottoCittadini = (oggi: string, dopo: number, limit: number): SQL =>
  sql`select c.id from cittadino c where c.id > ${dopo} and ${cittadinoScaduto(sql`c`, oggi)} order by c.id limit ${limit}`

/** Ids of past users after `dopo`, ascending, at most `limit`. */
export const lottoUtenti = (oggi: string, dopo: number, limit: number): SQL =>
  sql`select u.id from utente u where u.id > ${dopo} and ${utenteScaduto(sql`u`, oggi)} order by u.id limit ${limit}`
