/**
 * Pure transforms of 'Report dati' (issue 11 point 1): the sections of the page, their data tables (the
 * alternative to each chart, also its CSV) and the CSV text. Numbers stay numbers until shown (it-IT format).
 */
import type { ConteggioDati, DimensioneDati, PuntoSerie, ReportDati } from '../api/contract/dati'
import { toCsv } from './csv'

/** A data table: caption, column headers, rows (first cell the label), and the CSV file name. */
export interface TabellaDati {
  caption: string
  headers: string[]
  rows: (string | number)[][]
  file: string
}

/** Section of the page: a chart with its table. */
export interface SezioneDati {
  id: 'andamento' | DimensioneDati
  titolo: string
  /** what the numbers count */
  misura: string
  grafico: 'linee' | 'barre' | 'mappa' | 'torta'
}

/** The sections in page order (territory: the map by region, bars by province). */
export const SEZIONI_DATI: readonly SezioneDati[] = [
  { id: 'andamento', titolo: 'Andamento nel tempo', misura: 'Servizi, partecipazioni e questionari compilati', grafico: 'linee' },
  { id: 'tipologia', titolo: 'Servizi per tipologia', misura: 'Servizi', grafico: 'barre' },
  { id: 'regione', titolo: 'Servizi per regione della sede', misura: 'Servizi', grafico: 'mappa' },
  { id: 'provincia', titolo: 'Servizi per provincia della sede', misura: 'Servizi', grafico: 'barre' },
  { id: 'fascia', titolo: 'Partecipazioni per fascia di età', misura: 'Partecipazioni', grafico: 'barre' },
  { id: 'genere', titolo: 'Partecipazioni per genere', misura: 'Partecipazioni', grafico: 'torta' },
  { id: 'titolo', titolo: 'Partecipazioni per titolo di studio', misura: 'Partecipazioni', grafico: 'barre' },
  { id: 'occupazione', titolo: 'Partecipazioni per occupazione', misura: 'Partecipazioni', grafico: 'barre' },
  { id: 'voto', titolo: 'Soddisfazione dei cittadini (voto da 1 a 5)', misura: 'Questionari', grafico: 'barre' },
]

const ETICHETTA_DIMENSIONE: Record<DimensioneDati, string> = {
  tipologia: 'Tipologia di servizio', regione: 'Regione', provincia: 'Provincia', fascia: 'Fascia di età', genere: 'Genere',
  titolo: 'Titolo di studio', occupazione: 'Occupazione', voto: 'Voto',
}

const NUMERO = new Intl.NumberFormat('it-IT')
/** A count in the it-IT format ('1.234'). */
export const formatNumero = (n: number) => NUMERO.format(n)

/** 'YYYY-MM' → 'MM/YYYY'; 'YYYY-MM-DD' (a week's Monday) → 'DD/MM/YYYY'. */
export function etichettaPeriodo(periodo: string): string {
  const [y, m, d] = periodo.split('-')
  return d ? `${d}/${m}/${y}` : `${m}/${y}`
}

/** The series to draw: by week or by month. */
export function serie(report: Pick<ReportDati, 'settimane' | 'mesi'>, periodo: 'settimana' | 'mese'): PuntoSerie[] {
  return periodo === 'settimana' ? report.settimane : report.mesi
}

/** The table of a section (same numbers as its chart). */
export function tabellaDi(sezione: SezioneDati, report: ReportDati, periodo: 'settimana' | 'mese'): TabellaDati {
  if (sezione.id === 'andamento') {
    return {
      caption: `${sezione.titolo}, per ${periodo === 'settimana' ? 'settimana (dal lunedì)' : 'mese'}`,
      headers: [periodo === 'settimana' ? 'Settimana dal' : 'Mese', 'Servizi', 'Partecipazioni', 'Questionari compilati'],
      rows: serie(report, periodo).map((p) => [etichettaPeriodo(p.periodo), p.servizi, p.partecipazioni, p.questionari]),
      file: `report-andamento-${periodo}.csv`,
    }
  }
  const righe: ConteggioDati[] = report.dimensioni[sezione.id]
  return {
    caption: sezione.titolo,
    headers: [ETICHETTA_DIMENSIONE[sezione.id], sezione.misura],
    rows: righe.map((r) => [r.valore, r.n]),
    file: `report-${sezione.id}.csv`,
  }
}

/** The table as CSV text, written by the one encoder (csv.ts: BOM, `;`, CRLF, a header row; platform-frontend §10.3). */
export function csvDi(t: Pick<TabellaDati, 'headers' | 'rows'>): string {
  return toCsv(t.headers, t.rows)
}

/** The last-update line: 'Dati aggiornati al DD/MM/YYYY alle HH:mm' (Europe/Rome), or live. */
export function notaAggiornamento(report: Pick<ReportDati, 'aggiornatoIl' | 'tempoReale'>): string {
  if (report.tempoReale) return 'Dati in tempo reale sui tuoi servizi.'
  const d = new Date(report.aggiornatoIl)
  if (d.getTime() < Date.UTC(2000, 0, 1)) return 'I dati sono in corso di elaborazione: riprova tra qualche minuto.'
  const data = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d)
  const ora = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(d)
  return `Dati aggiornati al ${data} alle ${ora}.`
}

/** What a chart shows (drawn by src/features/area-dati/report-charts.ts). */
export interface SpecGrafico {
  tipo: SezioneDati['grafico']
  categorie: string[]
  serie: { nome: string; valori: number[] }[]
  /** the accessible description read by screen readers (the data table follows it) */
  descrizione: string
}

const TIPO_GRAFICO: Record<SezioneDati['grafico'], string> = {
  linee: 'Grafico a linee', barre: 'Grafico a barre', mappa: 'Mappa delle regioni italiane', torta: 'Grafico ad anello',
}
/** Most values a description lists before pointing to the table. */
const MAX_DESCRITTI = 8

/** The chart of a section: the table's numbers, with a short Italian description of them. */
export function specDi(sezione: SezioneDati, report: ReportDati, periodo: 'settimana' | 'mese'): SpecGrafico {
  const t = tabellaDi(sezione, report, periodo)
  const categorie = t.rows.map((r) => String(r[0]))
  const serie = t.headers.slice(1).map((nome, i) => ({ nome, valori: t.rows.map((r) => Number(r[i + 1])) }))
  const voci = t.rows.slice(0, MAX_DESCRITTI).map((r) => `${r[0]}: ${t.headers.slice(1).map((h, i) => (serie.length > 1 ? `${h} ${formatNumero(Number(r[i + 1]))}` : formatNumero(Number(r[i + 1])))).join(', ')}`)
  const resto = t.rows.length > MAX_DESCRITTI ? ` e altri ${t.rows.length - MAX_DESCRITTI} valori` : ''
  const descrizione = t.rows.length === 0
    ? `${TIPO_GRAFICO[sezione.grafico]}: ${t.caption}. Nessun dato.`
    : `${TIPO_GRAFICO[sezione.grafico]}: ${t.caption}. ${voci.join('; ')}${resto}. Tutti i valori sono nella tabella dei dati.`
  return { tipo: sezione.grafico, categorie, serie, descrizione }
}
