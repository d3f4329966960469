/**
 * Form rules of the programme and project forms (spec 002 §5 "Generic field checks", platform-backend
 * §1.1 targets, §2.1–2.2 date rules): values as the inputs hold them (strings; dates typed 'gg-mm-aaaa'),
 * Italian messages keyed by field, and the conversion to the wire body of src/api/contract/gestione.ts.
 * Pure: no React, no network. Server rules repeated here so that the user reads them before sending
 * (the server still answers P01/PR01… with the catalogue's message).
 */
import { parseInputDate } from './dates'
import { FAMIGLIE_OBIETTIVI, type Famiglia } from './famiglie-obiettivi'

export { FAMIGLIE_OBIETTIVI, type Famiglia }
/** Up to 5 steps per family (platform-backend §1.1: `*_target1..5`). */
export const MAX_PASSI = 5
export const MAX_VALORE_OBIETTIVO = 100_000_000

/** One step as typed: value (digits) and date ('gg-mm-aaaa'). */
export interface PassoForm { valore: string; data: string }
export type ObiettiviForm = Record<Famiglia, PassoForm[]>

/** Values of the programme form (`policy` '' until chosen). */
export interface ProgrammaFormValues {
  codice: string
  nome: string
  nomeBreve: string
  policy: '' | 'RFD' | 'SCD'
  bando: string
  cup: string
  dataInizio: string
  dataFine: string
  obiettivi: ObiettiviForm
}

/** Values of the project form. */
export interface ProgettoFormValues {
  nome: string
  nomeBreve: string
  cup: string
  dataInizio: string
  dataFine: string
  obiettivi: ObiettiviForm
}

/** Field → Italian message; empty when the form is valid. Target keys: `obiettivi.{famiglia}.{i}.{valore|data}`. */
export type FormErrors = Record<string, string>

export const MSG = {
  obbligatorio: 'Campo obbligatorio',
  troppoLungo: (max: number) => `Massimo ${max} caratteri`,
  codice: 'Usa solo lettere, cifre, punto, trattino o trattino basso, senza spazi',
  data: 'Inserisci una data valida nel formato gg-mm-aaaa',
  fineDopoInizio: 'La data di fine non può precedere la data di inizio',
  dentroProgramma: (inizio: string, fine: string) => `Le date del progetto devono essere comprese tra ${inizio} e ${fine}, le date del programma`,
  valore: `Inserisci un numero intero da 0 a ${MAX_VALORE_OBIETTIVO.toLocaleString('it-IT')}`,
  passoIncompleto: 'Indica sia il valore sia la data dell\u2019obiettivo',
  dateCrescenti: 'Le date degli obiettivi devono essere in ordine crescente',
  futuro: 'La data non può essere successiva a oggi',
  policy: "Scegli l'intervento",
} as const

export const obiettiviVuoti = (): ObiettiviForm => ({ puntiFacilitazione: [], utentiUnici: [], servizi: [], facilitatori: [] })

/** 'YYYY-MM-DD' → 'gg-mm-aaaa' (for a form's initial values and messages); '' for null. */
export function wireToInput(wire: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(wire ?? '')
  return m ? `${m[3]}-${m[2]}-${m[1]}` : ''
}

function testo(errors: FormErrors, key: string, value: string, max: number, required: boolean): void {
  const t = value.trim()
  if (required && t === '') errors[key] = MSG.obbligatorio
  else if (t.length > max) errors[key] = MSG.troppoLungo(max)
}

/** Checks the two dates; answers their wire forms (null when invalid or empty). */
function date(errors: FormErrors, inizio: string, fine: string): { inizio: string | null; fine: string | null } {
  const out = { inizio: null as string | null, fine: null as string | null }
  for (const [key, value] of [['dataInizio', inizio], ['dataFine', fine]] as const) {
    if (value.trim() === '') errors[key] = MSG.obbligatorio
    else {
      const wire = parseInputDate(value)
      if (wire === null || !/^\d{2}[-/.]\d{2}[-/.]\d{4}$/.test(value.trim())) errors[key] = MSG.data
      else if (key === 'dataInizio') out.inizio = wire
      else out.fine = wire
    }
  }
  if (out.inizio && out.fine && out.fine < out.inizio) errors.dataFine = MSG.fineDopoInizio
  return out
}

/** Target steps: value and date together, value an integer in range, dates ascending in each family. */
export function validaObiettivi(o: ObiettiviForm, errors: FormErrors = {}): FormErrors {
  for (const { key } of FAMIGLIE_OBIETTIVI) {
    let last = ''
    o[key].forEach((p, i) => {
      const base = `obiettivi.${key}.${i}`
      const v = p.valore.trim()
      const d = p.data.trim()
      if (v === '' && d === '') return
      if (v === '') errors[`${base}.valore`] = MSG.passoIncompleto
      else if (!/^\d+$/.test(v) || Number(v) > MAX_VALORE_OBIETTIVO) errors[`${base}.valore`] = MSG.valore
      if (d === '') errors[`${base}.data`] = MSG.passoIncompleto
      else {
        const wire = /^\d{2}[-/.]\d{2}[-/.]\d{4}$/.test(d) ? parseInputDate(d) : null
        if (wire === null) errors[`${base}.data`] = MSG.data
        else {
          if (wire < last) errors[`${base}.data`] = MSG.dateCrescenti
          last = wire
        }
      }
    })
  }
  return errors
}

