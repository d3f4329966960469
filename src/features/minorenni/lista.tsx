/**
 * The programme enablement table (spec 002 §2: 'Nome Programma', Intervento, 'Data di Abilitazione',
 * 'Data di Decorrenza', 'Stato abilitazione'; sortable by nome_programma, intervento, data_abilitazione,
 * data_decorrenza) on the list pattern: `POST configurazioneminorenni/all`; row action 'Revoca' for
 * gest.conf.min (a confirmation in MinorenniPage).
 */
import { MinorenniListaSchema, type ConfigurazioneMinorenni } from '../../api/contract/minorenni'
import { formatDisplayDate } from '../../lib/dates'
import type { ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { wireList } from '../../ui/list/wire-list'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { minorenniKeys } from './keys'

export function minorenniDefinition(revoca: ((r: ConfigurazioneMinorenni) => void) | null): ListDefinition<ConfigurazioneMinorenni> {
  return {
    ...wireList({
      entity: 'configurazioneminorenni', filtro: (s: ListState) => (s.q ? { criterioRicerca: s.q } : {}), schema: MinorenniListaSchema, rows: (d) => d.configurazioniMinorenniList,
      queryKey: minorenniKeys.lista, singular: 'programma abilitato', plural: 'programmi abilitati', theseRows: 'i programmi abilitati', csv: 'configurazioni-minorenni.csv',
    }),
    caption: 'Programmi abilitati ai minorenni',
    columns: [
      { key: 'nome', header: 'Nome Programma', sortKey: 'nome_programma', cell: (r) => <span className="fw-semibold">{r.nomeProgramma}</span> },
      { key: 'intervento', header: 'Intervento', sortKey: 'intervento', cell: (r) => r.intervento },
      { key: 'abilitazione', header: 'Data di Abilitazione', sortKey: 'data_abilitazione', cell: (r) => formatDisplayDate(r.dataAbilitazione) },
      { key: 'decorrenza', header: 'Data di Decorrenza', sortKey: 'data_decorrenza', cell: (r) => formatDisplayDate(r.dataDecorrenza) },
      { key: 'stato', header: 'Stato abilitazione', cell: (r) => <StatusChip value={r.statoAbilitazione} /> },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => r.nomeProgramma,
    actions: revoca ? (r) => [{ label: 'Revoca', name: `Revoca l’abilitazione di ${r.nomeProgramma}`, onClick: () => revoca(r) }] : undefined,
    search: { label: 'Cerca programma', placeholder: 'Inserisci il nome o il codice del programma' },
    filters: [],
    defaultSort: { campo: 'nome_programma', verso: 'asc' },
    persist: true,
  }
}
