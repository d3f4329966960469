/**
 * Rules of the 'Aggiungi cittadino al servizio' modal (spec 002 §2, §5, §8; platform-frontend §5;
 * platform-backend §5.2, §9). Pure functions, no React:
 * - step 1: `verificaIdentificativo` checks a fiscal code (16 characters, codice-fiscale-js checksum,
 *   omocodic codes accepted; gender/age band derived; the age rule) or a document number (5–10 of
 *   `A-Z 0-9 _ . -`); `esitoRicerca` classifies the search answer (one / several / none);
 * - minors: `minorenniAbilitati` (a configuration whose `dataDecorrenza` is today or earlier),
 *   `messaggioEta` and `messaggioFascia` give the §8 messages;
 * - step 2: `formIniziale`, `campiBloccati`, `validaForm` and `inputCittadino` build what
 *   `aggiungiCittadino` receives: new citizen by fiscal code (gender and age band derived, locked), new
 *   citizen by document (gender 'Preferisco non rispondere' by default, age band required), or an
 *   existing citizen picked from the search: within the facilitator's scope everything shown, locked;
 *   outside it (`datiRiservati`, security issue 6) only what the identifier says is known (gender and
 *   age band of the fiscal code, locked; the document type, locked) and the rest is asked at the desk as
 *   for a new citizen. An existing citizen is always sent with the identity typed in step 1 (fiscal code,
 *   or document type and number): the server attaches nobody by id alone.
 */
import type { CittadinoTrovato } from '../../api/contract/cittadino'
import { CITTADINANZA, FASCE_DI_ETA, GENERE, STATO_OCCUPAZIONALE, TIPO_DOCUMENTO, TITOLO_DI_STUDIO } from '../../api/contract/enums'
import { deriveFromFiscalCode, fiscalCodeError, normalizeFiscalCode, type CitizenDerivedData } from '../../lib/fiscal-code'
import { toWireDate } from '../../lib/dates'
import { FORMAT_MESSAGES, MSG_REQUIRED } from '../../lib/validation'
import type { CittadinoInput } from '../campo'

export type TipoRicerca = 'CF' | 'NUM_DOC'

/** Messages of spec 002 §8 (verbatim: 'già presente' only for a citizen of the caller's own list) and the notices of this app. */
export const MESSAGGI = {
  giaPresente: 'Il cittadino è già presente nella tua lista I miei cittadini',
  giaIncluso: 'Il cittadino inserito è già incluso nella tua lista I miei cittadini',
  cfNonVisualizzabile: 'Codice fiscale disponibile ma non visualizzabile',
  cfNonPresente: 'Codice fiscale non presente',
  maggiorenne: 'Il cittadino inserito deve essere maggiorenne',
  almeno14: 'Il cittadino inserito deve avere almeno 14 anni',
  offline: "Sei offline: il cittadino verrà cercato o registrato all'invio",
  /** not §8: a citizen outside the caller's list (another facilitator, project or programme registered it) */
  datiRiservati: 'Il cittadino è già registrato, ma non è nella tua lista I miei cittadini (per esempio lo ha registrato un altro progetto): chiedigli i dati richiesti e inseriscili qui sotto.',
} as const

export const GENERE_PREDEFINITO = 'Preferisco non rispondere'
/** Age band id of minors (14–17). */
export const FASCIA_MINORI = 5
const NUMERO_DOCUMENTO = /^[A-Z0-9_.-]{5,10}$/

/** True when minors may be registered: a configuration exists and its `dataDecorrenza` ≤ `oggi` ('YYYY-MM-DD'). */
export function minorenniAbilitati(config: { dataDecorrenza: string } | null | undefined, oggi: string = toWireDate(new Date())): boolean {
  if (!config?.dataDecorrenza) return false
  return config.dataDecorrenza.slice(0, 10) <= oggi
}

/**
 * Age rule of platform-backend §9 for an age from the fiscal code, in the server's order: under 18
 * without minors enabled → 'maggiorenne' (U25); under 14 → 'almeno 14 anni' (U26); null when allowed.
 */
export function messaggioEta(eta: number, abilitati: boolean): string | null {
  if (!Number.isFinite(eta) || eta >= 18) return null
  if (!abilitati) return MESSAGGI.maggiorenne
  if (eta < 14) return MESSAGGI.almeno14
  return null
}

/** Age rule for a band id (document path, existing citizen): 14–17 needs minors enabled. */
export function messaggioFascia(fasciaDiEtaId: number | null | undefined, abilitati: boolean): string | null {
  return fasciaDiEtaId === FASCIA_MINORI && !abilitati ? MESSAGGI.maggiorenne : null
}

/** Age bands offered in the form: 14–17 only when minors are enabled (spec 002 §5). */
export function fasceOfferte(abilitati: boolean): { id: number; fascia: string }[] {
  return FASCE_DI_ETA.filter((f) => abilitati || f.id !== FASCIA_MINORI).map((f) => ({ id: f.id, fascia: f.fascia }))
}

