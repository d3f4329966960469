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
const mese = (r: RigaDataset) => r.dataFruizione.slice(0, 7)

function distinti(righe: RigaDataset[], chiave: (r: RigaDataset) => string): Map<string, number> {
  const sets = new Map<string, Set<number>>()
  for (const r of righe) {
    const c = chiave(r)
    let s = sets.get(c)
    if (!s) sets.set(c, (s = new Set()))
    s.add(r.idCittadino)
  }
  return new Map([...sets].map(([c, s]) => [c, s.size]))
}

/** Applies the rule; `soglia` defaults to {@link SOGLIA_MINIMA_CITTADINI}. */
export function applicaSogliaMinima(input: readonly RigaDataset[], soglia = SOGLIA_MINIMA_CITTADINI): EsitoAnonimizzazione {
  const cellaComune = (r: RigaDataset) => k(r.fasciaDiEta, r.genere, r.provincia, r.comune, mese(r))
  const cellaProvincia = (r: RigaDataset) => k(r.fasciaDiEta, r.genere, r.provincia, mese(r))
  const perComune = distinti([...input], cellaComune)
  const daGeneralizzare = input.filter((r) => (perComune.get(cellaComune(r)) ?? 0) < soglia)
  const perProvincia = distinti(daGeneralizzare, cellaProvincia)
  const righe: RigaDataset[] = []
  let generalizzate = 0
  let soppresse = 0
  for (const r of input) {
    if ((perComune.get(cellaComune(r)) ?? 0) >= soglia) { righe.push(r); continue }
    if ((perProvincia.get(cellaProvincia(r)) ?? 0) >= soglia) {
      generalizzate++
      righe.push({ ...r, comune: null, cap: null, sedeId: null, nomeSede: null, servizioId: null, nomeServizio: null, dataFruizione: mese(r) })
    } else {
      soppresse++
    }
  }
  return { righe, generalizzate, soppresse }
}
