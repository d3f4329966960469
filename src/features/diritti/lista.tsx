/**
 * The erasure requests on the list pattern (issue 28 part 3; `POST richiesteCancellazione/all`, gest.dati.personali;
 * CSV `richieste-cancellazione.csv`): waiting ones first (oldest first), then the decided ones; search by the
 * citizen's id or the requester's name; filter by state. Row actions on a waiting request: 'Esegui' (the erasure's
 * confirmation) and 'Rifiuta' (a note required), both dialogs of RichiesteCancellazionePage.
 */
import { ETICHETTE_STATO_RICHIESTA, RichiesteCancellazioneSchema, STATI_RICHIESTA, type RichiestaCancellazione } from '../../api/contract/diritti'
import { formatDisplayDateTime } from '../../lib/dates'
import { shortMask } from '../../lib/masked-identity'
import { AppLink } from '../../ui/AppLink'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { wireList } from '../../ui/list/wire-list'
import { dirittiKeys } from './keys'

/** How a request names its citizen: the short mask, or the internal id (anonymised: no mask). */
export const nomeRichiesta = (r: RichiestaCancellazione) =>
  (r.identificativoMascherato ? `Cittadino ${shortMask(r.identificativoMascherato)}` : `Cittadino ${r.idCittadino}`)

const STATI = STATI_RICHIESTA.map((s) => ({ value: s, label: ETICHETTE_STATO_RICHIESTA[s] }))

/** The list's definition; `esegui`/`rifiuta` open the dialogs (null: no row actions, e.g. in the route loader). */
export function richiesteDefinition(azioni: { esegui(r: RichiestaCancellazione): void; rifiuta(r: RichiestaCancellazione): void } | null): ListDefinition<RichiestaCancellazione> {
  return {
    ...wireList({
      entity: 'richiesteCancellazione',
      filtro: (s: ListState) => compact({ criterioRicerca: s.q || undefined, stati: filterValues(s, 'stato') }),
      schema: RichiesteCancellazioneSchema, rows: (d) => d.richieste,
      queryKey: dirittiKeys.richieste, singular: 'richiesta', plural: 'richieste', theseRows: 'le richieste di cancellazione',
      csv: 'richieste-cancellazione.csv',
    }),
    caption: 'Richieste di cancellazione',
    columns: [
      { key: 'cittadino', header: 'Cittadino', cell: (r) => <AppLink to={`/area-cittadini/${r.idCittadino}`}>{nomeRichiesta(r)}</AppLink> },
      { key: 'motivo', header: 'Motivo', cell: (r) => r.motivo },
      { key: 'chi', header: 'Richiesta da', cell: (r) => `${r.richiedente} (${r.ruoloRichiedente})` },
      { key: 'quando', header: 'Data', sortKey: 'richiestaIl', cell: (r) => formatDisplayDateTime(r.richiestaIl) },
      { key: 'stato', header: 'Stato', cell: (r) => (r.nota && r.stato !== 'IN_ATTESA' ? `${ETICHETTE_STATO_RICHIESTA[r.stato]}: ${r.nota}` : ETICHETTE_STATO_RICHIESTA[r.stato]) },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => `${nomeRichiesta(r)} — ${ETICHETTE_STATO_RICHIESTA[r.stato]}`,
    actions: azioni ? (r) => (r.stato === 'IN_ATTESA' ? [
      { label: 'Esegui', name: `Esegui la cancellazione di ${nomeRichiesta(r)}`, onClick: () => azioni.esegui(r) },
      { label: 'Rifiuta', name: `Rifiuta la richiesta su ${nomeRichiesta(r)}`, onClick: () => azioni.rifiuta(r) },
    ] : []) : undefined,
    search: { label: 'Cerca richiesta', placeholder: 'Inserisci l’ID del cittadino o il nome di chi ha chiesto' },
    filters: [{ key: 'stato', label: 'Stato', optionsKey: dirittiKeys.filtro('stato'), loadOptions: async () => STATI }],
    defaultSort: { campo: 'priorita', verso: 'asc' },
  }
}
