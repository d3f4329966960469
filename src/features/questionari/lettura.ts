/**
 * Read-only rows of a compiled section (spec 002 §2 survey compilation, read-only view; platform-frontend
 * §3.5): each question of the template section with its decoded values as a reader sees them
 * (`displayValues` of src/lib/survey-questions.ts: flags 'Sì', dates DD-MM-YYYY, ratings 'N su MAX', level-2
 * labels; titles by `readerTitle`);
 * answers for questions the template does not list are appended ('Domanda {id}'), never those of the
 * fields hidden from survey forms. `decodeSectionSafe` never throws: an unreadable section gives null
 * (the screen says so).
 */
import type { SezioneTemplateWire } from '../../api/contract/questionario'
import { displayValues, KEY_BE_NASCOSTE, questionsOf, readerTitle } from '../../lib/survey-questions'
import { decodeSection, emptyAnswers, isEmptySection, type DecodedSection } from '../../lib/survey-sections'

export interface RigaRisposta {
  id: string
  titolo: string
  /** values as shown (empty: no answer) */
  valori: string[]
}

/** Decodes a section string; null when it cannot be read, an empty section for null / '' / '{}'. */
export function decodeSectionSafe(text: string | null | undefined): DecodedSection | null {
  if (text === null || text === undefined || isEmptySection(text)) return { id: '', title: '', answers: emptyAnswers() }
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

/** Answers of a decoded section for questions the template does not list (hidden fields excluded). */
export function risposteFuoriModello(sezione: SezioneTemplateWire | null, decoded: DecodedSection | null): RigaRisposta[] {
  const known = new Set(questionsOf(sezione).map((q) => q.id))
  const hidden = new Set(
    Object.entries(sezione?.schema.properties ?? {})
      .filter(([, d]) => d.keyBE && KEY_BE_NASCOSTE.has(d.keyBE))
      .map(([key, d]) => d.id || key),
  )
  return Object.entries(decoded?.answers ?? {})
    .filter(([id, values]) => !known.has(id) && !hidden.has(id) && values.length > 0)
    .map(([id, values]) => ({ id, titolo: `Domanda ${id}`, valori: values }))
}

/** Rows of a section (see the module comment). */
export function righeSezione(sezione: SezioneTemplateWire | null, decoded: DecodedSection | null): RigaRisposta[] {
  const answers = decoded?.answers ?? {}
  const rows: RigaRisposta[] = questionsOf(sezione).map((q) => ({
    id: q.id,
    titolo: readerTitle(q),
    valori: displayValues(q, Object.hasOwn(answers, q.id) ? (answers[q.id] ?? []) : []),
  }))
  return [...rows, ...risposteFuoriModello(sezione, decoded)]
}
