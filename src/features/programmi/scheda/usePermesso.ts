/** True when the chosen profile holds every code (the server checks again; this hides what cannot work). */
import { hasAll, heldPermissions } from '../../../auth/permissions'
import { useSession } from '../../../auth/session'

export function usePermessi(): (...codes: string[]) => boolean {
  const session = useSession()
  const held = heldPermissions(session)
  return (...codes) => hasAll(held, codes)
}
