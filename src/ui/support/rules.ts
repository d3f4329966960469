/**
 * Content of the support modal by role and policy (spec 000 §6.3, spec 002 §6, platform-frontend §6).
 * Pure: the modal component renders what this returns.
 */
import { RUOLI_GESTIONE } from '../../lib/ruoli'

export const SUPPORT_EMAIL = 'assistenza-accesso@puntodigitale.example'

export interface SupportLink {
  label: string
  href: string
}

export type SupportContent =
  | { kind: 'anonymous'; email: string; canOpenAssistance: false }
  | { kind: 'unavailable'; message: string; canOpenAssistance: false }
  | { kind: 'links'; links: SupportLink[]; canOpenAssistance: true }

export const SUPPORT_UNAVAILABLE = 'Il servizio di assistenza tecnica non è disponibile per il tuo ruolo.'

/** Managing roles of programmes, projects and partner bodies (spec 000 §6.3). */
export const MANAGING_ROLES: readonly string[] = RUOLI_GESTIONE

/** Public guides of the national programme (URLs from platform-frontend §6). */
export const SUPPORT_LINKS = {
  vademecumFacilitatori: { label: 'Vademecum per le facilitatrici e i facilitatori', href: 'https://repdigitale.org/vademecumfacilitatori' },
  faqFacilitatori: { label: 'FAQ per facilitatrici e facilitatori', href: 'https://dtd-gov.notion.site/' },
  manualeFacilitazione: { label: 'Manuale della facilitazione', href: 'https://dtd-gov.notion.site/' },
  vademecumVolontari: { label: 'Vademecum per volontarie e volontari del Servizio Civile Digitale', href: 'https://repdigitale.org/vademecumvolontari' },
  manualeVolontario: { label: "Manuale dell'operatore volontario", href: 'https://dtd-gov.notion.site/' },
  guidaCaricamentoScd: { label: 'Guida operativa per il caricamento massivo dei dati sui servizi', href: 'https://repdigitale.org/guidacaricamentoscd' },
  vademecumEnti: { label: 'Vademecum per enti gestori e partner di progetto', href: 'https://repdigitale.org/vademecumentirfd' },
  faqEnti: { label: 'FAQ per enti gestori e partner', href: 'https://dtd-gov.notion.site/' },
  capacityBuilding: { label: 'Capacity Building - 1.7.2 PNRR', href: 'https://dtd-gov.notion.site/' },
} as const satisfies Record<string, SupportLink>

export interface SupportInput {
  loggedIn: boolean
  codiceRuolo: string | null | undefined
  policy: 'RFD' | 'SCD' | null | undefined
}

/** What the support modal shows; only the `links` kind offers 'Vai all'assistenza'. */
export function supportContent({ loggedIn, codiceRuolo, policy }: SupportInput): SupportContent {
  if (!loggedIn) return { kind: 'anonymous', email: SUPPORT_EMAIL, canOpenAssistance: false }
  const L = SUPPORT_LINKS
  if (codiceRuolo === 'FAC' && policy === 'RFD') {
    return { kind: 'links', links: [L.vademecumFacilitatori, L.faqFacilitatori, L.manualeFacilitazione], canOpenAssistance: true }
  }
  if (codiceRuolo === 'VOL' && policy === 'SCD') {
    return { kind: 'links', links: [L.vademecumVolontari, L.manualeVolontario], canOpenAssistance: true }
  }
  if (codiceRuolo && MANAGING_ROLES.includes(codiceRuolo)) {
    if (policy === 'SCD') return { kind: 'links', links: [L.guidaCaricamentoScd], canOpenAssistance: true }
    if (policy === 'RFD') return { kind: 'links', links: [L.vademecumEnti, L.faqEnti, L.capacityBuilding], canOpenAssistance: true }
  }
  return { kind: 'unavailable', message: SUPPORT_UNAVAILABLE, canOpenAssistance: false }
}
