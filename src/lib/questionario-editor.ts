/**
 * The survey template editor's rules (spec 002 §2 "Survey template editor", §3 "Survey template", §5,
 * §9; platform-frontend §3.1–3.4), pure and shared by the editor page (client) and the server's checks
 * of a saved template:
 * - a template is edited as a {@link ModelloEditor}: name, description, sections each holding questions;
 * - the four sections Q1–Q4 (platform-frontend §3.2) are fixed (never removed nor moved); Q1 and Q2 are
 *   locked: their schema is kept verbatim, no question is added, removed, moved or renamed there;
 * - predefined questions (numeric id below {@link ID_PREDEFINITE_MAX}) keep their base definition: only
 *   the title changes, they are always required and default, never removed;
 * - sections after Q4 may be added, moved and removed (default title 'Sezione');
 * - a section keeps at least one question;
 * - the seven answer types map to the schema (spec 002 §3 "Schema mapping"): text → string, number →
 *   number, date → date, time → time, range → range 1–5, select → string with `enum`, checkbox → object
 *   of boolean properties; apostrophes become typographic, commas in options become '§'.
 * {@link validateModello} answers Italian messages keyed by field ({@link chiaveErrore}).
 */
import { SEZIONI_QUESTIONARIO } from '../api/contract/enums'
import type { SezioneTemplateWire } from '../api/contract/questionario'
import type { TemplateQuestion } from './survey-questions'

/** The seven answer types of the editor ('Tipo di risposta'). */
export type TipoDomanda = 'text' | 'number' | 'date' | 'time' | 'select' | 'checkbox' | 'range'

/** Answer types with their Italian labels, in the editor's order (platform-frontend §3.4). */
export const TIPI_DOMANDA: readonly { value: TipoDomanda; label: string }[] = [
  { value: 'text', label: 'Testuale' },
  { value: 'number', label: 'Numerica' },
  { value: 'date', label: 'Calendario' },
  { value: 'time', label: 'Ora' },
  { value: 'select', label: 'Lista valori' },
  { value: 'checkbox', label: 'Scelta multipla' },
  { value: 'range', label: 'Gradimento' },
]

/** Questions whose numeric id is below this are predefined (spec 002 §9). */
export const ID_PREDEFINITE_MAX = 35
/** Bounds of a 'Gradimento' question (spec 002 §9). */
export const GRADIMENTO_MIN = 1
export const GRADIMENTO_MAX = 5
/** Default title of a new section (spec 002 §2). */
export const TITOLO_SEZIONE_DEFAULT = 'Sezione'
/** Longest name, description, title and option (characters). */
export const MAX_NOME = 200
export const MAX_DESCRIZIONE = 1000
export const MAX_TITOLO = 500
export const MAX_OPZIONE = 200

/** The keys of the fixed sections by id. */
const FISSE: Readonly<Record<string, 'Q1' | 'Q2' | 'Q3' | 'Q4'>> = {
  [SEZIONI_QUESTIONARIO.Q1.id]: 'Q1',
  [SEZIONI_QUESTIONARIO.Q2.id]: 'Q2',
  [SEZIONI_QUESTIONARIO.Q3.id]: 'Q3',
  [SEZIONI_QUESTIONARIO.Q4.id]: 'Q4',
}
/** Ids of the fixed sections, in order. */
export const ID_SEZIONI_FISSE: readonly string[] = [SEZIONI_QUESTIONARIO.Q1.id, SEZIONI_QUESTIONARIO.Q2.id, SEZIONI_QUESTIONARIO.Q3.id, SEZIONI_QUESTIONARIO.Q4.id]

/** A question being edited. */
export interface DomandaEditor {
  id: string
  titolo: string
  tipo: TipoDomanda
  /** options of select and checkbox, as the user reads them (',' not '§') */
  opzioni: string[]
  obbligatoria: boolean
  /** predefined: only the title changes (module comment) */
  predefinita: boolean
  /** the stored definition of a predefined question (kept verbatim but for title and order) */
  originale?: TemplateQuestion
}

