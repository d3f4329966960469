/**
 * The Q3 questions of the service form, read from a template's 'anagraphic-service-section'
 * (platform-frontend §3.1, §3.3, §4.1): questions 22–28 of the default template (and any question an
 * administrator added to Q3), each mapped to the widget that renders it. Question 26 (level-2
 * competences, `relatedFrom` 25, hidden) is rendered inside 25.
 */
import type { QuestionarioTemplate } from '../../../api/contract/questionario'
import { SEZIONI_QUESTIONARIO } from '../../../api/contract/enums'

/** Widget of a question. */
export type Q3Kind = 'date' | 'duration' | 'time' | 'number' | 'range' | 'select' | 'checkbox' | 'competenze' | 'textarea' | 'text'

export interface Livello2 {
  label: string
  value: string
  upperLevel: string
}

export interface Q3Question {
  id: string
  title: string
  kind: Q3Kind
  required: boolean
  /** select and checkbox choices */
  options: string[]
  /** competences: level-1 areas, level-2 items and the id of the level-2 question ('26') */
  level1: string[]
  level2: Livello2[]
  level2Id: string | null
  maxLength: number | null
  minimum: number | null
  maximum: number | null
}

/** Duration question of the default template (keyBE durataServizio): rendered with the duration input. */
export const DURATION_QUESTION = '23'
/** Free-text limit of question 28 when the template does not state one (platform-frontend §3.3). */
export const DETAILS_MAX = 600
/** Length from which a free-text question is rendered as a textarea. */
const TEXTAREA_FROM = 200

type Domanda = NonNullable<QuestionarioTemplate['sezioniQuestionarioTemplate'][number]>['schema']['properties'][string]

function kindOf(q: Domanda): Q3Kind {
  if (q.format === 'multiple-select' && q.enumLevel1) return 'competenze'
  if (q.properties && Object.keys(q.properties).length > 0) return 'checkbox'
  if (q.enum && q.enum.length > 0) return 'select'
  switch (q.type) {
    case 'date':
      return 'date'
    case 'time':
      return q.id === DURATION_QUESTION || q.keyBE === 'durataServizio' ? 'duration' : 'time'
    case 'number':
    case 'integer':
      return 'number'
    case 'range':
      return 'range'
    default: {
      const max = q.maxLength ?? (q.keyBE === 'dettagli' ? DETAILS_MAX : null)
      return max !== null && max >= TEXTAREA_FROM ? 'textarea' : 'text'
    }
  }
}

/** The Q3 section of a template, or null. */
export function q3Section(template: QuestionarioTemplate | null | undefined) {
  return template?.sezioniQuestionarioTemplate.find((s) => s.id === SEZIONI_QUESTIONARIO.Q3.id) ?? null
}

/**
 * The questions to render, in template order; hidden questions (26) are folded into the competence
 * question that points at them. `[]` without a template or a Q3 section.
 */
export function q3Questions(template: QuestionarioTemplate | null | undefined): Q3Question[] {
  const section = q3Section(template)
  if (!section) return []
  const props = section.schema.properties
  const required = new Set(section.schema.required)
  return Object.values(props)
    .filter((q) => !q.hidden && !q.relatedFrom)
    .sort((a, b) => a.order - b.order)
    .map((q) => {
      const kind = kindOf(q)
      const related = kind === 'competenze' && q.relatedTo ? props[q.relatedTo] : undefined
      return {
        id: q.id,
        title: q.title,
        kind,
        required: required.has(q.id),
        options: q.properties ? Object.keys(q.properties) : (q.enum ?? []),
        level1: q.enumLevel1 ?? [],
        level2: related?.enumLevel2 ?? [],
        level2Id: related ? related.id : null,
        maxLength: q.maxLength ?? (q.keyBE === 'dettagli' || q.id === '28' ? DETAILS_MAX : null),
        minimum: q.minimum ?? (q.type === 'range' ? 1 : null),
        maximum: q.maximum ?? (q.type === 'range' ? 5 : null),
      }
    })
}

/** Level-2 items of a level-1 area. */
export function level2Of(q: Q3Question, area: string): Livello2[] {
  return q.level2.filter((l) => l.upperLevel === area)
}

/** Ticks or unticks a level-1 area; unticking also drops its level-2 choices. Returns [level1, level2]. */
export function toggleArea(q: Q3Question, level1: readonly string[], level2: readonly string[], area: string): [string[], string[]] {
  if (level1.includes(area)) {
    const dropped = new Set(level2Of(q, area).map((l) => l.value))
    return [level1.filter((a) => a !== area), level2.filter((v) => !dropped.has(v))]
  }
  return [sortBy([...level1, area], q.level1), [...level2]]
}

/** Orders `values` as they appear in `order` (unknown values last, in their order). */
export function sortBy(values: readonly string[], order: readonly string[]): string[] {
  const pos = (v: string) => {
    const i = order.indexOf(v)
    return i === -1 ? Number.MAX_SAFE_INTEGER : i
  }
  return [...values].sort((a, b) => pos(a) - pos(b))
}
