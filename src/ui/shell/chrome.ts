/**
 * Page-furniture rules by path (spec 000 §2.2, spec 002 §2): on /richiesta-assistenza (opened in a
 * new tab) the top bar, the menu, the search and the footer's support and legal links are hidden.
 */
export function isAssistancePage(pathname: string): boolean {
  return pathname === '/richiesta-assistenza' || pathname.startsWith('/richiesta-assistenza/')
}

/** Avatar initials: surname initial then name initial (spec 000 §2.7 "Avatar"); '' when unknown. */
export function avatarInitials(nome: string | null | undefined, cognome: string | null | undefined): string {
  const s = cognome?.trim().charAt(0) ?? ''
  const n = nome?.trim().charAt(0) ?? ''
  return (s + n).toUpperCase()
}
