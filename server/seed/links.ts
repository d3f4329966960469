/**
 * Where each demo identity of `identities.ts` works: the sites of facilitators and volunteers, and the
 * partner body of partner referents/delegates. Programme and project referents work for the managing
 * body of their programme/project (programmes.ts), so they need no entry here.
 */

/** Fiscal code → project nomeBreve → site names (all sites of one body in that project). */
export const FACILITATOR_SITES: Record<string, Record<string, string[]>> = {
  RMNSRA92E51A944H: { 'Lazio Digitale Roma': ['Punto Digitale Roma Esquilino', 'Punto Digitale Roma Garbatella'] },
  SPSLCU00B24F839F: { 'SCD Campania Digitale': ['Punto Digitale Napoli Scampia'] },
  RSSLSN77R19G478N: { 'Lombardia in Rete Milano': ['Punto Digitale Milano Niguarda'] },
  LMBNNA90L43B354D: { 'Lombardia in Rete Milano': ['Punto Digitale Milano Lorenteggio'] },
  DLCMTT95C15A662J: { 'Lazio Digitale Latina': ['Punto Digitale Latina Centro'] },
}

/** Fiscal code → project nomeBreve → partner body (ente.nome) of a REPP/DEPP profile. */
export const PARTNER_BODIES: Record<string, Record<string, string>> = {
  MRNLNE83T45D612L: { 'Lazio Digitale Roma': 'Istituzione Biblioteche di Roma' },
  GRCSFN79L28G273B: { 'Lombardia in Rete Milano': 'Cooperativa Sociale Rete Navigli' },
}