/** A section being edited. */
export interface SezioneEditor {
  id: string
  titolo: string
  /** Q1–Q4 for the fixed sections, null for an added one */
  chiave: 'Q1' | 'Q2' | 'Q3' | 'Q4' | null
  /** Q1 and Q2: kept verbatim */
  bloccata: boolean
  domande: DomandaEditor[]
  /** the stored section of a locked one */
  originale?: SezioneTemplateWire
  /** kept from the stored section (platform-frontend §3.1) */
  schemaui?: Record<string, unknown>
  sezioneDefault?: boolean
}

/** A template being edited. */
export interface ModelloEditor {
  nome: string
  descrizione: string
  sezioni: SezioneEditor[]
}

/** True for a predefined question id (numeric, below 35). */
export const isPredefinita = (id: string): boolean => /^\d{1,9}$/.test(id) && Number(id) < ID_PREDEFINITE_MAX

/** Typographic apostrophe (spec 002 §3). */
export const tipografico = (s: string): string => s.replace(/'/g, '’')

/** The answer type of a stored question (reverse of the schema mapping). */
export function tipoDi(q: TemplateQuestion): TipoDomanda {
  if (q.type === 'range') return 'range'
  if (q.type === 'object' || q.properties || q.format === 'multiple-select') return 'checkbox'
  if (q.enum) return 'select'
  if (q.type === 'number' || q.type === 'integer') return 'number'
  if (q.type === 'date') return 'date'
  if (q.type === 'time') return 'time'
  return 'text'
}

const opzioniDi = (q: TemplateQuestion): string[] =>
  (q.enum ?? (q.properties ? Object.keys(q.properties) : q.enumLevel1 ?? [])).map((o) => o.replace(/§/g, ','))

/** A template section as the editor holds it. */
export function sezioneDaTemplate(s: SezioneTemplateWire): SezioneEditor {
  const chiave = FISSE[s.id] ?? null
  const required = new Set(s.schema.required)
  const domande = Object.entries(s.schema.properties)
    .map(([key, q]) => ({ key, q, id: q.id || key }))
    .sort((a, b) => a.q.order - b.q.order || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id))
    .map(({ q, id }): DomandaEditor => {
      const predefinita = isPredefinita(id)
      return {
        id, titolo: q.title.replace(/§/g, ','), tipo: tipoDi(q), opzioni: opzioniDi(q), obbligatoria: predefinita || required.has(id), predefinita,
        ...(predefinita ? { originale: q } : {}),
      }
    })
  const bloccata = chiave === 'Q1' || chiave === 'Q2'
  return {
    id: s.id, titolo: s.title, chiave, bloccata, domande, schemaui: s.schemaui, sezioneDefault: s['default-section'], ...(bloccata ? { originale: s } : {}),
  }
}

/** A template (name, description, sections) as the editor holds it. */
export function modelloDaTemplate(nome: string, descrizione: string, sezioni: readonly SezioneTemplateWire[]): ModelloEditor {
  return { nome, descrizione, sezioni: sezioni.map(sezioneDaTemplate) }
}

/** The schema of an edited question (the mapping of the module comment); `order` its 1-based position. */
export function domandaSchema(d: DomandaEditor, order: number): TemplateQuestion {
  const title = tipografico(d.titolo.trim())
  if (d.predefinita && d.originale) return { ...d.originale, id: d.id, title, order }
  const opzioni = d.opzioni.map((o) => tipografico(o.trim()).replace(/,/g, '§')).filter((o) => o !== '')
  switch (d.tipo) {
    case 'number': return { id: d.id, title, type: 'number', order }
    case 'date': return { id: d.id, title, type: 'date', order }
    case 'time': return { id: d.id, title, type: 'time', order }
    case 'range': return { id: d.id, title, type: 'range', minimum: GRADIMENTO_MIN, maximum: GRADIMENTO_MAX, order }
    case 'select': return { id: d.id, title, type: 'string', enum: opzioni, order }
    case 'checkbox': return { id: d.id, title, type: 'object', properties: Object.fromEntries(opzioni.map((o) => [o, { type: 'boolean' as const }])), order }
    default: return { id: d.id, title, type: 'string', order }
  }
}

