/**
 * The role → permission-group → permission matrix (issue #2 point 3; platform-frontend §2.3,
 * platform-backend §3). ONE file a reviewer can read top to bottom:
 *   1. PERMISSIONS — every permission code of the front-end catalogue (110 codes) plus
 *      `view.card.serv.citt` (seen in the 2022 mock) and `wrt.quest.citt.serv` (hard-coded by the
 *      reference's "compila questionario" API), each with an Italian description;
 *   2. GROUPS — permission groups (reference codes reused; new ones marked "new");
 *   3. ROLES — the predefined roles with their names;
 *   4. ROLE_GROUPS — which groups each role holds, with a comment on the role's scope.
 * DTD, REG and REGP reproduce the sets of platform-backend §3.3 (plus menu/community codes and the
 * codes introduced after 2022); the other roles are designed from their scope.
 */
import type { RoleCode } from '../../src/api/contract/common'

/** 1. Permission catalogue: code → description. */
export const PERMISSIONS = {
  // Dashboard and data area
  'tab.dshb': 'Accesso alla scheda dashboard',
  'view.dshb': 'Visualizzazione dei report della dashboard',
  'acc.self.dshb': 'Accesso alla console di business intelligence self-service',
  'self.bi': 'Creazione di report personalizzati',
  'vis.mntr': 'Visualizzazione del monitoraggio dei caricamenti massivi (Area dati)',
  'gen.opendata': 'Generazione su richiesta del file mensile degli open data',
  'list.ticket': 'Elenco delle richieste di assistenza ricevute',
  // Administrative area
  'tab.am': 'Accesso all\'area amministrativa',
  // Programmes
  'subtab.prgm': 'Accesso alla sezione programmi',
  'list.prgm': 'Elenco dei programmi',
  'list.dwnl.prgm': 'Download dell\'elenco dei programmi',
  'view.card.prgm.full': 'Scheda completa del programma',
  'new.prgm': 'Creazione di un programma',
  'del.prgm': 'Eliminazione di un programma',
  'end.prgm': 'Terminazione di un programma',
  'add.enti.gest.prgm': 'Assegnazione dell\'ente gestore di programma',
  'upd.enti.card.prgm': 'Modifica della scheda del programma',
  'upd.enti.gest.prgm': 'Modifica dell\'ente gestore di programma',
  'add.ref_del.gest.prgm': 'Aggiunta di referenti e delegati dell\'ente gestore di programma',
  'del.ref_del.gest.prgm': 'Rimozione di referenti e delegati dell\'ente gestore di programma',
  'upd.rel.quest_prgm': 'Associazione di un questionario al programma',
  // Questionnaire templates
  'subtab.quest': 'Accesso alla sezione questionari',
  'list.quest.templ': 'Elenco dei modelli di questionario',
  'view.quest.templ': 'Visualizzazione di un modello di questionario',
  'new.quest.templ': 'Creazione di un modello di questionario',
  'upd.quest.templ': 'Modifica di un modello di questionario',
  'del.quest.templ': 'Eliminazione di un modello di questionario',
  // Projects
  'subtab.prgt': 'Accesso alla sezione progetti',
  'list.prgt': 'Elenco dei progetti',
  'list.dwnl.prgt': 'Download dell\'elenco dei progetti',
  'add.prgt': 'Creazione di un progetto',
  'del.prgt': 'Eliminazione di un progetto',
  'act.prgt': 'Attivazione di un progetto',
  'term.prgt': 'Terminazione di un progetto',
  'upd.car.prgt': 'Modifica della scheda del progetto',
  'add.enti.gest.prgt': 'Assegnazione dell\'ente gestore di progetto',
  'upd.enti.gest.prgt': 'Modifica dell\'ente gestore di progetto',
  'add.ente.partner': 'Aggiunta di un ente partner',
  'upd.ente.partner': 'Modifica di un ente partner',
  'del.ente.partner': 'Rimozione di un ente partner',
  'add.ref_del.gest.prgt': 'Aggiunta di referenti e delegati dell\'ente gestore di progetto',
  'del.ref_del.gest.prgt': 'Rimozione di referenti e delegati dell\'ente gestore di progetto',
  'add.sede.gest.prgt': 'Aggiunta di una sede dell\'ente gestore di progetto',
  'upd.sede.gest.prgt': 'Modifica di una sede dell\'ente gestore di progetto',
  'del.sede.gest.prgt': 'Rimozione di una sede dell\'ente gestore di progetto',
  'add.ref_del.partner': 'Aggiunta di referenti e delegati dell\'ente partner',
  'del.ref_del.partner': 'Rimozione di referenti e delegati dell\'ente partner',
  'add.sede.partner': 'Aggiunta di una sede dell\'ente partner',
  'upd.sede.partner': 'Modifica di una sede dell\'ente partner',
  'del.sede.partner': 'Rimozione di una sede dell\'ente partner',
  'add.fac': 'Associazione di facilitatori e volontari alle sedi dell\'ente gestore',
  'add.fac.partner': 'Associazione di facilitatori e volontari alle sedi dell\'ente partner',
  // Bodies
  'subtab.enti': 'Accesso alla sezione enti',
  'list.enti': 'Elenco degli enti',
  'list.dwnl.enti': 'Download dell\'elenco degli enti',
  'view.card.enti': 'Scheda dell\'ente',
  'upd.card.enti': 'Modifica della scheda dell\'ente',
  // Users
  'subtab.utenti': 'Accesso alla sezione utenti',
  'list.utenti': 'Elenco degli utenti',
  'list.dwnl.utenti': 'Download dell\'elenco degli utenti',
  'view.card.utenti': 'Scheda dell\'utente',
  'new.utente': 'Creazione di un utente',
  'del.utente': 'Eliminazione di un utente',
  'upd.anag.utenti': 'Modifica dei dati anagrafici di un utente',
  'upd.card.utenti': 'Modifica della scheda dell\'utente',
  'add.del.ruolo.utente': 'Assegnazione e rimozione dei ruoli di un utente',
  // Citizens
  'tab.citt': 'Accesso all\'area cittadini',
  'list.citt': 'Elenco dei cittadini',
  'list.dwnl.citt': 'Download dell\'elenco dei cittadini',
  // Services
  'subtab.serv': 'Accesso alla sezione servizi',
  'list.serv': 'Elenco dei servizi',
  'list.dwnl.serv': 'Download dell\'elenco dei servizi',
  'view.card.serv': 'Scheda del servizio',
  'view.card.serv.citt': 'Cittadini e questionari del servizio',
  'new.serv': 'Creazione di un servizio',
  'del.serv': 'Eliminazione di un servizio',
  'upd.card.serv': 'Modifica di un servizio',
  'wrt.quest.citt.serv': 'Compilazione del questionario di un cittadino',
  // Roles
  'btn.gest.ruoli': 'Voce di menu "Gestione ruoli"',
  'list.ruoli': 'Elenco dei ruoli',
  'view.ruoli': 'Dettaglio di un ruolo',
  'new.ruoli': 'Creazione di un ruolo',
  'del.ruoli': 'Eliminazione di un ruolo',
  'add.upd.permessi': 'Assegnazione dei gruppi di permessi a un ruolo',
  // Menu (wave 3)
  'btn.cat': 'Gestione delle categorie della community',
  'btn.cont': 'Contenuti pubblicati nell\'area personale',
  'btn.rprt': 'Gestione delle segnalazioni',
  'list.ntf.nr': 'Notifiche',
  'tab.home': 'Home page',
  // Bulletin board (bacheca)
  'tab.bach': 'Accesso alla bacheca',
  'list.news': 'Elenco delle news',
  'view.card.news': 'Dettaglio di una news',
  'new.news': 'Pubblicazione di una news',
  'upd.news': 'Modifica di qualsiasi news',
  'del.news': 'Eliminazione di qualsiasi news',
  'rprt.news': 'Segnalazione di una news',
  // Forum (community)
  'tab.comm': 'Accesso alla community',
  'list.topic': 'Elenco dei topic',
  'view.card.topic': 'Dettaglio di un topic',
  'new.topic': 'Creazione di un topic',
  'upd.topic': 'Modifica di qualsiasi topic',
  'del.topic': 'Eliminazione di qualsiasi topic',
  'rprt.topic': 'Segnalazione di un topic',
  // Documents
  'tab.doc': 'Accesso ai documenti',
  'list.doc': 'Elenco dei documenti',
  'view.card.doc': 'Dettaglio di un documento',
  'new.doc': 'Caricamento di un documento',
  'upd.doc': 'Modifica di qualsiasi documento',
  'del.doc': 'Eliminazione di qualsiasi documento',
  'rprt.doc': 'Segnalazione di un documento',
  // Integrations
  'acc.clb': 'Accesso all\'area di collaborazione documentale',
  'btn.chat': 'Accesso alla chat',
  // Minors
  'view.conf.min': 'Visualizzazione della configurazione dei minorenni',
  'gest.conf.min': 'Abilitazione e revoca della configurazione dei minorenni',
  // Retention (issue 28 point 2)
  'view.conf.conservazione': 'Visualizzazione dei periodi di conservazione e dei rapporti di anonimizzazione',
  'gest.conf.conservazione': 'Modifica dei periodi di conservazione, avvio e conferma dell\'anonimizzazione',
  // Usage events (issue 13)
  'view.utilizzo': 'Visualizzazione del riepilogo degli eventi di utilizzo (Area dati)',
  // Access register (issue 28 part 1; migration 0022 adds it to an already seeded database)
  'view.registro.accessi': 'Consultazione del registro degli accessi ai dati personali e della vista per cittadino',
  // The citizen's rights (issue 28 part 3; migration 0024 adds them to an already seeded database)
  'gest.dati.personali': 'Esportazione e cancellazione dei dati di un cittadino, esame delle richieste di cancellazione',
  'rich.canc.cittadino': 'Richiesta di cancellazione dei dati di un cittadino, con il motivo',
} as const satisfies Record<string, string>