/** Label of an age band id ('30-54'), '' when unknown. */
export function etichettaFascia(id: number | null | undefined): string {
  return FASCE_DI_ETA.find((f) => f.id === id)?.fascia ?? ''
}

/** What the identifier field keeps while typing: upper case, no spaces, at most 16 (CF) or 10 characters. */
export function normalizzaDigitazione(tipo: TipoRicerca, raw: string): string {
  const v = raw.toUpperCase().replace(/\s+/g, '')
  return v.slice(0, tipo === 'CF' ? 16 : 10)
}

export type EsitoVerifica =
  | { ok: true; valore: string; derivati: CitizenDerivedData | null }
  | { ok: false; messaggio: string }

/** Step 1 check of the identifier (see the module comment); `at` is "today" for the age. */
export async function verificaIdentificativo(tipo: TipoRicerca, raw: string, abilitati: boolean, at: Date = new Date()): Promise<EsitoVerifica> {
  if (tipo === 'NUM_DOC') {
    const valore = raw.trim().toUpperCase()
    if (!valore) return { ok: false, messaggio: MSG_REQUIRED }
    if (!NUMERO_DOCUMENTO.test(valore)) return { ok: false, messaggio: FORMAT_MESSAGES.documentNumber }
    return { ok: true, valore, derivati: null }
  }
  const valore = normalizeFiscalCode(raw)
  const errore = await fiscalCodeError(valore)
  if (errore) return { ok: false, messaggio: errore }
  const derivati = await deriveFromFiscalCode(valore, at)
  if (!derivati) return { ok: false, messaggio: 'Codice fiscale non valido' }
  const eta = messaggioEta(derivati.age, abilitati)
  if (eta) return { ok: false, messaggio: eta }
  return { ok: true, valore, derivati }
}

export type EsitoRicerca =
  | { tipo: 'uno'; cittadino: CittadinoTrovato }
  | { tipo: 'molti'; cittadini: CittadinoTrovato[] }
  | { tipo: 'nessuno' }

/** One match goes straight to step 2, several to the selection table, none to the creation prompt. */
export function esitoRicerca(risultati: CittadinoTrovato[]): EsitoRicerca {
  if (risultati.length === 0) return { tipo: 'nessuno' }
  if (risultati.length === 1) return { tipo: 'uno', cittadino: risultati[0]! }
  return { tipo: 'molti', cittadini: risultati }
}

/** How step 2 was reached. */
export type ModoForm =
  | {
      tipo: 'nuovo'
      ricerca: TipoRicerca
      /** the fiscal code or document number typed in step 1 */
      identificativo: string
      derivati: CitizenDerivedData | null
      /** true after an online search found nobody; false offline (reuse-or-create when sent) */
      nuovoCittadino: boolean
    }
  | {
      tipo: 'esistente'
      ricerca: TipoRicerca
      /** the fiscal code or document number typed in step 1: the proof of identity sent with the addition */
      identificativo: string
      cittadino: CittadinoTrovato
    }

export interface FormCittadino {
  tipoDocumento: string
  genere: string
  /** age band id as a string ('' = none) */
  fasciaDiEtaId: string
  titoloDiStudio: string
  occupazione: string
  provinciaDiDomicilio: string
  cittadinanza: string
}

export type CampoForm = keyof FormCittadino
export const CAMPI_FORM: readonly CampoForm[] = ['tipoDocumento', 'genere', 'fasciaDiEtaId', 'titoloDiStudio', 'occupazione', 'provinciaDiDomicilio', 'cittadinanza']

/** True for an existing citizen outside the facilitator's scope: its data are asked at the desk. */
export function datiDaChiedere(modo: ModoForm): boolean {
  return modo.tipo === 'esistente' && modo.cittadino.datiRiservati === true
}

/** Initial values of step 2 for a mode. */
export function formIniziale(modo: ModoForm): FormCittadino {
  if (modo.tipo === 'esistente' && datiDaChiedere(modo)) {
    const c = modo.cittadino
    return {
      tipoDocumento: c.tipoDocumento ?? '',
      genere: c.genere ?? (modo.ricerca === 'NUM_DOC' ? GENERE_PREDEFINITO : ''),
      fasciaDiEtaId: c.fasciaDiEtaId ? String(c.fasciaDiEtaId) : '',
      titoloDiStudio: '',
      occupazione: '',
      provinciaDiDomicilio: '',
      cittadinanza: '',
    }
  }
  if (modo.tipo === 'esistente') {
    const c = modo.cittadino
    return {
      tipoDocumento: c.tipoDocumento ?? '',
      genere: c.genere ?? '',
      fasciaDiEtaId: c.fasciaDiEtaId ? String(c.fasciaDiEtaId) : '',
      titoloDiStudio: c.titoloDiStudio ?? '',
      occupazione: c.occupazione ?? '',
      provinciaDiDomicilio: c.provinciaDiDomicilio ?? '',
      cittadinanza: c.cittadinanza ?? '',
    }
  }
  const d = modo.derivati
  return {
    tipoDocumento: '',
    genere: d ? d.gender : GENERE_PREDEFINITO,
    fasciaDiEtaId: d ? String(d.fasciaDiEtaId) : '',
    titoloDiStudio: '',
    occupazione: '',
    provinciaDiDomicilio: '',
    cittadinanza: '',
  }
}

