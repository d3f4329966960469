/**
 * Read-only rows of a compiled section (spec 002 §2 survey compilation, read-only view; platform-frontend
 * §3.5): each question of the template section with its decoded values, labels from the template.
 * Question 26 (second-level competences) is labelled 'Competenze specifiche trattate' instead of its
 * technical title. Flags read 'Sì'; dates read 'DD-MM-YYYY' (spec 002 §9); second-level competences (`enumLevel2`) show their label for a code; a rating reads
 * 'N su MAX'; answers for questions the template does not list are appended ('Domanda {id}').
 * `decodeSectionSafe` never throws: an unreadable section gives null (the screen says so).
 */
import { displayDateOrText } from '../../lib/dates'
import { decodeSection, type DecodedSection } from '../../lib/survey-sections'
import { TITOLO_COMPETENZE_LIVELLO_2 } from '../../api/contract/enums'
import type { SezioneTemplateWire } from '../../api/contract/questionario'
import { domandeOrdinate, KEY_BE_NASCOSTE, limitiValutazione, tipoCampo, type Domanda } from './domande'

export interface RigaRisposta {
  id: string
  titolo: string
  /** values as shown (empty: no answer) */
  valori: string[]
}

/** Decodes a section string; null when it cannot be read, an empty section for null/'' / '{}'. */
export function decodeSectionSafe(text: string | null | undefined): DecodedSection | null {
  if (text === null || text === undefined) return { id: '', title: '', answers: {} }
  try {
    return decodeSection(text)
  } catch {
    return null
  }
}

/** True when the decoded section holds at least one answer. */
export function haRisposte(s: DecodedSection | null): boolean {
  return !!s && Object.values(s.answers).some((v) => v.length > 0)
}

function mostra(d: Domanda | undefined, values: string[]): string[] {
  if (!d) return values
  const t = tipoCampo(d)
  if (t === 'date') return values.map(displayDateOrText)
  if (t === 'flag') return values.map((v) => (v === 'true' ? 'Sì' : v === 'false' ? 'No' : v))
  if (t === 'rating') {
    const { max } = limitiValutazione(d)
    return values.map((v) => (/^\d+$/.test(v) ? `${v} su ${max}` : v))
  }
  if (d.enumLevel2) return values.map((v) => d.enumLevel2?.find((o) => o.value === v)?.label ?? v)
  return values
}

/** The question's label; the second level of a competence tree reads as words, not as its technical title. */
function titolo(d: Domanda): string {
  return d.enumLevel2 ? TITOLO_COMPETENZE_LIVELLO_2 : d.title
}

/** Rows of a section (see the module comment). */
export function righeSezione(sezione: SezioneTemplateWire | null, decoded: DecodedSection | null): RigaRisposta[] {
  const answers = decoded?.answers ?? {}
  const domande = domandeOrdinate(sezione)
  const known = new Set(domande.map((d) => d.id))
  const hidden = new Set(
    Object.values(sezione?.schema.properties ?? {})
      .filter((d) => d.keyBE && KEY_BE_NASCOSTE.has(d.keyBE))
      .map((d) => d.id),
  )
  const rows: RigaRisposta[] = domande.map((d) => ({ id: d.id, titolo: titolo(d), valori: mostra(d, answers[d.id] ?? []) }))
  for (const [id, values] of Object.entries(answers)) {
    if (known.has(id) || hidden.has(id) || values.length === 0) continue
    rows.push({ id, titolo: `Domanda ${id}`, valori: values })
  }
  return rows
}
