/**
 * State, validation and output of the 'Crea servizio' / 'Modifica servizio' form (platform-frontend
 * §4.1; spec 000 §5; platform-backend §5.1): Nome, Sede and the Q3 answers. Pure functions; the
 * component keeps the values and shows the Italian messages under each field.
 */
import { formatDisplayDate, parseWireDate } from '../../../lib/dates'
import { durationError, durationToMinutes, padDuration } from '../../../lib/duration'
import { decodeSection } from '../../../lib/survey-sections'
import type { ServizioInput, ServizioLocale } from '../../campo'
import { level2Of, sortBy, type Q3Question } from './q3-questions'

/** What the form holds: strings for single answers, arrays for multi-choice (ids 25 and 26 included). */
export interface ServizioFormValues {
  nome: string
  /** id of the chosen site as a string ('' = none) */
  idSede: string
  q3: Record<string, string | string[]>
}

/** Messages by field: 'nome', 'idSede' or a question id. */
export type ServizioFormErrors = Record<string, string>

/** What validation needs besides the values. */
export interface ServizioFormContext {
  progetto: { dataInizio: string | null; dataFine: string | null }
  sedi: readonly { id: number; nome: string }[]
}

export const NOME_MAX = 200
export const MSG = {
  required: 'Campo obbligatorio',
  nomeTooLong: `Inserisci al massimo ${NOME_MAX} caratteri`,
  sede: 'Seleziona la sede',
  date: 'Inserisci una data valida',
  durationZero: 'La durata deve essere maggiore di zero',
  checkbox: 'Seleziona almeno un’opzione',
  area: 'Seleziona almeno un’area di competenza',
  level2: 'Per ogni area scelta seleziona almeno una competenza specifica',
  number: 'Inserisci un numero',
  time: 'Inserisci un orario nel formato HH:MM',
  maxLength: (n: number) => `Il limite massimo di caratteri è di ${n}`,
  range: (min: number, max: number) => `Scegli un valore da ${min} a ${max}`,
} as const

/** Date-range message of the project (A06), or null when `date` falls within it. */
export function dateRangeError(date: string, progetto: ServizioFormContext['progetto']): string | null {
  const from = progetto.dataInizio?.slice(0, 10) || null
  const to = progetto.dataFine?.slice(0, 10) || null
  if ((from && date < from) || (to && date > to)) {
    if (from && to) return `La data deve essere compresa tra il ${formatDisplayDate(from)} e il ${formatDisplayDate(to)} (date del progetto)`
    if (from) return `La data non può essere precedente al ${formatDisplayDate(from)} (inizio del progetto)`
    return `La data non può essere successiva al ${formatDisplayDate(to as string)} (fine del progetto)`
  }
  return null
}

const asText = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''))
const asList = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : [])

/** The message of one question, or null. */
export function validateQuestion(q: Q3Question, values: ServizioFormValues['q3'], ctx: ServizioFormContext): string | null {
  const raw = values[q.id]
  if (q.kind === 'checkbox') return q.required && asList(raw).length === 0 ? MSG.checkbox : null
  if (q.kind === 'competenze') {
    const areas = asList(raw)
    if (areas.length === 0) return q.required ? MSG.area : null
    const chosen = new Set(asList(q.level2Id ? values[q.level2Id] : undefined))
    const missing = areas.some((a) => level2Of(q, a).length > 0 && !level2Of(q, a).some((l) => chosen.has(l.value)))
    return missing ? MSG.level2 : null
  }
  const text = asText(raw).trim()
  if (text === '') return q.required ? MSG.required : null
  switch (q.kind) {
    case 'date':
      return parseWireDate(text) ? dateRangeError(text, ctx.progetto) : MSG.date
    case 'duration': {
      // the value is never rewritten: what is wrong with it is said (issue 8 point 8)
      const wrong = durationError(text)
      if (wrong) return wrong
      return durationToMinutes(padDuration(text)) === 0 ? MSG.durationZero : null
    }
    case 'time':
      return /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(text) ? null : MSG.time
    case 'number':
      return Number.isFinite(Number(text.replace(',', '.'))) ? null : MSG.number
    case 'range': {
      const n = Number(text)
      const min = q.minimum ?? 1
      const max = q.maximum ?? 5
      return Number.isInteger(n) && n >= min && n <= max ? null : MSG.range(min, max)
    }
    default:
      return q.maxLength !== null && [...text].length > q.maxLength ? MSG.maxLength(q.maxLength) : null
  }
}

