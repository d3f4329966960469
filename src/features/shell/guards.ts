/**
 * Guard of the public data report (spec 000 §2.1–2.2): visitors may open it; a logged user needs one
 * of `codes` (tab.dshb or view.dshb), else goes to `redirectTo`.
 */
import { redirect } from '@tanstack/react-router'
import { hasAny, heldPermissions } from '../../auth/permissions'
import { getSessionState } from '../../auth/session'

export function publicOrAnyPermission(codes: string[], redirectTo = '/') {
  return () => {
    const s = getSessionState()
    if (s.status === 'authenticated' && !hasAny(heldPermissions(s), codes)) throw redirect({ to: redirectTo as '/' })
  }
}
