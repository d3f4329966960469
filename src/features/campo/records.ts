/**
 * What the field data layer stores on the device (records of the offline library, `LocalRecord.data`) and
 * the cache keys of its reference data. One record per entity:
 * - `servizio` (idLocale = client UUID, or the server's `idLocale`, or `srv-{id}`): {@link ServizioDati};
 * - `cittadino-servizio` (idLocale = client UUID of the addition, or `srv-{idQuestionario}`; idServer =
 *   idQuestionario): {@link CittadinoDati}, the citizen's demographics and its survey instance (Q1–Q4);
 * - `questionario` (same idLocale as the addition; written by a compilation on the device):
 *   {@link QuestionarioDati}.
 * No record holds a fiscal code or a document number: those travel only inside outbox payloads (a record
 * keeps only their mask, src/lib/masked-identity.ts).
 */
import type { StatoQuestionarioWire } from '../../api/contract/questionario'
import type { CorrezioniCittadino } from '../../lib/q1-corrections'
import type { CittadinoServizioLocale, ServizioLocale } from './types'

/** Stored data of a service (the screen shape without the sync state, plus its project). */
export interface ServizioDati extends Omit<ServizioLocale, 'syncState'> {
  idProgetto: number
  /** deleted on the device, waiting for the server's confirmation (hidden from reads) */
  eliminato?: boolean
  /** the server's row version of this copy (issue 27): an edit made on it is based on it; absent before the first answer */
  versione?: number
}

/** Stored data of a citizen's addition to a service, with its survey instance. */
export interface CittadinoDati extends Omit<CittadinoServizioLocale, 'syncState'> {
  idProgetto: number
  idEnte: number
  /** order of addition (bootstrap rows: their position; device additions: ms epoch) */
  ordine: number
  idQuestionarioTemplate: string
  sezioneQ1Questionario: string
  sezioneQ2Questionario: string
  sezioneQ3Questionario: string
  sezioneQ4Questionario: string | null
  /** answers to the template's sections after Q4 once compiled (src/lib/survey-extra-sections.ts; absent in older copies) */
  sezioniAggiuntiveQuestionario?: string[]
  /** the citizen's registry version from the field sync (issue 27; absent in older copies and device additions) */
  versioneCittadino?: number
}

/**
 * Stored data of a survey compiled on the device: Q4 and, when the citizen's data were corrected in step Q1
 * or the consent was given at this compilation, the corrections and the Q1 they give (questions 18–19 for
 * the consent, which itself travels in the outbox payload), shown until the server's copy replaces them.
 */
export interface QuestionarioDati {
  idCittadinoServizioLocale: string
  idServizioLocale: string
  statoQuestionario: Extract<StatoQuestionarioWire, 'COMPILATA'>
  sezioneQ4Questionario: string
  /** answers to the template's sections after Q4 (absent in compilations made by an older app) */
  sezioniAggiuntiveQuestionario?: string[]
  correzioni?: CorrezioniCittadino | null
  /** Q1 with the corrections and the consent given here applied (contract encoding; absent: the addition's Q1 stands) */
  sezioneQ1Questionario?: string
  /** ISO timestamp of the compilation on the device */
  dataCompilazione: string
}

/** The citizen's fields of an addition as corrected in step Q1. */
export function datiCorretti(c: CorrezioniCittadino): Partial<Pick<CittadinoDati, 'genere' | 'fasciaDiEtaId' | 'titoloDiStudio' | 'occupazione' | 'provinciaDiDomicilio' | 'cittadinanza'>> {
  return {
    ...(c.genereDaAggiornare ? { genere: c.genereDaAggiornare } : {}),
    ...(c.fasciaDiEtaIdDaAggiornare ? { fasciaDiEtaId: c.fasciaDiEtaIdDaAggiornare } : {}),
    ...(c.titoloDiStudioDaAggiornare ? { titoloDiStudio: c.titoloDiStudioDaAggiornare } : {}),
    ...(c.occupazioneDaAggiornare ? { occupazione: c.occupazioneDaAggiornare } : {}),
    ...(c.provinciaDiDomicilioDaAggiornare ? { provinciaDiDomicilio: c.provinciaDiDomicilioDaAggiornare } : {}),
    ...(c.cittadinanzaDaAggiornare ? { cittadinanza: c.cittadinanzaDaAggiornare } : {}),
  }
}

/** Profile part of the cache key of the reference data. */
export interface ProfiloCampo {
  codiceRuolo: string
  idProgramma: number | null
  idProgetto: number | null
  idEnte: number | null
}

/** Cache key of the reference data (`CampoRiferimenti`) of a field profile. */
export function riferimentiKey(p: ProfiloCampo): string {
  return `campo:riferimenti:${p.codiceRuolo}:${p.idProgramma ?? ''}:${p.idProgetto ?? ''}:${p.idEnte ?? ''}`
}

/** Cache key of the field sync state of a profile (`StatoSyncCampo`: kept cursor, sync under way). */
export function syncKey(p: ProfiloCampo): string {
  return `campo:sync:${p.codiceRuolo}:${p.idProgramma ?? ''}:${p.idProgetto ?? ''}:${p.idEnte ?? ''}`
}

/** idLocale given to a service known only from the server. */
export const serverServizioId = (id: number) => `srv-${id}`
/** idLocale given to a citizen's addition known only from the server. */
export const serverCittadinoId = (idQuestionario: string) => `srv-${idQuestionario}`
