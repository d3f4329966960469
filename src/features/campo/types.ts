/**
 * Shapes of the field data layer (issue #3 point 5): what the service, citizen and survey screens of a
 * facilitator or volunteer read from the device and hand to it for writing. Every record exists on the
 * device first (client id `idLocale`, a UUID) and gets its server id once the outbox entry is confirmed.
 * Dates are 'YYYY-MM-DD', durations 'h:mm', timestamps ISO 8601, sections in the contract's encoding
 * (platform-frontend §3.5).
 */
import type { StatoQuestionarioWire } from '../../api/contract/questionario'
import type { StatoServizio } from '../../api/contract/servizio'
import type { Opzione } from '../../api/contract/servizio'
import type { QuestionarioTemplate } from '../../api/contract/questionario'
import type { RecordSyncState } from '../../offline'

/** A service of the facilitator, from the server (bootstrap) or created/edited on the device. */
export interface ServizioLocale {
  /** client UUID; services created elsewhere get `srv-{idServer}` */
  idLocale: string
  idServer: number | null
  nome: string
  data: string
  durataServizio: string
  /** Q3 question 24 answers ('Tipo di servizio prenotato') */
  tipologiaServizio: string[]
  idEnte: number
  idSede: number
  nomeSede: string
  stato: StatoServizio
  /** Q3 in the contract's encoding */
  sezioneQ3Questionario: string
  idQuestionarioTemplateSnapshot: string
  dataOraAggiornamento: string
  /** 'locale' saved on the device, 'invio' being sent, 'confermato' on the server, 'attenzione' refused */
  syncState: RecordSyncState
}

/** What the service form hands over (create and edit). */
export interface ServizioInput {
  nome: string
  idSede: number
  /** Q3 decoded answers keyed by question id ('22' date, '23' duration, '24' types, '25' competences, '26', '27', '28' details) */
  q3: Record<string, string[] | string>
}

/** A citizen taking part in a service, with its survey instance. */
export interface CittadinoServizioLocale {
  /** client UUID of the addition (record 'cittadino-servizio'); `srv-{idQuestionario}` for server rows */
  idLocale: string
  idServizioLocale: string
  idServizio: number | null
  idCittadino: number | null
  /** server id of the survey instance, once known */
  idQuestionario: string | null
  genere: string | null
  fasciaDiEtaId: number | null
  titoloDiStudio: string | null
  occupazione: string | null
  provinciaDiDomicilio: string | null
  cittadinanza: string | null
  tipoDocumento: string | null
  /** how the citizen was identified: fiscal code, document, or an existing citizen picked from a search */
  identificazione: 'CF' | 'NUM_DOC' | 'ESISTENTE'
  /**
   * masked fiscal code or document number (src/lib/masked-identity.ts): from the server, or computed on the
   * device from what was typed for an addition made here; null for citizens registered before masks existed
   */
  identificativoMascherato: string | null
  /** ISO timestamp of the addition to the service (null: not known, copies stored by an older version) */
  dataOraAggiunta: string | null
  /** ISO expiry of the survey's online link last created ('Invia questionario'), null when none */
  scadenzaLink: string | null
  statoQuestionario: StatoQuestionarioWire
  dataUltimoAggiornamento: string
  syncState: RecordSyncState
}

/** What the 'Aggiungi cittadino al servizio' form hands over (the fiscal code travels only in the outbox payload). */
export interface CittadinoInput {
  /** search match picked in step 1 (online): sent only with the identity typed there (fiscal code, or document type and number) */
  idCittadino?: number | null
  codiceFiscale?: string | null
  tipoDocumento?: string | null
  numeroDocumento?: string | null
  genere?: string | null
  fasciaDiEtaId?: number | null
  titoloDiStudio?: string | null
  occupazione?: string | null
  provinciaDiDomicilio?: string | null
  cittadinanza?: string | null
  /** true when step 1 found nobody (the server refuses an existing citizen: U07) */
  nuovoCittadino: boolean
}

/** A survey instance as the compilation screens read it (Q1–Q3 filled at the addition, Q4 once compiled). */
export interface QuestionarioLocale {
  /** `idLocale` of the citizen's addition (record 'cittadino-servizio') */
  idCittadinoServizioLocale: string
  idQuestionario: string | null
  /** the citizen's server id (null until the addition is confirmed; absent in older copies) */
  idCittadino?: number | null
  idServizioLocale: string
  idQuestionarioTemplate: string
  statoQuestionario: StatoQuestionarioWire
  sezioneQ1Questionario: string
  sezioneQ2Questionario: string
  sezioneQ3Questionario: string
  sezioneQ4Questionario: string | null
  /** answers to the template's sections after Q4 (src/lib/survey-extra-sections.ts), [] or absent before the compilation */
  sezioniAggiuntiveQuestionario?: string[]
  syncState: RecordSyncState
}

/** Reference data of the field profile (from the bootstrap, kept on the device). */
export interface CampoRiferimenti {
  profilo: { codiceRuolo: string; idProgramma: number; idProgetto: number; idEnte: number }
  /** the programme's ATTIVO template (null: services cannot be created, S04) */
  template: QuestionarioTemplate | null
  /** every template snapshot the services use, by id */
  templateSnapshot: QuestionarioTemplate[]
  sedi: Opzione[]
  /** the project's dates: a service date must fall within them (A06); null ends are open */
  progetto: { dataInizio: string | null; dataFine: string | null }
  configurazioneMinorenni: { dataAbilitazione: string; dataDecorrenza: string } | null
  /** ISO timestamp of the last bootstrap */
  generatedAt: string
}
