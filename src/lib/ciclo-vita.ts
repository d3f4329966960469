/**
 * Which lifecycle actions a programme or project offers in its state (platform-backend §2.1–2.4, the
 * server's state machines in server/domain/amministrazione/*-stati.ts): for each action null when it is
 * allowed, otherwise the Italian reason shown beside the disabled button. Pure; the server still decides.
 */

export type Stato = 'NON ATTIVO' | 'ATTIVABILE' | 'ATTIVO' | 'TERMINATO'
/** null = allowed; a string = why not. */
export type Motivo = string | null

export interface AzioniProgramma { modifica: Motivo; termina: Motivo; elimina: Motivo }
export interface AzioniProgetto { modifica: Motivo; attiva: Motivo; termina: Motivo; elimina: Motivo }

const TERMINATO = 'Non disponibile: è terminato.'

/** Programme (§2.1): edit while NON ATTIVO/ATTIVO; terminate only ATTIVO; delete only NON ATTIVO with every project NON ATTIVO. */
export function azioniProgramma(stato: Stato, progetti: readonly { stato: Stato }[]): AzioniProgramma {
  return {
    modifica: stato === 'TERMINATO' ? TERMINATO : null,
    termina: stato === 'ATTIVO' ? null
      : stato === 'TERMINATO' ? TERMINATO
        : 'Si può terminare solo un programma attivo: diventa attivo quando un referente o delegato dell\u2019ente gestore accede con questo profilo.',
    elimina: stato !== 'NON ATTIVO' ? 'Si può eliminare solo un programma non attivo.'
      : progetti.some((p) => p.stato !== 'NON ATTIVO') ? 'Il programma ha progetti già avviati: non si può eliminare.' : null,
  }
}

/** Project (§2.2): edit while not TERMINATO; activate only ATTIVABILE; terminate ATTIVABILE/ATTIVO; delete only NON ATTIVO. */
export function azioniProgetto(stato: Stato): AzioniProgetto {
  return {
    modifica: stato === 'TERMINATO' ? TERMINATO : null,
    attiva: stato === 'ATTIVABILE' ? null
      : stato === 'NON ATTIVO' ? 'Il progetto diventa attivabile quando ha almeno un facilitatore o volontario in una sede.'
        : stato === 'ATTIVO' ? 'Il progetto è già attivo.' : TERMINATO,
    termina: stato === 'ATTIVABILE' || stato === 'ATTIVO' ? null
      : stato === 'TERMINATO' ? TERMINATO : 'Si può terminare solo un progetto attivabile o attivo; un progetto non attivo si può eliminare.',
    elimina: stato === 'NON ATTIVO' ? null : 'Si può eliminare solo un progetto non attivo.',
  }
}

/** A body linked to a programme or project (§2.3 managing, §2.4 partner): remove while NON ATTIVO, terminate while ATTIVO. */
export function azioniEnte(stato: Stato | null): { rimuovi: Motivo; termina: Motivo } {
  return {
    rimuovi: stato === 'NON ATTIVO' || stato === null ? null : 'Si può rimuovere solo un ente non attivo; un ente attivo si termina.',
    termina: stato === 'ATTIVO' ? null : stato === 'TERMINATO' ? TERMINATO : 'Si può terminare solo un ente attivo; un ente non attivo si rimuove.',
  }
}
