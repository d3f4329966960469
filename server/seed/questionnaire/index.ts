/**
 * The default questionnaire templates of the seed: one default for RFD and one for SCD, both with the
 * four sections Q1–Q4 (platform-frontend §3.2–3.3). Stored whole in `questionario_template.sezioni`.
 */
import type { SezioneTemplate } from '../../db/schema'
import { Q1_SECTION } from './q1-citizen'
import { Q2_SECTION } from './q2-booking'
import { Q3_SECTION } from './q3-service'
import { Q4_SECTION } from './q4-experience'

export interface DefaultTemplate {
  nome: string
  descrizione: string
  defaultRfd: boolean
  defaultScd: boolean
  sezioni: SezioneTemplate[]
}

/** The four sections, deep-copied so each template owns its body. */
export function defaultSections(): SezioneTemplate[] {
  return structuredClone([Q1_SECTION, Q2_SECTION, Q3_SECTION, Q4_SECTION])
}

export const DEFAULT_TEMPLATES: DefaultTemplate[] = [
  {
    nome: 'Questionario RFD 2024',
    descrizione: 'Rilevazione dei servizi della Rete dei servizi di Facilitazione Digitale: anagrafica del cittadino, prenotazione, servizio ed esperienza.',
    defaultRfd: true,
    defaultScd: false,
    sezioni: defaultSections(),
  },
  {
    nome: 'Questionario SCD 2024',
    descrizione: 'Rilevazione dei servizi del Servizio Civile Digitale: anagrafica del cittadino, prenotazione, servizio ed esperienza.',
    defaultRfd: false,
    defaultScd: true,
    sezioni: defaultSections(),
  },
]
