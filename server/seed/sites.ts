/**
 * Demo sites (sedi): facilitation points in real comuni of five regions (Lazio, Lombardia, Campania,
 * Puglia, Basilicata) with their address (CAP, province sigla), opening hours in two daily windows,
 * and the body and project that use them (ente_sede_progetto).
 */
export type Giorno = 'lun' | 'mar' | 'mer' | 'gio' | 'ven' | 'sab' | 'dom'
/** Per day: up to two windows ['HH:mm','HH:mm']; a missing day is closed. */
export type Orari = Partial<Record<Giorno, [string, string][]>>

export interface SeedSede {
  nome: string
  descrizione: string
  serviziErogati: string
  regione: string
  provincia: string
  comune: string
  via: string
  civico: string
  cap: string
  orari: Orari
  /** project nomeBreve and the body (ente.nome) using the site there */
  progetto: string
  ente: string
  ruoloEnte: 'gestore' | 'partner'
}

const WEEKDAYS: Giorno[] = ['lun', 'mar', 'mer', 'gio', 'ven']
function weekly(windows: [string, string][], saturday?: [string, string][]): Orari {
  const o: Orari = {}
  for (const d of WEEKDAYS) o[d] = windows
  if (saturday) o.sab = saturday
  return o
}
const FULL_DAY = weekly([['09:00', '13:00'], ['14:30', '18:00']], [['09:00', '12:30']])
const LIBRARY = weekly([['10:00', '13:00'], ['15:00', '19:00']], [['10:00', '13:00'], ['15:00', '18:00']])
const MORNINGS: Orari = { lun: [['09:00', '13:00']], mer: [['09:00', '13:00'], ['15:00', '17:30']], ven: [['09:00', '13:00']] }
const AFTERNOONS: Orari = { mar: [['14:00', '18:30']], gio: [['09:30', '12:30'], ['14:00', '18:30']], sab: [['09:30', '12:30']] }

const SERVIZI = 'Facilitazione individuale, facilitazione di gruppo, formazione in presenza'