/** The stored section of an edited one (locked sections verbatim). */
export function sezioneSchema(s: SezioneEditor): SezioneTemplateWire {
  if (s.bloccata && s.originale) return s.originale
  const properties: Record<string, TemplateQuestion> = {}
  s.domande.forEach((d, i) => { properties[d.id] = domandaSchema(d, i + 1) })
  return {
    id: s.id,
    title: tipografico(s.titolo.trim()) || TITOLO_SEZIONE_DEFAULT,
    schema: {
      type: 'object', properties,
      required: s.domande.filter((d) => d.predefinita || d.obbligatoria).map((d) => d.id),
      default: s.domande.filter((d) => d.predefinita).map((d) => d.id),
    },
    schemaui: s.schemaui ?? {},
    'default-section': s.sezioneDefault ?? false,
  }
}

/** The stored sections of a template being edited. */
export const sezioniSchema = (m: ModelloEditor): SezioneTemplateWire[] => m.sezioni.map(sezioneSchema)

// ---- edits (pure: each answers a new model; an edit the rules refuse answers the model unchanged) ----

const conSezione = (m: ModelloEditor, id: string, f: (s: SezioneEditor) => SezioneEditor): ModelloEditor =>
  ({ ...m, sezioni: m.sezioni.map((s) => (s.id === id ? f(s) : s)) })

/** True when questions may be added to, moved in or removed from the section. */
export const sezioneModificabile = (s: SezioneEditor): boolean => !s.bloccata

/** An id not used in the model, from `now` (milliseconds: new questions take a timestamp id, platform-frontend §3.4). */
function nuovoId(m: ModelloEditor, now: number): string {
  const used = new Set(m.sezioni.flatMap((s) => [s.id, ...s.domande.map((d) => d.id)]))
  let n = now
  while (used.has(String(n)) || used.has(`sezione-${n}`)) n += 1
  return String(n)
}

/** Adds a new text question at the end of a section (not Q1/Q2). */
export function aggiungiDomanda(m: ModelloEditor, idSezione: string, now: number): ModelloEditor {
  const id = nuovoId(m, now)
  return conSezione(m, idSezione, (s) => (!sezioneModificabile(s) ? s : {
    ...s, domande: [...s.domande, { id, titolo: '', tipo: 'text', opzioni: [], obbligatoria: false, predefinita: false }],
  }))
}

/** True when the question may be removed: not predefined, in an editable section that keeps another question. */
export function domandaRimovibile(s: SezioneEditor, d: DomandaEditor): boolean {
  return sezioneModificabile(s) && !d.predefinita && s.domande.length > 1
}

/** Removes a question (when {@link domandaRimovibile}). */
export function rimuoviDomanda(m: ModelloEditor, idSezione: string, idDomanda: string): ModelloEditor {
  return conSezione(m, idSezione, (s) => {
    const d = s.domande.find((x) => x.id === idDomanda)
    return d && domandaRimovibile(s, d) ? { ...s, domande: s.domande.filter((x) => x.id !== idDomanda) } : s
  })
}

function sposta<T>(items: readonly T[], index: number, delta: -1 | 1): T[] | null {
  const to = index + delta
  if (index < 0 || to < 0 || to >= items.length) return null
  const copy = [...items]
  const [item] = copy.splice(index, 1)
  copy.splice(to, 0, item as T)
  return copy
}

/** Moves a question up (-1) or down (+1) inside its section (not Q1/Q2). */
export function spostaDomanda(m: ModelloEditor, idSezione: string, idDomanda: string, delta: -1 | 1): ModelloEditor {
  return conSezione(m, idSezione, (s) => {
    if (!sezioneModificabile(s)) return s
    const moved = sposta(s.domande, s.domande.findIndex((d) => d.id === idDomanda), delta)
    return moved ? { ...s, domande: moved } : s
  })
}

/** Changes a question: the title always (not in Q1/Q2); type, options and required only when not predefined. */
export function modificaDomanda(m: ModelloEditor, idSezione: string, idDomanda: string,
  patch: Partial<Pick<DomandaEditor, 'titolo' | 'tipo' | 'opzioni' | 'obbligatoria'>>): ModelloEditor {
  return conSezione(m, idSezione, (s) => (!sezioneModificabile(s) ? s : {
    ...s,
    domande: s.domande.map((d) => {
      if (d.id !== idDomanda) return d
      if (d.predefinita) return patch.titolo !== undefined ? { ...d, titolo: patch.titolo } : d
      return { ...d, ...patch }
    }),
  }))
}

