/**
 * 'Gestione ruoli' list on the list pattern (platform-frontend §1.3, §2.1): `POST ruolo/all` with
 * `criterioRicerca`, `tipologie` (P/NP), `stati`; columns Nome, Codice, Tipologia ('Predefinito' /
 * 'Personalizzato'), Stato, Utenti; row action 'Visualizza' → the role's page; CSV ruoli.csv; kept on the device for offline reading.
 */
import { RuoliListaSchema, type FiltroRuoli, type RuoloRiga } from '../../api/contract/ruoli'
import { fetchDropdown } from '../../api/lists'
import { etichettaTipologia } from '../../lib/ruoli'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { wireList } from '../../ui/list/wire-list'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { ruoloPath } from './api'
import { ruoliKeys } from './keys'

export function filtroRuoli(s: ListState): FiltroRuoli {
  return compact({ criterioRicerca: s.q || undefined, tipologie: filterValues(s, 'tipologia'), stati: filterValues(s, 'stato') })
}

export function ruoliDefinition(): ListDefinition<RuoloRiga> {
  return {
    ...wireList({
      entity: 'ruolo', filtro: filtroRuoli, schema: RuoliListaSchema, rows: (d) => d.ruoli,
      queryKey: ruoliKeys.lista, scoped: false, singular: 'ruolo', plural: 'ruoli', theseRows: 'i ruoli', csv: 'ruoli.csv',
    }),
    caption: 'Elenco ruoli',
    columns: [
      { key: 'nome', header: 'Nome', sortKey: 'nome', cell: (r) => <span className="fw-semibold">{r.nome}</span> },
      { key: 'codice', header: 'Codice', sortKey: 'codice', cell: (r) => r.codice },
      { key: 'tipologia', header: 'Tipologia', cell: (r) => etichettaTipologia(r.tipologia) },
      { key: 'stato', header: 'Stato', cell: (r) => <StatusChip value={r.stato} /> },
      { key: 'utenti', header: 'Utenti', cell: (r) => r.numeroUtenti },
    ],
    rowKey: (r) => r.codice,
    summary: (r) => r.nome,
    actions: (r) => [{ label: 'Visualizza', name: `Visualizza ${r.nome}`, to: ruoloPath(r.codice), breadcrumb: { path: ruoloPath(r.codice), label: r.nome } }],
    search: { label: 'Cerca ruolo', placeholder: 'Inserisci il nome o il codice del ruolo' },
    filters: [
      {
        key: 'tipologia', label: 'Tipologia', optionsKey: ruoliKeys.dropdown('tipologie'),
        loadOptions: async (signal) => (await fetchDropdown('ruolo', 'tipologie', signal)).map((o) => ({ value: o.value, label: etichettaTipologia(o.value === 'P' ? 'P' : 'NP') })),
      },
      { key: 'stato', label: 'Stato', optionsKey: ruoliKeys.dropdown('stati'), loadOptions: (signal) => fetchDropdown('ruolo', 'stati', signal) },
    ],
    defaultSort: { campo: 'nome', verso: 'asc' },
    persist: true,
  }
}
