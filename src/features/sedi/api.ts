/**
 * Online calls of the sites screens (platform-backend §2.5, §2.6; spec 002 §3 "Site", §5; contract
 * src/api/contract/gestione.ts): the site's card, create and edit, association to a body in a project,
 * cancel or terminate that association, facilitators and volunteers, and the comuni of a province
 * (`GET /sede/provincia/{sigla}/comuni`, ISTAT list). Reads are kept on the device (`PERSISTENT_READ`);
 * writes go through the one `write` (src/api/write.ts: online only, catalogue toast with the server's
 * message on failure: EN07, EN08, EN09, SD01…; the administrative structure's reads refresh).
 */
import { queryOptions } from '@tanstack/react-query'
import type { StandardSchemaV1 } from 'ky'
import * as v from 'valibot'
import { apiGet, apiPost } from '../../api/client'
import {
  IdRispostaSchema, SchedaSedeSchema, type AssociaFacilitatoreBody, type SedeBody, type TerminaFacilitatoreBody,
} from '../../api/contract/gestione'
import { profileIds } from '../../api/lists'
import { PERSISTENT_CARD, PERSISTENT_READ } from '../../api/query'
import { STRUTTURA_KEYS } from '../../api/query-keys'
import { write, type WriteMethod } from '../../api/write'
import { sediKeys } from './keys'

type SenzaProfilo<T> = Omit<T, 'idProgramma' | 'idProgetto' | 'idEnte'>

/** A write of the sites' pages: the server's message in the toast on failure; the administrative structure's reads refresh. */
const scrivi = <S extends StandardSchemaV1>(method: WriteMethod, path: string, body: object, schema: S) =>
  write({ method, path, body, schema, invalidate: STRUTTURA_KEYS })

/** `POST /sede/{id}` — the site with its addresses, opening hours, projects and people. */
export function schedaSedeQuery(id: string) {
  return queryOptions({
    ...PERSISTENT_CARD,
    queryKey: sediKeys.scheda(id),
    queryFn: ({ signal }) => apiPost(`sede/${encodeURIComponent(id)}`, profileIds(), SchedaSedeSchema, { silent: true, signal }),
  })
}

const ComuniSchema = v.object({ comuni: v.array(v.string()) })

/** `GET /sede/provincia/{sigla}/comuni` — the comuni of a province (reference data: never stale). */
export function comuniQuery(sigla: string) {
  return queryOptions({
    ...PERSISTENT_READ,
    queryKey: sediKeys.comuni(sigla),
    queryFn: async ({ signal }) => (await apiGet(`sede/provincia/${encodeURIComponent(sigla)}/comuni`, ComuniSchema, { silent: true, background: true, signal })).comuni,
    staleTime: Infinity,
    enabled: sigla !== '',
  })
}

/** `POST /sede` → the new site's id (SD01 duplicate name, G02 address). */
export const creaSede = (b: SenzaProfilo<SedeBody>) => scrivi('post', 'sede', b, IdRispostaSchema)

/** `PUT /sede/{id}` (SD02 duplicate name), based on the card's `versione` (issue 27: 409 V01 when stale). */
export const aggiornaSede = (id: number, b: SenzaProfilo<SedeBody>, versione: number) => scrivi('put', `sede/${id}`, { ...b, versione }, IdRispostaSchema)

/** `POST /sede/associa/ente/{e}/sede/{s}/progetto/{p}/ruoloEnte/{gestore|partner}` (EN09). */
export const associaSede = (idEnte: number, idSede: number, idProgetto: number, ruoloEnte: 'gestore' | 'partner') =>
  scrivi('post', `sede/associa/ente/${idEnte}/sede/${idSede}/progetto/${idProgetto}/ruoloEnte/${ruoloEnte}`, {}, IdRispostaSchema)

/** `DELETE /sede/cancellaOTerminaAssociazione/ente/{e}/sede/{s}/progetto/{p}`: removed if NON ATTIVO, else terminated (EN09). */
export const cancellaOTerminaSede = (idEnte: number, idSede: number, idProgetto: number) =>
  scrivi('delete', `sede/cancellaOTerminaAssociazione/ente/${idEnte}/sede/${idSede}/progetto/${idProgetto}`, {}, IdRispostaSchema)

/** `POST /sede/associa/facilitatore` (U20 unknown user, EN07). */
export const associaFacilitatore = (b: SenzaProfilo<AssociaFacilitatoreBody>) => scrivi('post', 'sede/associa/facilitatore', b, IdRispostaSchema)

/** `POST /sede/cancellaOTerminaAssociazione/facilitatore` (EN08 the project's last active one). */
export const terminaFacilitatore = (b: SenzaProfilo<TerminaFacilitatoreBody>) => scrivi('post', 'sede/cancellaOTerminaAssociazione/facilitatore', b, IdRispostaSchema)
