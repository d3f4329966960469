/**
 * Paths of the administrative cards that more than one feature links to (spec 002 §2–3; the route files
 * under src/routes/area-amministrativa): a site's card, and a body's page inside a project (the project's
 * managing body or a partner: its sites, facilitators, referents and delegates there).
 */

/** `/area-amministrativa/sedi/{id}`: the site's card. */
export const sedePath = (id: number) => `/area-amministrativa/sedi/${id}`

/** `/area-amministrativa/progetti/{idProgetto}/enti/{idEnte}`: the body's page inside the project. */
export const enteInProgettoPath = (idProgetto: number, idEnte: number) => `/area-amministrativa/progetti/${idProgetto}/enti/${idEnte}`
