/**
 * The citizens tab of a service (spec 002 §2, §4; platform-frontend §3.6, §10.6): one row model for the
 * device rows (facilitators) and the server rows (managers), the survey-state filter, the counters
 * 'Cittadini partecipanti' / 'Questionari compilati', the actions each survey state allows with their
 * URLs, and what tells rows apart (issue 8 points 2–3): the citizen's masked identity, the time added,
 * and for a sent survey its link's expiry.
 */
import type { CittadinoServizioRiga } from '../../../api/contract/cittadino'
import { FASCE_DI_ETA } from '../../../api/contract/enums'
import { formatDisplayDate, formatDisplayTime } from '../../../lib/dates'
import { NO_MASK, shortMask } from '../../../lib/masked-identity'
import type { StatoQuestionarioWire } from '../../../api/contract/questionario'
import type { RecordSyncState } from '../../../offline'
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
  /** masked fiscal code or document number (src/lib/masked-identity.ts); null: registered before masks existed */
  identificativoMascherato: string | null
  /** ISO timestamp of the addition to the service (null: unknown) */
  dataOraAggiunta: string | null
  /** ISO expiry of the survey's online link (null: none created) */
  scadenzaLink: string | null
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
    identificativoMascherato: c.identificativoMascherato,
    dataOraAggiunta: c.dataOraAggiunta,
    scadenzaLink: c.scadenzaLink,
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
    identificativoMascherato: c.identificativoMascherato ?? null,
    dataOraAggiunta: c.dataOraAggiunta ?? null,
    scadenzaLink: c.scadenzaLink ?? null,
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
  /** the survey was sent already: the button reads 'Invia di nuovo' */
  inviaDiNuovo: boolean
}

/** The blank survey of a service, to print and fill by hand (the print page's reserved id 'modello'). */
export const pathStampaVuoto = (serviceRouteId: string) => `/area-amministrativa/servizi/${encodeURIComponent(serviceRouteId)}/stampa-questionario/modello`

/**
 * Actions of a row (spec 002 §4): NON COMPILATA and INVIATO → compile and send (INVIATO: 'Invia di
 * nuovo', a new link replacing the previous one); COMPILATA → view.
 * Print ('Stampa questionario': that citizen's questionnaire with their answers, Q4 blank until compiled)
 * is offered for every survey. `canWrite` false (managers) keeps only view and print.
 */
export function azioniCittadino(r: RigaCittadino, serviceRouteId: string, canWrite: boolean): AzioniCittadino {
  const ref = surveyRef(r)
  const base = `/area-amministrativa/servizi/${encodeURIComponent(serviceRouteId)}`
  if (!ref) return { compila: null, visualizza: null, stampa: null, invia: false, inviaDiNuovo: false }
  const id = encodeURIComponent(ref)
  const open = r.stato === 'NON_COMPILATA' || r.stato === 'INVIATO'
  return {
    compila: canWrite && open ? `${base}/cittadini/compila/${id}` : null,
    visualizza: r.stato === 'COMPILATA' ? `${base}/cittadini/compilato/${id}` : null,
    stampa: `${base}/stampa-questionario/${id}`,
    invia: canWrite && open,
    inviaDiNuovo: canWrite && r.stato === 'INVIATO',
  }
}

/** The mask to show ('—' for a citizen registered before masks existed). */
export function identificativoDi(r: RigaCittadino): string {
  return r.identificativoMascherato ?? NO_MASK
}

/**
 * Hidden text naming the row's citizen in its buttons ('Compila questionario del cittadino RSS…90…'):
 * the short mask, else the citizen's id, else that the row is waiting to be sent.
 */
export function chiCittadino(r: RigaCittadino): string {
  if (r.identificativoMascherato) return ` del cittadino ${shortMask(r.identificativoMascherato)}`
  return r.idCittadino !== null ? ` del cittadino ${r.idCittadino}` : ' del cittadino in attesa di invio'
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()

/** 'Aggiunto alle 10:42' (today), 'Aggiunto il 12-05-2026 alle 10:42' (another day), '' when unknown. */
export function testoAggiunta(iso: string | null, now: Date = new Date()): string {
  if (!iso || !formatDisplayDate(iso)) return ''
  return sameDay(new Date(iso), now) ? `Aggiunto alle ${formatDisplayTime(iso)}` : `Aggiunto il ${formatDisplayDate(iso)} alle ${formatDisplayTime(iso)}`
}

/**
 * What a sent survey says of its link: 'Link valido fino al 15-05-2026 alle 10:42', or 'Link scaduto il …'
 * once past; '' for a survey not INVIATO or without a known expiry.
 */
export function testoLink(r: Pick<RigaCittadino, 'stato' | 'scadenzaLink'>, now: Date = new Date()): string {
  if (r.stato !== 'INVIATO' || !r.scadenzaLink || !formatDisplayDate(r.scadenzaLink)) return ''
  const quando = `${formatDisplayDate(r.scadenzaLink)} alle ${formatDisplayTime(r.scadenzaLink)}`
  return new Date(r.scadenzaLink).getTime() > now.getTime() ? `Link valido fino al ${quando}` : `Link scaduto il ${quando}`
}

/**
 * What 'Invia questionario a tutti' would send (issue 8 point 3): the surveys not compiled that are on the
 * server (`daInviare`), those still only on the device (`soloSulDispositivo`), and every citizen.
 */
export function conteggioInvio(rows: readonly RigaCittadino[]): { daInviare: number; soloSulDispositivo: number; totale: number } {
  const aperti = rows.filter((r) => r.stato !== 'COMPILATA')
  return {
    daInviare: aperti.filter((r) => r.idQuestionario !== null).length,
    soloSulDispositivo: aperti.filter((r) => r.idQuestionario === null).length,
    totale: rows.length,
  }
}
