/**
 * Community (spec 001: board, community, documents; issue 12 point 9): what other features use of it. The
 * session's offline wiring (features/sincronizzazione) starts its outbox handlers with
 * `startCommunityOutbox(onSent)` (returns the stop function). The pages are rendered by the route files.
 */
export { startCommunityOutbox } from './outbox'
export { nomeCampoCommento } from './outbox-conflitti'
