/**
 * Demo identities of the development identity provider and of the seed (README "Demo identities").
 * Fiscal codes are valid (computed with codice-fiscale-js). Each profile names the programme by its
 * `codice` and the project by its `nomeBreve`, as created by the seed files of this folder.
 * `integrazione: false` marks the first-access user who goes through `/registrazione`.
 */
export interface DemoProfile {
  codiceRuolo: 'DTD' | 'DSCU' | 'REG' | 'DEG' | 'REGP' | 'DEGP' | 'REPP' | 'DEPP' | 'FAC' | 'VOL' | 'MOD'
  /** programme `codice` (REG/DEG and every project-level role) */
  programma?: string
  /** project `nomeBreve` (REGP, DEGP, REPP, DEPP, FAC, VOL) */
  progetto?: string
  /** body name: the managing body (REG/DEG/REGP/DEGP) or the partner (REPP/DEPP) or the facilitator's body */
  ente?: string
}

export interface DemoIdentity {
  nome: string
  cognome: string
  codiceFiscale: string
  email: string | null
  telefono: string | null
  integrazione: boolean
  profili: DemoProfile[]
}

export const DEMO_PROGRAMMES = {
  RFD_LAZIO: 'RFD-2024-LAZ',
  RFD_LOMBARDIA: 'RFD-2024-LOM',
  SCD: 'SCD-2024-NAZ',
} as const

export const DEMO_IDENTITIES: DemoIdentity[] = [
  { nome: 'Giulia', cognome: 'Ferri', codiceFiscale: 'FRRGLI78C54H501Q', email: 'giulia.ferri@example.gov.it', telefono: '0612345678', integrazione: true,
    profili: [{ codiceRuolo: 'DTD' }] },
  { nome: 'Marco', cognome: 'Bianchi', codiceFiscale: 'BNCMRC69S02H501X', email: 'marco.bianchi@example.gov.it', telefono: '0698765432', integrazione: true,
    profili: [{ codiceRuolo: 'DSCU' }] },
  { nome: 'Laura', cognome: 'Conti', codiceFiscale: 'CNTLRA75H61F205P', email: 'laura.conti@example.it', telefono: '0255501234', integrazione: true,
    profili: [{ codiceRuolo: 'REG', programma: 'RFD-2024-LOM' }] },
  { nome: 'Paolo', cognome: 'Ricci', codiceFiscale: 'RCCPLA82P09L219N', email: 'paolo.ricci@example.it', telefono: '0115550987', integrazione: true,
    profili: [{ codiceRuolo: 'DEG', programma: 'RFD-2024-LAZ' }] },
  { nome: 'Francesca', cognome: 'Moretti', codiceFiscale: 'MRTFNC80A70F839W', email: 'francesca.moretti@example.it', telefono: '0815556677', integrazione: true,
    profili: [{ codiceRuolo: 'REGP', programma: 'RFD-2024-LAZ', progetto: 'Lazio Digitale Roma' }] },
  { nome: 'Davide', cognome: 'Gallo', codiceFiscale: 'GLLDVD86D17A662S', email: 'davide.gallo@example.it', telefono: '0805551122', integrazione: true,
    profili: [{ codiceRuolo: 'DEGP', programma: 'SCD-2024-NAZ', progetto: 'SCD Puglia Connessa' }] },
  { nome: 'Elena', cognome: 'Marino', codiceFiscale: 'MRNLNE83T45D612L', email: 'elena.marino@example.it', telefono: '0555553344', integrazione: true,
    profili: [{ codiceRuolo: 'REPP', programma: 'RFD-2024-LAZ', progetto: 'Lazio Digitale Roma' }] },
  { nome: 'Stefano', cognome: 'Greco', codiceFiscale: 'GRCSFN79L28G273B', email: 'stefano.greco@example.it', telefono: '0915558899', integrazione: true,
    profili: [{ codiceRuolo: 'DEPP', programma: 'RFD-2024-LOM', progetto: 'Lombardia in Rete Milano' }] },
  { nome: 'Sara', cognome: 'Romano', codiceFiscale: 'RMNSRA92E51A944H', email: 'sara.romano@example.it', telefono: '3335550101', integrazione: true,
    profili: [{ codiceRuolo: 'FAC', programma: 'RFD-2024-LAZ', progetto: 'Lazio Digitale Roma' }] },
  { nome: 'Luca', cognome: 'Esposito', codiceFiscale: 'SPSLCU00B24F839F', email: 'luca.esposito@example.it', telefono: '3335550202', integrazione: true,
    profili: [{ codiceRuolo: 'VOL', programma: 'SCD-2024-NAZ', progetto: 'SCD Campania Digitale' }] },
  { nome: 'Chiara', cognome: 'Colombo', codiceFiscale: 'CLMCHR88M48L736C', email: 'chiara.colombo@example.gov.it', telefono: '0415550303', integrazione: true,
    profili: [{ codiceRuolo: 'MOD' }] },
  { nome: 'Alessandro', cognome: 'Rossi', codiceFiscale: 'RSSLSN77R19G478N', email: 'alessandro.rossi@example.it', telefono: '0755550404', integrazione: true,
    profili: [
      { codiceRuolo: 'REG', programma: 'RFD-2024-LAZ' },
      { codiceRuolo: 'REGP', programma: 'RFD-2024-LOM', progetto: 'Lombardia in Rete Bergamo' },
      { codiceRuolo: 'FAC', programma: 'RFD-2024-LOM', progetto: 'Lombardia in Rete Milano' },
    ] },
  { nome: 'Anna', cognome: 'Lombardi', codiceFiscale: 'LMBNNA90L43B354D', email: null, telefono: null, integrazione: false,
    profili: [{ codiceRuolo: 'FAC', programma: 'RFD-2024-LOM', progetto: 'Lombardia in Rete Milano' }] },
  { nome: 'Matteo', cognome: 'De Luca', codiceFiscale: 'DLCMTT95C15A662J', email: 'matteo.deluca@example.it', telefono: '3335550505', integrazione: true,
    profili: [{ codiceRuolo: 'FAC', programma: 'RFD-2024-LAZ', progetto: 'Lazio Digitale Latina' }] },
]

/** Lookup by fiscal code (upper-cased). */
export function findDemoIdentity(codiceFiscale: string): DemoIdentity | undefined {
  const cf = codiceFiscale.trim().toUpperCase()
  return DEMO_IDENTITIES.find((i) => i.codiceFiscale === cf)
}
