/**
 * The root of every query key of the app, by area (issue 26 point 4): the first element of each key, named
 * once. Each feature builds its keys on its root in its own factory (`features/<area>/keys.ts`, the lists'
 * keys in `ui/list/keys.ts`); a write names the roots or keys it changes (`write`, src/api/write.ts), so a
 * write of one area can refresh another area's reads without importing that feature.
 * The values are part of the device's stored reads (src/api/query-persist.ts keeps queries by key): a
 * changed value drops a user's offline copy, so they stay as they were.
 */
export const rootKeys = {
  programmi: ['programmi'],
  progetti: ['progetti'],
  enti: ['enti'],
  sedi: ['sedi'],
  utenti: ['utenti'],
  /** unique users of a programme, project or body (the cards' steps) */
  utentiUnici: ['utenti-unici'],
  servizi: ['servizi'],
  cittadiniRegistro: ['cittadini-registro'],
  questionari: ['questionari'],
  questionariModelli: ['questionari-modelli'],
  ruoli: ['ruoli'],
  profilo: ['profilo'],
  minorenni: ['minorenni'],
  caricamenti: ['caricamenti'],
  caricamentiAggregati: ['caricamentiAggregati'],
  dati: ['dati'],
  community: ['community'],
  communityGestione: ['community-gestione'],
  notifiche: ['notifiche'],
  openData: ['open-data'],
  assistenza: ['assistenza'],
  ticketAssistenza: ['ticket-assistenza'],
  utilizzo: ['utilizzo'],
  /** retention periods (public: the privacy notice) and reports (issue 28) */
  conservazione: ['conservazione'],
  /** the access register (issue 28 part 1) */
  registroAccessi: ['registro-accessi'],
  /** the citizen's rights: erasure summaries and requests (issue 28 part 3) */
  diritti: ['diritti'],
} as const satisfies Record<string, readonly [string]>

/**
 * What a change to the administrative structure (programmes, projects, bodies, sites, their referents and
 * facilitators, users' roles) can show in: the cards and lists of every administrative area, the unique users
 * of the cards' steps, the services (their site, project and body), the citizens registry, the mass-upload
 * contexts, the data area's figures, the templates' and the minors' programmes, the profile's roles and the
 * roles' user counts.
 */
export const STRUTTURA_KEYS = [
  rootKeys.programmi, rootKeys.progetti, rootKeys.enti, rootKeys.sedi, rootKeys.utenti, rootKeys.utentiUnici,
  rootKeys.servizi, rootKeys.cittadiniRegistro, rootKeys.caricamenti, rootKeys.caricamentiAggregati, rootKeys.dati,
  rootKeys.questionariModelli, rootKeys.profilo, rootKeys.minorenni, rootKeys.ruoli,
] as const
