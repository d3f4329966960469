/**
 * Permission checks of menu entries and routes (spec 000 §2.3, §6): a requirement is a list of codes
 * or the special value 'visible'. `hasAll` needs every listed code, `hasAny` one of them; an empty list,
 * 'visible' (or a list holding only 'visible') is satisfied; the pseudo-code 'hidden' never is.
 * `held === null/undefined` means "no profile or role": such a user gets nothing, 'visible' included.
 */
export type PermissionRequirement = readonly string[] | 'visible'

function normalise(required: PermissionRequirement): { codes: string[]; hidden: boolean } {
  if (required === 'visible') return { codes: [], hidden: false }
  return { codes: required.filter((c) => c !== 'visible' && c !== 'hidden'), hidden: required.includes('hidden') }
}

/** True when every required code is held (or the requirement is 'visible'/empty) and a profile exists. */
export function hasAll(held: readonly string[] | null | undefined, required: PermissionRequirement): boolean {
  if (!held) return false
  const { codes, hidden } = normalise(required)
  if (hidden) return false
  const set = new Set(held)
  return codes.every((c) => set.has(c))
}

/** True when at least one required code is held (or the requirement is 'visible'/empty) and a profile exists. */
export function hasAny(held: readonly string[] | null | undefined, required: PermissionRequirement): boolean {
  if (!held) return false
  const { codes, hidden } = normalise(required)
  if (hidden) return false
  if (codes.length === 0) return true
  const set = new Set(held)
  return codes.some((c) => set.has(c))
}

/**
 * The codes a session holds for these checks: null when not logged in or without a chosen profile
 * (so that 'visible' entries stay hidden too), else the chosen role's codes.
 */
export function heldPermissions(s: { status: 'anonymous' | 'authenticated'; profilo: unknown; permessi: readonly string[] }): readonly string[] | null {
  return s.status === 'authenticated' && s.profilo ? s.permessi : null
}
