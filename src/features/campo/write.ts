/**
 * Field writes: each stores the local copy and its outbox entry in one device transaction (ARCHITECTURE.md
 * outbox point 1) with the current role context, and resolves once saved (not once sent).
 * Errors: `CampoInputError` (Italian message, nothing stored), `StorageFullError` (device full).
 */
import type { CittadinoInput, CittadinoServizioLocale, ServizioInput, ServizioLocale } from './types'

/** 'Crea servizio': a new service (NON ATTIVO) with its Q3 section; kind 'servizio.crea'. */
export async function creaServizio(input: ServizioInput): Promise<ServizioLocale> {
  void input
  throw new Error('TODO(campo): creaServizio')
}

/** 'Modifica servizio' of a service by `idLocale`; kind 'servizio.modifica' (depends on its creation if unsent). */
export async function modificaServizio(idLocale: string, input: ServizioInput): Promise<ServizioLocale> {
  void idLocale; void input
  throw new Error('TODO(campo): modificaServizio')
}

/** Deletes a NON ATTIVO service (unsent creation: both entries dropped locally); kind 'servizio.elimina'. */
export async function eliminaServizio(idLocale: string): Promise<void> {
  void idLocale
  throw new Error('TODO(campo): eliminaServizio')
}

/** 'Aggiungi cittadino al servizio': kind 'cittadino.aggiungi' (depends on the service's creation if unsent). */
export async function aggiungiCittadino(idServizioLocale: string, input: CittadinoInput): Promise<CittadinoServizioLocale> {
  void idServizioLocale; void input
  throw new Error('TODO(campo): aggiungiCittadino')
}

/**
 * Compiles the survey of a citizen's addition: Q4 (contract encoding) and the consent; kind
 * 'questionario.compila' (depends on the addition if unsent). The local survey becomes COMPILATA.
 */
export async function compilaQuestionario(idCittadinoServizioLocale: string, sezioneQ4: string, consenso?: Record<string, unknown>): Promise<void> {
  void idCittadinoServizioLocale; void sezioneQ4; void consenso
  throw new Error('TODO(campo): compilaQuestionario')
}
