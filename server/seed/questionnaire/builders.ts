/**
 * Small builders for the questions of a template section, in the schema format of
 * platform-frontend §3.1: `enum` = single choice (select), `properties` of booleans = multiple choice
 * (checkbox group), plus `order`, `keyBE` and the two-level competence fields.
 */
import type { DomandaSchema, SezioneSchema, SezioneTemplate } from '../../db/schema'

type Extra = Omit<Partial<DomandaSchema>, 'id' | 'title' | 'type' | 'order'>

/** Free text (`string`), date, time or number question. */
export function field(id: string, title: string, type: DomandaSchema['type'], order: number, extra: Extra = {}): DomandaSchema {
  return { id, title, type, order, ...extra }
}

/** Single-choice question rendered as a select. */
export function select(id: string, title: string, values: readonly string[], order: number, extra: Extra = {}): DomandaSchema {
  return { id, title, type: 'string', enum: [...values], order, ...extra }
}

/** Multiple-choice question rendered as a checkbox group (`properties` keyed by label). */
export function checkbox(id: string, title: string, values: readonly string[], order: number, extra: Extra = {}): DomandaSchema {
  const properties: Record<string, { type: 'boolean' }> = {}
  for (const v of values) properties[v] = { type: 'boolean' }
  return { id, title, type: 'object', properties, order, ...extra }
}

/** A section: properties keyed by question id; `required` and `default` list question ids. */
export function section(
  id: string, title: string, questions: DomandaSchema[], opts: { required: string[]; locked: boolean },
): SezioneTemplate {
  const schema: SezioneSchema = {
    type: 'object',
    properties: Object.fromEntries(questions.map((q) => [q.id, q])),
    required: opts.required,
    // questions with a numeric id below 35 are the "default" (system) questions (platform-frontend §3.4)
    default: questions.map((q) => q.id).filter((qid) => Number(qid) < 35),
  }
  return { id, title, schema, schemaui: { data: {} }, 'default-section': opts.locked }
}
