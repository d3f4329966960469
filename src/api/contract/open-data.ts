/**
 * The open dataset "Servizi di facilitazione e formazione" on the wire (issue 11 point 3;
 * platform-backend §10; platform-frontend §7.3). Imported by the client and by the server.
 *
 * | call | access | answer |
 * |---|---|---|
 * | GET /api/open-data | public | OpenDataInfo (files, newest first, and the metadata) |
 * | GET /api/open-data/file/{YYYY-MM} | public | the month's CSV (`opendata_cittadini_YYYY-MM.csv`), counted |
 * | GET /api/open-data/dcat.jsonld | public | the DCAT-AP_IT description (JSON-LD) |
 * | POST /api/open-data/genera | gen.opendata (DTD) | 202 {mese, accodato} — this month's file generated in the background |
 *
 * The CSV: `;`-separated, UTF-8, header = {@link OPEN_DATA_COLUMNS}, one row per (citizen, service).
 */
import * as v from 'valibot'

/** One column of the data dictionary. */
export interface DatasetColumn {
  attributo: string
  tipo: string
  descrizione: string
  valori: string
}

/**
 * The 15 columns of the file, in order: the reference's 20 (platform-backend §10) without what re-identifies
 * people (issue 24 point 3): the service's id and name, its exact date (the month is published), the site's
 * id, name and CAP. Every column but ID is a quasi-identifier, emptied where the row is generalised.
 */
export const OPEN_DATA_COLUMNS: readonly DatasetColumn[] = [
  { attributo: 'ID', tipo: 'Numero', descrizione: 'Numero progressivo della riga (non identifica la persona)', valori: '1, 2, 3, …' },
  { attributo: 'FASCIA_DI_ETA', tipo: 'Testo', descrizione: 'Fascia di età della cittadina o del cittadino', valori: '14-17, 18-29, 30-54, 55-74, 75 e oltre' },
  { attributo: 'GENERE', tipo: 'Testo', descrizione: 'Genere dichiarato', valori: 'F, M, Non binario, Preferisco non rispondere' },
  { attributo: 'OCCUPAZIONE', tipo: 'Testo', descrizione: 'Condizione occupazionale (vuota nelle righe generalizzate)', valori: 'Occupato, In cerca di occupazione, Studente, Pensionato, …' },
  { attributo: 'TITOLO_DI_STUDIO', tipo: 'Testo', descrizione: 'Titolo di studio più alto conseguito (vuoto nelle righe generalizzate)', valori: 'Licenza elementare, Licenza media, Diploma di scuola superiore, …' },
  { attributo: 'MESE_FRUIZIONE_SERVIZIO', tipo: 'Data', descrizione: 'Anno e mese in cui il servizio è stato fruito', valori: 'AAAA-MM' },
  { attributo: 'AMBITO_SERVIZI_PUBBLICI_DIGITALI', tipo: 'Testo', descrizione: 'Servizi pubblici digitali trattati (vuoto nelle righe generalizzate)', valori: 'SPID, CIE, App IO, pagoPA, …' },
  { attributo: 'TIPOLOGIA_SERVIZIO', tipo: 'Testo', descrizione: 'Tipo di servizio (vuoto nelle righe più generalizzate)', valori: 'Facilitazione individuale, Facilitazione di gruppo, Formazione in presenza, Formazione online, Altro' },
  { attributo: 'COMPETENZE_TRATTATE', tipo: 'Testo', descrizione: 'Aree di competenza digitale trattate (vuoto nelle righe generalizzate)', valori: 'Alfabetizzazione su informazioni e dati, Comunicazione e collaborazione, Creazione di contenuti digitali, Sicurezza, Risolvere i problemi' },
  { attributo: 'REGIONE', tipo: 'Testo', descrizione: 'Regione della sede', valori: 'Regioni italiane' },
  { attributo: 'PROVINCIA', tipo: 'Testo', descrizione: 'Sigla della provincia della sede (vuota nelle righe più generalizzate)', valori: 'Sigle delle province italiane' },
  { attributo: 'COMUNE', tipo: 'Testo', descrizione: 'Comune della sede (vuoto nelle righe generalizzate)', valori: 'Comuni italiani' },
  { attributo: 'INTERVENTO', tipo: 'Testo', descrizione: 'Misura PNRR di riferimento', valori: 'RFD (Rete dei servizi di facilitazione digitale), SCD (Servizio civile digitale)' },
  { attributo: 'ID_PROGRAMMA', tipo: 'Testo', descrizione: 'Codice del programma (vuoto nelle righe più generalizzate)', valori: 'Codice alfanumerico' },
  { attributo: 'ID_PROGETTO', tipo: 'Numero', descrizione: 'Identificativo del progetto (vuoto nelle righe generalizzate)', valori: 'Numero intero' },
]

