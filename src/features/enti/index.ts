/**
 * Bodies (enti; spec 002 §2): what the route files and other features use of it — the query options of
 * the body's card and of a project's card as a body sees it, read by the pages and by their route loaders.
 */
export { schedaEnteQuery, schedaProgettoQuery as schedaProgettoEnteQuery } from './api'
/** the bodies' list definition (`canDownload`: the CSV button), whose first page the list's route loader prefetches */
export { entiDefinition } from './lista'
