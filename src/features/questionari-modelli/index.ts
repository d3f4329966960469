/** Survey templates of the administrative area (issue 10 point 1): list, detail, editor. */
export { QuestionariPage } from './QuestionariPage'
export { DettaglioPage } from './DettaglioPage'
export { EditorPage, type ModoEditor } from './editor/EditorPage'
/** the query options the pages read, also read by their route loaders (src/api/prefetch.ts) */
export { dettaglioQuery, nuovoQuery } from './api'
/** the templates' list definition, whose first page the list's route loader prefetches */
export { questionariDefinition } from './lista'
