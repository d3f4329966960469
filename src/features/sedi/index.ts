/**
 * Sites (spec 002 §3 "Site"; platform-backend §2.5, §2.6): what other features use of it. A body's page
 * inside a project creates a site with the site form (`SedeForm`) and associates it (`creaSede`,
 * `associaSede`, `cancellaOTerminaSede`), and adds or ends its facilitators (`associaFacilitatore`,
 * `terminaFacilitatore`). The site's card is rendered by the route files, whose loader reads `schedaSedeQuery`.
 */
export { associaFacilitatore, associaSede, cancellaOTerminaSede, creaSede, schedaSedeQuery, terminaFacilitatore } from './api'
export { SedeForm } from './SedeForm'
