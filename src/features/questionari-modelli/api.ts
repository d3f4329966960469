/**
 * Calls of the survey templates screens (spec 002 §7 "Survey templates"; platform-frontend §3.4;
 * server/routes/questionario-template.ts): detail and skeleton reads (query options), and the writes —
 * create/clone, update (a new version when the template is in use), delete, default RFD/SCD, link to a
 * programme, through the one `write` (src/api/write.ts). Writes are silent: the screens show the server's Italian
 * reason where the user acted (`messaggioErrore`, src/api/error-message.ts).
 */
import { queryOptions } from '@tanstack/react-query'
import type { StandardSchemaV1 } from 'ky'
import * as v from 'valibot'
import { apiPost } from '../../api/client'
import { fetchDropdown, profileIds } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'
import { write, type WriteMethod } from '../../api/write'
import { modelliKeys } from './keys'
import {
  QuestionarioTemplateDettaglioSchema, QuestionarioTemplateSalvatoSchema, type QuestionarioTemplateSalvato, type SezioneWire, type TipoDefault,
} from '../../api/contract/questionario-template'

/**
 * A template write: silent (the page shows `messaggioErrore(err, azione)` where the user acted); on success
 * the templates' reads refresh, and the programmes' with them when `programmi`.
 */
const scrivi = <S extends StandardSchemaV1>(method: WriteMethod, path: string, body: object, schema: S, programmi = false) =>
  write({ method, path, body, schema, toast: 'none', invalidate: programmi ? [modelliKeys.all, rootKeys.programmi] : [modelliKeys.all] })

/** `POST questionarioTemplate/{id}`: one version. */
export const dettaglioQuery = (id: string) => queryOptions({
  queryKey: modelliKeys.dettaglio(id),
  queryFn: ({ signal }) => apiPost(`questionarioTemplate/${encodeURIComponent(id)}`, profileIds(), QuestionarioTemplateDettaglioSchema, { silent: true, signal }),
})

/** `POST questionarioTemplate/nuovo`: the skeleton of a new template. */
export const nuovoQuery = () => queryOptions({
  queryKey: modelliKeys.nuovo(),
  queryFn: ({ signal }) => apiPost('questionarioTemplate/nuovo', profileIds(), QuestionarioTemplateDettaglioSchema, { silent: true, signal }),
})

/** Programmes a template can be linked to (dropdown of the list). */
export const programmiQuery = () => queryOptions({
  queryKey: modelliKeys.programmi(),
  queryFn: ({ signal }) => fetchDropdown('questionarioTemplate', 'programmi', signal),
})

/** What a template write sends. */
export interface DatiTemplate { nome: string; descrizione: string; sezioni: SezioneWire[] }

const bodyOf = (d: DatiTemplate) => ({ 'survey-name': d.nome, 'survey-description': d.descrizione, 'survey-sections': d.sezioni })

/** Create or clone: `POST questionarioTemplate`. */
export const creaTemplate = (d: DatiTemplate): Promise<QuestionarioTemplateSalvato> => scrivi('post', 'questionarioTemplate', bodyOf(d), QuestionarioTemplateSalvatoSchema)

/** Update: `PUT questionarioTemplate/{id}` (a new version when in use), based on the detail's `versione` (issue 27: 409 V01 when stale). */
export const aggiornaTemplate = (id: string, d: DatiTemplate, versione: number): Promise<QuestionarioTemplateSalvato> =>
  scrivi('put', `questionarioTemplate/${encodeURIComponent(id)}`, { ...bodyOf(d), versione }, QuestionarioTemplateSalvatoSchema)

/** Delete: `DELETE questionarioTemplate/{id}`, based on the detail's `versione` (issue 27). */
export const eliminaTemplate = (id: string, versione: number) =>
  scrivi('delete', `questionarioTemplate/${encodeURIComponent(id)}`, { versione }, v.object({ id: v.string() }))

/** Default for a policy: `PUT questionarioTemplate/aggiornadefault/{id}?tipoDefault=`. */
export const impostaDefault = (id: string, tipo: TipoDefault) =>
  scrivi('put', `questionarioTemplate/aggiornadefault/${encodeURIComponent(id)}?tipoDefault=${tipo}`, {}, QuestionarioTemplateSalvatoSchema)

/** Programme link: `PUT programma/{idProgramma}/aggiungi/{idQuestionario}`. */
export const associaProgramma = (idProgramma: number, id: string) =>
  scrivi('put', `programma/${idProgramma}/aggiungi/${encodeURIComponent(id)}`, {}, v.object({ id: v.string() }), true)
