/**
 * Pure helpers of the sync centre: Italian names of operation kinds and statuses, the role profile an
 * entry was made in, masking of fiscal codes, the payload fields the 'Modifica' modal may edit, and the
 * export file name. No React, no database: unit-tested in tests/sincronizzazione.
 */
import type { OutboxEntry } from '../../offline'

type EntryStatus = OutboxEntry['status']
type EntryError = NonNullable<OutboxEntry['lastError']>
/** The role profile of an entry (its stored role context without the owner). */
type RoleProfile = Omit<OutboxEntry['roleContext'], 'utente'>
import { formatDisplayDate, formatDisplayDateTime, parseInputDate, parseWireDate, toWireDate } from '../../lib/dates'

/** Italian names of the field operation kinds (src/features/campo/write.ts). */
export const KIND_LABELS: Readonly<Record<string, string>> = {
  'servizio.crea': 'Creazione servizio',
  'servizio.modifica': 'Modifica servizio',
  'servizio.elimina': 'Eliminazione servizio',
  'cittadino.aggiungi': 'Aggiunta cittadino al servizio',
  'questionario.compila': 'Compilazione questionario',
  'questionario.anonimo': 'Invio questionario anonimo',
  // community (src/features/community/outbox.ts)
  'commento.aggiungi': 'Commento',
  'commento.rispondi': 'Risposta a un commento',
  'commento.modifica': 'Modifica di un commento',
  'mipiace.contenuto': 'Mi piace',
  'mipiace.commento': 'Mi piace a un commento',
}

const KIND_PREFIX_LABELS: Readonly<Record<string, string>> = {
  servizio: 'Operazione su un servizio',
  cittadino: 'Operazione su un cittadino',
  questionario: 'Operazione su un questionario',
}

/** Italian name of an operation kind ('servizio.crea' → 'Creazione servizio'); a generic name for unknown kinds. */
export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? KIND_PREFIX_LABELS[kind.split('.')[0] ?? ''] ?? 'Operazione'
}

/** Italian name of an entry status, as the sync centre shows it. */
export function statusLabel(status: EntryStatus): string {
  switch (status) {
    case 'pending':
      return 'Salvata sul dispositivo, in attesa di invio'
    case 'sending':
      return 'In invio'
    case 'failed-retry':
      return 'Invio non riuscito, nuovo tentativo programmato'
    case 'attention':
      return 'Richiede attenzione'
    case 'conflict':
      return 'In conflitto'
    case 'paused-auth':
      return 'In pausa: accedi di nuovo per inviarla'
    case 'done':
      return 'Inviata'
  }
}

/** Groups of the sync centre, in display order. */
export type EntryGroup = 'conflict' | 'attention' | 'paused-auth' | 'failed-retry' | 'sending' | 'pending'

export const GROUP_TITLES: Readonly<Record<EntryGroup, string>> = {
  conflict: 'In conflitto',
  attention: 'Richiede attenzione',
  'paused-auth': 'In pausa: accesso richiesto',
  'failed-retry': 'Nuovo tentativo programmato',
  sending: 'In invio',
  pending: 'In attesa di invio',
}

export const GROUP_ORDER: readonly EntryGroup[] = ['conflict', 'attention', 'paused-auth', 'failed-retry', 'sending', 'pending']

/** Open entries by group (FIFO order kept inside each group); `done` entries are left out. */
export function groupEntries(entries: readonly OutboxEntry[]): Record<EntryGroup, OutboxEntry[]> {
  const out: Record<EntryGroup, OutboxEntry[]> = { conflict: [], attention: [], 'paused-auth': [], 'failed-retry': [], sending: [], pending: [] }
  for (const e of entries) if (e.status !== 'done') out[e.status].push(e)
  return out
}

/** 'DD-MM-YYYY HH:mm' of an epoch (the created / next attempt times). */
export function formatTime(ms: number): string {
  return formatDisplayDateTime(ms)
}

/** The profile data the sync centre can show for a role context (a subset of the contract's Profilo). */
export interface KnownProfile {
  codiceRuolo: string
  descrizioneRuolo: string
  descrizioneRuoloCompleta?: string | null
  idProgramma: number | null
  idProgetto: number | null
  idEnte: number | null
  nomeProgramma: string | null
  nomeProgettoBreve: string | null
}

const sameProfile = (a: RoleProfile, b: KnownProfile) =>
  a.codiceRuolo === b.codiceRuolo && a.idProgramma === b.idProgramma && a.idProgetto === b.idProgetto && a.idEnte === b.idEnte

/**
 * The role profile an entry was made in, in words: the matching profile of the user (role title and the
 * project, else the programme — the field roles' role card lines) or, when unknown, the role code with the ids.
 * (Kept apart from src/ui/profile/role-card.ts on purpose: importing it here would split that landing
 * module into a chunk of its own.)
 */
