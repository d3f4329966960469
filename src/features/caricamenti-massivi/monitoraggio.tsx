/**
 * The monitoring table of the mass uploads on the list pattern (platform-frontend §7.2;
 * `POST caricamentiAggregati/all`, server/domain/caricamenti/monitoraggio.ts): one row per day, body and
 * project with Data · Ente · Intervento · Programma · Progetto · Caricamenti · Servizi caricati ·
 * Cittadini caricati (sortable), a note on the failed jobs of a row, filters Ente, Intervento, Programma,
 * Progetto (and the days, kept in the URL by the page), CSV `monitoraggio-caricamenti.csv`; the row action
 * 'Vedi i caricamenti' opens the row's jobs (`onDettaglio`). Empty: 'Non sono stati effettuati caricamenti massivi'.
 */
import type { FiltroMonitoraggio, MonitoraggioRiga } from '../../api/contract/caricamenti'
import { MonitoraggioPaginaSchema } from '../../api/contract/caricamenti'
import { fetchDropdown } from '../../api/lists'
import { monitoraggioKeys } from './keys'
import { formatDisplayDate } from '../../lib/dates'
import { countLabel } from '../../lib/plural'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { wireList } from '../../ui/list/wire-list'

/** The days of the 'Ricerca avanzata' ('YYYY-MM-DD' or ''). */
export interface Giorni { dal: string; al: string }

export const FILTRI_MONITORAGGIO = ['ente', 'intervento', 'programma', 'progetto'] as const
export const EMPTY_MONITORAGGIO = 'Non sono stati effettuati caricamenti massivi'

/** The wire filter of the list's state and the days. */
export function filtroMonitoraggio(s: ListState, giorni: Giorni): FiltroMonitoraggio {
  return compact({
    filtroCriterioRicerca: s.q || undefined, filtroEnti: filterValues(s, 'ente'), filtroPolicies: filterValues(s, 'intervento'),
    filtroProgrammi: filterValues(s, 'programma'), filtroProgetti: filterValues(s, 'progetto'), dataInizio: giorni.dal || undefined, dataFine: giorni.al || undefined,
  })
}

const num = (n: number) => n.toLocaleString('it-IT')

/** The table's definition; `onDettaglio` opens the jobs of a row. */
export function monitoraggioDefinition(giorni: Giorni, onDettaglio: (r: MonitoraggioRiga) => void): ListDefinition<MonitoraggioRiga> {
  const opzioni = (tipo: string) => (signal: AbortSignal) => fetchDropdown('caricamentiAggregati', tipo, signal)
  return {
    ...wireList({
      entity: 'caricamentiAggregati', filtro: (s: ListState) => filtroMonitoraggio(s, giorni), schema: MonitoraggioPaginaSchema, rows: (d) => d.caricamentiAggregati,
      queryKey: monitoraggioKeys.lista(giorni.dal, giorni.al), singular: 'riga', plural: 'righe',
      theseRows: 'il monitoraggio dei caricamenti massivi', csv: 'monitoraggio-caricamenti.csv',
    }),
    caption: 'Caricamenti massivi per giorno, ente e progetto',
    columns: [
      { key: 'data', header: 'Data', sortKey: 'dataCaricamenti', cell: (r) => formatDisplayDate(r.dataCaricamenti) },
      { key: 'ente', header: 'Ente', sortKey: 'nomeEnte', cell: (r) => r.nomeEnte ?? '—' },
      { key: 'intervento', header: 'Intervento', sortKey: 'intervento', cell: (r) => r.intervento },
      { key: 'programma', header: 'Programma', sortKey: 'nomeProgramma', cell: (r) => r.nomeProgramma },
      { key: 'progetto', header: 'Progetto', sortKey: 'nomeProgetto', cell: (r) => r.nomeProgetto },
      {
        key: 'caricamenti', header: 'Caricamenti', sortKey: 'numCaricamenti',
        cell: (r) => (r.falliti > 0 ? <>{num(r.numCaricamenti)} <span className="text-secondary">({countLabel(r.falliti, 'non riuscito', 'non riusciti')})</span></> : num(r.numCaricamenti)),
      },
      { key: 'servizi', header: 'Servizi caricati', sortKey: 'serviziAggiunti', cell: (r) => num(r.serviziAggiunti) },
      { key: 'cittadini', header: 'Cittadini caricati', sortKey: 'cittadiniAssociati', cell: (r) => num(r.cittadiniAssociati) },
    ],
    rowKey: (r) => r.chiave,
    summary: (r) => `${formatDisplayDate(r.dataCaricamenti)} · ${r.nomeProgetto} · ${r.nomeEnte ?? ''}`,
    actions: (r) => [{
      label: 'Vedi i caricamenti', name: `Vedi i caricamenti del ${formatDisplayDate(r.dataCaricamenti)} per ${r.nomeProgetto}, ${r.nomeEnte ?? ''}`,
      onClick: () => onDettaglio(r),
    }],
    search: { label: 'Cerca', placeholder: "Inserisci il nome del progetto, del programma o dell'ente" },
    filters: [
      { key: 'ente', label: 'Ente', optionsKey: monitoraggioKeys.dropdown('enti'), loadOptions: opzioni('enti') },
      { key: 'intervento', label: 'Intervento', optionsKey: monitoraggioKeys.dropdown('policies'), loadOptions: opzioni('policies') },
      { key: 'programma', label: 'Programma', optionsKey: monitoraggioKeys.dropdown('programmi'), loadOptions: opzioni('programmi') },
      { key: 'progetto', label: 'Progetto', optionsKey: monitoraggioKeys.dropdown('progetti'), loadOptions: opzioni('progetti') },
    ],
    defaultSort: { campo: 'dataCaricamenti', verso: 'desc' },
    filtersTestId: 'monitoraggio-filtri',
  }
}