/** Adds a section at the end, with one new question (a section keeps at least one). */
export function aggiungiSezione(m: ModelloEditor, now: number): ModelloEditor {
  const id = `sezione-${nuovoId(m, now)}`
  const withSection = { ...m, sezioni: [...m.sezioni, { id, titolo: TITOLO_SEZIONE_DEFAULT, chiave: null, bloccata: false, domande: [] }] }
  return aggiungiDomanda(withSection, id, now + 1)
}

/** Renames a section (not Q1–Q4: their titles are the platform's). */
export function rinominaSezione(m: ModelloEditor, idSezione: string, titolo: string): ModelloEditor {
  return conSezione(m, idSezione, (s) => (s.chiave === null ? { ...s, titolo } : s))
}

/** Removes an added section (Q1–Q4 stay). */
export function rimuoviSezione(m: ModelloEditor, idSezione: string): ModelloEditor {
  return { ...m, sezioni: m.sezioni.filter((s) => s.id !== idSezione || s.chiave !== null) }
}

/** True when an added section can move by `delta` (it never passes a fixed section). */
export function sezioneSpostabile(m: ModelloEditor, idSezione: string, delta: -1 | 1): boolean {
  const i = m.sezioni.findIndex((s) => s.id === idSezione)
  const other = m.sezioni[i + delta]
  return i >= 0 && m.sezioni[i]?.chiave === null && other !== undefined && other.chiave === null
}

/** Moves an added section up or down among the added ones. */
export function spostaSezione(m: ModelloEditor, idSezione: string, delta: -1 | 1): ModelloEditor {
  if (!sezioneSpostabile(m, idSezione, delta)) return m
  return { ...m, sezioni: sposta(m.sezioni, m.sezioni.findIndex((s) => s.id === idSezione), delta) ?? m.sezioni }
}

/** True when a question can move by `delta` in its section. */
export function domandaSpostabile(s: SezioneEditor, idDomanda: string, delta: -1 | 1): boolean {
  const i = s.domande.findIndex((d) => d.id === idDomanda)
  return sezioneModificabile(s) && i >= 0 && i + delta >= 0 && i + delta < s.domande.length
}

// ---- validation ----

/** Key of an error: 'nome', 'descrizione', 'sezioni', `${idSezione}`, `${idSezione}/${idDomanda}`, `${idSezione}/${idDomanda}/opzioni`. */
export const chiaveErrore = (...parts: string[]): string => parts.join('/')

export const MSG = {
  nome: 'Inserisci il nome del questionario.',
  descrizione: 'Inserisci la descrizione del questionario.',
  nomeLungo: `Il nome può avere al massimo ${MAX_NOME} caratteri.`,
  descrizioneLunga: `La descrizione può avere al massimo ${MAX_DESCRIZIONE} caratteri.`,
  sezioniFisse: 'Il questionario deve contenere le quattro sezioni Q1–Q4 nell’ordine previsto.',
  sezioneVuota: 'La sezione deve contenere almeno una domanda.',
  titoloSezione: 'Inserisci il titolo della sezione.',
  domanda: 'Inserisci il testo della domanda.',
  domandaLunga: `Il testo della domanda può avere al massimo ${MAX_TITOLO} caratteri.`,
  opzioniLista: 'Indica almeno due valori, uno per riga.',
  opzioniMultipla: 'Indica almeno un valore, uno per riga.',
  opzioniDoppie: 'I valori devono essere tutti diversi.',
  opzioneLunga: `Ogni valore può avere al massimo ${MAX_OPZIONE} caratteri.`,
} as const