export function roleContextLabel(rc: RoleProfile, profiles: readonly KnownProfile[] = []): string {
  const match = profiles.find((p) => sameProfile(rc, p))
  if (match) {
    const title = match.descrizioneRuoloCompleta?.trim() || match.descrizioneRuolo
    const scope = match.nomeProgettoBreve ?? match.nomeProgramma
    return scope ? `${title} – ${scope}` : title
  }
  const ids = [
    rc.idProgramma !== null ? `programma ${rc.idProgramma}` : null,
    rc.idProgetto !== null ? `progetto ${rc.idProgetto}` : null,
    rc.idEnte !== null ? `ente ${rc.idEnte}` : null,
  ].filter(Boolean)
  return ids.length ? `${rc.codiceRuolo} (${ids.join(', ')})` : rc.codiceRuolo
}

/** The last error in words: the server's message, its code and the HTTP status when known. */
export function errorLabel(err: EntryError): string {
  const code = err.errorCode && !err.message.includes(err.errorCode) ? ` (codice ${err.errorCode})` : ''
  const status = err.status ? ` [HTTP ${err.status}]` : ''
  return `${err.message}${code}${status}`
}

const FISCAL_KEY = /(codice_?fiscale|^cf($|[A-Z_])|fiscal)/i
const FISCAL_VALUE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/i

/** True when a field holds a fiscal code (by its name, or a value shaped like one). */
export function isFiscalCodeField(key: string, value: unknown): boolean {
  return FISCAL_KEY.test(key) || (typeof value === 'string' && FISCAL_VALUE.test(value.trim()))
}

/** A fiscal code with only the first 3 and last 2 characters visible ('RMN***********7H'). */
export function maskFiscalCode(value: string): string {
  const v = value.trim()
  if (v.length <= 5) return '*'.repeat(v.length)
  return `${v.slice(0, 3)}${'*'.repeat(v.length - 5)}${v.slice(-2)}`
}

/** Internal ids (client uuids and server ids) are never edited by hand: they link entries together. */
function isIdField(key: string): boolean {
  return key === 'id' || /^id[A-Z_]/.test(key) || /^uuid/i.test(key)
}

/** A payload field the 'Modifica' modal shows. */
export interface PlainField {
  /** dotted path in the payload ('servizio.nomeServizio') */
  key: string
  /** 'date': a wire date ('YYYY-MM-DD') shown and typed as 'DD-MM-YYYY' (spec 002 §9) */
  kind: 'text' | 'number' | 'date'
  /** the current value as text (a date as 'DD-MM-YYYY') */
  value: string
  /** fiscal code: shown masked, replaced only by typing a new one */
  fiscalCode: boolean
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('.') + 1)

/** Human label of a payload key ('servizio.nomeServizio' → 'Nome servizio', 'durata_servizio' → 'Durata servizio'). */
export function fieldLabel(key: string): string {
  const words = lastSegment(key)
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
/** Encoded structures (survey sections, JSON in a string) are not edited as text. */
const looksEncoded = (v: string) => /^\s*[[{]/.test(v)
const MAX_DEPTH = 2

/**
 * The plain fields of a payload that a user may correct: strings and finite numbers, at the top level and
 * inside nested objects (`servizio`, `cittadino`: dotted keys, two levels at most). Internal ids, encoded
 * sections, arrays, booleans and nulls are not offered (they stay as they are).
 */
export function plainFields(payload: unknown): PlainField[] {
  const out: PlainField[] = []
  const walk = (obj: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [k, value] of Object.entries(obj)) {
      if (isIdField(k)) continue
      const key = prefix + k
      if (typeof value === 'string') {
        if (parseWireDate(value)) out.push({ key, kind: 'date', value: formatDisplayDate(value), fiscalCode: false })
        else if (!looksEncoded(value)) out.push({ key, kind: 'text', value, fiscalCode: isFiscalCodeField(k, value) })
      } else if (typeof value === 'number' && Number.isFinite(value)) {
        out.push({ key, kind: 'number', value: String(value), fiscalCode: false })
      } else if (isObject(value) && depth < MAX_DEPTH) {
        walk(value, `${key}.`, depth + 1)
      }
    }
  }
  if (isObject(payload)) walk(payload, '', 1)
  return out
}

function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), obj)
}

/** A copy of `obj` with `path` set to `value` (objects along the path copied). */
function setPath(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]]
  if (rest.length === 0) return { ...obj, [head]: value }
  const child = isObject(obj[head]) ? obj[head] : {}
  return { ...obj, [head]: setPath(child, rest.join('.'), value) }
}

/** Result of {@link applyFieldEdits}: the new payload, or the Italian message of the first invalid field. */
export type FieldEditResult<P> = { ok: true; payload: P; changed: string[] } | { ok: false; key: string; message: string }

