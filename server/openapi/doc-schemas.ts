/**
 * Query parameters that handlers read straight from `request.query` (no valibot parse of their own),
 * described here for the API description only.
 */
import * as v from 'valibot'

/** `?t=`: the token of the citizen's survey link (64 hex characters; a wrong or expired one answers 404). */
export const LinkTokenQuerySchema = v.object({
  t: v.pipe(v.string(), v.description('Token del link del questionario ricevuto dal cittadino.')),
})

/** `?ticket=`: the one-use ticket of the notification stream (from POST /notifications/stream/ticket). */
export const StreamTicketQuerySchema = v.object({
  ticket: v.pipe(v.string(), v.description('Biglietto monouso ottenuto da POST /api/notifications/stream/ticket.')),
})
