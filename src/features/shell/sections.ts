/**
 * Titles and short descriptions of the sections whose content arrives with later issues; the
 * routes render them through `SectionPage` with the 'Questa sezione è ancora vuota' state.
 */
export interface SectionInfo {
  title: string
  description: string
  /** id of a main-menu entry whose visible sub-entries are listed as sub-navigation */
  menuId?: string
}

export const SECTIONS = {
  'area-amministrativa': {
    title: 'Area amministrativa',
    description: 'Programmi, progetti, enti, utenti, questionari e servizi di facilitazione a cui hai accesso con il tuo ruolo.',
    menuId: 'area-amministrativa',
  },
  programmi: { title: 'Programmi', description: 'Elenco dei programmi di facilitazione digitale.' },
  programma: { title: 'Programma', description: 'Informazioni generali sul programma.' },
  progetti: { title: 'Progetti', description: 'Elenco dei progetti di facilitazione digitale.' },
  progetto: { title: 'Progetto', description: 'Informazioni generali sul progetto.' },
  enti: { title: 'Enti', description: 'Enti gestori ed enti partner dei programmi e dei progetti.' },
  ente: { title: 'Ente', description: "Informazioni generali sull'ente." },
  'ente-progetto': { title: 'Ente del progetto', description: "Ruolo dell'ente nel progetto, referenti, sedi e facilitatori." },
  sede: { title: 'Sede', description: 'Indirizzo, orari di apertura e facilitatori della sede.' },
  utenti: { title: 'Utenti', description: 'Utenti della piattaforma e i loro ruoli.' },
  utente: { title: 'Utente', description: "Informazioni generali sull'utente e i suoi ruoli." },
  questionari: { title: 'Questionari', description: 'Modelli dei questionari di rilevazione per i cittadini.' },
  servizi: { title: 'Servizi', description: 'Servizi di facilitazione e formazione erogati ai cittadini.' },
  'area-cittadini': { title: 'Area cittadini', description: 'Cittadine e cittadini che hanno partecipato ai tuoi servizi.' },
  'area-dati': {
    title: 'Area dati',
    description: 'Report sui servizi di facilitazione e monitoraggio dei caricamenti massivi.',
    menuId: 'area-dati',
  },
  'report-dati': { title: 'Report dati', description: 'Servizi di facilitazione e formazione per i cittadini.' },
  monitoraggio: {
    title: 'Monitoraggio dei caricamenti massivi',
    description: 'Caricamenti massivi dei dati sui servizi effettuati dagli enti.',
  },
  bacheca: { title: 'Bacheca', description: 'Annunci e novità della rete di facilitazione.' },
  forum: { title: 'Forum', description: 'Discussioni della comunità di facilitatrici, facilitatori e referenti.' },
  documenti: { title: 'Documenti', description: 'Documenti e materiali da consultare e scaricare.' },
  notifiche: { title: 'Notifiche', description: 'Le tue notifiche.' },
  'contenuti-pubblicati': { title: 'Contenuti pubblicati', description: 'Annunci, discussioni e documenti che hai pubblicato.' },
  'gestione-ruoli': { title: 'Gestione ruoli', description: 'Ruoli della piattaforma e gruppi di permessi associati.' },
  'nuovo-ruolo': { title: 'Crea nuovo ruolo', description: 'Definisci un nuovo ruolo e i suoi permessi.' },
  ruolo: { title: 'Dettaglio ruolo', description: 'Gruppi di permessi del ruolo.' },
  'modifica-ruolo': { title: 'Modifica ruolo', description: 'Modifica i gruppi di permessi del ruolo.' },
  'gestione-configurazioni': {
    title: 'Gestione configurazioni',
    description: 'Programmi abilitati ai servizi per cittadine e cittadini minorenni.',
  },
  'gestione-categorie': { title: 'Gestione categorie', description: 'Categorie di annunci, discussioni e documenti.' },
  'gestione-segnalazioni': { title: 'Gestione segnalazioni', description: 'Contenuti segnalati dalla comunità.' },
} as const satisfies Record<string, SectionInfo>

export type SectionId = keyof typeof SECTIONS
