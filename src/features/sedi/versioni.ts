/**
 * A site's edit against a newer saved version (issue 27 point 2): the site as the merge's values — the main
 * address an object (its opening hours merged day by day, window by window), further addresses of a travelling
 * site as one list — built from the form's body, from the card and from a 409's `corrente`, and the fields' names
 * in the conflict view.
 */
import * as v from 'valibot'
import { SchedaSedeSchema, type IndirizzoSede, type SchedaSede } from '../../api/contract/gestione'
import type { CampiVista, LetturaVersionata } from '../../ui/conflitto'
import type { SedeCampi } from './SedeForm'

/** The merge's values of a site. */
export interface ValoriSede {
  nome: string
  descrizione: string | null
  serviziErogati: string | null
  itinere: boolean
  indirizzo: IndirizzoSede | null
  altri: IndirizzoSede[]
}

export function valoriDaCorpo(b: SedeCampi): ValoriSede {
  return { nome: b.nome, descrizione: b.descrizione ?? null, serviziErogati: b.serviziErogati ?? null, itinere: b.itinere ?? false, indirizzo: b.indirizzi[0] ?? null, altri: b.indirizzi.slice(1) }
}

export function corpoDaValori(x: ValoriSede): SedeCampi {
  return { nome: x.nome, descrizione: x.descrizione, serviziErogati: x.serviziErogati, itinere: x.itinere, indirizzi: [...(x.indirizzo ? [x.indirizzo] : []), ...x.altri] }
}

/** The card as the form would send it unchanged, with its version. */
export function letturaSede(s: SchedaSede): LetturaVersionata<ValoriSede> {
  const indirizzi: IndirizzoSede[] = s.indirizzi.map((i) => ({ via: i.via, civico: i.civico, comune: i.comune, provincia: i.provincia, cap: i.cap, cancellato: false, fasceOrarie: i.fasceOrarie }))
  return { valori: valoriDaCorpo({ nome: s.nome, descrizione: s.descrizione, serviziErogati: s.serviziErogati, itinere: s.itinere, indirizzi }), versione: s.versione }
}

export function sedeDaCorrente(corrente: unknown): { valori: ValoriSede; versione: number } | null {
  const r = v.safeParse(SchedaSedeSchema, corrente)
  if (!r.success) return null
  const l = letturaSede(r.output)
  return typeof l.versione === 'number' ? { valori: l.valori, versione: l.versione } : null
}

const GIORNI: Record<string, string> = { lun: 'lunedì', mar: 'martedì', mer: 'mercoledì', gio: 'giovedì', ven: 'venerdì', sab: 'sabato', dom: 'domenica' }
const FINESTRE: Record<string, string> = { apertura1: 'apertura', chiusura1: 'chiusura', apertura2: 'seconda apertura', chiusura2: 'seconda chiusura' }
const CAMPI: Record<string, string> = {
  nome: 'Nome', descrizione: 'Descrizione', serviziErogati: 'Servizi erogati', itinere: 'Sede itinerante', altri: 'Altri indirizzi',
  'indirizzo.via': 'Via', 'indirizzo.civico': 'Numero civico', 'indirizzo.comune': 'Comune', 'indirizzo.provincia': 'Provincia', 'indirizzo.cap': 'CAP',
}

const formatFascia = (x: unknown) => {
  if (typeof x !== 'object' || x === null) return x ? String(x) : '(vuoto)'
  const f = x as Record<string, string | null | undefined>
  const w = [[f.apertura1, f.chiusura1], [f.apertura2, f.chiusura2]].filter(([a, c]) => a || c).map(([a, c]) => `${a ?? '—'}–${c ?? '—'}`)
  return w.length > 0 ? w.join(', ') : 'Chiuso'
}
const formatIndirizzi = (x: unknown) => (Array.isArray(x) && x.length > 0
  ? (x as IndirizzoSede[]).map((i) => `${i.via} ${i.civico}, ${i.cap} ${i.comune} (${i.provincia})`).join('; ') : '(nessuno)')

/** The site's fields in the conflict view: 'Orari: lunedì, apertura' for a window, 'Orari: lunedì' for a whole day. */
export const campiSede: CampiVista = (percorso) => {
  const orari = /^indirizzo\.fasceOrarie\.(\w+)(?:\.(\w+))?$/.exec(percorso)
  if (orari) {
    const giorno = GIORNI[orari[1]!] ?? orari[1]!
    return orari[2] ? { label: `Orari: ${giorno}, ${FINESTRE[orari[2]] ?? orari[2]}` } : { label: `Orari: ${giorno}`, format: formatFascia }
  }
  if (percorso === 'indirizzo') return { label: 'Indirizzo', format: (x) => formatIndirizzi(x ? [x] : []) }
  if (percorso === 'altri') return { label: CAMPI.altri!, format: formatIndirizzi }
  const label = CAMPI[percorso]
  return label ? { label } : undefined
}
