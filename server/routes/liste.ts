/**
 * The list routes of every administrative entity, registered from their definitions
 * (server/domain/liste/*; spec 002 §7 "Generic entity calls"; platform-backend §4.4, §13), under `/api`:
 * | route | permission | answer |
 * |---|---|---|
 * | POST /{entity}/all?currPage&pageSize | list code | `{[plural]: rows, numeroPagine, numeroTotaleElementi}`; 400 G03 beyond the last page |
 * | POST /{entity}/{dropdownType}/dropdown | list code | string[] or [{id, nome}] over the caller's scope, at most DROPDOWN_MAX (1000; `x-opzioni-troncate: true` when cut) |
 * | POST /{entity}/download | download code | CSV streamed in keyset batches (`{plural}.csv`) |
 *
 * | entity | list / download codes | dropdowns |
 * |---|---|---|
 * | programma | list.prgm / list.dwnl.prgm | policies, stati |
 * | progetto | list.prgt / list.dwnl.prgt | policies, policies/programmi, stati, programmi |
 * | ente | list.enti / list.dwnl.enti | profili, programmi, progetti, policies |
 * | utente | list.utenti / list.dwnl.utenti | ruoli, stati |
 * | servizio | list.serv / list.dwnl.serv | tipologiaServizio, stati |
 * | questionarioTemplate | list.quest.templ / list.quest.templ | stati, programmi |
 * | monitoraggiocaricamenti | vis.mntr / vis.mntr | stati, policies |
 * | cittadino | list.citt / list.dwnl.citt | sedi, fasceDiEta (search through the keyed hashes: needs the secret) |
 * | ruolo | list.ruoli / list.ruoli | tipologie, stati |
 * | configurazioneminorenni | view.conf.min / view.conf.min | — |
 * | ticketassistenza | list.ticket / list.ticket | — |
 * | registroAccessi | view.registro.accessi / view.registro.accessi | ruoli, entita, azioni, esiti (issue 28 part 1) |
 *
 * The citizens' and the register's pages and downloads are recorded in the access register (`REGISTRATE`: the row
 * count, a search's single match), as are the unique users of a programme or project (server/domain/registro/hook.ts).
 *
 *
 * The unique users (citizens reached) of one programme or project (spec 002 §2 detail step 2), the
 * citizens list narrowed to its services inside the caller's scope (masked identity and counts only), with
 * the card's access and its per-id check (an id outside the profile → 403 A02, as `POST /programma/:id`):
 * | POST /programma/:id/cittadini/all?currPage&pageSize | view.card.prgm.full | `{cittadini, numeroPagine, numeroTotaleElementi}` |
 * | POST /progetto/:id/cittadini/all?currPage&pageSize | any of view.card.prgm.full, list.prgt | same |
 *
 * A `dropdownType` not in the table answers 404 C01 (no route); a bad body or query 400 G02; an
 * `ordinamento.campo` the list does not declare 400 G02.
 */
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type * as v from 'valibot'
import {
  EntiListaBodySchema, ProgettiListaBodySchema, ProgrammiListaBodySchema, UtentiListaBodySchema,
} from '../../src/api/contract/amministrazione'
import { PaginazioneQuerySchema, ServiziListaBodySchema } from '../../src/api/contract/servizio'
import type { Database } from '../db/types'
import { resolveCaller, type ProfileIds } from '../domain/profile'
import { csvChunks, DROPDOWN_MAX, pageOf, type ListDefinition, type SortRequest } from '../domain/liste/engine'
import { programmiList } from '../domain/liste/programmi'
import { progettiList } from '../domain/liste/progetti'
import { entiList } from '../domain/liste/enti'
import { utentiList } from '../domain/liste/utenti'
import { serviziList } from '../domain/liste/servizi'
import { questionariTemplateList } from '../domain/questionari/lista'
import { QuestionariTemplateListaBodySchema } from '../../src/api/contract/questionario-template'
import { caricamentiList } from '../domain/caricamenti/lista'
import { CaricamentiListaBodySchema, MonitoraggioListaBodySchema } from '../../src/api/contract/caricamenti'
import { monitoraggioList } from '../domain/caricamenti/monitoraggio'
import { cittadiniList, narrowedCittadiniList } from '../domain/liste/cittadini'
import { checkProgetto, checkProgramma } from '../domain/amministrazione/accesso'
import { param, perm as cardPerm, permAny as cardPermAny } from './amministrazione-comune'
import { perm } from '../auth/route-access'
import { ruoliList } from '../domain/ruoli/lista'
import { minorenniList } from '../domain/minorenni/lista'
import { CittadiniListaBodySchema } from '../../src/api/contract/registro-cittadini'
import { RuoliListaBodySchema } from '../../src/api/contract/ruoli'
import { MinorenniListaBodySchema } from '../../src/api/contract/minorenni'
import { parseBody } from '../domain/validation'
import { FIELD_WORK_LABELS } from '../domain/field-labels'
import { ticketList } from '../domain/assistenza/lista'
import { TicketListaBodySchema } from '../../src/api/contract/assistenza'
import { RegistroListaBodySchema } from '../../src/api/contract/registro-accessi'
import { registroList } from '../domain/registro/lista'
import { RichiesteListaBodySchema } from '../../src/api/contract/diritti'
import { richiesteList } from '../domain/diritti/richieste'
import { annotaRegistro } from '../domain/registro/hook'
import type { RegistroRoute } from '../domain/registro/hook'

