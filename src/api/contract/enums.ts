/**
 * Enumerations of the citizen questionnaire and of the service form, with the exact labels
 * (platform-frontend §3.3 and §4). Label = stored value. Where the mass-upload files use letter codes,
 * the code is the position in the list: index 0 = 'A', 1 = 'B', … (competences level 2 use numbers 1–13).
 * Shared by the server (seed of the default templates) and the client (forms, filters).
 */

/** Section ids and titles of every questionnaire (platform-frontend §3.2). */
export const SEZIONI_QUESTIONARIO = {
  Q1: { id: 'anagraphic-citizen-section', titolo: 'Informazioni anagrafiche' },
  Q2: { id: 'anagraphic-booking-section', titolo: 'Informazioni sulla prenotazione' },
  Q3: { id: 'anagraphic-service-section', titolo: 'Informazioni sul servizio' },
  Q4: { id: 'content-service-section', titolo: 'Informazioni sull’esperienza' },
} as const

/** Question 5 (form values). */
export const GENERE = ['F', 'M', 'Non binario', 'Preferisco non rispondere'] as const

/** Question 3 (document path, currently disabled in the UI). */
export const TIPO_DOCUMENTO = ['Carta di Identità', 'Patente', 'Passaporto', 'Permesso di soggiorno', 'Altro'] as const

/** Question 10. */
export const CITTADINANZA = [
  'Italiana',
  'Straniera, di un Paese ALL’INTERNO dell’Unione Europea',
  'Straniera, di un Paese AL DI FUORI dell’Unione Europea',
] as const

/** Question 7 (form, 8 values). */
export const TITOLO_DI_STUDIO = [
  'Licenza elementare / Scuola primaria',
  'Licenza media inferiore / Scuola secondaria di I grado (3 anni)',
  'Diploma di scuola superiore (diploma di maturità) / Scuola secondaria di II grado (5 anni)',
  'Diploma professionale (3 anni) / Istituti professionali / Istituti di Istruzione e Formazione Professionale (IeFP)',
  'Laurea (3 anni)',
  'Laurea magistrale (5 anni) / Master di I livello / Specializzazione post-laurea (2 anni)',
  'Dottorato, Master di II livello o titoli equiparati',
  'Non conosciuto / Non fornito / Altro',
] as const

/** Question 8 (form, 13 values). */
export const STATO_OCCUPAZIONALE = [
  'Dipendente a tempo indeterminato',
  'Dipendente a tempo determinato',
  'Imprenditore',
  'Libero professionista',
  'Commerciante/ Artigiano',
  'Inoccupato/a',
  'Disoccupato/a',
  'Volontario/a',
  'Studente o studentessa / in formazione',
  'Persona ritirata dal lavoro / Pensionato/a',
  'Casalinga/o',
  'Inabile al lavoro',
  'Altro',
] as const

/** Question 6: age bands by id (5 = minors). */
export const FASCE_DI_ETA = [
  { id: 1, fascia: '18-29' },
  { id: 2, fascia: '30-54' },
  { id: 3, fascia: '55-74' },
  { id: 4, fascia: '75 e oltre' },
  { id: 5, fascia: '14-17' },
] as const

/** Question 20. */
export const PRIMA_VOLTA = ['Sì', 'No'] as const

/** Questions 24 and 21 (and the service-type filter): booked service types. */
export const TIPOLOGIA_SERVIZIO = [
  'Facilitazione individuale',
  'Facilitazione di gruppo',
  'Formazione in presenza',
  'Formazione online',
  'Altro',
] as const

/** Question 25: first-level competences (the 5 DigComp areas). */
export const COMPETENZE_LIVELLO_1 = [
  'Alfabetizzazione su informazioni e dati',
  'Comunicazione e collaborazione',
  'Creazione di contenuti digitali',
  'Sicurezza',
  'Risolvere i problemi tecnici (es.: software e hardware)',
] as const

const [AREA_A, AREA_B, AREA_C, AREA_D, AREA_E] = COMPETENZE_LIVELLO_1

/**
 * Label of the question-26 answers where they are listed on their own (read-only survey, service
 * summary). The template's title of 26, 'Specifica le competenze trattate (2)' (platform-frontend §3.3),
 * is technical and never meant to be read: 26 is hidden and rendered inside 25.
 */
export const TITOLO_COMPETENZE_LIVELLO_2 = 'Competenze specifiche trattate'

