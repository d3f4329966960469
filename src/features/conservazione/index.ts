/**
 * Retention (issue 28 point 2): what the route files and other features use of it — the periods as a public query
 * and their long Italian dates (the privacy notice), the state of the report (the route's loader).
 */
export { dataEstesa, periodiConservazioneQuery, statoConservazioneQuery } from './api'