type ListBody = ProfileIds & { filtroRequest?: unknown; ordinamento?: SortRequest | null }

interface Registration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each definition has its own filter and row types
  def: ListDefinition<any, any>
  body: v.GenericSchema<unknown, ListBody>
}

/** Every list served by the generic routes. */
export const LISTS: Registration[] = [
  { def: programmiList, body: ProgrammiListaBodySchema },
  { def: progettiList, body: ProgettiListaBodySchema },
  { def: entiList, body: EntiListaBodySchema },
  { def: utentiList, body: UtentiListaBodySchema },
  { def: serviziList, body: ServiziListaBodySchema as v.GenericSchema<unknown, ListBody> },
  { def: questionariTemplateList, body: QuestionariTemplateListaBodySchema },
  { def: caricamentiList, body: CaricamentiListaBodySchema as v.GenericSchema<unknown, ListBody> },
  { def: ruoliList, body: RuoliListaBodySchema },
  { def: minorenniList, body: MinorenniListaBodySchema },
  { def: monitoraggioList, body: MonitoraggioListaBodySchema as v.GenericSchema<unknown, ListBody> },
  { def: ticketList, body: TicketListaBodySchema },
  { def: registroList, body: RegistroListaBodySchema as v.GenericSchema<unknown, ListBody> },
  { def: richiesteList, body: RichiesteListaBodySchema as v.GenericSchema<unknown, ListBody> },
]

/**
 * The lists whose rows are personal data recorded in the access register (issue 28 part 1): list entity → the
 * register's entity. A page is a `lettura` (a `ricerca` with a search term: a single match names the citizen), a
 * download an `esportazione`, both with the row count.
 */
const REGISTRATE: Record<string, Pick<RegistroRoute, 'entita' | 'dettaglio'>> = {
  cittadino: { entita: 'cittadino' }, registroAccessi: { entita: 'registro_accessi' },
  richiesteCancellazione: { entita: 'cittadino', dettaglio: 'richieste di cancellazione' },
}
const registroDi = (entity: string, azione: RegistroRoute['azione']): { registro?: RegistroRoute } =>
  (REGISTRATE[entity] ? { registro: { ...REGISTRATE[entity], azione } } : {})
const criterioDi = (filtro: unknown) => {
  const c = (filtro as { criterioRicerca?: unknown; filtroCriterioRicerca?: unknown } | null | undefined)
  const t = c?.criterioRicerca ?? c?.filtroCriterioRicerca
  return typeof t === 'string' && t.trim() !== ''
}

/** Every list, with those that need the citizen-hash secret (the citizens registry). */
export function listsFor(citizenHashSecret: string): Registration[] {
  return [...LISTS, { def: cittadiniList(citizenHashSecret), body: CittadiniListaBodySchema }]
}

const LABELS = { ...FIELD_WORK_LABELS, ordinamento: 'ordinamento' }
/** API description: the Italian name of each list and its tag */
const LIST_NAMES: Record<string, string> = {
  programma: 'programmi', progetto: 'progetti', ente: 'enti', utente: 'utenti', servizio: 'servizi', cittadino: 'cittadini',
  questionarioTemplate: 'modelli di questionario', caricamentiAggregati: 'caricamenti massivi', ruolo: 'ruoli',
  configurazioneminorenni: 'configurazioni per i minorenni', monitoraggiocaricamenti: 'caricamenti monitorati',
  ticketassistenza: 'richieste di assistenza', registroAccessi: 'accessi registrati', richiesteCancellazione: 'richieste di cancellazione',
}
const TAG = ['Elenchi']

