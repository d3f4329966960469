/**
 * Lifecycle calls of the administrative area on the wire (platform-backend §2.1–2.7, §13 "Other response
 * shapes"; spec 002 §3 "Site", §5 validation): create, edit, detail, activate, terminate and delete of
 * programmes and projects, managing and partner bodies, referents and delegates, bodies, sites with
 * their addresses and opening hours, facilitators and volunteers, users and their roles.
 * Imported by the client and by the server: one definition of each payload.
 *
 * Every body carries the caller's profile ids (`idProgramma`, `idProgetto`, `idEnte`, checked by the
 * access layer); the entity a call acts on is named by the path. Dates are 'YYYY-MM-DD' (as
 * ./servizio), except `dataTerminazione`, 'dd-MM-yyyy' as the reference's terminate calls take it;
 * timestamps are ISO 8601. Lists of a detail are complete (a programme has tens of projects at most).
 */
import * as v from 'valibot'
import { RUOLI_CAMPO, RUOLI_GESTIONE } from '../../lib/ruoli'
import { IdSchema, PolicySchema, ProfileIdsSchema, VersioneLettaSchema } from './common'
import { WireDateSchema } from './servizio'
import { StatoEntitaSchema } from './amministrazione'

const Testo = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))
const TestoOpzionale = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max))))

// ---- shared pieces -------------------------------------------------------------------------------

/** One target: a value to reach by a date; both null when the step is not set. */
export const ObiettivoSchema = v.object({
  valore: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000_000))),
  data: v.nullable(WireDateSchema),
})
const Famiglia = v.pipe(v.array(ObiettivoSchema), v.maxLength(5))
/** Targets by date of a programme or project (platform-backend §1.1: 4 families × up to 5 steps). */
export const ObiettiviSchema = v.object({
  puntiFacilitazione: Famiglia,
  utentiUnici: Famiglia,
  servizi: Famiglia,
  facilitatori: Famiglia,
})
export type ObiettiviWire = v.InferOutput<typeof ObiettiviSchema>

/** `dd-MM-yyyy`, a real calendar day. */
export const DataTerminazioneSchema = v.pipe(
  v.string(), v.trim(), v.regex(/^\d{2}-\d{2}-\d{4}$/, 'Data nel formato GG-MM-AAAA'),
  v.check((s) => {
    const [d, m, y] = s.split('-').map(Number)
    const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0))
    return date.getUTCFullYear() === y && date.getUTCMonth() === (m ?? 0) - 1 && date.getUTCDate() === d
  }, 'Data inesistente'),
)

/** Body of the terminate calls: `PUT /{programma|progetto}/termina/{id}`. */
export const TerminaBodySchema = v.object({ ...ProfileIdsSchema.entries, dataTerminazione: DataTerminazioneSchema })
export type TerminaBody = v.InferOutput<typeof TerminaBodySchema>

/** Body of the calls that need only the caller's profile (detail, delete, activate, cancel…). */
export const ProfiloOnlyBodySchema = v.object({ ...ProfileIdsSchema.entries })

/** The CUP warning of create/update answers (platform-backend §2.1: the CUP was rewritten). */
export const AvvisoSchema = v.object({
  warning: v.boolean(),
  warningTitle: v.nullable(v.string()),
  warningMessage: v.nullable(v.string()),
})
export type Avviso = v.InferOutput<typeof AvvisoSchema>

/** A referent or delegate row of a detail. */
export const ReferenteSchema = v.object({
  idUtente: v.number(),
  nome: v.string(),
  cognome: v.string(),
  codiceFiscale: v.string(),
  codiceRuolo: v.string(),
  stato: StatoEntitaSchema,
})
export type Referente = v.InferOutput<typeof ReferenteSchema>

/** A body in a detail, with its state in that programme or project. */
export const EnteInSchedaSchema = v.object({ id: v.number(), nome: v.string(), stato: v.nullable(StatoEntitaSchema), referenti: v.array(ReferenteSchema) })
export type EnteInScheda = v.InferOutput<typeof EnteInSchedaSchema>

/** Counts of the detail steps 1–4 (spec 002 §2): facilitation points, unique users, services, facilitators. */
export const ConteggiSchema = v.object({
  puntiFacilitazione: v.number(),
  utentiUnici: v.number(),
  servizi: v.number(),
  facilitatori: v.number(),
})
export type Conteggi = v.InferOutput<typeof ConteggiSchema>

// ---- programmes ----------------------------------------------------------------------------------

