/**
 * Step 1 search of 'Aggiungi cittadino al servizio' online: `POST servizio/cittadino` with the profile ids,
 * `criterioRicerca` (fiscal code or document number, in clear inside the HTTPS body — see the contract's
 * note) and `tipoDocumento` 'CF' | 'NUM_DOC'; `idServizio` (server id, when known) makes each match carry
 * `giaAssociatoAlServizio`. Silent call: the modal decides what to show; throws `ApiCallError`.
 */
import { apiPost } from '../../api/client'
import { RicercaCittadinoRispostaSchema, type CittadinoTrovato } from '../../api/contract/cittadino'
import { profileIds } from '../../auth/current-profile'
import type { TipoRicerca } from './aggiungi-cittadino'

export async function cercaCittadino(tipo: TipoRicerca, criterio: string, idServizio: number | null): Promise<CittadinoTrovato[]> {
  return apiPost(
    'servizio/cittadino',
    {
      ...profileIds(),
      criterioRicerca: criterio,
      tipoDocumento: tipo,
      idServizio,
    },
    RicercaCittadinoRispostaSchema,
    { silent: true },
  )
}
