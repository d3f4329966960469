/**
 * Role management on the wire (spec 002 §1 routes `/gestione-ruoli`, §6; platform-backend §1.2, §3.1;
 * platform-frontend §2.1–2.2): roles with their permission groups, custom roles created from groups.
 * - `POST /ruolo/all` (list.ruoli): the list engine's page `{ruoli, numeroPagine, numeroTotaleElementi}`;
 * - `GET /ruolo/{codice}` (view.ruoli): the role with its groups and their permissions;
 * - `GET /gruppo/all` (list.ruoli): every permission group with its permissions;
 * - `POST /ruolo` (new.ruoli) → 201 `{codice}`; `PUT /ruolo/{codice}` (add.upd.permessi);
 *   `DELETE /ruolo/{codice}` (del.ruoli). Errors R01 (name in use), R09 (predefined, not editable),
 *   R10/R11/R12 (not deletable), R14 (unknown role).
 */
import * as v from 'valibot'
import { OrdinamentoSchema } from './amministrazione'
import { ProfileIdsSchema, VersioneLettaSchema } from './common'
import { MAX_FILTER_VALUES } from './servizio'

/** `tipologia`: P predefined, NP custom ('non predefinito'). */
export const TipologiaRuoloSchema = v.picklist(['P', 'NP'])

/** Role name typed by the DTD (it is also the code): 2–50 letters, digits, spaces, '.', '-', '_'. */
export const NomeRuoloSchema = v.pipe(
  v.string(), v.trim(), v.transform((s) => s.replace(/\s+/g, ' ')),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{1,49}$/, 'Il nome del ruolo deve avere da 2 a 50 caratteri: lettere senza accenti, cifre, spazi, punti e trattini.'),
)

export const FiltroRuoliSchema = v.object({
  criterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  tipologie: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(10))), v.maxLength(MAX_FILTER_VALUES))),
  stati: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(20))), v.maxLength(MAX_FILTER_VALUES))),
})
export const RuoliListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.nullable(FiltroRuoliSchema)),
  ordinamento: v.optional(v.nullable(OrdinamentoSchema)),
})
export type FiltroRuoli = v.InferOutput<typeof FiltroRuoliSchema>

export const RuoloRigaSchema = v.object({
  codice: v.string(),
  nome: v.string(),
  tipologia: TipologiaRuoloSchema,
  stato: v.string(),
  numeroUtenti: v.number(),
})
export type RuoloRiga = v.InferOutput<typeof RuoloRigaSchema>
export const RuoliListaSchema = v.object({ ruoli: v.array(RuoloRigaSchema), numeroPagine: v.number(), numeroTotaleElementi: v.number() })

export const PermessoSchema = v.object({ codice: v.string(), descrizione: v.string() })
export const GruppoSchema = v.object({ codice: v.string(), descrizione: v.string(), permessi: v.array(PermessoSchema) })
export type Gruppo = v.InferOutput<typeof GruppoSchema>
export const GruppiSchema = v.array(GruppoSchema)

export const DettaglioRuoloSchema = v.object({
  codice: v.string(),
  nome: v.string(),
  tipologia: TipologiaRuoloSchema,
  stato: v.string(),
  modificabile: v.boolean(),
  numeroUtenti: v.number(),
  gruppi: v.array(GruppoSchema),
  versione: VersioneLettaSchema,
})
export type DettaglioRuolo = v.InferOutput<typeof DettaglioRuoloSchema>

const GruppiScelti = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(60))),
  v.minLength(1, 'Scegli almeno un gruppo di permessi.'),
  v.maxLength(200),
)

export const CreaRuoloBodySchema = v.object({ ...ProfileIdsSchema.entries, nome: NomeRuoloSchema, gruppi: GruppiScelti })
export type CreaRuoloBody = v.InferOutput<typeof CreaRuoloBodySchema>
export const AggiornaRuoloBodySchema = v.object({ ...ProfileIdsSchema.entries, nome: NomeRuoloSchema, gruppi: GruppiScelti })
export type AggiornaRuoloBody = v.InferOutput<typeof AggiornaRuoloBodySchema>
export const RuoloCreatoSchema = v.object({ codice: v.string() })
