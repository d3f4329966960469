/**
 * Q1 and Q2 of a new survey instance built on the device (a citizen added to a service offline), the
 * same way the server builds them (server/domain/questionario-istanza.ts; platform-backend §5.3):
 * - Q1 from the citizen: question 1 says 'Codice fiscale disponibile ma non visualizzabile' — never the
 *   code — or 'Codice fiscale non presente' on the document path, with 2 = 'true' and 3 = the document
 *   type; the document number is never written; 5–10 the demographics, 6 as the age band label;
 * - Q2: 20 = 'Sì' when the citizen has no other service, else 'No' and 21 = the types of the most recent
 *   other service.
 * Output in the contract's encoding (src/lib/survey-sections.ts). Pure; unit-tested against the server.
 */
import { FASCE_DI_ETA } from '../api/contract/enums'
import { encodeSection, sectionHeader } from './survey-sections'

export const CF_NON_VISUALIZZABILE = 'Codice fiscale disponibile ma non visualizzabile'
export const CF_NON_PRESENTE = 'Codice fiscale non presente'

/** What Q1 needs of a citizen (no identifier: only whether a fiscal code exists). */
export interface CittadinoPerQ1 {
  /** the citizen is identified by a fiscal code (false: by a document) */
  conCodiceFiscale: boolean
  tipoDocumento?: string | null
  genere?: string | null
  fasciaDiEtaId?: number | null
  titoloDiStudio?: string | null
  occupazione?: string | null
  provinciaDiDomicilio?: string | null
  cittadinanza?: string | null
}

/** The label of an age band id ('30-54'), or null. */
export function fasciaDiEtaLabel(id: number | null | undefined): string | null {
  return FASCE_DI_ETA.find((f) => f.id === id)?.fascia ?? null
}

const one = (value: string | null | undefined): string[] => (value ? [value] : [])

/** The Q1 answers (question id → values, empty answers included as []). */
export function q1Answers(c: CittadinoPerQ1): Record<string, string[]> {
  return {
    '1': [c.conCodiceFiscale ? CF_NON_VISUALIZZABILE : CF_NON_PRESENTE],
    '2': c.conCodiceFiscale ? [] : ['true'],
    '3': c.conCodiceFiscale ? [] : one(c.tipoDocumento),
    '5': one(c.genere),
    '6': one(fasciaDiEtaLabel(c.fasciaDiEtaId)),
    '7': one(c.titoloDiStudio),
    '8': one(c.occupazione),
    '9': one(c.provinciaDiDomicilio),
    '10': one(c.cittadinanza),
  }
}

/** Q1 of a citizen in the contract's encoding. */
export function buildQ1Section(c: CittadinoPerQ1): string {
  return encodeSection({ ...sectionHeader('Q1'), answers: q1Answers(c) })
}

/** Q2 answers: `altroServizio` = the types of the citizen's most recent other service, null when none. */
export function q2Answers(altroServizio: readonly string[] | null): Record<string, string[]> {
  return altroServizio ? { '20': ['No'], '21': [...altroServizio] } : { '20': ['Sì'] }
}

/** Q2 of a citizen for a service in the contract's encoding. */
export function buildQ2Section(altroServizio: readonly string[] | null): string {
  return encodeSection({ ...sectionHeader('Q2'), answers: q2Answers(altroServizio) })
}