export default async function listeRoutes(app: FastifyInstance, opts: { db: Database; citizenHashSecret: string }): Promise<void> {
  const { db } = opts
  for (const { def, body: schema } of listsFor(opts.citizenHashSecret)) {
    const parse = (raw: unknown) => parseBody(schema, raw, LABELS)
    const name = LIST_NAMES[def.entity] ?? def.entity

    app.post(`/${def.entity}/all`, { config: { ...perm(def.permissions.list), ...registroDi(def.entity, 'lettura'), doc: { summary: `Elenco paginato dei ${name} (filtri e ordinamento)`, tags: TAG, body: schema, query: PaginazioneQuerySchema } } }, async (request) => {
      const b = parse(request.body)
      const page = parseBody(PaginazioneQuerySchema, request.query, LABELS)
      const answer = await pageOf(db, def, resolveCaller(request, b), b.filtroRequest, b.ordinamento, page)
      if (REGISTRATE[def.entity]) {
        const rows = answer[def.rowsKey] as { id?: unknown }[]
        const ricerca = def.entity === 'cittadino' && criterioDi(b.filtroRequest)
        annotaRegistro(request, { righe: rows.length, ...(ricerca ? { azione: 'ricerca' as const, idEntita: rows.length === 1 ? rows[0]?.id as number : null } : {}) })
      }
      return answer
    })

    for (const [type, provider] of Object.entries(def.dropdowns)) {
      app.post(`/${def.entity}/${type}/dropdown`, { config: { ...perm(def.permissions.list), doc: {
        summary: `Valori del filtro «${type}» dell’elenco dei ${name}`, tags: TAG, body: schema,
        description: `Al massimo ${DROPDOWN_MAX} valori; quando ce ne sono di più la risposta ha l’intestazione \`x-opzioni-troncate: true\`.`,
      } } }, async (request, reply) => {
        const options = await provider(db, resolveCaller(request, parse(request.body)), DROPDOWN_MAX + 1)
        if (options.length <= DROPDOWN_MAX) return options
        reply.header('x-opzioni-troncate', 'true')
        return options.slice(0, DROPDOWN_MAX)
      })
    }

    app.post(`/${def.entity}/download`, { config: { ...perm(def.permissions.download), ...registroDi(def.entity, 'esportazione'), doc: { summary: `Scarica in CSV l’elenco dei ${name}`, tags: TAG, body: schema, response: { mediaType: 'text/csv', description: `L’elenco filtrato dei ${name} (CSV, UTF-8).` } } } }, async (request, reply) => {
      const b = parse(request.body)
      const caller = resolveCaller(request, b)
      let righe = 0
      const conta = REGISTRATE[def.entity] ? (n: number) => { righe += n; annotaRegistro(request, { righe }) } : undefined
      if (conta) annotaRegistro(request, { righe: 0 })
      const chunks = csvChunks(db, def, caller, b.filtroRequest, b.ordinamento, undefined, conta)
      // the first chunk (header) is read before answering, so a bad `ordinamento` still answers 400
      const first = await chunks.next()
      async function* all() {
        if (!first.done) yield first.value
        yield* chunks
      }
      return reply.header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${def.csv.filename}"`)
        .send(Readable.from(all(), { objectMode: false }))
    })
  }

  // the unique users of one programme / project: the card's access and per-id check
  const cittadiniDi = [
    { entity: 'programma', config: cardPerm('view.card.prgm.full'), check: checkProgramma, di: (id: number) => ({ idProgramma: id }) },
    { entity: 'progetto', config: cardPermAny('view.card.prgm.full', 'list.prgt'), check: checkProgetto, di: (id: number) => ({ idProgetto: id }) },
  ] as const
  for (const { entity, config, check, di } of cittadiniDi) {
    app.post(`/${entity}/:id/cittadini/all`, { config: { ...config, registro: { entita: entity, azione: 'lettura', idParam: 'id', daRisposta: (r) => ({ righe: ((r as { cittadini?: unknown[] }).cittadini ?? []).length }) }, doc: { summary: `Cittadini unici del ${entity}, paginati`, tags: TAG, body: CittadiniListaBodySchema, query: PaginazioneQuerySchema } } }, async (request) => {
      const b = parseBody(CittadiniListaBodySchema, request.body, LABELS)
      const page = parseBody(PaginazioneQuerySchema, request.query, LABELS)
      const caller = resolveCaller(request, b)
      const id = param(request, 'id')
      await check(db, caller, id)
      return pageOf(db, narrowedCittadiniList(opts.citizenHashSecret, di(id)), caller, b.filtroRequest, b.ordinamento, page)
    })
  }
}