/** Italian messages by {@link chiaveErrore} key; empty when the model can be saved. */
export function validateModello(m: ModelloEditor): Record<string, string> {
  const e: Record<string, string> = {}
  if (!m.nome.trim()) e.nome = MSG.nome
  else if (m.nome.trim().length > MAX_NOME) e.nome = MSG.nomeLungo
  if (!m.descrizione.trim()) e.descrizione = MSG.descrizione
  else if (m.descrizione.trim().length > MAX_DESCRIZIONE) e.descrizione = MSG.descrizioneLunga
  if (m.sezioni.slice(0, 4).map((s) => s.id).join() !== ID_SEZIONI_FISSE.join()) e.sezioni = MSG.sezioniFisse
  for (const s of m.sezioni) {
    if (s.bloccata) continue
    if (s.chiave === null && !s.titolo.trim()) e[chiaveErrore(s.id, 'titolo')] = MSG.titoloSezione
    if (s.domande.length === 0) e[chiaveErrore(s.id)] = MSG.sezioneVuota
    for (const d of s.domande) {
      const k = chiaveErrore(s.id, d.id)
      if (!d.titolo.trim()) e[k] = MSG.domanda
      else if (d.titolo.trim().length > MAX_TITOLO) e[k] = MSG.domandaLunga
      if (d.predefinita || (d.tipo !== 'select' && d.tipo !== 'checkbox')) continue
      const opzioni = d.opzioni.map((o) => o.trim()).filter((o) => o !== '')
      const ko = chiaveErrore(s.id, d.id, 'opzioni')
      if (opzioni.length < (d.tipo === 'select' ? 2 : 1)) e[ko] = d.tipo === 'select' ? MSG.opzioniLista : MSG.opzioniMultipla
      else if (new Set(opzioni.map((o) => o.toLowerCase())).size !== opzioni.length) e[ko] = MSG.opzioniDoppie
      else if (opzioni.some((o) => o.length > MAX_OPZIONE)) e[ko] = MSG.opzioneLunga
    }
  }
  return e
}

const stable = (x: unknown): string => JSON.stringify(x, (_k, v: unknown) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v))

/**
 * The server's check of saved sections against the `base` template's (the edited one, or the default for
 * a new template): Q1–Q4 first and in order; Q1 and Q2 unchanged; every predefined question of the base
 * still in its section, unchanged but for title and order, required and default; the editor's rules
 * ({@link validateModello}); new question ids are numeric and not predefined. Answers the first
 * Italian message, or null when the sections are acceptable.
 */
export function controllaSezioni(base: readonly SezioneTemplateWire[], sent: readonly SezioneTemplateWire[]): string | null {
  if (sent.slice(0, 4).map((s) => s.id).join() !== ID_SEZIONI_FISSE.join()) return MSG.sezioniFisse
  const ids = new Set<string>()
  for (const s of sent) {
    if (ids.has(s.id)) return 'Ogni sezione deve avere un identificativo diverso.'
    ids.add(s.id)
  }
  for (const key of ['Q1', 'Q2'] as const) {
    const id = SEZIONI_QUESTIONARIO[key].id
    const b = base.find((s) => s.id === id)
    const s = sent.find((x) => x.id === id)
    if (b && s && stable(b) !== stable(s)) return `La sezione ${key} non può essere modificata.`
  }
  const domande = new Set<string>()
  for (const s of sent) {
    const b = base.find((x) => x.id === s.id)
    for (const [key, q] of Object.entries(s.schema.properties)) {
      if (key !== q.id) return 'Dati del questionario non validi.'
      if (domande.has(q.id)) return 'Ogni domanda deve avere un identificativo diverso.'
      domande.add(q.id)
      if (!/^\d{1,15}$/.test(q.id)) return 'Gli identificativi delle domande devono essere numerici.'
      if (isPredefinita(q.id) && FISSE[s.id] !== 'Q1' && FISSE[s.id] !== 'Q2') {
        const orig = b?.schema.properties[q.id]
        if (!orig) return 'Le domande predefinite non possono essere aggiunte né spostate tra le sezioni.'
        if (stable({ ...orig, title: '', order: 0 }) !== stable({ ...q, title: '', order: 0 })) return 'Delle domande predefinite si può cambiare solo il testo.'
        if (!s.schema.required.includes(q.id) || !s.schema.default.includes(q.id)) return 'Le domande predefinite sono sempre obbligatorie.'
      } else if (!isPredefinita(q.id)) {
        const rebuilt = domandaSchema(sezioneDaTemplate({ ...s, schema: { ...s.schema, properties: { [q.id]: q } } }).domande[0]!, q.order)
        if (stable({ ...rebuilt, title: '' }) !== stable({ ...q, title: '' })) {
          return 'Il tipo di una domanda non è tra quelli previsti.'
        }
      }
    }
    for (const [id] of Object.entries(b?.schema.properties ?? {})) {
      if (isPredefinita(id) && !s.schema.properties[id]) return 'Le domande predefinite non possono essere rimosse.'
    }
  }
  const errors = validateModello(modelloDaTemplate('-', '-', sent))
  const first = Object.values(errors)[0]
  return first ?? null
}