/** Every message of the form (empty object = valid). */
export function validateServizioForm(values: ServizioFormValues, questions: readonly Q3Question[], ctx: ServizioFormContext): ServizioFormErrors {
  const errors: ServizioFormErrors = {}
  const nome = values.nome.trim()
  if (nome === '') errors.nome = MSG.required
  else if ([...nome].length > NOME_MAX) errors.nome = MSG.nomeTooLong
  if (!ctx.sedi.some((s) => String(s.id) === values.idSede)) errors.idSede = MSG.sede
  for (const q of questions) {
    const message = validateQuestion(q, values.q3, ctx)
    if (message) errors[q.id] = message
  }
  return errors
}

/** Empty values; the site is preselected when the facilitator has only one. */
export function emptyServizioForm(questions: readonly Q3Question[], sedi: ServizioFormContext['sedi']): ServizioFormValues {
  const q3: ServizioFormValues['q3'] = {}
  for (const q of questions) {
    const multi = q.kind === 'checkbox' || q.kind === 'competenze'
    q3[q.id] = multi ? [] : ''
    if (q.kind === 'competenze' && q.level2Id) q3[q.level2Id] = []
  }
  return { nome: '', idSede: sedi.length === 1 ? String(sedi[0]!.id) : '', q3 }
}

/**
 * The form prefilled from a service (edit): the Q3 answers decoded from its section; date, duration
 * and types fall back to the service's own fields when the section lacks them or cannot be read.
 */
export function servizioToForm(servizio: ServizioLocale, questions: readonly Q3Question[], sedi: ServizioFormContext['sedi']): ServizioFormValues {
  const base = emptyServizioForm(questions, sedi)
  let answers: Record<string, string[]>
  try {
    answers = decodeSection(servizio.sezioneQ3Questionario).answers
  } catch {
    answers = {}
  }
  const fallback: Record<string, string[]> = { '22': [servizio.data], '23': [servizio.durataServizio], '24': servizio.tipologiaServizio }
  const q3 = { ...base.q3 }
  for (const q of questions) {
    const found = answers[q.id] ?? fallback[q.id] ?? []
    const multi = q.kind === 'checkbox' || q.kind === 'competenze'
    q3[q.id] = multi ? found : (found[0] ?? '')
    if (q.kind === 'competenze' && q.level2Id) q3[q.level2Id] = answers[q.level2Id] ?? []
  }
  return { nome: servizio.nome, idSede: String(servizio.idSede), q3 }
}

/** What `creaServizio` / `modificaServizio` take: trimmed name, numeric site, Q3 answers in option order. */
export function toServizioInput(values: ServizioFormValues, questions: readonly Q3Question[]): ServizioInput {
  const q3: ServizioInput['q3'] = {}
  for (const q of questions) {
    const raw = values.q3[q.id]
    if (q.kind === 'checkbox') q3[q.id] = sortBy(asList(raw), q.options)
    else if (q.kind === 'competenze') {
      q3[q.id] = sortBy(asList(raw), q.level1)
      if (q.level2Id) q3[q.level2Id] = sortBy(asList(values.q3[q.level2Id]), q.level2.map((l) => l.value))
    } else if (q.kind === 'duration') q3[q.id] = padDuration(asText(raw).trim())
    else q3[q.id] = asText(raw).trim()
  }
  return { nome: values.nome.trim(), idSede: Number(values.idSede), q3 }
}

/** True when the values differ from the initial ones (the form is dirty). */
export function isFormChanged(initial: ServizioFormValues, current: ServizioFormValues): boolean {
  return JSON.stringify(initial) !== JSON.stringify(current)
}

const ITALIAN_ERRORS = new Set(['CampoInputError', 'StorageFullError', 'NoUserDbError'])

/** The message to show for a failed save: the field layer's Italian messages as they are, else a generic one. */
export function saveErrorMessage(err: unknown): string {
  if (err instanceof Error && ITALIAN_ERRORS.has(err.name) && err.message) return err.message
  return 'Non è stato possibile salvare il servizio sul dispositivo. Riprova.'
}
