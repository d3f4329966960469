/**
 * Online calls of the bodies screens (platform-backend §1.1, §2.3, §2.4, §2.7; contract
 * src/api/contract/gestione.ts): the body's card, create and edit, association as partner of a project,
 * the project card read by the page of a body inside a project, referents and delegates. Reads are
 * kept on the device for offline reading (`PERSISTENT_READ`; answers with a fiscal code in clear are
 * dropped by the persister); writes go through the one `write` (src/api/write.ts: online only, catalogue toast with the server's
 * message on failure; the administrative structure's reads refresh).
 */
import { queryOptions } from '@tanstack/react-query'
import type { StandardSchemaV1 } from 'ky'
import { apiPost } from '../../api/client'
import { ProgettiListaSchema, type ProgettoRiga } from '../../api/contract/amministrazione'
import {
  IdRispostaSchema, SchedaEnteSchema, SchedaProgettoSchema, type EnteBody, type EnteInScheda, type SchedaProgetto,
} from '../../api/contract/gestione'
import { fetchListPage, listBody, profileIds } from '../../api/lists'
import { PERSISTENT_CARD } from '../../api/query'
import { STRUTTURA_KEYS } from '../../api/query-keys'
import { write, type WriteMethod } from '../../api/write'
import { entiKeys } from './keys'

/** A write of the bodies' pages: the server's message in the toast on failure; the administrative structure's reads refresh. */
const scrivi = <S extends StandardSchemaV1>(method: WriteMethod, path: string, body: object, schema: S) =>
  write({ method, path, body, schema, invalidate: STRUTTURA_KEYS })

/** `POST /ente/{id}` — the body with the programmes and projects it holds. */
export function schedaEnteQuery(id: string) {
  return queryOptions({
    ...PERSISTENT_CARD,
    queryKey: entiKeys.scheda(id),
    queryFn: ({ signal }) => apiPost(`ente/${encodeURIComponent(id)}`, profileIds(), SchedaEnteSchema, { silent: true, signal }),
  })
}

/** The card without the referents' fiscal codes (the page does not show them): it can be kept on the device. */
export function senzaCodiciFiscali(s: SchedaProgetto): SchedaProgetto {
  const ente = (e: EnteInScheda): EnteInScheda => ({ ...e, referenti: e.referenti.map((r) => ({ ...r, codiceFiscale: '' })) })
  return { ...s, enteGestore: s.enteGestore ? ente(s.enteGestore) : null, entiPartner: s.entiPartner.map(ente) }
}

/** `POST /progetto/{id}` — the project with its bodies, referents (fiscal codes left out), sites and facilitators. */
export function schedaProgettoQuery(id: string) {
  return queryOptions({
    ...PERSISTENT_CARD,
    queryKey: entiKeys.progetto(id),
    queryFn: async ({ signal }) => senzaCodiciFiscali(await apiPost(`progetto/${encodeURIComponent(id)}`, profileIds(), SchedaProgettoSchema, { silent: true, signal })),
  })
}

/** `POST /ente` → the new body's id. */
export const creaEnte = (body: Omit<EnteBody, 'idProgramma' | 'idProgetto' | 'idEnte'>) => scrivi('post', 'ente', body, IdRispostaSchema)

/** `PUT /ente/{id}`. */
/** Update of a body based on its card's `versione` (issue 27: 409 V01 when stale). */
export const aggiornaEnte = (id: number, body: Omit<EnteBody, 'idProgramma' | 'idProgetto' | 'idEnte'>, versione: number) =>
  scrivi('put', `ente/${id}`, { ...body, versione }, IdRispostaSchema)

/** `PUT /ente/partner/associa/{idEnte}/progetto/{idProgetto}` (EN26, EN27). */
export const associaPartner = (idEnte: number, idProgetto: number) => scrivi('put', `ente/partner/associa/${idEnte}/progetto/${idProgetto}`, {}, IdRispostaSchema)

/** `PUT /ente/{idEnte}/terminaentepartner/{idProgetto}` (ATTIVO only, EN21). */
export const terminaPartner = (idEnte: number, idProgetto: number) => scrivi('put', `ente/${idEnte}/terminaentepartner/${idProgetto}`, {}, IdRispostaSchema)

/** `DELETE /ente/{idEnte}/cancellaentepartner/{idProgetto}` (NON ATTIVO only, EN16). */
export const cancellaPartner = (idEnte: number, idProgetto: number) => scrivi('delete', `ente/${idEnte}/cancellaentepartner/${idProgetto}`, {}, IdRispostaSchema)

export type TipoReferenteProgetto = 'gestoreProgetto' | 'partner'

/** `POST /ente/associa/referenteDelegato/{tipo}` — a referent or delegate by fiscal code. */
export const aggiungiReferente = (tipo: TipoReferenteProgetto, b: { codiceFiscaleUtente: string; idEnteRef: number; idEntita: number; codiceRuolo: string }) =>
  scrivi('post', `ente/associa/referenteDelegato/${tipo}`, b, IdRispostaSchema)

/** `DELETE /ente/referenteDelegato/{tipo}/{idEntita}/ente/{idEnte}/utente/{idUtente}` (EN22/EN23 for the last referent). */
export const rimuoviReferente = (tipo: TipoReferenteProgetto, idEntita: number, idEnte: number, idUtente: number) =>
  scrivi('delete', `ente/referenteDelegato/${tipo}/${idEntita}/ente/${idEnte}/utente/${idUtente}`, {}, IdRispostaSchema)

/** `POST /progetto/all` searched by `criterio` (name or id): the first page of matching projects. */
export async function cercaProgetti(criterio: string, signal?: AbortSignal): Promise<ProgettoRiga[]> {
  const d = await fetchListPage('progetto', 1, listBody({ filtroCriterioRicerca: criterio }), ProgettiListaSchema, signal)
  return d.progetti
}

