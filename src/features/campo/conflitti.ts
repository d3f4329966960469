/**
 * A service's edit as the three-way merge reads it (issue 27 point 3): its editable fields with the Q3 answers
 * decoded into an object by question id (`q3.28`), so that a description changed on the desktop and a duration
 * changed on the tablet are two different fields. The same shape from the device's copy (the `base` snapshot of an
 * edit), from an edit's wire fields (`mine`) and from the server's service card (the `corrente` of a 409 V01,
 * `theirs`); back to wire fields for the merged record; and the fields' Italian names for the conflict view.
 */
import type { Campi } from '../../lib/merge3'
import { decodeSection, encodeSection, sectionHeader } from '../../lib/survey-sections'
import type { ServizioWire } from './handlers'
import type { ServizioDati } from './records'

/** Q3 questions holding the service's own date, duration and types: merged as those fields, not twice. */
const Q3_DERIVATE = ['22', '23', '24'] as const

/** The Q3 answers by question id but the derived ones, as a plain object (the merge walks plain objects key by key). */
function q3Di(encoded: string): Record<string, string[]> {
  try {
    const answers: Record<string, string[]> = { ...decodeSection(encoded).answers }
    for (const q of Q3_DERIVATE) delete answers[q]
    return answers
  } catch {
    return {}
  }
}

/** The editable fields of a service from the device's copy (the base of an edit made on it). */
export function campiDaDati(d: ServizioDati): Campi {
  return {
    nomeServizio: d.nome, idEnteServizio: d.idEnte, idSedeServizio: d.idSede, data: d.data, durataServizio: d.durataServizio,
    tipoDiServizioPrenotato: [...d.tipologiaServizio], q3: q3Di(d.sezioneQ3Questionario),
  }
}

/** The editable fields of an edit's wire body (what the device sends). */
export function campiDaWire(w: ServizioWire): Campi {
  return {
    nomeServizio: w.nomeServizio, idEnteServizio: w.idEnteServizio, idSedeServizio: w.idSedeServizio, data: w.data,
    durataServizio: w.durataServizio, tipoDiServizioPrenotato: [...w.tipoDiServizioPrenotato], q3: q3Di(w.sezioneQuestionarioCompilatoQ3),
  }
}

/** The wire body of merged fields (`w` gives what the fields do not hold). */
export function wireDaCampi(campi: Campi, w: ServizioWire): ServizioWire {
  const str = (k: string, d: string) => (typeof campi[k] === 'string' ? (campi[k] as string) : d)
  const num = (k: string, d: number) => (typeof campi[k] === 'number' ? (campi[k] as number) : d)
  const q3 = campi.q3 !== null && typeof campi.q3 === 'object' ? (campi.q3 as Record<string, string[]>) : q3Di(w.sezioneQuestionarioCompilatoQ3)
  const data = str('data', w.data)
  const durataServizio = str('durataServizio', w.durataServizio)
  const tipi = Array.isArray(campi.tipoDiServizioPrenotato) ? (campi.tipoDiServizioPrenotato as string[]) : w.tipoDiServizioPrenotato
  // the derived answers first, in question order, as the form writes them
  const answers = { '22': data, '23': durataServizio, '24': tipi, ...q3 }
  return {
    ...w,
    nomeServizio: str('nomeServizio', w.nomeServizio),
    idEnteServizio: num('idEnteServizio', w.idEnteServizio),
    idSedeServizio: num('idSedeServizio', w.idSedeServizio),
    data,
    durataServizio,
    tipoDiServizioPrenotato: tipi,
    sezioneQuestionarioCompilatoQ3: encodeSection({ ...sectionHeader('Q3'), answers }),
  }
}

interface DettaglioCorrente {
  nomeServizio?: unknown
  idEnte?: unknown
  idSede?: unknown
  dataServizio?: unknown
  durataServizio?: unknown
  listaTipologiaServizio?: unknown
  sezioneQ3compilato?: unknown
  dataOraAggiornamento?: unknown
  versione?: unknown
}

/**
 * The server's service card (the `corrente` of a 409 V01 on `PUT/DELETE servizio/{id}`) as merge fields, with its
 * version and last change; null when it is not a card with a version.
 */
export function campiDaScheda(corrente: unknown): { campi: Campi; versione: number; modificatoIl: string | null } | null {
  const d = (corrente as { dettaglioServizio?: DettaglioCorrente } | null | undefined)?.dettaglioServizio
  if (!d || typeof d.versione !== 'number') return null
  const tipi = Array.isArray(d.listaTipologiaServizio) ? d.listaTipologiaServizio.map((t) => String((t as { titolo?: unknown }).titolo ?? '')) : []
  return {
    campi: {
      nomeServizio: d.nomeServizio, idEnteServizio: d.idEnte, idSedeServizio: d.idSede, data: d.dataServizio, durataServizio: d.durataServizio,
      tipoDiServizioPrenotato: tipi, q3: q3Di(typeof d.sezioneQ3compilato === 'string' ? d.sezioneQ3compilato : '{}'),
    },
    versione: d.versione,
    modificatoIl: typeof d.dataOraAggiornamento === 'string' ? d.dataOraAggiornamento : null,
  }
}

const NOMI: Readonly<Record<string, string>> = {
  nomeServizio: 'Nome del servizio',
  idEnteServizio: 'Ente',
  idSedeServizio: 'Sede',
  data: 'Data del servizio',
  durataServizio: 'Durata',
  tipoDiServizioPrenotato: 'Tipo di servizio prenotato',
  'q3.25': 'Competenze trattate',
  'q3.26': 'Competenze trattate (dettaglio)',
  'q3.27': 'Ambito dei servizi pubblici digitali trattati',
  'q3.28': 'Dettagli del servizio',
}

/** The Italian name of a service's merge field (dotted path), for the conflict view. */
export function nomeCampoServizio(percorso: string): string {
  return NOMI[percorso] ?? (percorso.startsWith('q3.') ? `Domanda ${percorso.slice(3)} del servizio` : percorso)
}
