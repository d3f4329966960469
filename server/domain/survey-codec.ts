/**
 * The server's view of the ONE section codec, src/lib/survey-sections.ts (platform-frontend §3.5; issue 8
 * point 12): no parsing or encoding here, only the shapes the server's domain uses — answers named
 * `properties`, as the stored rows name them — and the conversions to and from the stored form
 * (`SezioneCompilata`: an ordered list of single-key objects). Errors are the shared module's classes
 * ({@link SectionFormatError}, {@link InvalidQuestionIdError}), so client and server refuse the same input.
 */
import {
  answersOf, decodeSection as decodeShared, emptyAnswers, encodeSection as encodeShared, InvalidQuestionIdError, MAX_SECTION_DEPTH,
  RESERVED_QUESTION_IDS, SectionFormatError,
} from '../../src/lib/survey-sections'
import type { SezioneCompilata } from '../db/schema'

export { InvalidQuestionIdError, MAX_SECTION_DEPTH, RESERVED_QUESTION_IDS, SectionFormatError }

/** A decoded section: question id → answer values (empty answers are dropped; no prototype). */
export interface DecodedSection {
  id: string
  title: string
  properties: Record<string, string[]>
}

/** Decodes a section string in either encoding (see src/lib/survey-sections.ts `decodeSection`). */
export function decodeSection(input: string): DecodedSection {
  const d = decodeShared(input)
  return { id: d.id, title: d.title, properties: d.answers }
}

/** Encodes a section in the contract's encoding; empty answers are omitted. */
export function encodeSection(section: DecodedSection): string {
  return encodeShared({ id: section.id, title: section.title, answers: section.properties })
}

/** The stored form (ordered list of single-key objects, `SezioneCompilata`) of a decoded section. */
export function toStored(section: DecodedSection): SezioneCompilata {
  return {
    id: section.id,
    title: section.title,
    properties: Object.entries(section.properties).map(([k, values]) => ({ [k]: values })),
  }
}

/** The decoded form of a stored section (an answers map without a prototype). */
export function fromStored(stored: SezioneCompilata): DecodedSection {
  const properties = emptyAnswers()
  for (const item of stored.properties) {
    for (const [k, values] of Object.entries(item)) properties[k] = [...(properties[k] ?? []), ...values]
  }
  return { id: stored.id, title: stored.title, properties }
}

/** Shortcut: stored section → contract string. */
export function encodeStored(stored: SezioneCompilata): string {
  return encodeSection(fromStored(stored))
}

/** The answers of one question (empty when unanswered). */
export function answers(section: DecodedSection, questionId: string): string[] {
  return answersOf({ id: section.id, title: section.title, answers: section.properties }, questionId)
}