export const SEDI: SeedSede[] = [
  // Lazio Digitale Roma
  { nome: 'Punto Digitale Roma Esquilino', descrizione: 'Sportello di facilitazione presso il centro civico del rione Esquilino',
    serviziErogati: SERVIZI, regione: 'Lazio', provincia: 'RM', comune: 'Roma', via: 'Via Principe Amedeo', civico: '184', cap: '00185',
    orari: FULL_DAY, progetto: 'Lazio Digitale Roma', ente: 'Roma Capitale', ruoloEnte: 'gestore' },
  { nome: 'Punto Digitale Roma Garbatella', descrizione: 'Punto di facilitazione nel quartiere Garbatella',
    serviziErogati: SERVIZI, regione: 'Lazio', provincia: 'RM', comune: 'Roma', via: 'Piazza Benedetto Brin', civico: '7', cap: '00154',
    orari: MORNINGS, progetto: 'Lazio Digitale Roma', ente: 'Roma Capitale', ruoloEnte: 'gestore' },
  { nome: 'Punto Digitale Roma Tor Bella Monaca', descrizione: 'Postazioni digitali assistite in biblioteca',
    serviziErogati: 'Facilitazione individuale, utilizzo postazioni', regione: 'Lazio', provincia: 'RM', comune: 'Roma', via: 'Via dell\'Archeologia', civico: '27', cap: '00133',
    orari: LIBRARY, progetto: 'Lazio Digitale Roma', ente: 'Istituzione Biblioteche di Roma', ruoloEnte: 'partner' },
  // Lazio Digitale Latina
  { nome: 'Punto Digitale Latina Centro', descrizione: 'Sportello digitale del Comune di Latina',
    serviziErogati: SERVIZI, regione: 'Lazio', provincia: 'LT', comune: 'Latina', via: 'Corso della Repubblica', civico: '93', cap: '04100',
    orari: FULL_DAY, progetto: 'Lazio Digitale Latina', ente: 'Comune di Latina', ruoloEnte: 'gestore' },
  { nome: 'Punto Digitale Aprilia', descrizione: 'Punto di facilitazione gestito da volontari dell\'associazione',
    serviziErogati: 'Facilitazione individuale', regione: 'Lazio', provincia: 'LT', comune: 'Aprilia', via: 'Piazza Roma', civico: '1', cap: '04011',
    orari: AFTERNOONS, progetto: 'Lazio Digitale Latina', ente: 'Associazione Culturale Pontina Futura', ruoloEnte: 'partner' },
  // Lombardia in Rete Milano
  { nome: 'Punto Digitale Milano Niguarda', descrizione: 'Facilitazione digitale presso la biblioteca di quartiere',
    serviziErogati: SERVIZI, regione: 'Lombardia', provincia: 'MI', comune: 'Milano', via: 'Via Hermada', civico: '8', cap: '20162',
    orari: LIBRARY, progetto: 'Lombardia in Rete Milano', ente: 'Comune di Milano', ruoloEnte: 'gestore' },
  { nome: 'Punto Digitale Milano Lorenteggio', descrizione: 'Sportello digitale nel Municipio 6',
    serviziErogati: SERVIZI, regione: 'Lombardia', provincia: 'MI', comune: 'Milano', via: 'Via Lorenteggio', civico: '120', cap: '20146',
    orari: FULL_DAY, progetto: 'Lombardia in Rete Milano', ente: 'Comune di Milano', ruoloEnte: 'gestore' },
  { nome: 'Punto Digitale Milano Navigli', descrizione: 'Laboratorio digitale della cooperativa',
    serviziErogati: 'Formazione in presenza, formazione online', regione: 'Lombardia', provincia: 'MI', comune: 'Milano', via: 'Alzaia Naviglio Grande', civico: '66', cap: '20144',
    orari: AFTERNOONS, progetto: 'Lombardia in Rete Milano', ente: 'Cooperativa Sociale Rete Navigli', ruoloEnte: 'partner' },
  // Lombardia in Rete Bergamo
  { nome: 'Punto Digitale Bergamo Città Alta', descrizione: 'Punto di facilitazione in Città Alta',
    serviziErogati: SERVIZI, regione: 'Lombardia', provincia: 'BG', comune: 'Bergamo', via: 'Piazza Vecchia', civico: '15', cap: '24129',
    orari: MORNINGS, progetto: 'Lombardia in Rete Bergamo', ente: 'Comune di Bergamo', ruoloEnte: 'gestore' },
  { nome: 'Punto Digitale Treviglio', descrizione: 'Sportello digitale nella bassa bergamasca',
    serviziErogati: 'Facilitazione individuale, facilitazione di gruppo', regione: 'Lombardia', provincia: 'BG', comune: 'Treviglio', via: 'Piazza Luciano Manara', civico: '1', cap: '24047',
    orari: AFTERNOONS, progetto: 'Lombardia in Rete Bergamo', ente: 'Associazione Orobica per l\'Inclusione Digitale', ruoloEnte: 'partner' },
  // SCD Campania Digitale
  { nome: 'Punto Digitale Napoli Scampia', descrizione: 'Presidio del Servizio Civile Digitale a Scampia',
    serviziErogati: SERVIZI, regione: 'Campania', provincia: 'NA', comune: 'Napoli', via: 'Viale della Resistenza', civico: '25', cap: '80145',
    orari: FULL_DAY, progetto: 'SCD Campania Digitale', ente: 'Cooperativa Sociale Partenope Digitale', ruoloEnte: 'gestore' },
  { nome: 'Punto Digitale Salerno Centro', descrizione: 'Sportello digitale del Comune di Salerno',
    serviziErogati: 'Facilitazione individuale', regione: 'Campania', provincia: 'SA', comune: 'Salerno', via: 'Via Roma', civico: '1', cap: '84121',
    orari: MORNINGS, progetto: 'SCD Campania Digitale', ente: 'Comune di Salerno', ruoloEnte: 'partner' },
  // SCD Puglia Connessa
  { nome: 'Punto Digitale Bari Vecchia', descrizione: 'Punto di facilitazione nel borgo antico',
    serviziErogati: SERVIZI, regione: 'Puglia', provincia: 'BA', comune: 'Bari', via: 'Piazza Mercantile', civico: '1', cap: '70122',
    orari: FULL_DAY, progetto: 'SCD Puglia Connessa', ente: 'Associazione Puglia Solidale ETS', ruoloEnte: 'gestore' },
  { nome: 'Punto Digitale Lecce', descrizione: 'Sportello digitale nel centro storico',
    serviziErogati: 'Facilitazione individuale, formazione in presenza', regione: 'Puglia', provincia: 'LE', comune: 'Lecce', via: 'Via Umberto I', civico: '13', cap: '73100',
    orari: LIBRARY, progetto: 'SCD Puglia Connessa', ente: 'Comune di Lecce', ruoloEnte: 'partner' },
  { nome: 'Punto Digitale Matera Sassi', descrizione: 'Punto di facilitazione presso il polo culturale',
    serviziErogati: 'Facilitazione individuale', regione: 'Basilicata', provincia: 'MT', comune: 'Matera', via: 'Via Domenico Ridola', civico: '47', cap: '75100',
    orari: AFTERNOONS, progetto: 'SCD Puglia Connessa', ente: 'Comune di Matera', ruoloEnte: 'partner' },
]