/** Smallest number of distinct citizens sharing all the published values of a row (k of k-anonymity). */
export const SOGLIA_MINIMA_CITTADINI = 3

/** The anonymisation note shown with the metadata (and in the DCAT description). */
export const NOTA_ANONIMIZZAZIONE =
  `Per proteggere la riservatezza non sono pubblicati il servizio, la sede, il CAP né il giorno (solo il mese), e ogni riga è condivisa da almeno ${SOGLIA_MINIMA_CITTADINI} persone diverse ` +
  `con gli stessi valori in tutte le colonne: quando un gruppo è più piccolo, la riga è generalizzata (comune, progetto, ambito e competenze lasciati vuoti; poi anche occupazione, titolo di studio, tipologia e programma; infine la provincia) ` +
  `e, se resta sotto ${SOGLIA_MINIMA_CITTADINI} persone, non è pubblicata. Così nessuna combinazione di colonne individua meno di ${SOGLIA_MINIMA_CITTADINI} persone.`

/** One published monthly file. */
export interface OpenDataFileInfo {
  /** 'YYYY-MM' of publication */
  mese: string
  /** bytes */
  dimensione: number
  righe: number
  righeGeneralizzate: number
  righeSoppresse: number
  conteggioDownload: number
  /** ISO timestamp */
  dataPubblicazione: string
  /** relative URL of the download */
  url: string
}

/** `GET /api/open-data`. */
export interface OpenDataInfo {
  titolo: string
  descrizione: string
  licenza: { nome: string; url: string }
  periodicita: string
  /** 'YYYY' or 'YYYY, YYYY, …' from the first to the last year covered; '' with no file */
  anniCopertura: string
  /** ISO timestamp of the newest file, null when none */
  dataUltimaPubblicazione: string | null
  notaAnonimizzazione: string
  dcatUrl: string
  files: OpenDataFileInfo[]
}

/** File name of a month's download. */
export const nomeFileOpenData = (mese: string) => `opendata_cittadini_${mese}.csv`

/** `mese` of a path parameter: 'YYYY-MM'. */
export const MESE_RE = /^\d{4}-(0[1-9]|1[0-2])$/

export const OpenDataFileInfoSchema = v.object({
  mese: v.string(), dimensione: v.number(), righe: v.number(), righeGeneralizzate: v.number(), righeSoppresse: v.number(),
  conteggioDownload: v.number(), dataPubblicazione: v.string(), url: v.string(),
})
export const OpenDataInfoSchema = v.object({
  titolo: v.string(), descrizione: v.string(), licenza: v.object({ nome: v.string(), url: v.string() }), periodicita: v.string(),
  anniCopertura: v.string(), dataUltimaPubblicazione: v.nullable(v.string()), notaAnonimizzazione: v.string(), dcatUrl: v.string(),
  files: v.array(OpenDataFileInfoSchema),
})
export const GeneraOpenDataSchema = v.object({ mese: v.string(), idJob: v.nullable(v.number()) })