/** Body of `POST /programma` (create) and `PUT /programma/{id}` (update). */
export const ProgrammaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  codice: v.pipe(Testo(50), v.regex(/^[\w.-]+$/, 'Codice con lettere, cifre, punto, trattino')),
  nome: Testo(200),
  nomeBreve: Testo(100),
  policy: PolicySchema,
  bando: TestoOpzionale(500),
  cup: TestoOpzionale(50),
  dataInizio: WireDateSchema,
  dataFine: WireDateSchema,
  obiettivi: v.optional(v.nullable(ObiettiviSchema)),
})
export type ProgrammaBody = v.InferOutput<typeof ProgrammaBodySchema>

export const ProgrammaCreatoSchema = v.object({ idProgrammaCreato: v.number(), ...AvvisoSchema.entries })
export type ProgrammaCreato = v.InferOutput<typeof ProgrammaCreatoSchema>

/** Answer of `POST /programma/{id}` (detail). */
export const SchedaProgrammaSchema = v.object({
  dettaglioProgramma: v.object({
    id: v.number(), codice: v.string(), nome: v.string(), nomeBreve: v.string(), policy: PolicySchema,
    bando: v.nullable(v.string()), cup: v.nullable(v.string()), cupManipolato: v.boolean(), stato: StatoEntitaSchema,
    dataInizio: v.string(), dataFine: v.string(),
    dataOraAttivazione: v.nullable(v.string()), dataOraTerminazione: v.nullable(v.string()),
    obiettivi: v.nullable(ObiettiviSchema),
    versione: VersioneLettaSchema,
  }),
  enteGestore: v.nullable(EnteInSchedaSchema),
  /** at most 1000 projects (issue 25 point 3); `totaleProgetti` counts them all (older servers omit it) */
  progetti: v.array(v.object({ id: v.number(), nome: v.string(), nomeBreve: v.string(), stato: StatoEntitaSchema, nomeEnteGestore: v.nullable(v.string()) })),
  totaleProgetti: v.optional(v.number()),
  conteggi: ConteggiSchema,
})
export type SchedaProgramma = v.InferOutput<typeof SchedaProgrammaSchema>

// ---- projects ------------------------------------------------------------------------------------

/** Body of `POST /progetto?idProgramma=` (create) and `PUT /progetto/{id}` (update). */
export const ProgettoBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  nome: Testo(200),
  nomeBreve: Testo(100),
  cup: TestoOpzionale(50),
  dataInizio: WireDateSchema,
  dataFine: WireDateSchema,
  obiettivi: v.optional(v.nullable(ObiettiviSchema)),
})
export type ProgettoBody = v.InferOutput<typeof ProgettoBodySchema>

export const ProgettoCreatoSchema = v.object({ idProgettoCreato: v.number(), ...AvvisoSchema.entries })
export type ProgettoCreato = v.InferOutput<typeof ProgettoCreatoSchema>

/** A body-site of a project in a detail. */
export const SedeInSchedaSchema = v.object({
  idSede: v.number(), nome: v.string(), idEnte: v.number(), nomeEnte: v.string(), ruoloEnte: v.picklist(['gestore', 'partner']),
  stato: StatoEntitaSchema, facilitatori: v.array(v.object({
    idUtente: v.number(), nome: v.string(), cognome: v.string(), codiceRuolo: v.picklist(RUOLI_CAMPO), stato: StatoEntitaSchema,
  })),
})
export type SedeInScheda = v.InferOutput<typeof SedeInSchedaSchema>

/** Answer of `POST /progetto/{id}` (detail). */
export const SchedaProgettoSchema = v.object({
  dettaglioProgetto: v.object({
    id: v.number(), nome: v.string(), nomeBreve: v.string(), idProgramma: v.number(), nomeProgramma: v.string(), policy: PolicySchema,
    cup: v.nullable(v.string()), cupManipolato: v.boolean(), stato: StatoEntitaSchema, dataInizio: v.string(), dataFine: v.string(),
    dataOraProgettoAttivabile: v.nullable(v.string()), dataOraAttivazione: v.nullable(v.string()), dataOraTerminazione: v.nullable(v.string()),
    obiettivi: v.nullable(ObiettiviSchema),
    versione: VersioneLettaSchema,
  }),
  enteGestore: v.nullable(EnteInSchedaSchema),
  entiPartner: v.array(EnteInSchedaSchema),
  /** at most 1000 body-sites (issue 25 point 3); `totaleSedi` counts them all (older servers omit it) */
  sedi: v.array(SedeInSchedaSchema),
  totaleSedi: v.optional(v.number()),
  conteggi: ConteggiSchema,
})
export type SchedaProgetto = v.InferOutput<typeof SchedaProgettoSchema>

