/** Small shared pieces of the field data layer. */
import { newUuid } from '../../lib/ids'

/** The field roles' rule lives with the other role rules (src/lib/ruoli.ts); re-exported for the field layer. */
export { isFieldRole } from '../../lib/ruoli'

/** A write refused on the device before queueing (Italian message for the user; nothing was stored). */
export class CampoInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CampoInputError'
  }
}

/** Italian messages of the checks made on the device (catalogue texts where the server has a code: public/data/errors.json). */
export const MESSAGGI = {
  profilo: 'Per registrare dati sul campo scegli un profilo da facilitatore o volontario.',
  nomeMancante: 'Indica il nome del servizio.',
  nomeLungo: 'Il nome del servizio può avere al massimo 200 caratteri.',
  sedeMancante: 'Seleziona la sede del servizio.',
  sedeNonTua: 'La sede indicata non è tra le sedi del tuo profilo.',
  dataMancante: 'Indica una data valida per il servizio (AAAA-MM-GG).',
  /** A06 */
  dataFuoriProgetto: 'La data del servizio deve essere compresa tra le date di inizio e fine del progetto.',
  durata: 'Indica la durata del servizio nel formato hh:mm (es. 1:30).',
  tipi: 'Seleziona almeno un tipo di servizio.',
  dettagli: 'Descrizione dei dettagli del servizio: il limite massimo di caratteri è di 600.',
  /** S04 */
  senzaQuestionario: 'Il programma non ha un questionario attivo: non è possibile creare il servizio.',
  servizioNonTrovato: 'Servizio non trovato su questo dispositivo.',
  altroProfilo: 'Questo servizio appartiene a un altro profilo: selezionalo per operare sul servizio.',
  /** S07 */
  servizioAttivo: 'Il servizio ha già dei cittadini associati e non può essere eliminato.',
  /** U08 */
  identificazione: 'Inserisci il codice fiscale del cittadino oppure un documento di identità.',
  /** U27 */
  identitaEsistente: 'Per aggiungere un cittadino già registrato inserisci il suo codice fiscale o il tipo e il numero del suo documento.',
  codiceFiscale: 'Codice fiscale non valido.',
  numeroDocumento: 'Numero documento non valido: da 5 a 10 caratteri tra lettere, cifre e _ . -',
  fasciaDiEta: 'Indica la fascia di età del cittadino.',
  datiCittadino: 'Compila tutti i dati del cittadino: titolo di studio, stato occupazionale, provincia di domicilio e cittadinanza.',
  /** U25 */
  maggiorenne: 'Il cittadino inserito deve essere maggiorenne',
  /** U26 */
  almeno14: 'Il cittadino inserito deve avere almeno 14 anni',
  /** U23 */
  giaAssociato: 'Il cittadino è già associato a questo servizio.',
  cittadinoNonTrovato: 'Cittadino del servizio non trovato su questo dispositivo.',
  /** A04 */
  sezioneQ4: "Manca la sezione sull'esperienza del questionario.",
  /** A05 */
  risposteQ4: "Rispondi ad almeno una domanda della sezione sull'esperienza.",
  /** Q02 */
  giaCompilato: 'Il questionario è già stato compilato.',
  consensoMancante: 'Indica come il cittadino ha dato il consenso al trattamento dei dati personali.',
  consensoData: 'Indica la data del consenso: una data valida, non successiva a oggi.',
} as const

/** A random UUID v4 (client id of a record created on the device): the offline library's generator. */
export const newIdLocale = (): string => newUuid()
