/** Field bootstrap: `GET /campo/bootstrap` stored on the device (at login, profile choice, reconnect). */

/** Fetches the bootstrap of the current field profile and stores it; no-op for other roles or offline. */
export async function refreshCampo(): Promise<void> {
  throw new Error('TODO(campo): refreshCampo')
}

/** Registers the outbox handlers and refreshes the bootstrap at login/reconnect; returns the stop function. */
export function startCampo(): () => void {
  throw new Error('TODO(campo): startCampo')
}
