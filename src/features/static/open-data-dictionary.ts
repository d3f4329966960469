/**
 * Data dictionary of the open dataset "Servizi di facilitazione e formazione" (platform-frontend §7.3):
 * the 20 columns of `opendata_cittadini.csv`, with type, description and possible values.
 */
export interface DatasetColumn {
  attributo: string
  tipo: string
  descrizione: string
  valori: string
}

export const OPEN_DATA_COLUMNS: readonly DatasetColumn[] = [
  { attributo: 'ID', tipo: 'Testo', descrizione: 'Identificativo anonimo della cittadina o del cittadino', valori: 'Codice alfanumerico' },
  { attributo: 'ANNO_DI_NASCITA', tipo: 'Numero', descrizione: 'Anno di nascita', valori: 'AAAA' },
  { attributo: 'GENERE', tipo: 'Testo', descrizione: 'Genere dichiarato', valori: 'Donna, Uomo, Non binario' },
  { attributo: 'OCCUPAZIONE', tipo: 'Testo', descrizione: 'Condizione occupazionale', valori: 'Dipendente, Imprenditore, Libero professionista, Non occupato, …' },
  { attributo: 'TITOLO_DI_STUDIO', tipo: 'Testo', descrizione: 'Titolo di studio più alto conseguito', valori: 'Licenza elementare, Licenza media, Diploma di scuola superiore, …' },
  { attributo: 'SERVIZIO_ID', tipo: 'Testo', descrizione: 'Identificativo del servizio fruito', valori: 'Codice alfanumerico' },
  { attributo: 'NOME_SERVIZIO', tipo: 'Testo', descrizione: 'Nome del servizio', valori: 'Testo libero' },
  { attributo: 'DATA_FRUIZIONE_SERVIZIO', tipo: 'Data', descrizione: 'Data in cui il servizio è stato fruito', valori: 'AAAA-MM-GG' },
  { attributo: 'AMBITO_SERVIZI_PUBBLICI_DIGITALI', tipo: 'Testo', descrizione: 'Servizi pubblici digitali trattati', valori: 'App IO, pagoPA, ANPR, Fascicolo sanitario elettronico, …' },
  { attributo: 'TIPOLOGIA_SERVIZIO', tipo: 'Testo', descrizione: 'Tipo di servizio', valori: 'Facilitazione individuale, Facilitazione di gruppo, Formazione in presenza, Formazione online, Altro' },
  { attributo: 'COMPETENZE_TRATTATE', tipo: 'Testo', descrizione: 'Aree di competenza digitale trattate', valori: 'Alfabetizzazione su informazioni e dati, Comunicazione e collaborazione, Creazione di contenuti digitali, Sicurezza, Risolvere i problemi tecnici' },
  { attributo: 'SEDE_ID', tipo: 'Testo', descrizione: 'Identificativo del punto di facilitazione', valori: 'Codice alfanumerico' },
  { attributo: 'NOME_SEDE', tipo: 'Testo', descrizione: 'Nome del punto di facilitazione', valori: 'Testo libero' },
  { attributo: 'REGIONE', tipo: 'Testo', descrizione: 'Regione della sede', valori: 'Regioni italiane' },
  { attributo: 'PROVINCIA', tipo: 'Testo', descrizione: 'Provincia della sede', valori: 'Province italiane' },
  { attributo: 'COMUNE', tipo: 'Testo', descrizione: 'Comune della sede', valori: 'Comuni italiani' },
  { attributo: 'CAP', tipo: 'Testo', descrizione: 'Codice di avviamento postale della sede', valori: '5 cifre' },
  { attributo: 'INTERVENTO', tipo: 'Testo', descrizione: 'Misura PNRR di riferimento', valori: 'RFD (Rete dei servizi di facilitazione digitale), SCD (Servizio civile digitale)' },
  { attributo: 'ID_PROGRAMMA', tipo: 'Testo', descrizione: 'Identificativo del programma', valori: 'Codice alfanumerico' },
  { attributo: 'ID_PROGETTO', tipo: 'Testo', descrizione: 'Identificativo del progetto', valori: 'Codice alfanumerico' },
]