// ---- referents and delegates ---------------------------------------------------------------------

export const TIPI_REFERENTE = ['gestoreProgramma', 'gestoreProgetto', 'partner'] as const
/** Body of `POST /ente/associa/referenteDelegato/{tipo}` (platform-backend §2.7). */
export const ReferenteBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  codiceFiscaleUtente: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.length(16, 'Codice fiscale di 16 caratteri')),
  idEnteRef: IdSchema,
  /** the programme (gestoreProgramma) or project (gestoreProgetto, partner) */
  idEntita: IdSchema,
  codiceRuolo: v.picklist(RUOLI_GESTIONE),
})
export type ReferenteBody = v.InferOutput<typeof ReferenteBodySchema>

// ---- bodies --------------------------------------------------------------------------------------

/** Body of `POST /ente` (create) and `PUT /ente/{id}` (update). */
export const EnteBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  nome: Testo(200),
  nomeBreve: Testo(100),
  partitaIva: v.pipe(v.string(), v.trim(), v.regex(/^\d{11}$/, 'Partita IVA di 11 cifre')),
  tipologia: TestoOpzionale(100),
  sedeLegale: TestoOpzionale(300),
  indirizzoPec: v.optional(v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email(), v.maxLength(200))]))),
})
export type EnteBody = v.InferOutput<typeof EnteBodySchema>

/** Answer of `POST /ente/{id}` (detail): the body with the programmes and projects it holds. */
export const SchedaEnteSchema = v.object({
  dettaglioEnte: v.object({
    id: v.number(), nome: v.string(), nomeBreve: v.string(), partitaIva: v.string(),
    tipologia: v.nullable(v.string()), sedeLegale: v.nullable(v.string()), indirizzoPec: v.nullable(v.string()),
    versione: VersioneLettaSchema,
  }),
  programmiGestiti: v.array(v.object({ id: v.number(), nome: v.string(), stato: StatoEntitaSchema, statoEnte: v.nullable(StatoEntitaSchema) })),
  progettiGestiti: v.array(v.object({ id: v.number(), nome: v.string(), stato: StatoEntitaSchema, statoEnte: v.nullable(StatoEntitaSchema) })),
  progettiPartner: v.array(v.object({ id: v.number(), nome: v.string(), stato: StatoEntitaSchema, statoEnte: v.nullable(StatoEntitaSchema) })),
  /** how many of each kind there are: each list holds at most 1000 (issue 25 point 3; older servers omit it) */
  totali: v.optional(v.object({ programmiGestiti: v.number(), progettiGestiti: v.number(), progettiPartner: v.number() })),
})
export type SchedaEnte = v.InferOutput<typeof SchedaEnteSchema>

// ---- sites ---------------------------------------------------------------------------------------

export const GIORNI = ['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom'] as const
export type Giorno = (typeof GIORNI)[number]
const Ora = v.optional(v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Ora nel formato HH:MM'))])))
/** Two opening windows of a day: `apertura1`–`chiusura1`, `apertura2`–`chiusura2` ('HH:MM' or empty). */
export const FasciaGiornoSchema = v.object({ apertura1: Ora, chiusura1: Ora, apertura2: Ora, chiusura2: Ora })
export type FasciaGiorno = v.InferOutput<typeof FasciaGiornoSchema>

/** An address of a site with its opening hours (spec 002 §3 "Site"); `cancellato` marks one being removed. */
export const IndirizzoSedeSchema = v.object({
  via: v.pipe(v.string(), v.trim(), v.maxLength(200)),
  civico: v.pipe(v.string(), v.trim(), v.maxLength(20)),
  comune: v.pipe(v.string(), v.trim(), v.maxLength(100)),
  /** province sigla, e.g. 'RM' */
  provincia: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(2)),
  cap: v.pipe(v.string(), v.trim(), v.maxLength(5)),
  cancellato: v.optional(v.boolean(), false),
  fasceOrarie: v.optional(v.partial(v.object(Object.fromEntries(GIORNI.map((g) => [g, FasciaGiornoSchema])) as Record<Giorno, typeof FasciaGiornoSchema>)), {}),
})
export type IndirizzoSede = v.InferOutput<typeof IndirizzoSedeSchema>

/** Body of `POST /sede` (create) and `PUT /sede/{id}` (update). */
export const SedeBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  nome: Testo(200),
  descrizione: TestoOpzionale(1000),
  serviziErogati: TestoOpzionale(1000),
  itinere: v.optional(v.boolean(), false),
  indirizzi: v.pipe(v.array(IndirizzoSedeSchema), v.minLength(1), v.maxLength(20)),
})
export type SedeBody = v.InferOutput<typeof SedeBodySchema>