/** Programme form errors (spec 002 §5; contract ProgrammaBodySchema limits). */
export function validaProgramma(v: ProgrammaFormValues): FormErrors {
  const errors: FormErrors = {}
  testo(errors, 'codice', v.codice, 50, true)
  if (!errors.codice && !/^[\w.-]+$/.test(v.codice.trim())) errors.codice = MSG.codice
  testo(errors, 'nome', v.nome, 200, true)
  testo(errors, 'nomeBreve', v.nomeBreve, 100, true)
  if (v.policy !== 'RFD' && v.policy !== 'SCD') errors.policy = MSG.policy
  testo(errors, 'bando', v.bando, 500, false)
  testo(errors, 'cup', v.cup, 50, false)
  date(errors, v.dataInizio, v.dataFine)
  return validaObiettivi(v.obiettivi, errors)
}

/** Project form errors; `programma` holds the programme's wire dates, the project must stay within them. */
export function validaProgetto(v: ProgettoFormValues, programma: { dataInizio: string; dataFine: string } | null): FormErrors {
  const errors: FormErrors = {}
  testo(errors, 'nome', v.nome, 200, true)
  testo(errors, 'nomeBreve', v.nomeBreve, 100, true)
  testo(errors, 'cup', v.cup, 50, false)
  const d = date(errors, v.dataInizio, v.dataFine)
  if (programma) {
    const msg = MSG.dentroProgramma(wireToInput(programma.dataInizio), wireToInput(programma.dataFine))
    if (d.inizio && d.inizio < programma.dataInizio.slice(0, 10)) errors.dataInizio = msg
    if (d.fine && d.fine > programma.dataFine.slice(0, 10) && !errors.dataFine) errors.dataFine = msg
  }
  return validaObiettivi(v.obiettivi, errors)
}

/** Wire targets (null when no step is set); call only on a valid form. */
export function obiettiviWire(o: ObiettiviForm): Record<Famiglia, { valore: number | null; data: string | null }[]> | null {
  let any = false
  const out = {} as Record<Famiglia, { valore: number | null; data: string | null }[]>
  for (const { key } of FAMIGLIE_OBIETTIVI) {
    out[key] = o[key]
      .filter((p) => p.valore.trim() !== '' || p.data.trim() !== '')
      .map((p) => ({ valore: Number(p.valore.trim()), data: parseInputDate(p.data) }))
    if (out[key].length) any = true
  }
  return any ? out : null
}

/** Wire targets → form steps. */
export function obiettiviForm(o: Partial<Record<Famiglia, { valore: number | null; data: string | null }[]>> | null | undefined): ObiettiviForm {
  const out = obiettiviVuoti()
  for (const { key } of FAMIGLIE_OBIETTIVI) {
    out[key] = (o?.[key] ?? []).filter((p) => p.valore !== null || p.data !== null)
      .map((p) => ({ valore: p.valore === null ? '' : String(p.valore), data: wireToInput(p.data) }))
  }
  return out
}

const vuotoANull = (s: string) => (s.trim() === '' ? null : s.trim())

/** Wire body of `POST /programma` / `PUT /programma/{id}` without the profile ids; call only on a valid form. */
export function programmaBody(v: ProgrammaFormValues) {
  return {
    codice: v.codice.trim(), nome: v.nome.trim(), nomeBreve: v.nomeBreve.trim(), policy: v.policy as 'RFD' | 'SCD',
    bando: vuotoANull(v.bando), cup: vuotoANull(v.cup),
    dataInizio: parseInputDate(v.dataInizio) ?? '', dataFine: parseInputDate(v.dataFine) ?? '', obiettivi: obiettiviWire(v.obiettivi),
  }
}

/** Wire body of `POST /progetto` / `PUT /progetto/{id}` without the profile ids; call only on a valid form. */
export function progettoBody(v: ProgettoFormValues) {
  return {
    nome: v.nome.trim(), nomeBreve: v.nomeBreve.trim(), cup: vuotoANull(v.cup),
    dataInizio: parseInputDate(v.dataInizio) ?? '', dataFine: parseInputDate(v.dataFine) ?? '', obiettivi: obiettiviWire(v.obiettivi),
  }
}

/**
 * The termination date typed 'gg-mm-aaaa' checked against today ('YYYY-MM-DD', Europe/Rome): the error
 * message, or the wire value 'dd-MM-yyyy' the terminate calls take (platform-backend §2.1: not in the future).
 */
export function dataTerminazione(input: string, oggi: string): { error: string } | { wire: string } {
  if (input.trim() === '') return { error: MSG.obbligatorio }
  const wire = /^\d{2}[-/.]\d{2}[-/.]\d{4}$/.test(input.trim()) ? parseInputDate(input) : null
  if (wire === null) return { error: MSG.data }
  if (wire > oggi) return { error: MSG.futuro }
  return { wire: wireToInput(wire) }
}

/** Today 'YYYY-MM-DD' in the platform's calendar (Europe/Rome). */
export function oggiRoma(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/**
 * Catalogue codes a server answers about one field of the programme and project forms (issue 24 point 17):
 * code → the field key the form shows the message on (P09: the programme code is already in use).
 */
export const CAMPI_ERRORI_SERVER: Readonly<Record<string, string>> = { P09: 'codice' }

/** The field a server error code is about, or undefined (the message is then shown above the form). */
export function campoErroreServer(errorCode: string | null | undefined): string | undefined {
  return errorCode ? CAMPI_ERRORI_SERVER[errorCode] : undefined
}
