/**
 * Retention (issue 28 point 2): what the route files and other features use of it — the periods as a public read
 * and their long Italian dates (the privacy notice: a plain read, no query cache — that would load Dexie in every
 * anonymous visitor's set), the state of the report (the route's loader).
 */
export { dataEstesa, leggiPeriodiConservazione, periodiConservazioneQuery, statoConservazioneQuery } from './letture'
