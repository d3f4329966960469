/**
 * Page-furniture rules by path (spec 000 §2.2, spec 002 §2): on /richiesta-assistenza (opened in a
 * new tab) the top bar, the menu, the search and the footer's support and legal links are hidden.
 */
export function isAssistancePage(pathname: string): boolean {
  return pathname === '/richiesta-assistenza' || pathname.startsWith('/richiesta-assistenza/')
}

/**
 * Pages drawn without the shell (no header, breadcrumb, footer): the printable blank survey
 * (`/area-amministrativa/servizi/{id}/stampa-questionario/{idQuestionario}`, platform-frontend §1), the
 * printable sheet of survey links (`/area-amministrativa/servizi/{id}/stampa-link`, issue 8) and the
 * citizen's anonymous survey (`/servizi/questionario/{id}/online/{token}`, opened with no login), which
 * draw their own minimal furniture.
 */
export function isBarePage(pathname: string): boolean {
  return /^\/area-amministrativa\/servizi\/[^/]+\/stampa-questionario\/[^/]+\/?$/.test(pathname)
    || /^\/area-amministrativa\/servizi\/[^/]+\/stampa-link\/?$/.test(pathname)
    || /^\/servizi\/questionario\/[^/]+\/online\/[^/]+\/?$/.test(pathname)
}

/** Avatar initials: surname initial then name initial (spec 000 §2.7 "Avatar"); '' when unknown. */
export function avatarInitials(nome: string | null | undefined, cognome: string | null | undefined): string {
  const s = cognome?.trim().charAt(0) ?? ''
  const n = nome?.trim().charAt(0) ?? ''
  return (s + n).toUpperCase()
}