/**
 * Fields shown but not editable: everything for an existing citizen within the scope; gender and age band
 * on the fiscal-code path; the document type of an existing citizen found by its document.
 */
export function campiBloccati(modo: ModoForm): ReadonlySet<CampoForm> {
  if (modo.tipo === 'esistente' && !datiDaChiedere(modo)) return new Set(CAMPI_FORM)
  if (modo.tipo === 'esistente' && modo.ricerca === 'NUM_DOC') return new Set<CampoForm>(['tipoDocumento'])
  if (modo.ricerca === 'CF') return new Set<CampoForm>(['genere', 'fasciaDiEtaId'])
  return new Set()
}

/** Fields of step 2 for a mode (the document type only on the document path). */
export function campiVisibili(modo: ModoForm): CampoForm[] {
  const doc = modo.ricerca === 'NUM_DOC'
  return CAMPI_FORM.filter((c) => c !== 'tipoDocumento' || doc)
}

const inList = (list: readonly string[], v: string) => list.includes(v)

/** Italian messages by field (empty when valid); `province` are the allowed province names. */
export function validaForm(form: FormCittadino, modo: ModoForm, abilitati: boolean, province: readonly string[]): Partial<Record<CampoForm | 'eta', string>> {
  const e: Partial<Record<CampoForm | 'eta', string>> = {}
  if (modo.tipo === 'esistente' && !datiDaChiedere(modo)) {
    const m = messaggioFascia(modo.cittadino.fasciaDiEtaId, abilitati)
    if (m) e.eta = m
    return e
  }
  if (modo.ricerca === 'NUM_DOC' && !inList(TIPO_DOCUMENTO, form.tipoDocumento)) e.tipoDocumento = MSG_REQUIRED
  if (!inList(GENERE, form.genere)) e.genere = MSG_REQUIRED
  const fascia = Number(form.fasciaDiEtaId)
  if (!FASCE_DI_ETA.some((f) => f.id === fascia)) e.fasciaDiEtaId = MSG_REQUIRED
  else {
    const m = messaggioFascia(fascia, abilitati)
    if (m) e.fasciaDiEtaId = m
  }
  if (!inList(TITOLO_DI_STUDIO, form.titoloDiStudio)) e.titoloDiStudio = MSG_REQUIRED
  if (!inList(STATO_OCCUPAZIONALE, form.occupazione)) e.occupazione = MSG_REQUIRED
  if (!form.provinciaDiDomicilio || (province.length > 0 && !province.includes(form.provinciaDiDomicilio))) e.provinciaDiDomicilio = MSG_REQUIRED
  if (!inList(CITTADINANZA, form.cittadinanza)) e.cittadinanza = MSG_REQUIRED
  return e
}

const orNull = (v: string) => (v === '' ? null : v)

/** What `aggiungiCittadino` receives for the form (call after `validaForm` gave no message). */
export function inputCittadino(form: FormCittadino, modo: ModoForm): CittadinoInput {
  const demografia = {
    genere: orNull(form.genere),
    fasciaDiEtaId: form.fasciaDiEtaId ? Number(form.fasciaDiEtaId) : null,
    titoloDiStudio: orNull(form.titoloDiStudio),
    occupazione: orNull(form.occupazione),
    provinciaDiDomicilio: orNull(form.provinciaDiDomicilio),
    cittadinanza: orNull(form.cittadinanza),
  }
  if (modo.tipo === 'esistente') {
    const c = modo.cittadino
    const prova = modo.ricerca === 'CF'
      ? { codiceFiscale: modo.identificativo }
      : { numeroDocumento: modo.identificativo }
    if (datiDaChiedere(modo)) {
      return {
        idCittadino: c.idCittadino,
        ...prova,
        tipoDocumento: modo.ricerca === 'NUM_DOC' ? orNull(form.tipoDocumento) : null,
        ...demografia,
        nuovoCittadino: false,
      }
    }
    return {
      idCittadino: c.idCittadino,
      ...prova,
      tipoDocumento: c.tipoDocumento,
      genere: c.genere,
      fasciaDiEtaId: c.fasciaDiEtaId,
      titoloDiStudio: c.titoloDiStudio,
      occupazione: c.occupazione,
      provinciaDiDomicilio: c.provinciaDiDomicilio,
      cittadinanza: c.cittadinanza,
      nuovoCittadino: false,
    }
  }
  if (modo.ricerca === 'CF') {
    return { codiceFiscale: modo.identificativo, ...demografia, nuovoCittadino: modo.nuovoCittadino }
  }
  return { tipoDocumento: orNull(form.tipoDocumento), numeroDocumento: modo.identificativo, ...demografia, nuovoCittadino: modo.nuovoCittadino }
}
