/**
 * k-anonymity of the open dataset (issue 11 point 3; issue 24 point 3): every published row belongs to a
 * group of at least {@link SOGLIA_MINIMA_CITTADINI} distinct citizens sharing ALL its published values, so
 * that no combination of published columns (any subset of them) singles out fewer than that many people.
 *
 * What is published is already coarse (dataset.ts): month instead of date; no service, site, CAP or name.
 * Every published column but the row counter is a quasi-identifier ({@link QUASI_IDENTIFICATIVI}): the
 * person's age band, gender, employment and education, the month, the service's type and Q3 answers, the
 * geography and the programme/project. Each row takes the most detailed of the {@link LIVELLI} at which its
 * group reaches the threshold:
 *
 * 0. every column;
 * 1. without comune, project, public digital services and competences (province and programme kept);
 * 2. also without employment, education, service type and programme (age band, gender, month, region,
 *    province, policy);
 * 3. also without province (age band, gender, month, region, policy);
 * otherwise the row is suppressed. A column dropped at a level is published empty.
 *
 * Groups at level L are counted over the rows not published at a lower level only: counting the published
 * ones too would let a reader subtract them and single a person out. Each published group therefore holds
 * ≥ 3 distinct citizens whatever its level, and a group of any subset of the columns is a union of such
 * groups. Missing values (null) are a value of their own. Pure: the input is not changed; the same counts
 * are computed by the database in dataset.ts (`conteggiCelleSql`).
 */
import { SOGLIA_MINIMA_CITTADINI } from '../../../src/api/contract/open-data'

/** One (citizen, service) row as it may be published; `idCittadino` is used for counting only, never written. */
export interface RigaDataset {
  idCittadino: number
  fasciaDiEta: string | null
  genere: string | null
  occupazione: string | null
  titoloDiStudio: string | null
  /** 'YYYY-MM' of the service */
  mese: string | null
  ambito: string | null
  tipologiaServizio: string | null
  competenze: string | null
  regione: string | null
  provincia: string | null
  comune: string | null
  intervento: string | null
  idProgramma: string | null
  idProgetto: number | null
}

/** A published column (all of them are quasi-identifiers). */
export type Colonna = Exclude<keyof RigaDataset, 'idCittadino'>

/** Every published column but the row counter, in file order: the quasi-identifiers. */
export const QUASI_IDENTIFICATIVI: readonly Colonna[] = [
  'fasciaDiEta', 'genere', 'occupazione', 'titoloDiStudio', 'mese', 'ambito', 'tipologiaServizio', 'competenze',
  'regione', 'provincia', 'comune', 'intervento', 'idProgramma', 'idProgetto',
]

/** The generalisation levels: the columns each keeps (the others are emptied), most detailed first. */
export const LIVELLI: readonly (readonly Colonna[])[] = [
  QUASI_IDENTIFICATIVI,
  ['fasciaDiEta', 'genere', 'occupazione', 'titoloDiStudio', 'mese', 'tipologiaServizio', 'regione', 'provincia', 'intervento', 'idProgramma'],
  ['fasciaDiEta', 'genere', 'mese', 'regione', 'provincia', 'intervento'],
  ['fasciaDiEta', 'genere', 'mese', 'regione', 'intervento'],
]

export interface EsitoAnonimizzazione {
  /** rows to publish (whole or generalised), in input order */
  righe: RigaDataset[]
  generalizzate: number
  soppresse: number
}

const testo = (v: string | number | null) => (v === null ? null : String(v))

/** Key of the group of `r` at `livello` (the level's columns, as text). */
export function chiaveLivello(r: RigaDataset, livello: number): string {
  return JSON.stringify((LIVELLI[livello] ?? []).map((c) => testo(r[c])))
}

/** `r` with the columns `livello` drops emptied. */
export function generalizza(r: RigaDataset, livello: number): RigaDataset {
  const kept = new Set(LIVELLI[livello])
  const out = { ...r }
  for (const c of QUASI_IDENTIFICATIVI) if (!kept.has(c)) (out as Record<Colonna, unknown>)[c] = null
  return out
}

/**
 * Per level, the keys of the groups publishable at that level (≥ soglia distinct citizens among the rows not
 * published at a lower level). Computed in memory here, by the database in dataset.ts.
 */
export interface ConteggiCelle { pubblicabili: Set<string>[] }

/** The publishable groups of rows held in memory. */
export function contaCelle(righe: readonly RigaDataset[], soglia = SOGLIA_MINIMA_CITTADINI): ConteggiCelle {
  const pubblicabili: Set<string>[] = []
  let rest = righe
  LIVELLI.forEach((_, livello) => {
    const persone = new Map<string, Set<number>>()
    for (const r of rest) {
      const k = chiaveLivello(r, livello)
      let s = persone.get(k)
      if (!s) persone.set(k, (s = new Set()))
      s.add(r.idCittadino)
    }
    const ok = new Set([...persone].filter(([, s]) => s.size >= soglia).map(([k]) => k))
    pubblicabili.push(ok)
    rest = rest.filter((r) => !ok.has(chiaveLivello(r, livello)))
  })
  return { pubblicabili }
}

/** What becomes of one row: itself or its generalisation (with the level), or null (suppressed). */
export function decidi(r: RigaDataset, conteggi: ConteggiCelle): { riga: RigaDataset; livello: number } | null {
  for (let livello = 0; livello < LIVELLI.length; livello++) {
    if (conteggi.pubblicabili[livello]?.has(chiaveLivello(r, livello))) return { riga: livello === 0 ? r : generalizza(r, livello), livello }
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
    const d = decidi(r, conteggi)
    if (!d) { soppresse++; continue }
    if (d.livello > 0) generalizzate++
    righe.push(d.riga)
  }
  return { righe, generalizzate, soppresse }
}
