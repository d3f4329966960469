/**
 * Checks made on the device before a field write is queued (pure). They mirror the server's checks that
 * can be decided offline, so a write refused here never reaches the outbox: service name (required, at
 * most 200 characters), site among the profile's, date within the project's dates (A06), duration 'h:mm',
 * at least one service type, details (question 28) at most 600 characters; the Q4 section of a
 * compilation (A04/A05) and its consent (required while the citizen has none recorded: a type of the list
 * and a real date not after today); the minors rule of platform-backend §9 (U25/U26).
 * Each failure throws {@link CampoInputError} with the Italian message of {@link MESSAGGI}.
 */
import type { ConsensoTrattamentoDati } from '../../api/contract/questionario'
import { SEZIONI_QUESTIONARIO, VALORI_CONSENSO } from '../../api/contract/enums'
import { isValidDuration } from '../../lib/duration'
import { parseWireDate, isCalendarDate } from '../../lib/dates'
import { decodeSection, encodeSection, sectionHeader, SectionFormatError } from '../../lib/survey-sections'
import { CampoInputError, MESSAGGI } from './common'
import type { CampoRiferimenti, ServizioInput } from './types'

/** Maximum length of the service name and of the details (question 28). */
export const NOME_SERVIZIO_MAX = 200
export const DETTAGLI_MAX = 600

/** A service form checked and turned into what the wire and the device need. */
export interface ServizioValidato {
  nome: string
  idSede: number
  nomeSede: string
  data: string
  durataServizio: string
  tipologiaServizio: string[]
  /** Q3 in the contract's encoding */
  sezioneQ3: string
}

const first = (v: string[] | string | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim()
const list = (v: string[] | string | undefined): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => x.trim()).filter((x) => x !== '')

function isWireDate(value: string): boolean {
  const p = parseWireDate(value)
  return p !== null && isCalendarDate(p.year, p.month, p.day)
}

/**
 * Checks a service form (create and edit). `rif` (the profile's reference data, when already fetched)
 * adds the checks on the site and on the project's dates; without it those are left to the server.
 */
export function validaServizio(input: ServizioInput, rif: CampoRiferimenti | null | undefined): ServizioValidato {
  const nome = (input.nome ?? '').trim()
  if (nome === '') throw new CampoInputError(MESSAGGI.nomeMancante)
  if (nome.length > NOME_SERVIZIO_MAX) throw new CampoInputError(MESSAGGI.nomeLungo)
  if (!Number.isInteger(input.idSede) || input.idSede < 1) throw new CampoInputError(MESSAGGI.sedeMancante)
  const sede = rif?.sedi.find((s) => s.id === input.idSede)
  if (rif && rif.sedi.length > 0 && !sede) throw new CampoInputError(MESSAGGI.sedeNonTua)
  const q3 = input.q3 ?? {}
  const data = first(q3['22'])
  if (!isWireDate(data)) throw new CampoInputError(MESSAGGI.dataMancante)
  const inizio = rif?.progetto.dataInizio ?? null
  const fine = rif?.progetto.dataFine ?? null
  if ((inizio && data < inizio) || (fine && data > fine)) throw new CampoInputError(MESSAGGI.dataFuoriProgetto)
  const durataServizio = first(q3['23'])
  if (!isValidDuration(durataServizio)) throw new CampoInputError(MESSAGGI.durata)
  const tipologiaServizio = list(q3['24'])
  if (tipologiaServizio.length === 0) throw new CampoInputError(MESSAGGI.tipi)
  const dettagli = first(q3['28'])
  if ([...dettagli].length > DETTAGLI_MAX) throw new CampoInputError(MESSAGGI.dettagli)
  const answers: Record<string, string[] | string> = { ...q3, '22': data, '23': durataServizio, '24': tipologiaServizio }
  if (q3['28'] !== undefined) answers['28'] = dettagli
  return {
    nome,
    idSede: input.idSede,
    nomeSede: sede?.nome ?? '',
    data,
    durataServizio,
    tipologiaServizio,
    sezioneQ3: encodeSection({ ...sectionHeader('Q3'), answers }),
  }
}

/** Checks a Q4 section string before queueing its compilation (A04 not readable / not Q4, A05 no answers). */
export function validaQ4(sezioneQ4: string): void {
  let decoded
  try {
    decoded = decodeSection(sezioneQ4)
  } catch (e) {
    if (e instanceof SectionFormatError) throw new CampoInputError(MESSAGGI.sezioneQ4)
    throw e
  }
  if (decoded.id !== SEZIONI_QUESTIONARIO.Q4.id) throw new CampoInputError(MESSAGGI.sezioneQ4)
  if (Object.keys(decoded.answers).length === 0) throw new CampoInputError(MESSAGGI.risposteQ4)
}

/**
 * Checks the consent of a compilation (platform-backend §6.4; issue 8 point 1): required when the
 * citizen's Q1 shows none (`richiesto`), else optional; a type of the list and a real date 'YYYY-MM-DD'
 * not after `oggi`. Returns the consent to send (null: none).
 */
export function validaConsenso(c: ConsensoTrattamentoDati | null | undefined, richiesto: boolean, oggi: string): ConsensoTrattamentoDati | null {
  if (!c || (!c.tipoConferimentoConsenso && !c.dataConferimentoConsenso)) {
    if (richiesto) throw new CampoInputError(MESSAGGI.consensoMancante)
    return null
  }
  if (!(VALORI_CONSENSO as readonly string[]).includes(c.tipoConferimentoConsenso)) throw new CampoInputError(MESSAGGI.consensoMancante)
  if (!isWireDate(c.dataConferimentoConsenso) || c.dataConferimentoConsenso > oggi) throw new CampoInputError(MESSAGGI.consensoData)
  return { tipoConferimentoConsenso: c.tipoConferimentoConsenso, dataConferimentoConsenso: c.dataConferimentoConsenso }
}

/**
 * The minors rule (platform-backend §9): under 14 never (U26); 14–17 (or age band 5) only where the
 * programme's minors configuration is effective today (U25, checked first as the server does). `eta`
 * null = unknown (band only); `minori` undefined = reference data not fetched yet.
 */
export function verificaEta(eta: number | null, fasciaDiEtaId: number | null | undefined, minori: CampoRiferimenti['configurazioneMinorenni'] | undefined, oggi: string): void {
  const minore = eta !== null ? eta < 18 : fasciaDiEtaId === 5
  if (!minore) return
  // as the server: not enabled → U25 first; without the reference data (undefined) only the age floor
  if (minori !== undefined && (minori === null || minori.dataDecorrenza > oggi)) throw new CampoInputError(MESSAGGI.maggiorenne)
  if (eta !== null && eta < 14) throw new CampoInputError(MESSAGGI.almeno14)
}
