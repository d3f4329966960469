/**
 * Calls of the survey templates screens (spec 002 §7 "Survey templates"; platform-frontend §3.4;
 * server/routes/questionario-template.ts): detail and skeleton reads (query options), and the writes —
 * create/clone, update (a new version when the template is in use), delete, default RFD/SCD, link to a
 * programme. Writes are silent: the screens show the server's Italian reason where the user acted.
 */
import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { api, apiPost, toApiCallError, ApiCallError } from '../../api/client'
import { loadAppConfig } from '../../api/config'
import { fetchDropdown, profileIds, profileScope } from '../../api/lists'
import {
  QuestionarioTemplateDettaglioSchema, QuestionarioTemplateSalvatoSchema, type QuestionarioTemplateSalvato, type SezioneWire, type TipoDefault,
} from '../../api/contract/questionario-template'

/** Query key root of the templates (list and details). */
export const QK = ['questionari-modelli'] as const

/** `POST questionarioTemplate/{id}`: one version. */
export const dettaglioQuery = (id: string) => queryOptions({
  queryKey: [...QK, 'dettaglio', id, ...profileScope()],
  queryFn: ({ signal }) => apiPost(`questionarioTemplate/${encodeURIComponent(id)}`, profileIds(), QuestionarioTemplateDettaglioSchema, { silent: true, signal }),
})

/** `POST questionarioTemplate/nuovo`: the skeleton of a new template. */
export const nuovoQuery = () => queryOptions({
  queryKey: [...QK, 'nuovo', ...profileScope()],
  queryFn: ({ signal }) => apiPost('questionarioTemplate/nuovo', profileIds(), QuestionarioTemplateDettaglioSchema, { silent: true, signal }),
})

/** Programmes a template can be linked to (dropdown of the list). */
export const programmiQuery = () => queryOptions({
  queryKey: [...QK, 'programmi', ...profileScope()],
  queryFn: ({ signal }) => fetchDropdown('questionarioTemplate', 'programmi', signal),
})

async function write<S extends v.GenericSchema>(method: 'post' | 'put' | 'delete', path: string, body: unknown, schema: S): Promise<v.InferOutput<S>> {
  await loadAppConfig()
  try {
    return v.parse(schema, await api(path, { method, json: body ?? {}, context: { silent: true } }).json())
  } catch (e) {
    throw e instanceof ApiCallError ? e : toApiCallError(e)
  }
}

/** What a template write sends. */
export interface DatiTemplate { nome: string; descrizione: string; sezioni: SezioneWire[] }

const bodyOf = (d: DatiTemplate) => ({ ...profileIds(), 'survey-name': d.nome, 'survey-description': d.descrizione, 'survey-sections': d.sezioni })

/** Create or clone: `POST questionarioTemplate`. */
export const creaTemplate = (d: DatiTemplate): Promise<QuestionarioTemplateSalvato> => write('post', 'questionarioTemplate', bodyOf(d), QuestionarioTemplateSalvatoSchema)

/** Update: `PUT questionarioTemplate/{id}` (a new version when in use). */
export const aggiornaTemplate = (id: string, d: DatiTemplate): Promise<QuestionarioTemplateSalvato> =>
  write('put', `questionarioTemplate/${encodeURIComponent(id)}`, bodyOf(d), QuestionarioTemplateSalvatoSchema)

/** Delete: `DELETE questionarioTemplate/{id}`. */
export const eliminaTemplate = (id: string) => write('delete', `questionarioTemplate/${encodeURIComponent(id)}`, profileIds(), v.object({ id: v.string() }))

/** Default for a policy: `PUT questionarioTemplate/aggiornadefault/{id}?tipoDefault=`. */
export const impostaDefault = (id: string, tipo: TipoDefault) =>
  write('put', `questionarioTemplate/aggiornadefault/${encodeURIComponent(id)}?tipoDefault=${tipo}`, profileIds(), QuestionarioTemplateSalvatoSchema)

/** Programme link: `PUT programma/{idProgramma}/aggiungi/{idQuestionario}`. */
export const associaProgramma = (idProgramma: number, id: string) =>
  write('put', `programma/${idProgramma}/aggiungi/${encodeURIComponent(id)}`, profileIds(), v.object({ id: v.string() }))

/** The Italian message of a failed write: the server's reason when it gave one. */
export function messaggioErrore(err: unknown, azione: string): string {
  if (err instanceof ApiCallError) {
    if (err.kind === 'network' || err.kind === 'timeout') return `Non è stato possibile ${azione}: controlla la connessione e riprova.`
    if (err.status === 403) return `Il tuo profilo non consente di ${azione}.`
    if (err.errorCode && err.message && err.message !== 'errore' && !/^Request failed/.test(err.message)) return err.message
  }
  return `Non è stato possibile ${azione}. Riprova.`
}
