/**
 * Q1 and Q2 of a new survey instance built on the device (a citizen added to a service offline), the
 * same way the server builds them (server/domain/questionario-istanza.ts; platform-backend §5.3):
 * - Q1 from the citizen: question 1 says 'Codice fiscale disponibile ma non visualizzabile' — never the
 *   code — or 'Codice fiscale non presente' on the document path, with 2 = 'true' and 3 = the document
 *   type; the document number is never written; 5–10 the demographics, 6 as the age band label; 18–19 the
 *   consent (type label, date 'YYYY-MM-DD') once recorded (platform-backend §6.4);
 * - Q2: 20 = 'Sì' when the citizen has no other service, else 'No' and 21 = the types of the most recent
 *   other service.
 * Output in the contract's encoding (src/lib/survey-sections.ts). Pure; unit-tested against the server.
 */
import { etichettaConsenso, FASCE_DI_ETA, ID_DOMANDA_CONSENSO, ID_DOMANDA_DATA_CONSENSO, type TipoConferimentoConsenso } from '../api/contract/enums'
import { decodeSection, encodeSection, sectionHeader } from './survey-sections'

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
  /** the consent, once recorded */
  consenso?: ConsensoQ1 | null
}

/** A consent as Q1 shows it: the type and its date 'YYYY-MM-DD'. */
export interface ConsensoQ1 {
  tipoConferimentoConsenso: TipoConferimentoConsenso
  dataConferimentoConsenso: string
}

/** Q1 answers 18–19 of a consent ({} without one). */
export function consensoAnswers(c: ConsensoQ1 | null | undefined): Record<string, string[]> {
  if (!c) return {}
  return { [ID_DOMANDA_CONSENSO]: [etichettaConsenso(c.tipoConferimentoConsenso)], [ID_DOMANDA_DATA_CONSENSO]: [c.dataConferimentoConsenso] }
}

/** True when a Q1 (contract encoding, or decoded answers) already shows a recorded consent (question 19 answered). */
export function haConsenso(q1: string | Record<string, string[]> | null | undefined): boolean {
  if (!q1) return false
  let answers: Record<string, string[]>
  try {
    answers = typeof q1 === 'string' ? decodeSection(q1).answers : q1
  } catch {
    return false
  }
  return (answers[ID_DOMANDA_DATA_CONSENSO]?.length ?? 0) > 0
}

/** A Q1 (contract encoding) with the consent's answers 18–19 set; unchanged when it already shows one or it cannot be read. */
export function conConsenso(q1: string, c: ConsensoQ1): string {
  if (haConsenso(q1)) return q1
  try {
    const d = decodeSection(q1)
    return encodeSection({ ...sectionHeader('Q1'), ...(d.id ? { id: d.id } : {}), ...(d.title ? { title: d.title } : {}), answers: { ...d.answers, ...consensoAnswers(c) } })
  } catch {
    return q1
  }
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
    ...consensoAnswers(c.consenso),
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
