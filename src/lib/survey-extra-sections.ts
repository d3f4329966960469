/**
 * The sections a survey template adds after Q1–Q4 ('Aggiungi sezione' in the template editor; spec 002 §2
 * "sections each holding questions … Default section title is 'Sezione'", §3 "Section: id, questions,
 * sectionTitle (default 'Sezione'), type (default standard)"; issue 24 point 4). A template may have them,
 * so they are asked: whoever compiles Q4 compiles them too, after Q4 — the facilitator's last step (online
 * and offline), the citizen's phone page — and the print and the read-only view show them.
 *
 * Wire: the original platform's compile bodies name only `sezioneQ1..Q4Questionario` and it has no generic
 * section field; its stored instance, though, is a list of sections (platform-backend §8
 * `questionarioTemplateIstanza.sections[]`). So each added section travels as ONE MORE section string in
 * the contract encoding (src/lib/survey-sections.ts: id = the template section's id, title = its title) in
 * the list `sezioniAggiuntiveQuestionario`, and is stored after Q4 in template order.
 *
 * Pure rules shared by the app and the server: {@link sezioniAggiuntive} finds them,
 * {@link encodeSezioniAggiuntive} writes a form's answers, {@link controllaSezioniAggiuntive} checks what a
 * client sent against the template (the same question rules as the forms: required, bounds, lengths, and
 * choices among the options) and answers the first Italian message.
 */
import type { SezioneTemplateWire } from '../api/contract/questionario'
import { ID_SEZIONI_FISSE } from './questionario-editor'
import {
  encodeAnswers, initialAnswers, questionsOf, validateAnswers, type FormAnswers, type SurveyQuestion, type SurveyVariant,
} from './survey-questions'
import { decodeSection, emptyAnswers, SectionFormatError, type DecodedSection } from './survey-sections'

/** The template's sections after Q1–Q4 (any section whose id is not a fixed one), in template order. */
export function sezioniAggiuntive(sezioni: readonly SezioneTemplateWire[] | null | undefined): SezioneTemplateWire[] {
  return (sezioni ?? []).filter((s) => !ID_SEZIONI_FISSE.includes(s.id))
}

/** An added section with its questions ready to draw. */
export interface SezioneAggiuntiva {
  sezione: SezioneTemplateWire
  domande: SurveyQuestion[]
}

/** The added sections of a template with their questions, for a variant. */
export function domandeAggiuntive(sezioni: readonly SezioneTemplateWire[] | null | undefined, variant: SurveyVariant = 'compact'): SezioneAggiuntiva[] {
  return sezioniAggiuntive(sezioni).map((sezione) => ({ sezione, domande: questionsOf(sezione, variant) }))
}

/** A form's answers (one map: question ids are unique in a template) as the added sections' strings, in template order. */
export function encodeSezioniAggiuntive(aggiuntive: readonly SezioneAggiuntiva[], answers: FormAnswers): string[] {
  return aggiuntive.map(({ sezione, domande }) => encodeAnswers({ id: sezione.id, title: sezione.title }, domande, answers))
}

/** The decoded answers of the added sections of an instance, by section id (unreadable ones skipped). */
export function decodeSezioniAggiuntive(sent: readonly string[] | null | undefined): Map<string, DecodedSection> {
  const out = new Map<string, DecodedSection>()
  for (const text of sent ?? []) {
    try {
      const d = decodeSection(text)
      if (!out.has(d.id)) out.set(d.id, d)
    } catch {
      // an unreadable section shows as unanswered
    }
  }
  return out
}

/** Initial answers of the added sections' questions from an instance's strings. */
export function risposteAggiuntiveIniziali(aggiuntive: readonly SezioneAggiuntiva[], sent: readonly string[] | null | undefined): FormAnswers {
  const decoded = decodeSezioniAggiuntive(sent)
  return Object.assign({}, ...aggiuntive.map(({ sezione, domande }) => initialAnswers(domande, decoded.get(sezione.id) ?? null))) as FormAnswers
}

/** Outcome of {@link controllaSezioniAggiuntive}: the sections to store, or the first Italian message. */
export type EsitoSezioniAggiuntive = { ok: true; sezioni: DecodedSection[] } | { ok: false; errore: string }

const sbagliato = (errore: string): EsitoSezioniAggiuntive => ({ ok: false, errore })

/**
 * Checks the added sections a compilation sent against the template's (module comment): every string
 * readable, naming an added section of the template once; every answer to a question of that section,
 * a choice among its options; then the form rules of each section (a missing section counts as
 * unanswered, so its required questions are missing). Answers every added section of the template, in
 * template order, with the template's id and title.
 */
export function controllaSezioniAggiuntive(template: readonly SezioneTemplateWire[], sent: readonly string[] | null | undefined): EsitoSezioniAggiuntive {
  const aggiuntive = domandeAggiuntive(template, 'compact')
  const byId = new Map<string, DecodedSection>()
  for (const text of sent ?? []) {
    let d: DecodedSection
    try {
      d = decodeSection(text)
    } catch (e) {
      if (e instanceof SectionFormatError) return sbagliato('Una sezione aggiuntiva del questionario non è leggibile.')
      throw e
    }
    const s = aggiuntive.find((x) => x.sezione.id === d.id)
    if (!s) return sbagliato(`La sezione «${d.id}» non fa parte di questo questionario.`)
    if (byId.has(d.id)) return sbagliato(`La sezione «${s.sezione.title}» è stata inviata più di una volta.`)
    byId.set(d.id, d)
  }
  const sezioni: DecodedSection[] = []
  for (const { sezione, domande } of aggiuntive) {
    const d = byId.get(sezione.id) ?? { id: sezione.id, title: sezione.title, answers: emptyAnswers() }
    for (const [qid, values] of Object.entries(d.answers)) {
      const q = domande.find((x) => x.id === qid)
      if (!q) return sbagliato(`La domanda ${qid} non fa parte della sezione «${sezione.title}».`)
      const scelta = q.kind === 'radio' || q.kind === 'select' || q.kind === 'checkbox'
      if (scelta && (values.some((v) => !q.options.includes(v)) || (q.kind !== 'checkbox' && values.length > 1))) {
        return sbagliato(`Sezione «${sezione.title}», domanda «${q.title}»: la risposta non è tra quelle previste.`)
      }
      if (!scelta && values.length > 1) return sbagliato(`Sezione «${sezione.title}», domanda «${q.title}»: è prevista una sola risposta.`)
    }
    const form = initialAnswers(domande, d)
    const errori = validateAnswers(domande, form, 'compact')
    const primo = domande.find((q) => errori[q.id] !== undefined)
    if (primo) return sbagliato(`Sezione «${sezione.title}», domanda «${primo.title}»: ${errori[primo.id]}.`)
    sezioni.push({ id: sezione.id, title: sezione.title, answers: d.answers })
  }
  return { ok: true, sezioni }
}
