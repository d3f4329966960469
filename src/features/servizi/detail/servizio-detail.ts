/**
 * The service detail model (spec 002 §3 'Service' detail; platform-backend §5.1 schedaDettaglio) built
 * from the device record (facilitators) or from the server card (managers), and the Q3 answers ready
 * to show: each question of the template with its decoded values, dates as DD-MM-YYYY, and the
 * competences grouped by area.
 */
import { TITOLO_COMPETENZE_LIVELLO_2 } from '../../../api/contract/enums'
import type { QuestionarioTemplate } from '../../../api/contract/questionario'
import type { SchedaServizio, StatoServizio } from '../../../api/contract/servizio'
import { displayDateOrText, formatDisplayDateTime } from '../../../lib/dates'
import { decodeSection } from '../../../lib/survey-sections'
import type { RecordSyncState } from '../../../offline'
import type { ServizioLocale } from '../../campo'
import { level2Of, q3Questions, type Q3Question } from '../form/q3-questions'

export interface DettaglioServizio {
  /** id in the URL (server id, or device id until sent) */
  routeId: string
  idServer: number | null
  /** device id (facilitators only) */
  idLocale: string | null
  nome: string
  nomeEnte: string
  nomeSede: string
  stato: StatoServizio
  /** 'YYYY-MM-DD' */
  data: string
  durata: string
  tipologia: string[]
  facilitatore: string | null
  /** 'DD-MM-YYYY HH:mm' */
  ultimoAggiornamento: string
  q3: RiepilogoDomanda[]
  syncState?: RecordSyncState
  /** the viewer created it: edit, delete (NON ATTIVO), citizens and surveys */
  modificabile: boolean
  eliminabile: boolean
}

/** One Q3 answer as shown. */
export interface RiepilogoDomanda {
  id: string
  title: string
  values: string[]
  /** competences: areas with their specific competences */
  groups?: { area: string; items: string[] }[]
}

/** Titles of the default Q3 questions, used when the template is not available. */
const FALLBACK_TITLES: Record<string, string> = {
  '22': 'Data',
  '23': 'Durata',
  '24': 'Tipo di servizio prenotato',
  '25': 'Specifica le competenze trattate',
  '26': TITOLO_COMPETENZE_LIVELLO_2,
  '27': 'Specifica l’ambito dei servizi pubblici digitali trattati',
  '28': 'Descrivi i dettagli del servizio (es.: argomento ed esigenza specifici)',
}

function decodeAnswers(section: string): Record<string, string[]> {
  try {
    return decodeSection(section).answers
  } catch {
    return {}
  }
}

function groupsOf(q: Q3Question, areas: string[], level2: string[]): { area: string; items: string[] }[] {
  return areas.map((area) => {
    const byValue = new Map(level2Of(q, area).map((l) => [l.value, l.label]))
    return { area, items: level2.filter((v) => byValue.has(v)).map((v) => byValue.get(v) ?? v) }
  })
}

/** The Q3 answers of `section` with the titles of `template` (fallback titles without one). */
export function riepilogoQ3(section: string, template: QuestionarioTemplate | null | undefined): RiepilogoDomanda[] {
  const answers = decodeAnswers(section)
  const questions = q3Questions(template)
  if (questions.length === 0) {
    return Object.entries(answers).map(([id, values]) => ({ id, title: FALLBACK_TITLES[id] ?? `Domanda ${id}`, values: id === '22' ? values.map(displayDateOrText) : values }))
  }
  return questions.map((q) => {
    const values = answers[q.id] ?? []
    if (q.kind === 'competenze') return { id: q.id, title: q.title, values, groups: groupsOf(q, values, q.level2Id ? (answers[q.level2Id] ?? []) : []) }
    return { id: q.id, title: q.title, values: q.kind === 'date' ? values.map(displayDateOrText) : values }
  })
}

/** Detail of a service on the device; `template` is its snapshot (or the programme's current one). */
export function dettaglioDaLocale(s: ServizioLocale, template: QuestionarioTemplate | null | undefined, nomeEnte: string): DettaglioServizio {
  return {
    routeId: s.idServer !== null ? String(s.idServer) : s.idLocale,
    idServer: s.idServer,
    idLocale: s.idLocale,
    nome: s.nome,
    nomeEnte,
    nomeSede: s.nomeSede,
    stato: s.stato,
    data: s.data,
    durata: s.durataServizio,
    tipologia: s.tipologiaServizio,
    facilitatore: null,
    ultimoAggiornamento: formatDisplayDateTime(s.dataOraAggiornamento),
    q3: riepilogoQ3(s.sezioneQ3Questionario, template),
    syncState: s.syncState,
    modificabile: true,
    eliminabile: s.stato === 'NON ATTIVO',
  }
}

/** Detail of a service read online (managers: read-only whatever the card says). */
export function dettaglioDaScheda(scheda: SchedaServizio): DettaglioServizio {
  const d = scheda.dettaglioServizio
  return {
    routeId: String(d.idServizio),
    idServer: d.idServizio,
    idLocale: d.idLocale,
    nome: d.nomeServizio,
    nomeEnte: d.nomeEnte,
    nomeSede: d.nomeSede,
    stato: d.statoServizio,
    data: d.dataServizio,
    durata: d.durataServizio,
    tipologia: d.listaTipologiaServizio.map((t) => t.titolo),
    facilitatore: d.nominativoFacilitatore,
    ultimoAggiornamento: formatDisplayDateTime(d.dataOraAggiornamento),
    q3: riepilogoQ3(d.sezioneQ3compilato, scheda.questionarioTemplateSnapshot),
    modificabile: false,
    eliminabile: false,
  }
}

/** True when the service date is after `today` ('YYYY-MM-DD'): citizens cannot be added yet (platform-frontend §4.1). */
export function isDataFutura(data: string, today: string): boolean {
  return data > today
}
