/**
 * Corrections of a citizen's data from step Q1 of the compilation (issue 8 point 5; platform-frontend
 * §3.5 compile body `…DaAggiornare`; platform-backend §5.4–5.5, §6.2; spec 002 §3 "Citizen"). Pure.
 *
 * Correctable: the citizen's demographics of Q1 — 5 Genere, 6 Fascia di età, 7 Titolo di studio,
 * 8 Stato occupazionale, 9 Provincia di domicilio, 10 Cittadinanza — recognised by the question's `keyBE`.
 * Gender and age band of a citizen with a fiscal code come from the code (the server answers U28 to a
 * change): they stay read-only. Identifiers (fiscal code, document) are not corrected here: the device
 * never keeps them. Each value must belong to its enumeration (the contract's lists; the provinces of
 * the template's question), with apostrophes compared loosely (a stored 'L’Aquila' is the option
 * "L'Aquila"); a value recorded cannot be erased (the contract has no way to clear it). Only changed
 * values become `…DaAggiornare` fields, in the enumeration's own spelling (the age band as its id).
 */
import type { CompilaQuestionarioBody } from '../api/contract/questionario'
import { CITTADINANZA, FASCE_DI_ETA, GENERE, STATO_OCCUPAZIONALE, TITOLO_DI_STUDIO } from '../api/contract/enums'
import type { FormAnswers, SurveyQuestion } from './survey-questions'

/** The `…DaAggiornare` fields a facilitator may send from step Q1. */
export type CorrezioniCittadino = Partial<{
  genereDaAggiornare: NonNullable<CompilaQuestionarioBody['genereDaAggiornare']>
  fasciaDiEtaIdDaAggiornare: number
  titoloDiStudioDaAggiornare: NonNullable<CompilaQuestionarioBody['titoloDiStudioDaAggiornare']>
  occupazioneDaAggiornare: NonNullable<CompilaQuestionarioBody['occupazioneDaAggiornare']>
  provinciaDiDomicilioDaAggiornare: string
  cittadinanzaDaAggiornare: NonNullable<CompilaQuestionarioBody['cittadinanzaDaAggiornare']>
}>

export type CampoCorreggibile = keyof CorrezioniCittadino

interface Regola {
  campo: CampoCorreggibile
  /** question id in the locked Q1 of every template (platform-frontend §3.3) */
  idDomanda: string
  keyBE: readonly string[]
  /** the contract's list; null: the options of the template's question (provinces) */
  valori: readonly string[] | null
  /** determined by the fiscal code */
  dalCodiceFiscale: boolean
}

/** The correctable fields (see the module comment). */
export const REGOLE_CORREZIONE: readonly Regola[] = [
  { campo: 'genereDaAggiornare', idDomanda: '5', keyBE: ['genere'], valori: GENERE, dalCodiceFiscale: true },
  { campo: 'fasciaDiEtaIdDaAggiornare', idDomanda: '6', keyBE: ['fasciaDiEtaId', 'fasciaDiEta'], valori: FASCE_DI_ETA.map((f) => f.fascia), dalCodiceFiscale: true },
  { campo: 'titoloDiStudioDaAggiornare', idDomanda: '7', keyBE: ['titoloDiStudio', 'titoloStudio'], valori: TITOLO_DI_STUDIO, dalCodiceFiscale: false },
  { campo: 'occupazioneDaAggiornare', idDomanda: '8', keyBE: ['occupazione', 'statoOccupazionale'], valori: STATO_OCCUPAZIONALE, dalCodiceFiscale: false },
  { campo: 'provinciaDiDomicilioDaAggiornare', idDomanda: '9', keyBE: ['provinciaDiDomicilio'], valori: null, dalCodiceFiscale: false },
  { campo: 'cittadinanzaDaAggiornare', idDomanda: '10', keyBE: ['cittadinanza'], valori: CITTADINANZA, dalCodiceFiscale: false },
]

/** Messages shown under a corrected field. */
export const MESSAGGI_CORREZIONE = {
  fuoriElenco: 'Valore non ammesso: scegli una delle voci dell’elenco.',
  nonCancellabile: 'Il dato è già registrato e non si può cancellare: scegli una delle voci dell’elenco.',
  dalCodiceFiscale: 'Genere e fascia di età derivano dal codice fiscale del cittadino e non si possono correggere.',
} as const

const regolaDi = (q: SurveyQuestion): Regola | undefined => REGOLE_CORREZIONE.find((r) => q.keyBE !== undefined && r.keyBE.includes(q.keyBE))