/** Question 26: second-level competences (codes 1–13) with their first-level area (`upperLevel`). */
export const COMPETENZE_LIVELLO_2: readonly { codice: string; label: string; upperLevel: string }[] = [
  { codice: '1', upperLevel: AREA_A, label: 'Navigare, ricercare e filtrare dati, informazioni e contenuti digitali (es.: consultare siti istituzionali, cercare atti e norme, leggere notizie online, guardare video su piattaforme in abbonamento)' },
  { codice: '2', upperLevel: AREA_A, label: 'Valutare dati, informazioni e contenuti digitali (es.: riconoscere le fake news)' },
  { codice: '3', upperLevel: AREA_A, label: 'Gestire dati, informazioni e contenuti digitali (es.: organizzare file, scaricare contenuti multimediali, utilizzare videogiochi)' },
  { codice: '4', upperLevel: AREA_B, label: 'Interagire attraverso le tecnologie digitali (es.: usare servizi di messaggistica istantanea, effettuare chiamate o videochiamate via Internet)' },
  { codice: '5', upperLevel: AREA_B, label: 'Condividere informazioni attraverso le tecnologie digitali (es.: usare la PEC, comunicare il domicilio digitale)' },
  { codice: '6', upperLevel: AREA_B, label: 'Esercitare la cittadinanza attraverso le tecnologie digitali (es.: utilizzare i servizi pubblici digitali, fare acquisti online, gestire servizi bancari e di pagamento via Internet)' },
  { codice: '7', upperLevel: AREA_B, label: 'Collaborare attraverso le tecnologie digitali' },
  { codice: '8', upperLevel: AREA_B, label: 'Conoscere le regole di comportamento per il reciproco rispetto online (netiquette)' },
  { codice: '9', upperLevel: AREA_B, label: 'Gestire l’identità digitale (es.: richiedere e usare SPID, CNS e CIE e identificativi social)' },
  { codice: '10', upperLevel: AREA_C, label: 'Creazione di contenuti digitali' },
  { codice: '11', upperLevel: AREA_D, label: 'Proteggere i dispositivi (es.: impostare e gestire password, riconoscere ed evitare i messaggi di phishing)' },
  { codice: '12', upperLevel: AREA_D, label: 'Proteggere i dati personali e la privacy (es.: gestire i cookie, comunicare dati bancari per i pagamenti online)' },
  { codice: '13', upperLevel: AREA_E, label: 'Risolvere i problemi tecnici (es.: software e hardware)' },
]

/** Question 27: public digital services area (19 values, codes A–S). */
export const AMBITO_SERVIZI_PUBBLICI = [
  'App IO',
  'Sistemi di pagamenti elettronici (pagoPA)',
  'Servizi anagrafici tramite ANPR (es. richiedere certificati)',
  'Fascicolo sanitario elettronico',
  'Fatturazione elettronica',
  'Cultura e turismo (es. consultare biblioteche e archivi, prenotare biglietti per musei e spettacoli o servizi turistici)',
  'Istruzione (es. fare l’iscrizione a servizi per l’infanzia, mense e trasporti scolastici, richiedere agevolazioni, consultare il registro elettronico)',
  'Formazione (es. iscriversi all’università o a corsi per adulti)',
  'Sport (es. prenotazione impianti sportivi)',
  'Servizi di sostegno all’occupazione (es. iscriversi al centro per l’impiego, consultare l’Informalavoro, rivolgersi a career service o servizi di consulenza)',
  'Commercio e impresa (es. sportelli unici per le attività produttive)',
  'Servizi previdenziali e assistenziali (es. accedere a prestazioni assistenziali e previdenziali, servizi per l’immigrazione)',
  'Servizi sanitari diversi da FSE (es. prenotare visite ed esami con il Centro Unico di Prenotazione, scegliere il medico di famiglia, ritirare referti, richiedere l’assistenza domiciliare)',
  'Adempimenti fiscali (es. dichiarazione dei redditi precompilata)',
  'Servizi tributari e contravvenzioni (es. dichiarazioni IMU, TASI, TARi, consultazione accertamenti e pagamenti delle contravvenzioni)',
  'Urbanistica ed edilizia (es. Gestire pratiche edilizie SCIA e CILA)',
  'Infrastrutture e mobilità (es. fare il biglietto o l’abbonamento per il trasporto pubblico locale, effettuare pagamenti per parcheggi, taxi e ZTL)',
  'Utilizzo di piattaforme di partecipazione',
  'Nessuna delle precedenti',
] as const