/**
 * Applies the edited texts to a payload: text fields replaced as typed (fiscal codes trimmed and upper-cased,
 * left unchanged when the new value is empty), number fields parsed (comma accepted as decimal separator),
 * date fields read as 'DD-MM-YYYY' (or 'dd/mm/yy', or 'YYYY-MM-DD') and written back as the wire's 'YYYY-MM-DD'.
 * Returns the keys (dotted paths) that changed.
 */
export function applyFieldEdits<P>(payload: P, fields: readonly PlainField[], edits: Readonly<Record<string, string>>): FieldEditResult<P> {
  let next = { ...(payload as Record<string, unknown>) }
  const changed: string[] = []
  for (const f of fields) {
    const raw = edits[f.key]
    if (raw === undefined) continue
    let value: unknown
    if (f.fiscalCode) {
      const v = raw.trim().toUpperCase()
      if (v === '') continue
      value = v
    } else if (f.kind === 'number') {
      const text = raw.trim().replace(',', '.')
      const n = Number(text)
      if (text === '' || !Number.isFinite(n)) return { ok: false, key: f.key, message: `${fieldLabel(f.key)}: inserisci un numero.` }
      value = n
    } else if (f.kind === 'date') {
      const typed = raw.trim()
      const wire = parseInputDate(typed) ?? (parseWireDate(typed) ? typed : null)
      if (!wire) return { ok: false, key: f.key, message: `${fieldLabel(f.key)}: inserisci una data nel formato GG-MM-AAAA.` }
      value = wire
    } else {
      value = raw
    }
    if (getPath(next, f.key) !== value) {
      next = setPath(next, f.key, value)
      changed.push(f.key)
    }
  }
  return { ok: true, payload: next as P, changed }
}

/**
 * The local copy's data with the same corrections: for each changed field, a top-level key of the data with
 * the field's name (last path segment) whose value still equals the payload's old value; undefined when
 * nothing applies (the copy stays as it is).
 */
export function mirrorRecordData(data: unknown, oldPayload: unknown, newPayload: unknown, changed: readonly string[]): unknown {
  if (!isObject(data) || changed.length === 0) return undefined
  let touched = false
  const out: Record<string, unknown> = { ...data }
  for (const path of changed) {
    const leaf = lastSegment(path)
    const key: string | undefined = leaf in data ? leaf : RECORD_FIELD_OF[leaf]
    if (key !== undefined && key in data && data[key] === getPath(oldPayload, path)) {
      out[key] = getPath(newPayload, path)
      touched = true
    }
  }
  return touched ? out : undefined
}

/**
 * Wire names of the payload whose local copy carries another name (the service record of
 * `src/features/campo` keeps `nome`, the request sends `nomeServizio`).
 */
const RECORD_FIELD_OF: Readonly<Record<string, string>> = { nomeServizio: 'nome' }

/**
 * The entry's label with an edited name put in place of the old one (labels quote names in «»), or
 * undefined when no quoted name changed.
 */
export function relabel(label: string | undefined, oldPayload: unknown, newPayload: unknown): string | undefined {
  if (!label) return undefined
  let out = label
  for (const path of ['nomeServizio', 'servizio.nomeServizio']) {
    const before = getPath(oldPayload, path)
    const after = getPath(newPayload, path)
    if (typeof before === 'string' && typeof after === 'string' && before !== after) out = out.replace(`«${before}»`, `«${after}»`)
  }
  return out === label ? undefined : out
}

/** True when 'Modifica' is offered: the server cannot have applied the entry (never sent, or refused with a 4xx). */
export function canEditEntry(e: OutboxEntry): boolean {
  // an entry in conflict is settled in the conflict view ('Risolvi il conflitto', issue 27)
  if (e.status === 'sending' || e.status === 'done' || e.status === 'conflict') return false
  const s = e.lastError?.status
  return e.attempts === 0 || (typeof s === 'number' && s >= 400 && s < 500)
}

/** True when 'Risolvi il conflitto' is offered: an entry 'In conflitto' with the server's record (issue 27). */
export function canResolveEntry(e: OutboxEntry): boolean {
  return e.status === 'conflict' && e.conflitto !== undefined
}

/** True when 'Riprova' is offered (a failed, refused or paused entry). */
export function canRetryEntry(e: OutboxEntry): boolean {
  return e.status === 'failed-retry' || e.status === 'attention' || e.status === 'paused-auth'
}

/** True when 'Elimina' is offered (anything not in flight and not yet confirmed). */
export function canDiscardEntry(e: OutboxEntry): boolean {
  return e.status !== 'sending' && e.status !== 'done'
}

/** Name of the export file: `punto-digitale-operazioni-YYYY-MM-DD.json` (local date). */
export function exportFileName(now: Date = new Date()): string {
  return `punto-digitale-operazioni-${toWireDate(now)}.json`
}
