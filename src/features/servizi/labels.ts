/** Italian texts of the services screens shared by several components (spec 002 §2, §8; platform-frontend §10.6). */

export const T = {
  titoloLista: 'Elenco servizi',
  descrizioneLista: 'Servizi di facilitazione e formazione erogati ai cittadini.',
  creaServizio: 'Crea servizio',
  modificaServizio: 'Modifica servizio',
  filtroTipologia: 'Tipo di servizio prenotato',
  filtroStato: 'Stato',
  cercaLabel: 'Cerca servizio',
  cercaPlaceholder: "Inserisci l'ID o il nome del servizio",
  scaricaCsv: 'Scarica CSV',
  caricamento: 'Caricamento in corso…',
  nessunProfilo: 'Nessun profilo attivo',
  nessunProfiloTesto: 'Per vedere i servizi scegli un profilo attivo con «Cambia ruolo» nel menu utente.',
  solaLettura: 'Sola consultazione',
  solaLetturaTesto: 'Il profilo con cui hai registrato questi servizi non è più attivo: qui trovi quelli salvati su questo dispositivo, senza poterli modificare.',
  erroreLista: 'Non è stato possibile caricare i servizi. Controlla la connessione e riprova.',
  riprova: 'Riprova',
  nonSincronizzato: 'In attesa di invio',
  servizioNonTrovato: 'Servizio non trovato',
  servizioNonTrovatoTesto: 'Il servizio non è presente su questo dispositivo o non è visibile con il tuo ruolo.',
  servizioNonSulDispositivoOffline: 'Il servizio non è su questo dispositivo: i servizi precedenti si aprono solo con la connessione a internet. Collegati e riprova.',
  caricamentoDalServer: 'Caricamento del servizio dal server…',
  servizioRemotoErrore: 'Non è stato possibile caricare il servizio. Controlla la connessione e riprova.',
  tornaElenco: 'Torna all’elenco dei servizi',
  /** why a new service reads NON ATTIVO (platform-backend §2.8: ATTIVO from the first citizen) */
  nonAttivoDettaglio: 'Il servizio diventa attivo con il primo cittadino aggiunto.',
  nonAttivoElenco: 'NON ATTIVO: il servizio non ha ancora cittadini e diventa attivo con il primo cittadino aggiunto.',
} as const

/** Survey states in the UI: the wire values with spaces (spec 002 §4). */
export const STATI_QUESTIONARIO_UI = [
  { value: 'NON_COMPILATA', label: 'NON COMPILATA' },
  { value: 'INVIATO', label: 'INVIATO' },
  { value: 'COMPILATA', label: 'COMPILATA' },
] as const
