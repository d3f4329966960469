/**
 * The survey templates list on the generic list engine (`POST /questionarioTemplate/all`, dropdowns
 * `stati` and `programmi`, `questionari.csv`; spec 002 §2 columns 'Nome questionario', ID, 'Data ultima
 * modifica', Stato, 'Default SCD', 'Default RFD'; platform-backend §4.4 row "questionarioTemplate", §7).
 * Only current versions are listed (a replaced version is reached from its successor's detail). Search:
 * the name (folded) or the id (exact uuid, or its first characters). Sort: nome (default), id,
 * dataUltimaModifica, stato. No download code exists for templates: the list code allows the CSV.
 */
import { sql } from 'drizzle-orm'
import type { FiltroQuestionariTemplate, QuestionarioTemplateRiga } from '../../../src/api/contract/questionario-template'
import { questionarioTemplate } from '../../db/schema'
import type { Executor } from '../../db/types'
import { filterValues, foldTerm, inList, rowsOf, type ListDefinition } from '../liste/engine'
import type { Caller } from '../profile'
import { programmiAssociabili, templateScope } from './modelli'

const current = sql`${questionarioTemplate.idVersioneSuccessiva} is null`

/** Search over the folded name, or the id's text prefix. */
function search(term: string | null | undefined) {
  const t = term?.trim()
  if (!t) return undefined
  const pattern = `%${foldTerm(t).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql`(pd_fold(${questionarioTemplate.nome}) like ${pattern} or ${questionarioTemplate.id}::text like ${`${t.toLowerCase().replace(/[\\%_]/g, '')}%`})`
}

async function stati(db: Executor, caller: Caller): Promise<string[]> {
  const scope = templateScope(caller) ?? sql`true`
  const rows = await rowsOf(db, sql`select distinct ${questionarioTemplate.stato} as v from ${questionarioTemplate} where ${current} and ${scope} order by 1`)
  return rows.map((r) => String(r.v))
}

const day = (d: unknown) => (d instanceof Date ? d : new Date(String(d))).toISOString()

export const questionariTemplateList: ListDefinition<FiltroQuestionariTemplate, QuestionarioTemplateRiga> = {
  entity: 'questionarioTemplate',
  rowsKey: 'questionariTemplate',
  from: sql`${questionarioTemplate}`,
  id: sql`${questionarioTemplate.id}`,
  where: (caller, f) => {
    const st = filterValues(f?.filtroStati)
    return [current, templateScope(caller), search(f?.filtroCriterioRicerca), st && inList(sql`${questionarioTemplate.stato}`, st)]
  },
  columns: () => ({
    id: sql`${questionarioTemplate.id}`, nome: sql`${questionarioTemplate.nome}`, data: sql`${questionarioTemplate.dataOraAggiornamento}`,
    stato: sql`${questionarioTemplate.stato}`, scd: sql`${questionarioTemplate.defaultScd}`, rfd: sql`${questionarioTemplate.defaultRfd}`,
    versione: sql`${questionarioTemplate.versione}`,
  }),
  sortable: {
    nome: [sql`pd_fold(${questionarioTemplate.nome})`],
    id: [],
    dataUltimaModifica: [sql`${questionarioTemplate.dataOraAggiornamento}`],
    stato: [sql`${questionarioTemplate.stato}`],
  },
  defaultSort: { campo: 'nome', verso: 'asc' },
  toRow: (r) => ({
    id: String(r.id), nome: String(r.nome), dataUltimaModifica: day(r.data), stato: String(r.stato),
    defaultSCD: r.scd === true, defaultRFD: r.rfd === true, versione: Number(r.versione),
  }),
  csv: {
    filename: 'questionari.csv',
    header: ['ID', 'Nome questionario', 'Versione', 'Data ultima modifica', 'Stato', 'Default SCD', 'Default RFD'],
    cells: (r) => [r.id, r.nome, r.versione, r.dataUltimaModifica.slice(0, 10), r.stato, r.defaultSCD ? 'Sì' : 'No', r.defaultRFD ? 'Sì' : 'No'],
  },
  dropdowns: {
    stati,
    programmi: (db, caller, limit) => programmiAssociabili(db, caller, limit),
  },
  permissions: { list: 'list.quest.templ', download: 'list.quest.templ' },
}
