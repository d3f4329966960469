/** Footer link lists (spec 000 §1, platform-frontend §10.6). External links open in a new tab. */
export interface FooterLink {
  label: string
  href: string
  external: boolean
}

export const INSTITUTIONAL_LINKS: readonly FooterLink[] = [
  { label: 'Finanziato dall’Unione europea – NextGenerationEU', href: 'https://next-generation-eu.europa.eu/index_it', external: true },
  { label: 'Dipartimento per la trasformazione digitale', href: 'https://innovazione.gov.it', external: true },
  { label: 'Repubblica Digitale', href: 'https://repubblicadigitale.innovazione.gov.it', external: true },
  { label: 'Competenze digitali', href: 'https://competenze.repubblicadigitale.gov.it', external: true },
  { label: 'Italia Domani – PNRR', href: 'https://www.italiadomani.gov.it', external: true },
]

/** Legal links; hidden on /richiesta-assistenza together with the support link. */
export const LEGAL_LINKS: readonly FooterLink[] = [
  { label: 'Informativa privacy e cookie', href: '/informativa-privacy-e-cookie', external: false },
  { label: 'Dichiarazione di accessibilità', href: '/legal', external: false },
  { label: 'Open data', href: '/open-data', external: false },
]
