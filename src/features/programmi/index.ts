/**
 * Programmes and projects (spec 002 §2; platform-backend §2.1, §2.2): what the route files and other features
 * use of it — the query options of a programme's and a project's card, read by the pages and by their route
 * loaders (src/api/prefetch.ts).
 */
export { schedaProgettoQuery, schedaProgrammaQuery } from './api'
/** the programmes' and projects' list definitions, whose first pages the lists' route loaders prefetch */
export { programmiDefinition } from './lista'
export { progettiDefinition } from './progetti/lista'