/** Answer of `POST /sede/{id}` (detail). */
export const SchedaSedeSchema = v.object({
  id: v.number(), versione: VersioneLettaSchema, nome: v.string(), descrizione: v.nullable(v.string()), serviziErogati: v.nullable(v.string()), itinere: v.boolean(),
  indirizzi: v.array(v.object({ id: v.number(), via: v.string(), civico: v.string(), comune: v.string(), provincia: v.string(), cap: v.string(), regione: v.string(),
    fasceOrarie: v.record(v.string(), FasciaGiornoSchema) })),
  progetti: v.array(v.object({
    idProgetto: v.number(), nomeProgetto: v.string(), idEnte: v.number(), nomeEnte: v.string(), ruoloEnte: v.string(), stato: StatoEntitaSchema,
    /** the facilitators and volunteers of the site for that body and project (optional: added for the site page) */
    facilitatori: v.optional(v.array(v.object({ idUtente: v.number(), nome: v.string(), cognome: v.string(), codiceRuolo: v.string(), stato: StatoEntitaSchema }))),
  })),
})
export type SchedaSede = v.InferOutput<typeof SchedaSedeSchema>

export const TIPI_CONTRATTO = ['Volontario', 'Dipendente', 'Collaboratore'] as const
/** Body of `POST /sede/associa/facilitatore` (platform-backend §2.6). */
export const AssociaFacilitatoreBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  codiceFiscaleFacVol: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.length(16, 'Codice fiscale di 16 caratteri')),
  idProgettoFacVol: IdSchema,
  idSedeFacVol: IdSchema,
  idEnteFacVol: IdSchema,
  tipoContratto: v.picklist(TIPI_CONTRATTO),
})
export type AssociaFacilitatoreBody = v.InferOutput<typeof AssociaFacilitatoreBodySchema>

/** Body of `POST /sede/cancellaOTerminaAssociazione/facilitatore`. */
export const TerminaFacilitatoreBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  idFacilitatore: IdSchema,
  idProgettoFacVol: IdSchema,
  idSedeFacVol: IdSchema,
  idEnteFacVol: IdSchema,
})
export type TerminaFacilitatoreBody = v.InferOutput<typeof TerminaFacilitatoreBodySchema>

// ---- users ---------------------------------------------------------------------------------------

/** Body of `POST /utente` (a manager creates a user; the person completes the data at first access). */
export const UtenteBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  codiceFiscale: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.length(16, 'Codice fiscale di 16 caratteri')),
  nome: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(30)),
  cognome: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(30)),
  email: v.pipe(v.string(), v.trim(), v.email('E-mail non valida'), v.minLength(5), v.maxLength(50)),
  telefono: TestoOpzionale(20),
  mansione: TestoOpzionale(500),
  tipoContratto: v.optional(v.nullable(v.picklist(TIPI_CONTRATTO))),
  /** an optional first role (a global role: DTD, DSCU, MOD or a custom one) */
  codiceRuolo: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)))),
})
export type UtenteBody = v.InferOutput<typeof UtenteBodySchema>

/** Body of `PUT /utente/{id}/ruolo` (add a role profile). */
export const RuoloUtenteBodySchema = v.object({ ...ProfileIdsSchema.entries, codiceRuolo: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)) })

/** Answer of `POST /utente/{id}` (detail with the profiles). */
export const SchedaUtenteSchema = v.object({
  dettaglioUtente: v.object({
    id: v.number(), codiceFiscale: v.string(), nome: v.string(), cognome: v.string(), email: v.nullable(v.string()),
    telefono: v.nullable(v.string()), mansione: v.nullable(v.string()), tipoContratto: v.nullable(v.string()), stato: v.string(),
  }),
  ruoli: v.array(v.object({ codiceRuolo: v.string(), nomeRuolo: v.string() })),
  profili: v.array(v.object({
    codiceRuolo: v.string(), idProgramma: v.nullable(v.number()), nomeProgramma: v.nullable(v.string()),
    idProgetto: v.nullable(v.number()), nomeProgetto: v.nullable(v.string()), idEnte: v.nullable(v.number()), nomeEnte: v.nullable(v.string()),
    stato: StatoEntitaSchema,
  })),
})
export type SchedaUtente = v.InferOutput<typeof SchedaUtenteSchema>

/** Answer of the writes that name what they touched. */
export const IdRispostaSchema = v.object({ id: v.number() })
