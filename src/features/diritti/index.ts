/**
 * The citizen's rights (issue 28 part 3; GDPR art. 15, 17, 20): what the registry's citizen page and the route files
 * use — the actions on a citizen (export, printable page, erasure, a referent's request), the printable page of a
 * citizen's data, the data-protection role's requests page and its list's definition (the route loader prefetches its first page).
 */
export { AzioniDiritti } from './AzioniDiritti'
export { DatiCittadinoPage } from './DatiCittadinoPage'
export { RichiesteCancellazionePage } from './RichiesteCancellazionePage'
export { datiCittadinoQuery } from './api'
export { richiesteDefinition } from './lista'
