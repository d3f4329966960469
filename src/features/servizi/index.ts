/**
 * Services (spec 002 §2): what other features use of it. A programme's or project's card lists its
 * services with the managers' list definition, `serviziDefinition(canDownload, ambito)` (`AmbitoServizi`:
 * the programme or project). The pages are rendered by the route files.
 */
export { serviziDefinition } from './list/ServiziManagerList'
export type { AmbitoServizi } from './api'
