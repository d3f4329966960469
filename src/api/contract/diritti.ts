/**
 * The citizen's rights on the wire (issue 28 part 3; GDPR art. 15, 17, 20; server/domain/diritti/), under `/api`:
 * - `POST /cittadino/{id}/datiPersonali?uso=file|stampa` (gest.dati.personali): everything held about the citizen,
 *   {@link EsportazioneCittadino}, streamed as one JSON document (the file `dati-cittadino-{id}.json`, or the data
 *   of the printable page); recorded in the access register (`esportazione`);
 * - `POST /cittadino/{id}/cancellazione/riepilogo` (gest.dati.personali or rich.canc.cittadino): what an erasure
 *   would remove, {@link RiepilogoCancellazione};
 * - `POST /cittadino/{id}/cancellazione` (gest.dati.personali): the erasure, with a reason (and the request it
 *   executes); 409 DP03 when already erased or anonymised; recorded (`cancellazione`);
 * - `POST /cittadino/{id}/richiestaCancellazione` (rich.canc.cittadino): a request with its reason, 201;
 * - `POST /richiesteCancellazione/all` (gest.dati.personali; generic list engine, with `/download` →
 *   `richieste-cancellazione.csv`): the requests about citizens in the caller's scope, paged, waiting ones first
 *   (oldest first), then the decided ones (newest first); filter by state, search by the citizen's id or the
 *   requester's name;
 * - `POST /richiesteCancellazione/{id}/rifiuta` (gest.dati.personali): a rejection with a note (409 DP02).
 * After an erasure every write naming the citizen answers 410 DP01 'Il cittadino è stato cancellato su sua richiesta.'
 */
import * as v from 'valibot'
import { OrdinamentoSchema } from './amministrazione'
import { IdCittadinoSchema, ProfileIdsSchema } from './common'

/** Longest reason or note. */
export const MOTIVO_MAX = 1000
const Testo = v.pipe(v.string(), v.trim(), v.minLength(3, 'Indica il motivo'), v.maxLength(MOTIVO_MAX))

export const UsoEsportazioneSchema = v.object({ uso: v.optional(v.picklist(['file', 'stampa']), 'file') })

/** One answer of a survey, decoded to the question's text where the template is known. */
export const RispostaEsportataSchema = v.object({ idDomanda: v.string(), domanda: v.nullable(v.string()), valori: v.array(v.string()) })
export const SezioneEsportataSchema = v.object({ id: v.string(), titolo: v.string(), risposte: v.array(RispostaEsportataSchema) })

/** Everything held about one citizen (art. 15 and 20). Never the fiscal code: the platform does not keep it. */
export const EsportazioneCittadinoSchema = v.object({
  formato: v.literal('punto-digitale/dati-cittadino@1'),
  generatoIl: v.string(),
  cittadino: v.object({
    id: IdCittadinoSchema,
    identificativoMascherato: v.nullable(v.string()),
    conCodiceFiscale: v.boolean(),
    tipoDocumento: v.nullable(v.string()),
    genere: v.nullable(v.string()),
    fasciaDiEta: v.nullable(v.string()),
    titoloDiStudio: v.nullable(v.string()),
    occupazione: v.nullable(v.string()),
    cittadinanza: v.nullable(v.string()),
    provinciaDiDomicilio: v.nullable(v.string()),
    registratoIl: v.string(),
    aggiornatoIl: v.string(),
    anonimizzatoIl: v.nullable(v.string()),
  }),
  consensi: v.array(v.object({ tipo: v.string(), data: v.nullable(v.string()) })),
  servizi: v.array(v.object({
    idServizio: v.number(), nome: v.string(), data: v.string(), tipologia: v.string(), sede: v.string(), ente: v.string(),
    progetto: v.string(), programma: v.string(), ruoloFacilitatore: v.string(), aggiuntoIl: v.string(),
  })),
  questionari: v.array(v.object({
    id: v.string(), idServizio: v.number(), stato: v.string(), modello: v.nullable(v.string()), aggiornatoIl: v.string(),
    sezioni: v.array(SezioneEsportataSchema),
  })),
  richiesteCancellazione: v.array(v.object({ id: v.number(), stato: v.string(), richiestaIl: v.string(), decisaIl: v.nullable(v.string()) })),
  registroAccessi: v.array(v.object({
    quando: v.string(), ruolo: v.nullable(v.string()), entita: v.string(), idEntita: v.nullable(v.string()), azione: v.string(), esito: v.string(),
  })),
})
export type EsportazioneCittadino = v.InferOutput<typeof EsportazioneCittadinoSchema>

/** What an erasure removes (the confirmation names it). */
export const RiepilogoCancellazioneSchema = v.object({
  idCittadino: IdCittadinoSchema,
  giaCancellato: v.boolean(),
  servizi: v.number(),
  questionari: v.number(),
  consensi: v.number(),
  collegamenti: v.number(),
  richiesteInAttesa: v.number(),
})
export type RiepilogoCancellazione = v.InferOutput<typeof RiepilogoCancellazioneSchema>

export const CancellazioneBodySchema = v.object({ ...ProfileIdsSchema.entries, motivo: Testo, idRichiesta: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) })
export type CancellazioneBody = v.InferOutput<typeof CancellazioneBodySchema>
export const CancellazioneEsitoSchema = v.object({ idCittadino: IdCittadinoSchema, questionari: v.number() })

export const RichiestaBodySchema = v.object({ ...ProfileIdsSchema.entries, motivo: Testo })
export const RichiestaCreataSchema = v.object({ id: v.number() })
export const RifiutoBodySchema = v.object({ ...ProfileIdsSchema.entries, nota: Testo })

export const STATI_RICHIESTA = ['IN_ATTESA', 'ESEGUITA', 'RIFIUTATA'] as const
export const ETICHETTE_STATO_RICHIESTA: Record<(typeof STATI_RICHIESTA)[number], string> = {
  IN_ATTESA: 'In attesa', ESEGUITA: 'Eseguita', RIFIUTATA: 'Rifiutata',
}

/** One erasure request as the data-protection role reads it. */
export const RichiestaCancellazioneSchema = v.object({
  id: v.number(),
  idCittadino: IdCittadinoSchema,
  identificativoMascherato: v.nullable(v.string()),
  motivo: v.string(),
  stato: v.picklist(STATI_RICHIESTA),
  richiedente: v.string(),
  ruoloRichiedente: v.string(),
  richiestaIl: v.string(),
  decisaIl: v.nullable(v.string()),
  nota: v.nullable(v.string()),
})
export type RichiestaCancellazione = v.InferOutput<typeof RichiestaCancellazioneSchema>

/** The requests list's filter: search (the citizen's id, or part of the requester's name) and states. */
export const FiltroRichiesteSchema = v.object({
  criterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  stati: v.optional(v.nullable(v.pipe(v.array(v.picklist(STATI_RICHIESTA)), v.maxLength(STATI_RICHIESTA.length)))),
})
export type FiltroRichieste = v.InferOutput<typeof FiltroRichiesteSchema>
export const RichiesteListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.nullable(FiltroRichiesteSchema)),
  ordinamento: v.optional(v.nullable(OrdinamentoSchema)),
})
/** A page of the requests list. */
export const RichiesteCancellazioneSchema = v.object({
  richieste: v.array(RichiestaCancellazioneSchema),
  numeroPagine: v.number(),
  numeroTotaleElementi: v.number(),
})
/** The requests list's sort keys: waiting first (the default), or by the request's date. */
export const ORDINAMENTO_RICHIESTE = { priorita: 'priorita', data: 'richiestaIl' } as const
