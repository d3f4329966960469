/**
 * The writes of a mass-upload chunk (blocco.ts): multi-row inserts sent as one JSON parameter, the identity a
 * row types (hashed), and the chunk's new citizens with random ids.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { CitizenDerivedData } from '../../../src/lib/fiscal-code'
import { maskDocumentNumber, maskFiscalCode } from '../../../src/lib/masked-identity'
import { hashDocumentNumber, hashFiscalCode } from '../../db/citizen-hash'
import { newCitizenId } from '../../db/citizen-id'
import type { cittadino } from '../../db/schema'
import type { Transaction } from '../../db/types'
import { badRequest } from '../../errors'
import { GENERE_PREDEFINITO } from '../cittadini-servizio'
import { rowsOf } from '../liste/engine'
import type { ContestoJob } from './applica'
import type { VoceBlocco } from './blocco-cache'
import type { RigaValida } from './validazione'

/** A citizen's row as read or inserted. */
export type CittadinoRow = typeof cittadino.$inferSelect

/** The identity a row types: fiscal code hash, or document type and number hash; the mask, gender and age band. */
export interface Identita { cfHash: string | null; tipoDocumento: string | null; docHash: string | null; mask: string | null; genere: string | null; fascia: number | null }

/**
 * Multi-row INSERT of `rows` (objects keyed by column name) as ONE parameter: the rows travel as a JSON
 * array read by `jsonb_to_recordset` — building a drizzle VALUES list of thousands of parameters cost more
 * CPU than the database's work. `cols` are constant column definitions ('name type'); `suffix` e.g. ON
 * CONFLICT … RETURNING. Returns the rows RETURNING gives.
 */
export async function inserisci(tx: Transaction, tabella: string, cols: readonly string[], rows: readonly Record<string, unknown>[], suffix: SQL = sql``) {
  if (rows.length === 0) return []
  const names = cols.map((c) => c.split(' ')[0]).join(', ')
  return rowsOf(tx, sql`insert into ${sql.identifier(tabella)} (${sql.raw(names)}) select ${sql.raw(names)}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(cols.join(', '))}) ${suffix}`)
}

/** The identity typed in the row, hashed (the `identifier` of cittadini-servizio.ts, without a query). */
export function identitaDi(riga: RigaValida, secret: string): Identita {
  const body = riga.cittadino
  const d: CitizenDerivedData | null = riga.derivato
  if (body.codiceFiscale && !body.codiceFiscaleNonDisponibile && d) {
    return { cfHash: hashFiscalCode(d.codiceFiscale, secret), tipoDocumento: null, docHash: null, mask: maskFiscalCode(d.codiceFiscale), genere: d.gender, fascia: d.fasciaDiEtaId }
  }
  if (body.tipoDocumento && body.numeroDocumento) {
    return {
      cfHash: null, tipoDocumento: body.tipoDocumento, docHash: hashDocumentNumber(body.tipoDocumento, body.numeroDocumento, secret),
      mask: maskDocumentNumber(body.numeroDocumento), genere: body.genere ?? GENERE_PREDEFINITO, fascia: body.fasciaDiEtaId ?? null,
    }
  }
  throw badRequest('U08')
}

/** Inserts the new citizens of the chunk (random ids, drawn again on a clash of ids); the rows by plan. */
export async function inserisciCittadini<P extends { voce: VoceBlocco; identita: Identita }>(tx: Transaction, ctx: ContestoJob, piani: P[]): Promise<Map<P, CittadinoRow>> {
  const out = new Map<P, CittadinoRow>()
  let todo = piani
  for (let draw = 0; todo.length > 0; draw++) {
    if (draw >= 5) throw new Error('applicaBlocco: no free citizen id after 5 draws')
    const ids = todo.map(() => newCitizenId())
    const rows = await inserisci(tx, 'cittadino', ['id bigint', 'codice_fiscale_hash text', 'tipo_documento text', 'numero_documento_hash text',
      'identificativo_mascherato text', 'genere text', 'fascia_di_eta_id int', 'titolo_di_studio text', 'occupazione text', 'cittadinanza text',
      'provincia_di_domicilio text', 'cod_inserimento text'], todo.map((x, i) => {
      const b = x.voce.riga.cittadino
      return {
        id: ids[i]!, codice_fiscale_hash: x.identita.cfHash, tipo_documento: x.identita.tipoDocumento, numero_documento_hash: x.identita.docHash,
        identificativo_mascherato: x.identita.mask, genere: x.identita.genere, fascia_di_eta_id: x.identita.fascia,
        titolo_di_studio: b.titoloDiStudio, occupazione: b.occupazione, cittadinanza: b.cittadinanza, provincia_di_domicilio: b.provinciaDiDomicilio,
        cod_inserimento: ctx.codInserimento,
      }
    }), sql`on conflict (id) do nothing returning id`)
    const inserted = new Set(rows.map((r) => Number(r.id)))
    const now = new Date()
    const next: P[] = []
    todo.forEach((x, i) => {
      if (!inserted.has(ids[i]!)) return void next.push(x)
      const b = x.voce.riga.cittadino
      out.set(x, {
        id: ids[i]!, codiceFiscaleHash: x.identita.cfHash, tipoDocumento: x.identita.tipoDocumento, numeroDocumentoHash: x.identita.docHash,
        identificativoMascherato: x.identita.mask, genere: x.identita.genere, fasciaDiEtaId: x.identita.fascia, titoloDiStudio: b.titoloDiStudio ?? null,
        occupazione: b.occupazione ?? null, cittadinanza: b.cittadinanza ?? null, provinciaDiDomicilio: b.provinciaDiDomicilio ?? null,
        tipoConferimentoConsenso: null, dataConferimentoConsenso: null, codInserimento: ctx.codInserimento, dataOraCreazione: now, dataOraAggiornamento: now, xidSync: 0, anonimizzatoIl: null, motivoAnonimizzazione: null, versione: 1, modificatoIl: now,
      })
    })
    todo = next
  }
  return out
}
