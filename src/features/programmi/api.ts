/**
 * Online calls of the programme and project pages (platform-backend §2.1–2.4, §2.7; contract
 * src/api/contract/gestione.ts; server routes server/routes/programma.ts, progetto.ts, ente.ts):
 * - reads: the detail cards as persistable queries (issue 9 point 6), always read again on opening
 *   (staleTime 0: the stored or cached copy shows meanwhile), with the referents' fiscal codes
 *   masked before they reach the cache (a card holding one in clear would never be kept on the device);
 * - writes: create, update, activate, terminate, delete, assign bodies, referents, through the one `write`
 *   (src/api/write.ts): every body carries the chosen profile's ids, failures toast with the catalogue's title
 *   and message and reject with ApiCallError, success refreshes the administrative structure's reads.
 */
import { queryOptions } from '@tanstack/react-query'
import type { StandardSchemaV1 } from 'ky'
import { apiPost } from '../../api/client'
import { STRUTTURA_KEYS } from '../../api/query-keys'
import { write, type WriteMethod } from '../../api/write'
import { EntiListaSchema, type EnteRiga } from '../../api/contract/amministrazione'
import {
  AvvisoSchema, IdRispostaSchema, ProgettoCreatoSchema, ProgrammaCreatoSchema, SchedaProgettoSchema, SchedaProgrammaSchema,
  type EnteBody, type EnteInScheda, type ProgettoBody, type ProgrammaBody, type SchedaProgetto, type SchedaProgramma,
} from '../../api/contract/gestione'
import { SediProgrammaSchema } from '../../api/contract/programma-sedi'
import { fetchListPage, listBody, profileIds } from '../../api/lists'
import { gestioneKeys } from './keys'
import { PERSISTENT_CARD } from '../../api/query'
import { maskFiscalCode } from '../../lib/masked-identity'
import { RUOLI_PARTNER, RUOLI_PROGETTO, RUOLI_PROGRAMMA, type CoppiaRuoli } from '../../lib/ruoli'

type Senza<T> = Omit<T, 'idProgramma' | 'idProgetto' | 'idEnte'>


/** Referents with the fiscal code masked (the card is kept on the device). */
function mascheraEnte<E extends EnteInScheda | null>(e: E): E {
  if (!e) return e
  return { ...e, referenti: e.referenti.map((r) => ({ ...r, codiceFiscale: maskFiscalCode(r.codiceFiscale) ?? '' })) }
}

/** `POST programma/{id}` — the programme card (persisted). */
export function schedaProgrammaQuery(id: string) {
  return queryOptions({
    ...PERSISTENT_CARD,
    queryKey: gestioneKeys.programma(id),
    queryFn: async ({ signal }): Promise<SchedaProgramma> => {
      const s = await apiPost(`programma/${encodeURIComponent(id)}`, profileIds(), SchedaProgrammaSchema, { silent: true, signal })
      return { ...s, enteGestore: mascheraEnte(s.enteGestore) }
    },
  })
}

/** `POST programma/{id}/sedi` — the body-sites of the programme's projects with their facilitators (persisted; no fiscal code). */
export function sediProgrammaQuery(id: string) {
  return queryOptions({
    ...PERSISTENT_CARD,
    queryKey: gestioneKeys.sediProgramma(id),
    queryFn: ({ signal }) => apiPost(`programma/${encodeURIComponent(id)}/sedi`, profileIds(), SediProgrammaSchema, { silent: true, signal }),
  })
}

/** `POST progetto/{id}` — the project card (persisted). */
export function schedaProgettoQuery(id: string) {
  return queryOptions({
    ...PERSISTENT_CARD,
    queryKey: gestioneKeys.progetto(id),
    queryFn: async ({ signal }): Promise<SchedaProgetto> => {
      const s = await apiPost(`progetto/${encodeURIComponent(id)}`, profileIds(), SchedaProgettoSchema, { silent: true, signal })
      return { ...s, enteGestore: mascheraEnte(s.enteGestore), entiPartner: s.entiPartner.map((e) => mascheraEnte(e)) }
    },
  })
}

/**
 * A write of the programme and project pages: the catalogue's toast on failure (the pages also show
 * {@link messaggioErrore} where the user acted); on success the reads of the administrative structure refresh.
 */
const scrivi = <S extends StandardSchemaV1>(method: WriteMethod, path: string, body: object, schema: S) =>
  write({ method, path, body, schema, invalidate: STRUTTURA_KEYS, toast: 'catalogue' })

export const creaProgramma = (b: Senza<ProgrammaBody>) => scrivi('post', 'programma', b, ProgrammaCreatoSchema)
/** Update of a programme based on its read's `versione` (issue 27: 409 V01 when stale). */
export const aggiornaProgramma = (id: number, b: Senza<ProgrammaBody>, versione: number) => scrivi('put', `programma/${id}`, { ...b, versione }, AvvisoSchema)
export const terminaProgramma = (id: number, dataTerminazione: string, versione: number) => scrivi('put', `programma/termina/${id}`, { dataTerminazione, versione }, IdRispostaSchema)
export const eliminaProgramma = (id: number, versione: number) => scrivi('delete', `programma/${id}`, { versione }, IdRispostaSchema)
export const assegnaGestoreProgramma = (id: number, idEnte: number) => scrivi('put', `programma/${id}/assegna/entegestore/${idEnte}`, {}, IdRispostaSchema)

