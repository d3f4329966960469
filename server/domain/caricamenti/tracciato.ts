/**
 * The file layout of the mass upload of services (platform-frontend §7.4; platform-backend §8.1): the 33
 * columns with their exact header names, which are mandatory, the letter codes of each coded column (the
 * position in the enumeration of src/api/contract/enums.ts: A = first) and the limits of a file.
 * Shared by the reader, the row validation, the templates and the report.
 */
import {
  AMBITO_SERVIZI_PUBBLICI, CITTADINANZA, COMPETENZE_LIVELLO_1, COMPETENZE_LIVELLO_2, CONOSCENZA_SERVIZIO, GENERE, MOTIVO_PRENOTAZIONE,
  RIPETERE_ESPERIENZA, RISOLVERE_PROBLEMI_DIGITALI, STATO_OCCUPAZIONALE, TIPO_DOCUMENTO, TIPOLOGIA_SERVIZIO, TITOLO_DI_STUDIO,
} from '../../../src/api/contract/enums'

/** The 33 columns, in the order of the template (platform-frontend §7.4). */
export const COLONNE = [
  'IDFacilitatore', 'NominativoFacilitatore', 'IDSede', 'NominativoSede',
  'AN1', 'AN2', 'AN3', 'AN4', 'AN5', 'AN6', 'AN7', 'AN8', 'AN9', 'AN10', 'AN11', 'AN12', 'AN14', 'AN17',
  'PR1', 'PR2', 'SE1', 'SE2', 'SE3', 'SE4', 'SE5', 'SE6', 'SE7', 'ES1', 'ES2', 'ES3', 'ES4', 'ES5', 'ES6',
] as const
export type Colonna = (typeof COLONNE)[number]
/** One data row: column → trimmed text ('' when empty). */
export type Riga = Record<Colonna, string>

/** Mandatory columns (platform-frontend §7.4; AN3 only when AN4 is not 'SI'). */
export const OBBLIGATORIE: readonly Colonna[] = [
  'IDFacilitatore', 'NominativoFacilitatore', 'IDSede', 'NominativoSede', 'AN1', 'AN2', 'AN4', 'AN7', 'AN8', 'AN9', 'AN10', 'AN11', 'AN12',
  'SE1', 'SE2', 'SE3', 'SE4', 'SE5', 'SE6',
]

/**
 * Columns never stored in the job's report (personal data the report does not need: names, fiscal code,
 * document number); the reference's report drops AN1, AN2 too.
 */
export const COLONNE_RISERVATE: ReadonlySet<Colonna> = new Set(['AN1', 'AN2', 'AN3', 'AN6'])

/** Limits of a file (issue 10 point 5). */
export const LIMITI = {
  /** bytes of the uploaded file */
  maxBytes: 50 * 1024 * 1024,
  /** data rows (header excluded) */
  maxRighe: 100_000,
  /** XLSX: entries of the zip container */
  maxVociZip: 200,
  /** XLSX: bytes once every entry is inflated (zip-bomb guard) */
  maxBytesEspansi: 800 * 1024 * 1024,
  /** XLSX: inflated / compressed ratio of one entry beyond which the file is refused */
  maxRapportoCompressione: 200,
  /** characters of the free texts SE7 and ES4 (platform-frontend §7.4: cut to 600; here refused) */
  maxTesto: 600,
} as const

/** Letter code ('A', 'B', …) → label, from an enumeration in order. */
export function codici(labels: readonly string[]): ReadonlyMap<string, string> {
  return new Map(labels.map((label, i) => [String.fromCharCode(65 + i), label]))
}

export const CODICI = {
  AN5: codici(TIPO_DOCUMENTO),
  AN7: codici(GENERE),
  AN9: codici(TITOLO_DI_STUDIO),
  AN10: codici(STATO_OCCUPAZIONALE),
  AN11: codici(CITTADINANZA),
  SE3: codici(TIPOLOGIA_SERVIZIO),
  SE4: codici(COMPETENZE_LIVELLO_1),
  SE5: new Map(COMPETENZE_LIVELLO_2.map((c) => [c.codice, c.label])),
  SE6: codici(AMBITO_SERVIZI_PUBBLICI),
  PR2: codici(TIPOLOGIA_SERVIZIO),
  ES1: codici(CONOSCENZA_SERVIZIO),
  ES2: codici(MOTIVO_PRENOTAZIONE),
  ES3: codici(RIPETERE_ESPERIENZA),
  ES5: codici(RISOLVERE_PROBLEMI_DIGITALI),
} as const

/** Short names of the service types in the automatic service name (platform-backend §8.1). */
export const ABBREVIAZIONI_TIPO: Readonly<Record<string, string>> = {
  A: 'facind', B: 'facgru', C: 'forminp', D: 'formind', E: 'Altro',
}

/** An example row of the templates (a fictitious citizen; the facilitator and site are placeholders). */
export const RIGA_ESEMPIO: Readonly<Riga> = {
  IDFacilitatore: 'RSSMRA80A01H501U', NominativoFacilitatore: 'Rossi Mario', IDSede: '1', NominativoSede: 'Nome della sede',
  AN1: 'Anna', AN2: 'Bianchi', AN3: 'BNCNNA80A41H501X', AN4: 'NO', AN5: '', AN6: '', AN7: 'A', AN8: '2', AN9: 'C', AN10: 'A', AN11: 'A',
  AN12: 'Roma', AN14: '', AN17: '', PR1: 'SI', PR2: '', SE1: '2025-03-14', SE2: '1:30', SE3: 'A', SE4: 'A:B', SE5: '1:4', SE6: 'A:B',
  SE7: 'Attivazione dello SPID', ES1: 'A', ES2: 'F', ES3: 'A', ES4: 'Pagamenti online', ES5: 'C', ES6: '5',
}