export type PermissionCode = keyof typeof PERMISSIONS

interface GroupDef { descrizione: string; permessi: readonly PermissionCode[] }

const PRGM_PRGT_VIEW = ['tab.am', 'subtab.prgm', 'subtab.prgt', 'list.prgm', 'list.prgt', 'list.dwnl.prgm', 'list.dwnl.prgt', 'view.card.prgm.full'] as const

/** 2. Permission groups: code → description and permissions. */
export const GROUPS = {
  // Dashboard and data area
  'VIS.DSHB': { descrizione: 'Visualizzazione della dashboard', permessi: ['tab.dshb', 'view.dshb'] },
  'ACC.DSHB.SELF': { descrizione: 'Accesso alla dashboard self-service', permessi: ['tab.dshb', 'view.dshb', 'acc.self.dshb', 'self.bi'] },
  'VIS.MNTR': { descrizione: 'Monitoraggio dei caricamenti massivi (new)', permessi: ['vis.mntr'] },
  // Programmes and projects
  'VIS.PRGM.PRGT': { descrizione: 'Visualizzazione di programmi e progetti', permessi: [...PRGM_PRGT_VIEW] },
  'ASS.QUEST': { descrizione: 'Associazione dei questionari ai programmi', permessi: [...PRGM_PRGT_VIEW, 'upd.rel.quest_prgm'] },
  'RED.PRGM': { descrizione: 'Creazione ed eliminazione dei programmi', permessi: ['new.prgm', 'del.prgm', 'add.enti.gest.prgm'] },
  'MOD.PRGM': { descrizione: 'Modifica dei programmi', permessi: ['upd.enti.card.prgm', 'upd.enti.gest.prgm'] },
  'REF.PRGM': { descrizione: 'Poteri del referente di programma: terminazione, referenti e delegati (new)', permessi: ['end.prgm', 'add.ref_del.gest.prgm', 'del.ref_del.gest.prgm'] },
  'RED.PRGT': { descrizione: 'Creazione ed eliminazione dei progetti', permessi: ['add.prgt', 'del.prgt', 'add.enti.gest.prgt'] },
  'MOD.PRGT': { descrizione: 'Modifica dei progetti', permessi: ['upd.car.prgt', 'upd.enti.gest.prgt'] },
  'REF.PRGT': { descrizione: 'Referenti e delegati dell\'ente gestore di progetto (new)', permessi: ['add.ref_del.gest.prgt', 'del.ref_del.gest.prgt'] },
  'ATT.TERM.PRGT': { descrizione: 'Attivazione e terminazione dei progetti', permessi: ['act.prgt', 'term.prgt'] },
  'RED.PARTNER': { descrizione: 'Gestione degli enti partner', permessi: ['add.ente.partner', 'upd.ente.partner', 'del.ente.partner'] },
  'REF.PARTNER': { descrizione: 'Referenti e delegati degli enti partner (new)', permessi: ['add.ref_del.partner', 'del.ref_del.partner'] },
  'MOD.PARTNER': { descrizione: 'Modifica dell\'ente partner', permessi: ['upd.ente.partner'] },
  'RED.FAC_SEDI.PRGT': { descrizione: 'Sedi e facilitatori dell\'ente gestore di progetto', permessi: ['add.sede.gest.prgt', 'upd.sede.gest.prgt', 'del.sede.gest.prgt', 'add.fac'] },
  'RED.FAC_SEDI.PARTNER': { descrizione: 'Sedi e facilitatori dell\'ente partner', permessi: ['add.sede.partner', 'upd.sede.partner', 'del.sede.partner', 'add.fac.partner'] },
  // Questionnaire templates
  'VIS.QUEST.TEMPL': { descrizione: 'Visualizzazione dei modelli di questionario', permessi: ['subtab.quest', 'list.quest.templ', 'view.quest.templ'] },
  'RED.QUEST.TEMPL': { descrizione: 'Gestione dei modelli di questionario', permessi: ['new.quest.templ', 'upd.quest.templ', 'del.quest.templ'] },
  // Bodies and users
  'VIS_ENTE': { descrizione: 'Visualizzazione degli enti', permessi: ['tab.am', 'subtab.enti', 'list.enti', 'list.dwnl.enti', 'view.card.enti'] },
  'RED.ENTI': { descrizione: 'Modifica degli enti', permessi: ['upd.card.enti'] },
  'VIS.UTENTI': { descrizione: 'Visualizzazione degli utenti', permessi: ['tab.am', 'subtab.utenti', 'list.utenti', 'list.dwnl.utenti', 'view.card.utenti'] },
  'RED.UTENTI': { descrizione: 'Modifica degli utenti', permessi: ['upd.card.utenti'] },
  'GEST.UTENTI': { descrizione: 'Creazione ed eliminazione degli utenti (new)', permessi: ['new.utente', 'del.utente'] },
  'DATI.UTENTI': { descrizione: 'Dati anagrafici degli utenti', permessi: ['upd.anag.utenti'] },
  'ASS.RUOLI': { descrizione: 'Assegnazione dei ruoli agli utenti', permessi: ['tab.am', 'subtab.utenti', 'list.utenti', 'list.dwnl.utenti', 'view.card.utenti', 'add.del.ruolo.utente'] },
  'GEST.RUOLI_CUSTOM': { descrizione: 'Gestione dei ruoli', permessi: ['btn.gest.ruoli', 'list.ruoli', 'view.ruoli', 'new.ruoli', 'del.ruoli', 'add.upd.permessi'] },
  // Services and citizens
  'VIS.SERV': { descrizione: 'Visualizzazione dei servizi (new)', permessi: ['tab.am', 'subtab.serv', 'list.serv', 'list.dwnl.serv', 'view.card.serv', 'view.card.serv.citt'] },
  'RED.SERV': { descrizione: 'Gestione dei servizi (new)', permessi: ['tab.am', 'subtab.serv', 'list.serv', 'list.dwnl.serv', 'view.card.serv', 'view.card.serv.citt', 'new.serv', 'upd.card.serv', 'del.serv'] },
  'COMP.QUEST': { descrizione: 'Compilazione dei questionari dei cittadini (new)', permessi: ['wrt.quest.citt.serv'] },
  // issue 24 point 22: who sees the registry downloads what they see (the CSV has the list's columns: id, mask, counts)
  'VIS.CITT': { descrizione: 'Visualizzazione dei cittadini dei servizi visibili, con il download (new)', permessi: ['tab.citt', 'list.citt', 'list.dwnl.citt'] },
  'RED.CITT': { descrizione: 'Gestione dei cittadini dei propri servizi (new)', permessi: ['tab.citt', 'list.citt', 'list.dwnl.citt'] },
  // Minors
  'VIS.CONF.MIN': { descrizione: 'Visualizzazione della configurazione dei minorenni (new)', permessi: ['view.conf.min'] },
  'GEST.CONF.MIN': { descrizione: 'Gestione della configurazione dei minorenni (new)', permessi: ['view.conf.min', 'gest.conf.min'] },
  // Retention (issue 28 point 2; assignable to a custom 'Responsabile protezione dati' role)
  'VIS.CONF.CONSERVAZIONE': { descrizione: 'Visualizzazione della conservazione dei dati (new, issue 28)', permessi: ['view.conf.conservazione'] },
  'GEST.CONF.CONSERVAZIONE': { descrizione: 'Gestione della conservazione dei dati (new, issue 28)', permessi: ['view.conf.conservazione', 'gest.conf.conservazione'] },
  // Integrations
  'ACC.CLB': { descrizione: 'Area di collaborazione documentale (new)', permessi: ['acc.clb'] },
  'ACC.CHAT': { descrizione: 'Chat (new)', permessi: ['btn.chat'] },
  // Community and menu
  'VIS.HOME': { descrizione: 'Home page (new)', permessi: ['tab.home'] },
  'VIS.PRGT.PROPRIO': { descrizione: 'Visualizzazione del proprio progetto (new)', permessi: ['tab.am', 'subtab.prgt', 'list.prgt'] },
  'VIS.NEWS': { descrizione: 'Visualizzazione, commento e like della bacheca', permessi: ['tab.bach', 'list.news', 'view.card.news'] },
  'VIS.TOPIC': { descrizione: 'Visualizzazione, commento e like della community', permessi: ['tab.comm', 'list.topic', 'view.card.topic'] },
  'VIS.DOC': { descrizione: 'Visualizzazione e commento dei documenti', permessi: ['tab.doc', 'list.doc', 'view.card.doc'] },
  'CRZ.NEWS': { descrizione: 'Pubblicazione di news (modifica delle proprie)', permessi: ['new.news'] },
  'CRZ.TOPIC': { descrizione: 'Creazione di topic (modifica dei propri)', permessi: ['new.topic'] },
  'CRZ.DOC': { descrizione: 'Caricamento di documenti (modifica dei propri)', permessi: ['new.doc'] },
  'RED.NEWS': { descrizione: 'Modifica ed eliminazione di qualsiasi news', permessi: ['upd.news', 'del.news'] },
  'RED.TOPIC': { descrizione: 'Modifica ed eliminazione di qualsiasi topic', permessi: ['upd.topic', 'del.topic'] },
  'RED.DOC': { descrizione: 'Modifica ed eliminazione di qualsiasi documento', permessi: ['upd.doc', 'del.doc'] },
  'SGN.NEWS': { descrizione: 'Segnalazione di news', permessi: ['rprt.news'] },
  'SGN.TOPIC': { descrizione: 'Segnalazione di topic', permessi: ['rprt.topic'] },
  'SGN.DOC': { descrizione: 'Segnalazione di documenti', permessi: ['rprt.doc'] },
  'GEST.SGN': { descrizione: 'Gestione delle segnalazioni (riceve le notifiche di segnalazione)', permessi: ['btn.rprt'] },
  'GEST.CAT': { descrizione: 'Gestione delle categorie', permessi: ['btn.cat'] },
  'GEST.CONT': { descrizione: 'Contenuti pubblicati dall\'utente', permessi: ['btn.cont'] },
  'VIS.NTF': { descrizione: 'Notifiche', permessi: ['list.ntf.nr'] },
  'GEST.OPENDATA': { descrizione: 'Generazione degli open data (new)', permessi: ['gen.opendata'] },
  'VIS.TICKET': { descrizione: 'Richieste di assistenza ricevute (new)', permessi: ['list.ticket'] },
  'VIS.UTILIZZO': { descrizione: 'Riepilogo degli eventi di utilizzo (new, issue 13)', permessi: ['view.utilizzo'] },
  'VIS.REGISTRO.ACCESSI': { descrizione: 'Registro degli accessi ai dati personali (new, issue 28)', permessi: ['view.registro.accessi'] },
  // The citizen's rights (issue 28 part 3; GEST.DATI.PERSONALI assignable to a custom 'Responsabile protezione dati' role)
  'GEST.DATI.PERSONALI': { descrizione: 'Diritti dell\'interessato: esportazione e cancellazione dei dati di un cittadino (new, issue 28)', permessi: ['gest.dati.personali'] },
  'RICH.CANC.CITTADINO': { descrizione: 'Richiesta di cancellazione dei dati di un cittadino (new, issue 28)', permessi: ['rich.canc.cittadino'] },
} as const satisfies Record<string, GroupDef>