/** Text compared loosely: apostrophes of either style, spaces at the ends. */
const chiave = (s: string) => s.replace(/[’‘`]/g, "'").trim()

/** The value of `list` that `value` names (apostrophes compared loosely), or null. */
function nellElenco(list: readonly string[], value: string): string | null {
  return list.find((v) => chiave(v) === chiave(value)) ?? null
}

/** A Q1 question correctable on this citizen, with the rule that checks it. */
export interface DomandaCorreggibile {
  domanda: SurveyQuestion
  campo: CampoCorreggibile
  /** values accepted */
  valori: readonly string[]
}

/**
 * The correctable questions of a template's Q1 (ordered as the section): the demographics, without
 * gender and age band when the citizen has a fiscal code. Single choices only (drawn as radios/select).
 */
export function domandeCorreggibili(q1: readonly SurveyQuestion[], conCodiceFiscale: boolean): DomandaCorreggibile[] {
  const out: DomandaCorreggibile[] = []
  for (const q of q1) {
    const r = regolaDi(q)
    if (!r || q.hidden || (r.dalCodiceFiscale && conCodiceFiscale) || (q.kind !== 'radio' && q.kind !== 'select')) continue
    const valori = r.valori ? q.options.filter((o) => nellElenco(r.valori!, o) !== null) : q.options
    out.push({ domanda: { ...q, options: valori, required: false }, campo: r.campo, valori })
  }
  return out
}

/** Form state of the correctable questions from the recorded answers (each matched to its option). */
export function valoriIniziali(domande: readonly DomandaCorreggibile[], q1: Readonly<Record<string, readonly string[]>>): FormAnswers {
  const out: FormAnswers = {}
  for (const { domanda } of domande) {
    const recorded = Object.hasOwn(q1, domanda.id) ? (q1[domanda.id]?.[0] ?? '') : ''
    out[domanda.id] = recorded === '' ? '' : (nellElenco(domanda.options, recorded) ?? recorded)
  }
  return out
}

/**
 * The corrections between the recorded values (`iniziali`, from {@link valoriIniziali}) and the form:
 * `correzioni` holds only changed, valid values; `errori` an Italian message by question id.
 */
export function correzioniDaQ1(
  domande: readonly DomandaCorreggibile[],
  iniziali: FormAnswers,
  risposte: FormAnswers,
): { correzioni: CorrezioniCittadino; errori: Record<string, string> } {
  const correzioni: Record<string, string | number> = {}
  const errori: Record<string, string> = {}
  for (const { domanda, campo, valori } of domande) {
    const prima = typeof iniziali[domanda.id] === 'string' ? (iniziali[domanda.id] as string).trim() : ''
    const ora = typeof risposte[domanda.id] === 'string' ? (risposte[domanda.id] as string).trim() : ''
    if (chiave(ora) === chiave(prima)) continue
    if (ora === '') {
      errori[domanda.id] = MESSAGGI_CORREZIONE.nonCancellabile
      continue
    }
    const valore = nellElenco(valori, ora)
    const regola = REGOLE_CORREZIONE.find((r) => r.campo === campo)!
    const canonico = valore !== null && regola.valori ? nellElenco(regola.valori, valore) : valore
    if (canonico === null) {
      errori[domanda.id] = MESSAGGI_CORREZIONE.fuoriElenco
      continue
    }
    correzioni[campo] = campo === 'fasciaDiEtaIdDaAggiornare' ? FASCE_DI_ETA.find((f) => f.fascia === canonico)!.id : canonico
  }
  return { correzioni: correzioni as CorrezioniCittadino, errori }
}

/** True when there is something to correct. */
export const haCorrezioni = (c: CorrezioniCittadino | null | undefined): c is CorrezioniCittadino => !!c && Object.keys(c).length > 0

/**
 * Checks corrections before they are queued (the write's own check, whatever the screen did): every
 * value in its enumeration (provinces: a name of 2–60 characters, the server checks the list), gender
 * and age band not corrected for a citizen with a fiscal code. Returns the Italian message of the
 * first problem, or null.
 */
export function erroreCorrezioni(c: CorrezioniCittadino, conCodiceFiscale: boolean): string | null {
  for (const r of REGOLE_CORREZIONE) {
    const v = c[r.campo]
    if (v === undefined) continue
    if (r.dalCodiceFiscale && conCodiceFiscale) return MESSAGGI_CORREZIONE.dalCodiceFiscale
    if (r.campo === 'fasciaDiEtaIdDaAggiornare') {
      if (!FASCE_DI_ETA.some((f) => f.id === v)) return MESSAGGI_CORREZIONE.fuoriElenco
    } else if (typeof v !== 'string' || (r.valori ? !r.valori.includes(v) : v.trim().length < 2 || v.trim().length > 60)) {
      return MESSAGGI_CORREZIONE.fuoriElenco
    }
  }
  return null
}

/** Q1 answers with the corrections applied (question ids of the locked Q1; the age band as its label). */
export function applicaCorrezioni(q1: Readonly<Record<string, readonly string[]>>, c: CorrezioniCittadino): Record<string, string[]> {
  const out: Record<string, string[]> = Object.fromEntries(Object.entries(q1).map(([k, v]) => [k, [...v]]))
  for (const r of REGOLE_CORREZIONE) {
    const v = c[r.campo]
    if (v === undefined) continue
    out[r.idDomanda] = [r.campo === 'fasciaDiEtaIdDaAggiornare' ? (FASCE_DI_ETA.find((f) => f.id === v)?.fascia ?? String(v)) : String(v)]
  }
  return out
}