/** Question 29: how the citizen heard of the service (13 values, codes A–M). */
export const CONOSCENZA_SERVIZIO = [
  'Sportello',
  'Telefono',
  'Sito internet',
  'Social media',
  'TV',
  'Radio',
  'Giornale',
  'Durante un evento online',
  'Durante un evento in presenza',
  'Durante un evento della Settimana nazionale per le competenze Digitali',
  'Materiale informativo e promozionale stampato',
  'Passaparola',
  'Facilitatore/ Formatore',
] as const

/** Question 30: why the citizen booked (12 values, codes A–L). */
export const MOTIVO_PRENOTAZIONE = [
  'Migliorare nello studio',
  'Ricerca di lavoro',
  'Migliorare nel mio lavoro',
  'Cambiare lavoro',
  'Cultura e crescita personale',
  'Avere maggiore dimestichezza nell’utilizzo dei servizi digitali in generale',
  'Risolvere problemi specifici relativi ai servizi pubblici',
  'Risolvere problemi specifici relativi agli acquisti e ai pagamenti online',
  'Frequento volentieri questo punto di facilitazione',
  'Non ho un motivo particolare',
  'Recuperare un precedente servizio non fruito',
  'Altro',
] as const

/** Question 31: will the citizen repeat the experience (5 values, codes A–E). */
export const RIPETERE_ESPERIENZA = [
  'Sì, per facilitazione',
  'Sì, per formazione',
  'Non saprei',
  'No, non ne ho bisogno',
  'No, riconosco il bisogno ma non trovo giovamento nel tornare',
] as const

/** Question 33: what helps most to solve digital problems (15 values, codes A–O). */
export const RISOLVERE_PROBLEMI_DIGITALI = [
  'Chiedere aiuto a parenti e amici',
  'Chiedere aiuto ai colleghi',
  'Punto di facilitazione',
  'Facilitazione online (es.: videochiamata)',
  'Formazione e seminari in presenza gratuiti',
  'Formazione e seminari in presenza a pagamento',
  'Formazione e seminari online',
  'Piattaforma “ACCEDI”',
  'Motori di ricerca su Internet',
  'Video (es.: YouTube)',
  'Podcast',
  'Blog e forum online',
  'Chat (es.: WhatsApp) e chatbot',
  'Materiale informativo, giornali, articoli e altre pubblicazioni stampate',
  'Materiale informativo, giornali, articoli e altre pubblicazioni online',
] as const

/** Consent type of a citizen: label → stored value (platform-frontend §4 `tipoConferimentoConsenso`). */
export const TIPO_CONFERIMENTO_CONSENSO = [
  { label: 'Cartaceo', value: 'CARTACEO' },
  { label: 'Email', value: 'EMAIL' },
  { label: 'Online', value: 'ONLINE' },
] as const
/** Stored values of the consent type (platform-backend §6.4 `ConsensoTrattamentoDatiEnum`). */
export const VALORI_CONSENSO = ['CARTACEO', 'EMAIL', 'ONLINE'] as const
export type TipoConferimentoConsenso = (typeof VALORI_CONSENSO)[number]
/** The label of a consent type ('CARTACEO' → 'Cartaceo'). */
export const etichettaConsenso = (value: TipoConferimentoConsenso): string =>
  TIPO_CONFERIMENTO_CONSENSO.find((c) => c.value === value)?.label ?? value
/**
 * Q1 questions of the citizen's consent (the legacy Q1's 18 and 19, platform-frontend §3.3; the
 * reference's `$consenso` and `$dataConsenso` placeholders): 18 = the type's label, 19 = the date
 * 'YYYY-MM-DD'. Answered once the citizen's consent is recorded (platform-backend §6.4), empty before.
 */
export const ID_DOMANDA_CONSENSO = '18'
export const ID_DOMANDA_DATA_CONSENSO = '19'

/** Contract types of a platform user. */
export const TIPO_CONTRATTO = ['Volontario', 'Dipendente', 'Collaboratore'] as const

/** Id of the star-rating question of Q4 (a creation timestamp in the original template). */
export const ID_DOMANDA_VALUTAZIONE = '1663320201383'