export type GroupCode = keyof typeof GROUPS

/** 3. Predefined roles (platform-backend §3.1; platform-frontend §2.1). */
export const ROLES: { codice: RoleCode; nome: string }[] = [
  { codice: 'DTD', nome: 'DTD AMMINISTRATORE' },
  { codice: 'DSCU', nome: 'DIPARTIMENTO PER LE POLITICHE GIOVANILI E IL SERVIZIO CIVILE UNIVERSALE' },
  { codice: 'REG', nome: 'REFERENTE ENTE GESTORE DI PROGRAMMA' },
  { codice: 'DEG', nome: 'DELEGATO ENTE GESTORE DI PROGRAMMA' },
  { codice: 'REGP', nome: 'REFERENTE ENTE GESTORE DI PROGETTO' },
  { codice: 'DEGP', nome: 'DELEGATO ENTE GESTORE DI PROGETTO' },
  { codice: 'REPP', nome: 'REFERENTE ENTE PARTNER' },
  { codice: 'DEPP', nome: 'DELEGATO ENTE PARTNER' },
  { codice: 'FAC', nome: 'FACILITATORE' },
  { codice: 'VOL', nome: 'VOLONTARIO' },
  { codice: 'MOD', nome: 'MODERATORE' },
]

/** Community groups held by every managing role: view, create, report, own contents, notifications. */
const COMMUNITY_MEMBER: GroupCode[] = [
  'VIS.HOME', 'VIS.NEWS', 'VIS.TOPIC', 'VIS.DOC', 'CRZ.NEWS', 'CRZ.TOPIC', 'CRZ.DOC',
  'SGN.NEWS', 'SGN.TOPIC', 'SGN.DOC', 'GEST.CONT', 'VIS.NTF',
]
/** Community moderation on top of membership: edit/delete anything, reports, categories. */
const COMMUNITY_MODERATION: GroupCode[] = ['RED.NEWS', 'RED.TOPIC', 'RED.DOC', 'GEST.SGN', 'GEST.CAT']

