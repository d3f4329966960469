/** Small shared pieces of the field data layer. */

/** Roles that work in the field with their own services (offline-capable): facilitator and volunteer. */
export function isFieldRole(codiceRuolo: string | null | undefined): boolean {
  return codiceRuolo === 'FAC' || codiceRuolo === 'VOL'
}

/** A write refused on the device before queueing (Italian message for the user; nothing was stored). */
export class CampoInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CampoInputError'
  }
}
