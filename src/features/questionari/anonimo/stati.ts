/**
 * The phases of the citizen's anonymous survey page (AnonymousSurveyPage.tsx), their titles, its texts and
 * constants, and the friendly pages of a failed load (platform-backend §14 T01, T02, Q02). Pure.
 */
import type { QuestionarioAnonimo } from '../../../api/contract/questionario'
import { AnonimoCallError } from './api'

export const PRODUCT_NAME = 'Punto Digitale'
/** Retry period of a queued submission while the page is open. */
export const RETRY_INTERVAL_MS = 30_000
/** Prefix of the question ids on the page. */
export const ID_PREFIX = 'pd-q'
/** Upper bound of `sezioneQ4Questionario` (contract `CompilaAnonimoBodySchema`). */
export const MAX_Q4_LENGTH = 20_000

export const MESSAGGIO_IN_CODA = 'Le tue risposte sono salvate su questo telefono e verranno inviate appena torna la connessione.'
export const MESSAGGIO_INVIATO = 'Questionario inviato. Grazie!'

export type ErrorCode = 'T01' | 'T02' | 'Q02' | 'DP04' | 'offline' | 'generic'

export type Phase =
  | { kind: 'loading' }
  | { kind: 'consent' }
  | { kind: 'form' }
  | { kind: 'sending' }
  | { kind: 'queued' }
  | { kind: 'sent' }
  | { kind: 'error'; code: ErrorCode }

/** Friendly pages of the errors (platform-backend §14 T01, T02, Q02) and of a failed load. */
export const ERROR_PAGES: Record<ErrorCode, { title: string; text: string; retry: boolean }> = {
  T01: {
    title: 'Link non valido',
    text: 'Il link del questionario non è valido. Controlla di aver aperto il link completo oppure chiedi al facilitatore di inviartene uno nuovo.',
    retry: false,
  },
  T02: {
    title: 'Link scaduto',
    text: 'Il link del questionario è scaduto: resta valido 3 giorni. Chiedi al facilitatore di inviartene uno nuovo.',
    retry: false,
  },
  Q02: {
    title: 'Questionario già compilato',
    text: 'Hai già compilato questo questionario: le risposte sono state registrate. Grazie!',
    retry: false,
  },
  // issue 28: the link died with the citizen's data (erased on request or anonymised at the end of the retention period)
  DP04: {
    title: 'Questionario non disponibile',
    text: 'Questo questionario non è più disponibile: i dati a cui si riferiva sono stati cancellati. Non devi fare nulla.',
    retry: false,
  },
  offline: {
    title: 'Sei offline',
    text: 'Non è stato possibile caricare il questionario perché il telefono non è connesso a internet. Collegati e riprova: la pagina si aggiorna da sola quando torna la connessione.',
    retry: true,
  },
  generic: {
    title: 'Si è verificato un errore',
    text: 'Non è stato possibile caricare il questionario. Ti invitiamo a riprovare più tardi.',
    retry: true,
  },
}

/** Page code of a failed call: catalogue code first, else the HTTP status (404 → T01, 410 → T02, 409 → Q02). */
export function errorCodeOf(e: unknown): ErrorCode {
  if (!(e instanceof AnonimoCallError)) return 'generic'
  if (e.kind === 'network') return 'offline'
  if (e.errorCode === 'T01' || e.errorCode === 'T02' || e.errorCode === 'Q02' || e.errorCode === 'DP04') return e.errorCode
  if (e.kind === 'http' && !e.errorCode) {
    if (e.status === 404) return 'T01'
    if (e.status === 410) return 'T02'
    if (e.status === 409) return 'Q02'
  }
  return 'generic'
}

export const needsConsent = (d: QuestionarioAnonimo | null) => d !== null && !d.abilitatoConsensoTrattamentoDatiCittadino

export function phaseTitle(phase: Phase): string {
  switch (phase.kind) {
    case 'loading':
      return 'Questionario'
    case 'consent':
    case 'form':
    case 'sending':
      return 'Compila il questionario'
    case 'queued':
      return 'Risposte salvate sul telefono'
    case 'sent':
      return 'Questionario inviato'
    case 'error':
      return ERROR_PAGES[phase.code].title
  }
}