/** 4. Role → groups. */
export const ROLE_GROUPS: Record<RoleCode, GroupCode[]> = {
  /** DTD: national administrator, global scope. Everything of §3.3 DTD plus the codes added after
   *  2022 (monitoring, user creation, partner sites, minors, integrations) and full community
   *  moderation. Does not compile citizens' questionnaires (that is the facilitator's act). */
  DTD: [
    'ACC.DSHB.SELF', 'VIS.MNTR', 'ASS.QUEST', 'RED.PRGM', 'MOD.PRGM', 'REF.PRGM',
    'VIS.QUEST.TEMPL', 'RED.QUEST.TEMPL', 'RED.PRGT', 'MOD.PRGT', 'REF.PRGT', 'ATT.TERM.PRGT',
    'RED.PARTNER', 'REF.PARTNER', 'RED.FAC_SEDI.PRGT', 'RED.FAC_SEDI.PARTNER',
    'VIS_ENTE', 'RED.ENTI', 'VIS.UTENTI', 'RED.UTENTI', 'GEST.UTENTI', 'DATI.UTENTI', 'ASS.RUOLI',
    'GEST.RUOLI_CUSTOM', 'VIS.CITT', 'RED.SERV', 'GEST.CONF.MIN', 'ACC.CLB', 'ACC.CHAT',
    ...COMMUNITY_MEMBER, ...COMMUNITY_MODERATION, 'GEST.OPENDATA', 'VIS.TICKET',
    'VIS.UTILIZZO', 'VIS.REGISTRO.ACCESSI',
    // issue 28 point 2: retention periods, reports and their confirmation
    'GEST.CONF.CONSERVAZIONE',
    // issue 28 part 3: the citizen's rights (export, erasure, the requests)
    'GEST.DATI.PERSONALI',
  ],
  /** DSCU: the civil-service department; like DTD but on SCD programmes only (data scoping in the
   *  routes), without role management, personal-data edits or user creation; sees services; manages
   *  minors for SCD programmes and the SCD templates. */
  DSCU: [
    'ACC.DSHB.SELF', 'VIS.MNTR', 'ASS.QUEST', 'RED.PRGM', 'MOD.PRGM', 'REF.PRGM',
    'VIS.QUEST.TEMPL', 'RED.QUEST.TEMPL', 'RED.PRGT', 'MOD.PRGT', 'REF.PRGT', 'ATT.TERM.PRGT',
    'RED.PARTNER', 'REF.PARTNER', 'RED.FAC_SEDI.PRGT', 'RED.FAC_SEDI.PARTNER',
    'VIS_ENTE', 'RED.ENTI', 'VIS.UTENTI', 'RED.UTENTI', 'VIS.SERV', 'VIS.CITT', 'GEST.CONF.MIN',
    ...COMMUNITY_MEMBER,
  ],
  /** REG: referent of a programme's managing body (§3.3 REG): the programme card, its referents and
   *  delegates, its template association, its projects and their managing bodies, bodies and users of
   *  the programme, and the services of the programme (view only; issue #3: the programme's managers see
   *  the services delivered in it) and the citizens registry of those services (issue 24 point 22, with its CSV).
   *  Sees upload monitoring and the minors configuration. */
  REG: [
    'VIS.DSHB', 'VIS.MNTR', 'ASS.QUEST', 'MOD.PRGM', 'REF.PRGM', 'VIS.QUEST.TEMPL',
    'RED.PRGT', 'MOD.PRGT', 'REF.PRGT', 'VIS_ENTE', 'RED.ENTI', 'VIS.UTENTI', 'RED.UTENTI',
    'VIS.CONF.MIN', 'VIS.SERV', 'VIS.CITT', 'ACC.CLB', 'ACC.CHAT', ...COMMUNITY_MEMBER,
    'RICH.CANC.CITTADINO', // issue 28 part 3: may request an erasure, never execute it
  ],
  /** DEG: delegate of a programme's managing body: REG minus the referent-only powers (terminate the
   *  programme, appoint or remove programme referents/delegates) and minus upload monitoring (the
   *  reference answers 401 to delegates on the upload registry). */
  DEG: [
    'VIS.DSHB', 'ASS.QUEST', 'MOD.PRGM', 'VIS.QUEST.TEMPL',
    'RED.PRGT', 'MOD.PRGT', 'REF.PRGT', 'VIS_ENTE', 'RED.ENTI', 'VIS.UTENTI', 'RED.UTENTI',
    'VIS.CONF.MIN', 'VIS.SERV', 'VIS.CITT', 'ACC.CLB', 'ACC.CHAT', ...COMMUNITY_MEMBER,
  ],
  /** REGP: referent of a project's managing body (§3.3 REGP): activates/terminates the project, its
   *  card, referents, partners and their referents, the managing body's sites and facilitators,
   *  bodies and users of the project, and views the project's services. */
  REGP: [
    'VIS.DSHB', 'VIS.MNTR', 'VIS.PRGM.PRGT', 'MOD.PRGT', 'REF.PRGT', 'ATT.TERM.PRGT',
    'RED.PARTNER', 'REF.PARTNER', 'RED.FAC_SEDI.PRGT', 'VIS_ENTE', 'RED.ENTI', 'VIS.UTENTI', 'RED.UTENTI',
    'VIS.SERV', 'VIS.CITT', 'ACC.CLB', 'ACC.CHAT', ...COMMUNITY_MEMBER,
    'RICH.CANC.CITTADINO', // issue 28 part 3: may request an erasure, never execute it
  ],
  /** DEGP: delegate of a project's managing body: REGP minus activation/termination of the project,
   *  minus appointing the project's referents/delegates, minus upload monitoring. */
  DEGP: [
    'VIS.DSHB', 'VIS.PRGM.PRGT', 'MOD.PRGT', 'RED.PARTNER', 'REF.PARTNER', 'RED.FAC_SEDI.PRGT',
    'VIS_ENTE', 'RED.ENTI', 'VIS.UTENTI', 'RED.UTENTI', 'VIS.SERV', 'VIS.CITT', 'ACC.CLB', 'ACC.CHAT', ...COMMUNITY_MEMBER,
  ],
  /** REPP: referent of a partner body in a project: the partner's data, its sites and facilitators,
   *  views programme/project cards, bodies, users and services of the project, upload monitoring. */
  REPP: [
    'VIS.DSHB', 'VIS.MNTR', 'VIS.PRGM.PRGT', 'MOD.PARTNER', 'RED.FAC_SEDI.PARTNER',
    'VIS_ENTE', 'VIS.UTENTI', 'VIS.SERV', 'VIS.CITT', 'ACC.CLB', 'ACC.CHAT', ...COMMUNITY_MEMBER,
  ],
  /** DEPP: delegate of a partner body: REPP minus upload monitoring. */
  DEPP: [
    'VIS.DSHB', 'VIS.PRGM.PRGT', 'MOD.PARTNER', 'RED.FAC_SEDI.PARTNER',
    'VIS_ENTE', 'VIS.UTENTI', 'VIS.SERV', 'VIS.CITT', 'ACC.CLB', 'ACC.CHAT', ...COMMUNITY_MEMBER,
  ],
  /** FAC: facilitator (RFD) on the sites of one body in one project: own project card (menu entry
   *  'Progetto'), own services (create, edit, delete, citizens, questionnaires), own citizens, the community (view, create topics and
   *  documents, report), own contents, notifications, chat. No role management, no other admin area. */
  FAC: [
    'VIS.HOME', 'VIS.PRGT.PROPRIO', 'RED.SERV', 'COMP.QUEST', 'RED.CITT',
    'VIS.NEWS', 'VIS.TOPIC', 'VIS.DOC', 'CRZ.TOPIC', 'CRZ.DOC', 'SGN.NEWS', 'SGN.TOPIC', 'SGN.DOC',
    'GEST.CONT', 'VIS.NTF', 'ACC.CHAT',
    'VIS.DSHB', // issue 11 point 1: 'Report dati' of their own services
  ],
  /** VOL: volunteer (SCD): the same capabilities as FAC within SCD projects. */
  VOL: [
    'VIS.HOME', 'VIS.PRGT.PROPRIO', 'RED.SERV', 'COMP.QUEST', 'RED.CITT',
    'VIS.NEWS', 'VIS.TOPIC', 'VIS.DOC', 'CRZ.TOPIC', 'CRZ.DOC', 'SGN.NEWS', 'SGN.TOPIC', 'SGN.DOC',
    'GEST.CONT', 'VIS.NTF', 'ACC.CHAT',
    'VIS.DSHB', // issue 11 point 1: 'Report dati' of their own services
  ],
  /** MOD: community moderator: the whole community (create, edit/delete any content, reports,
   *  categories), no administrative area. */
  MOD: [...COMMUNITY_MEMBER, ...COMMUNITY_MODERATION],
}

/** Distinct permission codes of a predefined role, sorted. */
export function permissionsOfRole(code: RoleCode): PermissionCode[] {
  const set = new Set<PermissionCode>()
  for (const g of ROLE_GROUPS[code]) for (const p of GROUPS[g].permessi) set.add(p)
  return [...set].sort()
}