// issue 27: updates, state changes and deletes carry the `versione` of the card they were based on (409 V01 when stale)
export const creaProgetto = (idProgramma: number, b: Senza<ProgettoBody>) => scrivi('post', `progetto?idProgramma=${idProgramma}`, b, ProgettoCreatoSchema)
/** Update of a project based on its read's `versione` (issue 27: 409 V01 when stale). */
export const aggiornaProgetto = (id: number, b: Senza<ProgettoBody>, versione: number) => scrivi('put', `progetto/${id}`, { ...b, versione }, AvvisoSchema)
export const attivaProgetto = (id: number, versione: number) => scrivi('put', `progetto/attiva/${id}`, { versione }, IdRispostaSchema)
export const terminaProgetto = (id: number, dataTerminazione: string, versione: number) => scrivi('put', `progetto/termina/${id}`, { dataTerminazione, versione }, IdRispostaSchema)
export const eliminaProgetto = (id: number, versione: number) => scrivi('delete', `progetto/${id}`, { versione }, IdRispostaSchema)
export const assegnaGestoreProgetto = (id: number, idEnte: number) => scrivi('put', `progetto/${id}/assegna/enteGestore/${idEnte}`, {}, IdRispostaSchema)

/** Where a body sits: managing body of a programme or a project, or partner of a project. */
export type RuoloEnte = 'gestoreProgramma' | 'gestoreProgetto' | 'partner'

export const associaPartner = (idProgetto: number, idEnte: number) => scrivi('put', `ente/partner/associa/${idEnte}/progetto/${idProgetto}`, {}, IdRispostaSchema)

/** Unlinks a NON ATTIVO body (EN16–EN18) or terminates an ATTIVO one (EN19–EN21). */
export function rimuoviEnte(ruolo: RuoloEnte, idEnte: number, idEntita: number, azione: 'cancella' | 'termina') {
  const path = {
    gestoreProgramma: `${azione}gestoreprogramma`, gestoreProgetto: `${azione}gestoreprogetto`, partner: `${azione}entepartner`,
  }[ruolo]
  return scrivi(azione === 'cancella' ? 'delete' : 'put', `ente/${idEnte}/${path}/${idEntita}`, {}, IdRispostaSchema)
}

/** `POST ente` — a new body; answers its id. */
export const creaEnte = (b: Senza<EnteBody>) => scrivi('post', 'ente', b, IdRispostaSchema)

/** `POST ente/all` — up to one page of bodies matching `criterio` (name, short name, VAT number or id). */
export async function cercaEnti(criterio: string, signal?: AbortSignal): Promise<EnteRiga[]> {
  const d = await fetchListPage('ente', 1, listBody(criterio.trim() ? { criterioRicerca: criterio.trim() } : {}, { campo: 'nome', verso: 'asc' }), EntiListaSchema, signal)
  return d.enti
}

/** The referent's and the delegate's role by where the body sits (§2.7), with the names the form shows. */
const sceltaRuoli = (coppia: CoppiaRuoli, dove: string) => [{ codice: coppia[0], label: `Referente ${dove}` }, { codice: coppia[1], label: `Delegato ${dove}` }] as const

/** Role codes of referents (REG, REGP, REPP) and delegates (DEG, DEGP, DEPP) by where the body sits (§2.7). */
export const RUOLI_REFERENTE: Record<RuoloEnte, readonly { codice: string; label: string }[]> = {
  gestoreProgramma: sceltaRuoli(RUOLI_PROGRAMMA, 'ente gestore di programma'),
  gestoreProgetto: sceltaRuoli(RUOLI_PROGETTO, 'ente gestore di progetto'),
  partner: sceltaRuoli(RUOLI_PARTNER, 'ente partner'),
}

/** `POST ente/associa/referenteDelegato/{tipo}` — a referent or delegate by fiscal code (the user must exist). */
export const associaReferente = (ruolo: RuoloEnte, b: { codiceFiscaleUtente: string; idEnteRef: number; idEntita: number; codiceRuolo: string }) =>
  scrivi('post', `ente/associa/referenteDelegato/${ruolo}`, b, IdRispostaSchema)

/** `DELETE ente/referenteDelegato/{tipo}/{idEntita}/ente/{idEnte}/utente/{idUtente}` — NON ATTIVO deleted, ATTIVO terminated. */
export const rimuoviReferente = (ruolo: RuoloEnte, idEntita: number, idEnte: number, idUtente: number) =>
  scrivi('delete', `ente/referenteDelegato/${ruolo}/${idEntita}/ente/${idEnte}/utente/${idUtente}`, {}, IdRispostaSchema)
