/**
 * Demo bodies (enti): regions and municipalities managing programmes and projects, and the
 * associations, cooperatives and institutions taking part as partners. VAT numbers are 11 digits with
 * a valid check digit (invented: do not use them for anything real); PEC addresses use example domains.
 */
export interface SeedEnte {
  nome: string
  nomeBreve: string
  partitaIva: string
  tipologia: string
  sedeLegale: string
  indirizzoPec: string
}

export const ENTI: SeedEnte[] = [
  // Programme managing bodies
  { nome: 'Regione Lazio', nomeBreve: 'Regione Lazio', partitaIva: '02143490585', tipologia: 'Regione',
    sedeLegale: 'Via Rosa Raimondi Garibaldi 7, 00145 Roma (RM)', indirizzoPec: 'protocollo@pec.regionelazio.example.it' },
  { nome: 'Regione Lombardia', nomeBreve: 'Regione Lombardia', partitaIva: '12548960157', tipologia: 'Regione',
    sedeLegale: 'Piazza Città di Lombardia 1, 20124 Milano (MI)', indirizzoPec: 'presidenza@pec.regionelombardia.example.it' },
  { nome: 'Associazione Nazionale Comuni Italiani', nomeBreve: 'ANCI', partitaIva: '01884671007', tipologia: 'Associazione di enti locali',
    sedeLegale: 'Via dei Prefetti 46, 00186 Roma (RM)', indirizzoPec: 'anci@pec.anci.example.it' },
  // Project managing bodies
  { nome: 'Roma Capitale', nomeBreve: 'Roma Capitale', partitaIva: '02130311000', tipologia: 'Comune',
    sedeLegale: 'Piazza del Campidoglio 1, 00186 Roma (RM)', indirizzoPec: 'protocollo.generale@pec.romacapitale.example.it' },
  { nome: 'Comune di Latina', nomeBreve: 'Comune di Latina', partitaIva: '00350240594', tipologia: 'Comune',
    sedeLegale: 'Piazza del Popolo 1, 04100 Latina (LT)', indirizzoPec: 'protocollo@pec.comune.latina.example.it' },
  { nome: 'Comune di Milano', nomeBreve: 'Comune di Milano', partitaIva: '01507520151', tipologia: 'Comune',
    sedeLegale: 'Piazza della Scala 2, 20121 Milano (MI)', indirizzoPec: 'protocollo@pec.comune.milano.example.it' },
  { nome: 'Comune di Bergamo', nomeBreve: 'Comune di Bergamo', partitaIva: '00405570169', tipologia: 'Comune',
    sedeLegale: 'Piazza Matteotti 27, 24122 Bergamo (BG)', indirizzoPec: 'protocollo@pec.comune.bergamo.example.it' },
  { nome: 'Cooperativa Sociale Partenope Digitale', nomeBreve: 'Partenope Digitale', partitaIva: '07928121214', tipologia: 'Cooperativa sociale',
    sedeLegale: 'Via Toledo 256, 80134 Napoli (NA)', indirizzoPec: 'partenopedigitale@pec.example.it' },
  { nome: 'Associazione Puglia Solidale ETS', nomeBreve: 'Puglia Solidale', partitaIva: '06734210724', tipologia: 'Associazione del Terzo settore',
    sedeLegale: 'Via Sparano da Bari 102, 70121 Bari (BA)', indirizzoPec: 'pugliasolidale@pec.example.it' },
  // Partner bodies
  { nome: 'Istituzione Biblioteche di Roma', nomeBreve: 'Biblioteche di Roma', partitaIva: '09861151000', tipologia: 'Istituzione culturale',
    sedeLegale: 'Via Ulisse Aldrovandi 16, 00197 Roma (RM)', indirizzoPec: 'biblioteche@pec.romacapitale.example.it' },
  { nome: 'Associazione Nonni Digitali APS', nomeBreve: 'Nonni Digitali', partitaIva: '15234671004', tipologia: 'Associazione di promozione sociale',
    sedeLegale: 'Via Tiburtina 1020, 00156 Roma (RM)', indirizzoPec: 'nonnidigitali@pec.example.it' },
  { nome: 'Associazione Culturale Pontina Futura', nomeBreve: 'Pontina Futura', partitaIva: '02956070599', tipologia: 'Associazione culturale',
    sedeLegale: 'Corso della Repubblica 150, 04100 Latina (LT)', indirizzoPec: 'pontinafutura@pec.example.it' },
  { nome: 'Cooperativa Sociale Rete Navigli', nomeBreve: 'Rete Navigli', partitaIva: '10432870961', tipologia: 'Cooperativa sociale',
    sedeLegale: 'Alzaia Naviglio Grande 66, 20144 Milano (MI)', indirizzoPec: 'retenavigli@pec.example.it' },
  { nome: 'Associazione Orobica per l\'Inclusione Digitale', nomeBreve: 'Orobica Inclusione', partitaIva: '03884120167', tipologia: 'Associazione di volontariato',
    sedeLegale: 'Via XX Settembre 45, 24122 Bergamo (BG)', indirizzoPec: 'orobicainclusione@pec.example.it' },
  { nome: 'Comune di Salerno', nomeBreve: 'Comune di Salerno', partitaIva: '00804980654', tipologia: 'Comune',
    sedeLegale: 'Via Roma, 84121 Salerno (SA)', indirizzoPec: 'protocollo@pec.comune.salerno.example.it' },
  { nome: 'Comune di Lecce', nomeBreve: 'Comune di Lecce', partitaIva: '00806200721', tipologia: 'Comune',
    sedeLegale: 'Via Francesco Rubichi 16, 73100 Lecce (LE)', indirizzoPec: 'protocollo@pec.comune.lecce.example.it' },
  { nome: 'Comune di Matera', nomeBreve: 'Comune di Matera', partitaIva: '01140110774', tipologia: 'Comune',
    sedeLegale: 'Via Aldo Moro 1, 75100 Matera (MT)', indirizzoPec: 'protocollo@pec.comune.matera.example.it' },
]
