/**
 * Demo programmes (both policies, codes of the brief) and the six projects with their managing bodies
 * and partners. Everything starts NON ATTIVO, as after a bulk load by the department: the first
 * profile choices of referents, delegates and facilitators perform the activations of
 * platform-backend §2 (server/domain/contesto.ts).
 */
import type { Obiettivi } from '../db/schema'

export interface SeedProgramma {
  codice: string
  nome: string
  nomeBreve: string
  policy: 'RFD' | 'SCD'
  bando: string
  cup: string
  /** managing body (ente.nome) */
  enteGestore: string
  dataInizio: string
  dataFine: string
  obiettivi: Obiettivi
}

export interface SeedProgetto {
  nomeBreve: string
  nome: string
  /** programme codice */
  programma: string
  cup: string
  enteGestore: string
  partner: string[]
  dataInizio: string
  dataFine: string
  obiettivi: Obiettivi
}

const STEP_DATES = ['2024-12-31', '2025-06-30', '2025-12-31', '2026-03-31', '2026-06-30']

/** Five growing targets per family, scaled by `size` (number of facilitation points at the end). */
function targets(size: number): Obiettivi {
  const ramp = (final: number) => STEP_DATES.map((data, i) => ({ valore: Math.round((final * (i + 1)) / 5), data }))
  return {
    puntiFacilitazione: ramp(size),
    utentiUnici: ramp(size * 400),
    servizi: ramp(size * 900),
    facilitatori: ramp(size * 2),
  }
}

export const PROGRAMMI: SeedProgramma[] = [
  { codice: 'RFD-2024-LAZ', nome: 'Rete dei servizi di facilitazione digitale - Regione Lazio', nomeBreve: 'RFD Lazio',
    policy: 'RFD', bando: 'PNRR M1C1 Investimento 1.7.2 - Accordo con la Regione Lazio', cup: 'F81C22000190006',
    enteGestore: 'Regione Lazio', dataInizio: '2024-01-15', dataFine: '2027-12-31', obiettivi: targets(120) },
  { codice: 'RFD-2024-LOM', nome: 'Rete dei servizi di facilitazione digitale - Regione Lombardia', nomeBreve: 'RFD Lombardia',
    policy: 'RFD', bando: 'PNRR M1C1 Investimento 1.7.2 - Accordo con la Regione Lombardia', cup: 'E41C22000270006',
    enteGestore: 'Regione Lombardia', dataInizio: '2024-02-01', dataFine: '2027-12-31', obiettivi: targets(200) },
  { codice: 'SCD-2024-NAZ', nome: 'Servizio Civile Digitale - Programma nazionale 2024', nomeBreve: 'SCD Nazionale',
    policy: 'SCD', bando: 'Bando Servizio Civile Digitale 2024', cup: 'J51B23000450001',
    enteGestore: 'Associazione Nazionale Comuni Italiani', dataInizio: '2024-03-01', dataFine: '2027-06-30', obiettivi: targets(80) },
]

export const PROGETTI: SeedProgetto[] = [
  { nomeBreve: 'Lazio Digitale Roma', nome: 'Punti di facilitazione digitale di Roma Capitale', programma: 'RFD-2024-LAZ',
    cup: 'J81F23000110006', enteGestore: 'Roma Capitale', partner: ['Istituzione Biblioteche di Roma', 'Associazione Nonni Digitali APS'],
    dataInizio: '2024-03-01', dataFine: '2027-12-31', obiettivi: targets(40) },
  { nomeBreve: 'Lazio Digitale Latina', nome: 'Punti di facilitazione digitale della provincia di Latina', programma: 'RFD-2024-LAZ',
    cup: 'B21F23000340006', enteGestore: 'Comune di Latina', partner: ['Associazione Culturale Pontina Futura'],
    dataInizio: '2024-04-01', dataFine: '2027-12-31', obiettivi: targets(12) },
  { nomeBreve: 'Lombardia in Rete Milano', nome: 'Lombardia in Rete - Punti digitali della Città di Milano', programma: 'RFD-2024-LOM',
    cup: 'B41F23000560006', enteGestore: 'Comune di Milano', partner: ['Cooperativa Sociale Rete Navigli'],
    dataInizio: '2024-03-15', dataFine: '2027-12-31', obiettivi: targets(60) },
  { nomeBreve: 'Lombardia in Rete Bergamo', nome: 'Lombardia in Rete - Punti digitali della provincia di Bergamo', programma: 'RFD-2024-LOM',
    cup: 'H11F23000220006', enteGestore: 'Comune di Bergamo', partner: ['Associazione Orobica per l\'Inclusione Digitale'],
    dataInizio: '2024-04-15', dataFine: '2027-12-31', obiettivi: targets(25) },
  { nomeBreve: 'SCD Campania Digitale', nome: 'Servizio Civile Digitale in Campania', programma: 'SCD-2024-NAZ',
    cup: 'J61B23000510001', enteGestore: 'Cooperativa Sociale Partenope Digitale', partner: ['Comune di Salerno'],
    dataInizio: '2024-05-01', dataFine: '2027-06-30', obiettivi: targets(15) },
  { nomeBreve: 'SCD Puglia Connessa', nome: 'Servizio Civile Digitale - Puglia Connessa', programma: 'SCD-2024-NAZ',
    cup: 'J91B23000620001', enteGestore: 'Associazione Puglia Solidale ETS', partner: ['Comune di Lecce', 'Comune di Matera'],
    dataInizio: '2024-05-01', dataFine: '2027-06-30', obiettivi: targets(18) },
]
