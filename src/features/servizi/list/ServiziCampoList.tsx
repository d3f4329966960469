/**
 * 'Elenco servizi' of a facilitator or volunteer on the list pattern: their services from the device
 * (`useServiziCampo`), filtered, searched and paged in memory (works offline), newest first; the state
 * (page, search, filters) in the URL like every list. Unsent rows carry the sync chip. 'Scarica CSV' needs
 * the server (disabled offline). The active profile's list also shows the progress of a long first sync
 * (`AllineamentoCampo`), the field window and the older services online (`ServiziPrecedenti`).
 */
import { useMemo } from 'react'
import { QueryProvider } from '../../../api/query'
import { countLabel } from '../../../lib/plural'
import { CsvButton } from '../../../ui/list/CsvButton'
import { ListView } from '../../../ui/list/ListView'
import { useListUrlState } from '../../../ui/list/useListUrlState'
import { optionsOf } from '../../../ui/widgets/filter-options'
import { paginate } from '../../../ui/widgets/pagination'
import { AllineamentoCampo, useServiziCampo } from '../../campo'
import { scaricaServiziCsv } from '../api'
import { T } from '../labels'
import { FILTRO_STATO, FILTRO_TIPOLOGIA, filtraRighe, filtriDaStato, opzioniStato, opzioniTipologia, rigaDaLocale } from './servizi-list'
import { ServiziPrecedenti } from './ServiziPrecedenti'
import { nonAttivoNote, SERVIZI_COLUMNS, servizioSummary } from './ServiziTable'

const FILTER_KEYS = [FILTRO_TIPOLOGIA, FILTRO_STATO]

/** `archivio`: the active profile's list, with the window note, 'Servizi precedenti' and the first sync's progress. */
export function ServiziCampoList({ canDownload, archivio = false }: { canDownload: boolean; archivio?: boolean }) {
  const servizi = useServiziCampo()
  const [state, setState] = useListUrlState({ filters: FILTER_KEYS })
  const filtri = filtriDaStato(state)
  const all = useMemo(() => (servizi ?? []).map(rigaDaLocale), [servizi])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filtri is derived from state
  const filtered = useMemo(() => filtraRighe(all, filtri), [all, state])
  const current = paginate(filtered, state.page)
  return (
    <>
      {archivio && <AllineamentoCampo />}
      <ListView
      caption={T.titoloLista}
      columns={SERVIZI_COLUMNS}
      rowKey={(r) => r.key}
      summary={servizioSummary}
      search={{ label: T.cercaLabel, placeholder: T.cercaPlaceholder }}
      filters={[
        { key: FILTRO_TIPOLOGIA, label: T.filtroTipologia, options: optionsOf(opzioniTipologia(all)) },
        { key: FILTRO_STATO, label: T.filtroStato, options: optionsOf(opzioniStato(all)) },
      ]}
      state={{ ...state, page: current.page }}
      onState={setState}
      rows={servizi === undefined ? undefined : current.items}
      total={filtered.length}
      totalPages={current.totalPages}
      countLabel={(n) => countLabel(n, 'servizio', 'servizi')}
      toolbar={canDownload ? <CsvButton download={() => scaricaServiziCsv(filtri)} /> : undefined}
      footer={nonAttivoNote(current.items, T.nonAttivoElenco)}
      filtersTestId="servizi-filters"
      />
      {archivio && (
        <QueryProvider>
          <ServiziPrecedenti />
        </QueryProvider>
      )}
    </>
  )
}
