/**
 * Small-cell rule of the open dataset (issue 11 point 3): no row whose combination of age band, gender,
 * comune and month (of the service) is shared by fewer than {@link SOGLIA_MINIMA_CITTADINI} distinct
 * citizens is published as is.
 *
 * 1. Cells (fascia, genere, comune, mese) with ≥ 3 distinct citizens: rows kept whole.
 * 2. The other rows are generalised to the province: comune, CAP, sede, service id and name are emptied
 *    and the date cut to 'YYYY-MM'. They are then grouped by (fascia, genere, provincia, mese) counting
 *    the distinct citizens of the generalised rows only (counting the kept rows too would let a reader
 *    subtract them and single a person out); groups of ≥ 3 are published generalised.
 * 3. The rest is suppressed.
 * Missing values (null) are a value of their own. Pure: the input is not changed.
 */
import { SOGLIA_MINIMA_CITTADINI } from '../../../src/api/contract/open-data'

/** One (citizen, service) row before publication; `idCittadino` is used for counting only. */
export interface RigaDataset {
  idCittadino: number
  fasciaDiEta: string | null
  genere: string | null
  occupazione: string | null
  titoloDiStudio: string | null
  servizioId: number | null
  nomeServizio: string | null
  /** 'YYYY-MM-DD' (or 'YYYY-MM' once generalised) */
  dataFruizione: string
  ambito: string | null
  tipologiaServizio: string | null
  competenze: string | null
  sedeId: number | null
  nomeSede: string | null
  regione: string | null
  provincia: string | null
  comune: string | null
  cap: string | null
  intervento: string | null
  idProgramma: string | null
  idProgetto: number | null
}

export interface EsitoAnonimizzazione {
  /** rows to publish (kept and generalised), in input order */
  righe: RigaDataset[]
  generalizzate: number
  soppresse: number
}

const k = (...parts: Array<string | null>) => JSON.stringify(parts)
const mese = (r: Pick<RigaDataset, 'dataFruizione'>) => r.dataFruizione.slice(0, 7)

/** Key of a (band, gender, province, comune, month) cell. */
export const chiaveComune = (r: Pick<RigaDataset, 'fasciaDiEta' | 'genere' | 'provincia' | 'comune' | 'dataFruizione'>) =>
  k(r.fasciaDiEta, r.genere, r.provincia, r.comune, mese(r))
/** Key of a (band, gender, province, month) cell. */
export const chiaveProvincia = (r: Pick<RigaDataset, 'fasciaDiEta' | 'genere' | 'provincia' | 'dataFruizione'>) =>
  k(r.fasciaDiEta, r.genere, r.provincia, mese(r))

/**
 * Distinct citizens per cell: `perComune` over every row, `perProvincia` over the rows of the comune cells
 * below `soglia` only (those to generalise). Computed in SQL by the generator (dataset.ts), here in memory.
 */
export interface ConteggiCelle { perComune: Map<string, number>; perProvincia: Map<string, number> }

function distinti(righe: readonly RigaDataset[], chiave: (r: RigaDataset) => string): Map<string, number> {
  const sets = new Map<string, Set<number>>()
  for (const r of righe) {
    const c = chiave(r)
    let s = sets.get(c)
    if (!s) sets.set(c, (s = new Set()))
    s.add(r.idCittadino)
  }
  return new Map([...sets].map(([c, s]) => [c, s.size]))
}

/** The cell counts of rows held in memory. */
export function contaCelle(righe: readonly RigaDataset[], soglia = SOGLIA_MINIMA_CITTADINI): ConteggiCelle {
  const perComune = distinti(righe, chiaveComune)
  const perProvincia = distinti(righe.filter((r) => (perComune.get(chiaveComune(r)) ?? 0) < soglia), chiaveProvincia)
  return { perComune, perProvincia }
}

/** What becomes of one row: itself, its generalised copy, or null (suppressed). */
export function decidi(r: RigaDataset, conteggi: ConteggiCelle, soglia = SOGLIA_MINIMA_CITTADINI): { riga: RigaDataset; generalizzata: boolean } | null {
  if ((conteggi.perComune.get(chiaveComune(r)) ?? 0) >= soglia) return { riga: r, generalizzata: false }
  if ((conteggi.perProvincia.get(chiaveProvincia(r)) ?? 0) >= soglia) {
    return { riga: { ...r, comune: null, cap: null, sedeId: null, nomeSede: null, servizioId: null, nomeServizio: null, dataFruizione: mese(r) }, generalizzata: true }
  }
  return null
}

/** Applies the rule to rows in memory; `soglia` defaults to {@link SOGLIA_MINIMA_CITTADINI}. */
export function applicaSogliaMinima(input: readonly RigaDataset[], soglia = SOGLIA_MINIMA_CITTADINI): EsitoAnonimizzazione {
  const conteggi = contaCelle(input, soglia)
  const righe: RigaDataset[] = []
  let generalizzate = 0
  let soppresse = 0
  for (const r of input) {
    const d = decidi(r, conteggi, soglia)
    if (!d) { soppresse++; continue }
    if (d.generalizzata) generalizzate++
    righe.push(d.riga)
  }
  return { righe, generalizzate, soppresse }
}
