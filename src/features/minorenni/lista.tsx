/**
 * The programme enablement table (spec 002 §2: 'Nome Programma', Intervento, 'Data di Abilitazione',
 * 'Data di Decorrenza', 'Stato abilitazione'; sortable by nome_programma, intervento, data_abilitazione,
 * data_decorrenza) on the list pattern: `POST configurazioneminorenni/all`; row action 'Revoca' for
 * gest.conf.min (a confirmation in MinorenniPage).
 */
import { MinorenniListaSchema, type ConfigurazioneMinorenni } from '../../api/contract/minorenni'
import { downloadCsv, fetchListPage, listBody, profileScope } from '../../api/lists'
import { formatDisplayDate } from '../../lib/dates'
import { countLabel } from '../../lib/plural'
import type { ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { StatusChip } from '../../ui/widgets/StatusChip'

export function minorenniDefinition(revoca: ((r: ConfigurazioneMinorenni) => void) | null): ListDefinition<ConfigurazioneMinorenni> {
  const body = (s: ListState) => listBody(s.q ? { criterioRicerca: s.q } : {}, s.sort)
  return {
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
    queryKey: ['minorenni', 'lista', ...profileScope()],
    fetchPage: async (s, signal) => {
      const d = await fetchListPage('configurazioneminorenni', s.page, body(s), MinorenniListaSchema, signal)
      return { rows: d.configurazioniMinorenniList, total: d.numeroTotaleElementi, totalPages: d.numeroPagine }
    },
    countLabel: (n) => countLabel(n, 'programma abilitato', 'programmi abilitati'),
    errorMessage: 'Non è stato possibile caricare i programmi abilitati. Controlla la connessione e riprova.',
    download: (s) => downloadCsv('configurazioneminorenni', body(s), 'configurazioni-minorenni.csv'),
    persist: true,
  }
}
