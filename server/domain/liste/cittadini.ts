/**
 * The citizens registry list (`POST /cittadino/all`, dropdowns `sedi` and `fasceDiEta`, `cittadini.csv`;
 * spec 002 §2 'Citizens' columns; platform-backend §4.4 row `POST /cittadino/all`, §6.5, with the scope
 * widened to every role through the services it sees, server/domain/ambito/servizi.ts):
 * - a citizen is in the caller's scope when it is on at least one service the caller sees: FAC/VOL their
 *   own services in the profile project and body; REPP/DEPP and REGP/DEGP the profile project; REG/DEG the
 *   profile programme; DSCU the SCD programmes; DTD and custom roles all; MOD none;
 * - `numeroServizi` and `numeroQuestionariCompilati` count only services the caller sees;
 * - search: a fiscal code (its keyed hash), a document number (its keyed hash with every document type)
 *   or the id — never a decryption, never a LIKE over identities;
 * - filters: sites of the citizen's services (`idsSedi`), age bands (`fasceDiEta`, ids as text);
 * - sort: dataUltimoAggiornamento (default, newest first), id.
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import { COLONNE_CSV_CITTADINI, type CittadinoRiga, type FiltroCittadini } from '../../../src/api/contract/registro-cittadini'
import { FASCE_DI_ETA, TIPO_DOCUMENTO } from '../../../src/api/contract/enums'
import { NumeroDocumentoSchema } from '../../../src/api/contract/common'
import { hasFiscalCodeShape } from '../../../src/lib/fiscal-code'
import { hashDocumentNumber, hashFiscalCode } from '../../db/citizen-hash'
import { cittadino, programma, progetto, questionarioCompilato, sede, servizio, servizioXCittadino } from '../../db/schema'
import type { Caller } from '../profile'
import { serviceScope } from '../ambito'
import { filterValues, inList, rowsOf, type ListDefinition } from './engine'
import * as v from 'valibot'

/** FROM of a citizen's services the caller sees (servizio ⋈ progetto ⋈ programma, for serviceScope). */
const servicesOf = sql`${servizioXCittadino} join ${servizio} on ${servizio.id} = ${servizioXCittadino.idServizio}
  join ${progetto} on ${progetto.id} = ${servizio.idProgetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}`

/** The caller's service scope, narrowed by `narrow` (a condition on servizio ⋈ progetto ⋈ programma) when given. */
const scopeOf = (narrow?: SQL) => (caller: Caller): SQL => {
  const scope = serviceScope(caller) ?? sql`true`
  return narrow ? sql`(${scope}) and (${narrow})` : scope
}

/** Citizens on a service the caller sees (optionally only services at `idsSedi`). */
function inScope(scopeOr: (caller: Caller) => SQL, caller: Caller, idsSedi?: number[]): SQL {
  const sedi = idsSedi ? sql` and ${inList(sql`${servizio.idSede}`, idsSedi)}` : sql``
  return sql`exists (select 1 from ${servicesOf} where ${servizioXCittadino.idCittadino} = ${cittadino.id} and ${scopeOr(caller)}${sedi})`
}

/**
 * The search condition of `term` over the keyed hashes (see the module comment), undefined for an empty
 * term and `false` for a term that can name no citizen.
 */
