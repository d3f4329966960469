/**
 * Field sync (issue 25 point 2, replacing the one-answer `GET /campo/bootstrap` of issue #3 point 5): see
 * `CampoSyncPaginaSchema` below. What the device needs to work without network, per profile (project + body):
 * own services with their Q3, their citizens (demographics only) and survey instances, the programme's ATTIVO
 * template and every template snapshot the services use, the facilitator's sites, the project's dates and the
 * programme's minors configuration. `CampoBootstrap` is what a whole sync amounts to (tests aggregate pages
 * into it).
 * Provinces are the static `/data/province.json`; enumerations are in `src/api/contract/enums.ts`.
 */
import * as v from 'valibot'
import { CittadinoTrovatoSchema } from './cittadino'
import { VersioneLettaSchema, VersioneRispostaSchema } from './common'
import { QuestionarioCompilatoSchema, QuestionarioTemplateSchema } from './questionario'
import { OpzioneSchema, StatoServizioSchema } from './servizio'

/** A service of the facilitator as the device stores it. */
export const ServizioCampoSchema = v.object({
  id: v.number(),
  idLocale: v.nullable(v.string()),
  nome: v.string(),
  data: v.string(),
  durataServizio: v.string(),
  tipologiaServizio: v.array(v.string()),
  idEnte: v.number(),
  idSede: v.number(),
  nomeSede: v.string(),
  stato: StatoServizioSchema,
  /** Q3 in the contract's encoding */
  sezioneQ3Questionario: v.string(),
  idQuestionarioTemplateSnapshot: v.string(),
  dataOraAggiornamento: v.string(),
  /** the row version an edit of the service is based on (issue 27; absent from an older server) */
  versione: VersioneLettaSchema,
})
export type ServizioCampo = v.InferOutput<typeof ServizioCampoSchema>

/**
 * Answer of the field's service writes as the outbox reads it (`POST/PUT/DELETE servizio`): the service's id and,
 * for a creation or an update, its new `versione` (issue 27), which the device's copy keeps for the next edit.
 */
export const IdServizioVersioneSchema = v.object({ idServizio: v.number(), ...VersioneRispostaSchema.entries })
export type IdServizioVersione = v.InferOutput<typeof IdServizioVersioneSchema>

/** The programme's minors configuration (platform-backend §9): 14–17 allowed from `dataDecorrenza`. */
export const ConfigurazioneMinorenniCampoSchema = v.object({
  dataAbilitazione: v.string(),
  dataDecorrenza: v.string(),
})

/** What a whole sync amounts to, all pages together (the removed `GET /campo/bootstrap` answered it at once). */
export const CampoBootstrapSchema = v.object({
  /** ISO timestamp of the snapshot */
  generatedAt: v.string(),
  profilo: v.object({
    codiceRuolo: v.string(),
    idProgramma: v.number(),
    idProgetto: v.number(),
    idEnte: v.number(),
  }),
  /** the profile project's dates ('YYYY-MM-DD'): a service date must fall within them (A06); null ends are open */
  progetto: v.object({
    dataInizio: v.nullable(v.string()),
    dataFine: v.nullable(v.string()),
  }),
  servizi: v.array(ServizioCampoSchema),
  /** the citizens of those services (demographics, no identifier but the server id) */
  cittadini: v.array(CittadinoTrovatoSchema),
  questionari: v.array(QuestionarioCompilatoSchema),
  /** the programme's ATTIVO template (null: services cannot be created, S04) */
  template: v.nullable(QuestionarioTemplateSchema),
  /** every template the services' snapshots refer to (the ATTIVO one included), by id */
  templateSnapshot: v.array(QuestionarioTemplateSchema),
  sedi: v.array(OpzioneSchema),
  configurazioneMinorenni: v.nullable(ConfigurazioneMinorenniCampoSchema),
})
export type CampoBootstrap = v.InferOutput<typeof CampoBootstrapSchema>

