/**
 * The citizens tab of a service (spec 002 §2, §4; platform-frontend §3.6, §10.6): one row model for the
 * device rows (facilitators) and the server rows (managers), the survey-state filter, the counters
 * 'Cittadini partecipanti' / 'Questionari compilati', and the actions each survey state allows with
 * their URLs.
 */
import type { CittadinoServizioRiga } from '../../../api/contract/cittadino'
import { FASCE_DI_ETA } from '../../../api/contract/enums'
import type { StatoQuestionarioWire } from '../../../api/contract/questionario'
import type { RecordSyncState } from '../../../offline/types'
import type { CittadinoServizioLocale } from '../../campo'

export interface RigaCittadino {
  key: string
  idCittadino: number | null
  /** server id of the survey instance (null until the addition is confirmed) */
  idQuestionario: string | null
  /** device id of the addition (facilitators) */
  idLocale: string | null
  genere: string | null
  fasciaDiEta: string | null
  stato: StatoQuestionarioWire
  /** ISO timestamp */
  dataUltimoAggiornamento: string
  syncState?: RecordSyncState
}

/** Age-band label of an id ('2' → '30-54'). */
export function fasciaLabel(id: number | null | undefined): string | null {
  return FASCE_DI_ETA.find((f) => f.id === id)?.fascia ?? null
}

export function rigaCittadinoDaLocale(c: CittadinoServizioLocale): RigaCittadino {
  return {
    key: c.idLocale,
    idCittadino: c.idCittadino,
    idQuestionario: c.idQuestionario,
    idLocale: c.idLocale,
    genere: c.genere,
    fasciaDiEta: fasciaLabel(c.fasciaDiEtaId),
    stato: c.statoQuestionario,
    dataUltimoAggiornamento: c.dataUltimoAggiornamento,
    syncState: c.syncState,
  }
}

export function rigaCittadinoDaServer(c: CittadinoServizioRiga): RigaCittadino {
  return {
    key: c.idQuestionario,
    idCittadino: c.idCittadino,
    idQuestionario: c.idQuestionario,
    idLocale: null,
    genere: c.genere,
    fasciaDiEta: c.fasciaDiEta,
    stato: c.statoQuestionario,
    dataUltimoAggiornamento: c.dataUltimoAggiornamento,
  }
}

/** Rows in the chosen survey states (all when none chosen) and, when `soloQuestionari` is given, only those instances. */
export function filtraCittadini(rows: readonly RigaCittadino[], stati: readonly string[], soloQuestionari?: ReadonlySet<string> | null): RigaCittadino[] {
  return rows.filter((r) => (stati.length === 0 || stati.includes(r.stato)) && (!soloQuestionari || (r.idQuestionario !== null && soloQuestionari.has(r.idQuestionario))))
}

/** 'Cittadini partecipanti' and 'Questionari compilati' of the device rows. */
export function contatori(rows: readonly RigaCittadino[]): { partecipanti: number; compilati: number } {
  return { partecipanti: rows.length, compilati: rows.filter((r) => r.stato === 'COMPILATA').length }
}

/** The id the survey pages take: the server's instance id, or the addition's device id until it is known. */
export function surveyRef(r: RigaCittadino): string | null {
  return r.idQuestionario ?? r.idLocale
}

export interface AzioniCittadino {
  compila: string | null
  visualizza: string | null
  stampa: string | null
  /** 'Invia questionario' is offered (the button itself needs the server id and the connection) */
  invia: boolean
}

/** The blank survey of a service, to print and fill by hand (the print page's reserved id 'modello'). */
export const pathStampaVuoto = (serviceRouteId: string) => `/area-amministrativa/servizi/${encodeURIComponent(serviceRouteId)}/stampa-questionario/modello`

/**
 * Actions of a row (spec 002 §4): NON COMPILATA and INVIATO → compile and send; COMPILATA → view.
 * Print ('Stampa questionario': that citizen's questionnaire with their answers, Q4 blank until compiled)
 * is offered for every survey. `canWrite` false (managers) keeps only view and print.
 */
export function azioniCittadino(r: RigaCittadino, serviceRouteId: string, canWrite: boolean): AzioniCittadino {
  const ref = surveyRef(r)
  const base = `/area-amministrativa/servizi/${encodeURIComponent(serviceRouteId)}`
  if (!ref) return { compila: null, visualizza: null, stampa: null, invia: false }
  const id = encodeURIComponent(ref)
  const open = r.stato === 'NON_COMPILATA' || r.stato === 'INVIATO'
  return {
    compila: canWrite && open ? `${base}/cittadini/compila/${id}` : null,
    visualizza: r.stato === 'COMPILATA' ? `${base}/cittadini/compilato/${id}` : null,
    stampa: `${base}/stampa-questionario/${id}`,
    invia: canWrite && open,
  }
}
