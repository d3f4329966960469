/**
 * 'Elenco servizi' of a facilitator or volunteer: their services from the device (`useServiziCampo`),
 * filtered, searched and paged in memory (works offline); unsent rows carry the sync chip.
 */
import { useMemo, useState } from 'react'
import { paginate } from '../../../ui/widgets/pagination'
import { useServiziCampo } from '../../campo'
import { FILTRI_VUOTI, filtraRighe, opzioniStato, opzioniTipologia, rigaDaLocale, type FiltriServizi } from './servizi-list'
import { ServiziListView } from './ServiziListView'
import type { ReactNode } from 'react'

export function ServiziCampoList({ csv }: { csv?: (filtri: FiltriServizi) => ReactNode }) {
  const servizi = useServiziCampo()
  const [filtri, setFiltri] = useState<FiltriServizi>(FILTRI_VUOTI)
  const [page, setPage] = useState(1)
  const all = useMemo(() => (servizi ?? []).map(rigaDaLocale), [servizi])
  const filtered = useMemo(() => filtraRighe(all, filtri), [all, filtri])
  const current = paginate(filtered, page)
  return (
    <ServiziListView
      rows={servizi === undefined ? undefined : current.items}
      total={filtered.length}
      page={current.page}
      totalPages={current.totalPages}
      onPage={setPage}
      filtri={filtri}
      onFiltri={(f) => {
        setFiltri(f)
        setPage(1)
      }}
      tipologie={opzioniTipologia(all)}
      stati={opzioniStato(all)}
      csv={csv?.(filtri)}
    />
  )
}