export function citizenSearch(term: string | null | undefined, secret: string): SQL | undefined {
  const t = term?.trim()
  if (!t) return undefined
  const parts: SQL[] = []
  if (hasFiscalCodeShape(t)) parts.push(sql`${cittadino.codiceFiscaleHash} = ${hashFiscalCode(t, secret)}`)
  const doc = v.safeParse(NumeroDocumentoSchema, t)
  if (doc.success) {
    // (type, hash) pairs: the lookup walks the unique index cittadino_documento_uq
    const pairs = TIPO_DOCUMENTO.map((tipo) => sql`(${tipo}, ${hashDocumentNumber(tipo, doc.output, secret)})`)
    parts.push(sql`(${cittadino.tipoDocumento}, ${cittadino.numeroDocumentoHash}) in (${sql.join(pairs, sql`, `)})`)
  }
  if (/^\d{1,16}$/.test(t) && Number.isSafeInteger(Number(t))) parts.push(sql`${cittadino.id} = ${Number(t)}`)
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`
}

const ids = (values: string[] | undefined) => values?.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2 ** 31 - 1)

/**
 * The registry list definition; `secret` keys the hashes the search is matched through. `narrow` (a
 * condition on servizio ⋈ progetto ⋈ programma, e.g. the services of one programme) narrows the caller's
 * scope: only citizens on a service both seen by the caller and matching it, their counts over those
 * services only (the unique users of a programme or project, `narrowedCittadiniList`).
 */
export function cittadiniList(secret: string, narrow?: SQL): ListDefinition<FiltroCittadini, CittadinoRiga> {
  const scopeOr = scopeOf(narrow)
  return {
    entity: 'cittadino',
    rowsKey: 'cittadini',
    from: sql`${cittadino}`,
    id: sql`${cittadino.id}`,
    where: (caller, f) => {
      const sedi = ids(filterValues(f?.idsSedi))
      const fasce = ids(filterValues(f?.fasceDiEta))
      return [
        inScope(scopeOr, caller, sedi && sedi.length > 0 ? sedi : undefined),
        citizenSearch(f?.criterioRicerca, secret),
        fasce && (fasce.length > 0 ? inList(sql`${cittadino.fasciaDiEtaId}`, fasce) : sql`false`),
      ]
    },
    columns: (caller) => ({
      id: sql`${cittadino.id}`,
      mask: sql`${cittadino.identificativoMascherato}`,
      servizi: sql`(select count(*)::int from ${servicesOf} where ${servizioXCittadino.idCittadino} = ${cittadino.id} and ${scopeOr(caller)})`,
      compilati: sql`(select count(*)::int from ${questionarioCompilato} join ${servizio} on ${servizio.id} = ${questionarioCompilato.idServizio}
        join ${progetto} on ${progetto.id} = ${servizio.idProgetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}
        where ${questionarioCompilato.idCittadino} = ${cittadino.id} and ${questionarioCompilato.stato} = 'COMPILATA' and ${scopeOr(caller)})`,
      aggiornato: sql`to_char(${cittadino.dataOraAggiornamento} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      anonimizzato: sql`case when ${cittadino.anonimizzatoIl} is null then null when ${cittadino.motivoAnonimizzazione} = 'cancellazione' then 'cancellazione' else 'conservazione' end`,
    }),
    sortable: { dataUltimoAggiornamento: [sql`${cittadino.dataOraAggiornamento}`], id: [] },
    defaultSort: { campo: 'dataUltimoAggiornamento', verso: 'desc' },
    toRow: (r) => ({
      id: Number(r.id), identificativoMascherato: r.mask === null ? null : String(r.mask),
      numeroServizi: Number(r.servizi), numeroQuestionariCompilati: Number(r.compilati), dataUltimoAggiornamento: String(r.aggiornato),
      anonimizzato: r.anonimizzato === 'cancellazione' || r.anonimizzato === 'conservazione' ? r.anonimizzato : null,
    }),
    csv: {
      filename: 'cittadini.csv',
      header: COLONNE_CSV_CITTADINI,
      cells: (r) => [r.id, r.identificativoMascherato ?? '', r.numeroServizi, r.numeroQuestionariCompilati,
        r.dataUltimoAggiornamento.slice(0, 10).split('-').reverse().join('-')],
    },
    dropdowns: {
      sedi: async (db, caller, limit) => (await rowsOf(db, sql`select distinct ${sede.id} as id, ${sede.nome} as nome from ${servicesOf}
        join ${sede} on ${sede.id} = ${servizio.idSede} where ${scopeOr(caller)} order by 2, 1 limit ${limit}`)).map((r) => ({ id: Number(r.id), nome: String(r.nome) })),
      fasceDiEta: () => Promise.resolve(FASCE_DI_ETA.map((f) => ({ id: f.id, nome: f.fascia }))),
    },
    permissions: { list: 'list.citt', download: 'list.dwnl.citt' },
  }
}

/** Which services narrow the citizens: those of one programme or of one project. */
export type CittadiniDi = { idProgramma: number } | { idProgetto: number }

/**
 * The unique users (citizens reached) of a programme or project (spec 002 §2 detail step 2): the registry
 * list narrowed to the services of that programme/project, inside the caller's scope. Rows carry only the
 * masked identity and the counts, as the registry's.
 */
export function narrowedCittadiniList(secret: string, di: CittadiniDi): ListDefinition<FiltroCittadini, CittadinoRiga> {
  const narrow = 'idProgramma' in di ? eq(progetto.idProgramma, di.idProgramma) : eq(servizio.idProgetto, di.idProgetto)
  return cittadiniList(secret, narrow)
}
