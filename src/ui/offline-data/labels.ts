/** Texts of the offline reading notices (issue 9 point 6). */
export const OFFLINE_TEXTS = {
  aggiornatiAl: (quando: string) => `Dati aggiornati al ${quando}`,
  spiegazione: 'Sei senza connessione: stai vedendo i dati salvati su questo dispositivo. Si aggiorneranno quando torna la connessione.',
  spiegazioneErrore: 'Non è stato possibile aggiornare i dati: stai vedendo quelli salvati su questo dispositivo.',
  nonSalvati: 'Senza connessione questi dati non sono disponibili: non sono stati aperti su questo dispositivo negli ultimi giorni.',
  nonDisponibile: 'Non disponibile senza connessione: riprova quando torna la rete.',
  /** a copy kept on the device, shown while a fresher one is read (issue 24 point 21) */
  salvatiInAggiornamento: (quando: string) => `Dati salvati il ${quando} — aggiornamento in corso`,
  /** a copy read earlier on this page, shown while a fresher one is read */
  inAggiornamento: (quando: string) => `Dati del ${quando} — aggiornamento in corso`,
} as const
