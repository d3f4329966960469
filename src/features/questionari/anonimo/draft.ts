/**
 * What the anonymous page keeps in the tab's `sessionStorage` so a reload loses nothing (and works
 * offline after the first load): the answers typed so far and the consent step's state (key
 * `pd.anonimo.bozza.{id}`), and the survey as loaded with its token (key `pd.anonimo.modello.{id}`).
 * Nothing here identifies the citizen. Storage failures are ignored (the page still works, without
 * surviving a reload).
 */
import * as v from 'valibot'
import { QuestionarioAnonimoSchema, type QuestionarioAnonimo } from '../../../api/contract/questionario'
import type { FormAnswers } from '../../../lib/survey-questions'

export interface Bozza {
  answers: FormAnswers
  /** the citizen ticked 'Presa visione dell’informativa privacy' and went on */
  consenso: boolean
}

const bozzaKey = (id: string) => `pd.anonimo.bozza.${id}`
const modelloKey = (id: string) => `pd.anonimo.modello.${id}`

const AnswerSchema = v.union([v.array(v.string()), v.string(), v.boolean()])
const BozzaSchema = v.object({ answers: v.record(v.string(), AnswerSchema), consenso: v.boolean() })
const ModelloSchema = v.object({ token: v.string(), data: QuestionarioAnonimoSchema })

function read(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key)
    return raw ? JSON.parse(raw) : null
  } catch {
    return null
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value))
  } catch {
    /* storage full or blocked */
  }
}

function drop(key: string): void {
  try {
    sessionStorage.removeItem(key)
  } catch {
    /* blocked */
  }
}

/** The saved answers of an instance (empty when none). */
export function leggiBozza(id: string): Bozza {
  const r = v.safeParse(BozzaSchema, read(bozzaKey(id)))
  return r.success ? r.output : { answers: {}, consenso: false }
}

export function salvaBozza(id: string, bozza: Bozza): void {
  write(bozzaKey(id), bozza)
}

/** The survey loaded earlier in this tab with the same token, null otherwise. */
export function leggiModello(id: string, token: string): QuestionarioAnonimo | null {
  const r = v.safeParse(ModelloSchema, read(modelloKey(id)))
  return r.success && r.output.token === token ? r.output.data : null
}

export function salvaModello(id: string, token: string, data: QuestionarioAnonimo): void {
  write(modelloKey(id), { token, data })
}

/** Forgets the answers and the survey (after the submission was accepted or the survey is closed). */
export function cancellaBozza(id: string): void {
  drop(bozzaKey(id))
  drop(modelloKey(id))
}