/** The reference data of a field profile: what the forms need besides the records (sent when they changed). */
export const CampoRiferimentiSchema = v.object({
  profilo: v.object({ codiceRuolo: v.string(), idProgramma: v.number(), idProgetto: v.number(), idEnte: v.number() }),
  progetto: v.object({ dataInizio: v.nullable(v.string()), dataFine: v.nullable(v.string()) }),
  template: v.nullable(QuestionarioTemplateSchema),
  templateSnapshot: v.array(QuestionarioTemplateSchema),
  sedi: v.array(OpzioneSchema),
  configurazioneMinorenni: v.nullable(ConfigurazioneMinorenniCampoSchema),
})
export type CampoRiferimentiWire = v.InferOutput<typeof CampoRiferimentiSchema>

/** Days of the field window: services dated within them (or with a survey still open) live on the device. */
export const GIORNI_FINESTRA_CAMPO = 90

/**
 * One page of `GET /campo/sync?idProgramma&idProgetto&idEnte[&cursore]` (issue 25 point 2), FAC/VOL only.
 *
 * Protocol: without `cursore` the server starts a whole sync (`modalita: 'completa'`); the device asks again
 * with the page's `cursore` while `completo` is false. The `cursore` of the last page (`completo: true`) is
 * kept on the device, per profile; the next sync sends it and gets only what changed since (`'incrementale'`):
 * records created or updated, and in `rimossi` the services that left the device (deleted, given to another
 * facilitator, project or body, or aged out of the window) and the survey instances deleted. A cursor the
 * server cannot use (unreadable, another profile, too old) starts a whole sync instead: never an error.
 * At the end of a whole sync the device drops its confirmed copies of the profile that no page returned.
 *
 * The window (`finestra`): services dated on or after `finestra.dal` (today − GIORNI_FINESTRA_CAMPO) and
 * services with a survey still to be compiled, with their survey instances and citizens. Older services
 * are read online on demand (`GET /campo/archivio`, `GET /campo/servizio/{id}`).
 * Pages are bounded (a few hundred records); the server never builds the whole answer in memory.
 */
export const CampoSyncPaginaSchema = v.object({
  /** ISO timestamp of the page */
  generatedAt: v.string(),
  modalita: v.picklist(['completa', 'incrementale']),
  /** on the first page of a sync when they changed since the cursor (always on a whole sync); else null */
  riferimenti: v.nullable(CampoRiferimentiSchema),
  finestra: v.object({ dal: v.string(), giorni: v.number() }),
  servizi: v.array(ServizioCampoSchema),
  /** the citizens of this page's survey instances (demographics, no identifier but the server id) */
  cittadini: v.array(CittadinoTrovatoSchema),
  questionari: v.array(QuestionarioCompilatoSchema),
  /** server ids that leave the device (a removed service takes its instances with it) */
  rimossi: v.object({ servizi: v.array(v.number()), questionari: v.array(v.string()) }),
  /** opaque: the next page's, or (completo) the one to keep for the next sync */
  cursore: v.string(),
  completo: v.boolean(),
  /** progress of this sync: records sent so far (this page included) of the total expected */
  avanzamento: v.object({ inviati: v.number(), totale: v.number() }),
})
export type CampoSyncPagina = v.InferOutput<typeof CampoSyncPaginaSchema>

/**
 * `GET /campo/servizio/{id}?idProgramma&idProgetto&idEnte`: one service of the profile with its survey
 * instances and citizens, for a service outside the window opened online (same records as a sync page).
 */
export const CampoServizioSchema = v.object({
  servizio: ServizioCampoSchema,
  cittadini: v.array(CittadinoTrovatoSchema),
  questionari: v.array(QuestionarioCompilatoSchema),
})
export type CampoServizio = v.InferOutput<typeof CampoServizioSchema>

/**
 * `GET /campo/archivio?idProgramma&idProgetto&idEnte&prima=YYYY-MM-DD[&cursore]`: the profile's services
 * dated before `prima` (outside the window), newest first, 50 per page; `cursore` is null on the last page.
 */
export const CampoArchivioSchema = v.object({
  servizi: v.array(ServizioCampoSchema),
  cursore: v.nullable(v.string()),
})
export type CampoArchivio = v.InferOutput<typeof CampoArchivioSchema>
