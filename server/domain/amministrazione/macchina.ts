/**
 * A tiny state-machine helper for the lifecycles of platform-backend §2.1–2.7: each lifecycle module
 * declares its transitions (from which states, to which state, the catalogue code that refuses it);
 * `checkTransition` is pure (no database) and throws ApiError 409 with that code when the current state
 * does not allow the transition. The `guard` of a transition (pure facts → error code or null) is
 * evaluated by `checkGuard`.
 */
import type { Stato } from '../../db/schema'
import { ApiError } from '../../errors'

/** 'deleted' is the end of a row removed by the transition; null = no row yet (creation). */
export type Destinazione = Stato | 'deleted' | 'same' | 'unlinked'

export interface Transizione {
  from: readonly (Stato | null)[]
  to: Destinazione
  /** catalogue code answered when the state does not allow the transition */
  code: string
}

export type Macchina<T extends string> = Readonly<Record<T, Transizione>>

/** True when `transition` may start from `state`. */
export function allowed<T extends string>(m: Macchina<T>, transition: T, state: Stato | null | undefined): boolean {
  return m[transition].from.includes(state ?? null)
}

/** Throws ApiError(409, code) when `transition` may not start from `state`; returns the target state. */
export function checkTransition<T extends string>(m: Macchina<T>, transition: T, state: Stato | null | undefined, message?: string): Destinazione {
  if (!allowed(m, transition, state)) throw new ApiError(409, m[transition].code, message)
  return m[transition].to
}

/** Throws the code a guard returned (status: 409 unless given), if any. */
export function checkGuard(code: string | null, status = 409, message?: string): void {
  if (code) throw new ApiError(status, code, message)
}

/**
 * What a cascade does to a dependent link (referent, facilitator, body-site) when its parent ends
 * (platform-backend §2.1–2.5): ATTIVO → TERMINATO, NON ATTIVO → deleted, TERMINATO stays.
 */
export function terminaOElimina(stato: Stato | null | undefined): 'TERMINATO' | 'deleted' | 'keep' {
  if (stato === 'ATTIVO' || stato === 'ATTIVABILE') return 'TERMINATO'
  if (stato === 'NON ATTIVO') return 'deleted'
  return 'keep'
}

/** Today as 'YYYY-MM-DD' in the Europe/Rome calendar (the platform's calendar). */
export function oggi(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** 'dd-MM-yyyy' → 'YYYY-MM-DD' (the input is already validated by the contract). */
export function daGiornoMeseAnno(s: string): string {
  const [d, m, y] = s.split('-')
  return `${y}-${m}-${d}`
}

/** The termination date guard shared by programmes and projects: not in the future. */
export function dataTerminazioneValida(isoDay: string, today: string): boolean {
  return isoDay <= today
}

/**
 * The instant a termination dated `giorno` ('YYYY-MM-DD', already checked not in the future) is stored at
 * (issue 24 point 18): `now` when the day is today (Europe/Rome), else noon UTC of that day; never before
 * `attivazione`, so that a programme or project activated and terminated the same day shows the activation
 * first and its history sorts by time.
 */
export function istanteTerminazione(giorno: string, now: Date, attivazione?: Date | null): Date {
  const base = giorno === oggi(now) ? now : new Date(`${giorno}T12:00:00Z`)
  return attivazione && attivazione.getTime() > base.getTime() ? attivazione : base
}
