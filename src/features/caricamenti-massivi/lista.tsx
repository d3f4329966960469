/**
 * The mass-upload jobs on the list pattern (platform-frontend §7.2 monitoring and §7.4 'Registro dei
 * caricamenti'): `POST monitoraggiocaricamenti/all` (the generic list engine), newest first; columns ID
 * caricamento · Data e ora avvio · Ente · Intervento · Programma · Progetto · Referente · Totale righe ·
 * Righe scartate · Servizi caricati · Cittadini beneficiari · Stato (with the failure tooltip of spec 002
 * §8) · Report ('Scarica il report' only for a completed job: failed ones hide it); filters Stato and
 * Intervento; search by job id, project, programme or body; CSV `caricamenti.csv`.
 */
import type * as v from 'valibot'
import { CaricamentiPaginaSchema, etichettaStatoJob, type CaricamentoRiga, type FiltroCaricamentiSchema } from '../../api/contract/caricamenti'
import { fetchDropdown } from '../../api/lists'
import { caricamentiKeys } from './keys'
import { formatDisplayDateTime } from '../../lib/dates'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { wireList } from '../../ui/list/wire-list'
import { downloadReport } from './api'
import { StatoJob } from './StatoJob'

type Filtro = v.InferOutput<typeof FiltroCaricamentiSchema>

/** The wire filter of the list's state. */
export function filtroCaricamenti(s: ListState): Filtro {
  return compact({ filtroCriterioRicerca: s.q || undefined, filtroStati: filterValues(s, 'stato'), filtroPolicies: filterValues(s, 'intervento') })
}

const num = (n: number) => n.toLocaleString('it-IT')

/** The jobs list; `queryKey` distinguishes the registry of the upload page from the monitoring page. */
export function caricamentiDefinition(key: string): ListDefinition<CaricamentoRiga> {
  return {
    ...wireList({
      entity: 'monitoraggiocaricamenti', filtro: filtroCaricamenti, schema: CaricamentiPaginaSchema, rows: (d) => d.caricamenti,
      queryKey: caricamentiKeys.lista(key), singular: 'caricamento', plural: 'caricamenti', theseRows: 'i caricamenti massivi', csv: 'caricamenti.csv',
    }),
    caption: 'Elenco dei caricamenti massivi',
    columns: [
      { key: 'id', header: 'ID caricamento', sortKey: 'id', cell: (r) => r.id },
      { key: 'data', header: 'Data e ora avvio', sortKey: 'dataInizio', cell: (r) => formatDisplayDateTime(r.dataInizio) },
      { key: 'ente', header: 'Ente', sortKey: 'nomeEnte', cell: (r) => r.nomeEnte ?? '—' },
      { key: 'intervento', header: 'Intervento', cell: (r) => r.policy ?? '—' },
      { key: 'programma', header: 'Programma', cell: (r) => r.nomeProgramma ?? '—' },
      { key: 'progetto', header: 'Progetto', sortKey: 'nomeProgetto', cell: (r) => r.nomeProgetto ?? '—' },
      { key: 'referente', header: 'Referente', cell: (r) => r.referente ?? '—' },
      { key: 'totale', header: 'Totale righe', cell: (r) => num(r.totaleRighe) },
      { key: 'scartate', header: 'Righe scartate', cell: (r) => num(r.righeScartate) },
      { key: 'servizi', header: 'Servizi caricati', cell: (r) => num(r.serviziCaricati) },
      { key: 'cittadini', header: 'Cittadini beneficiari', cell: (r) => num(r.cittadiniBeneficiari) },
      { key: 'stato', header: 'Stato', sortKey: 'stato', cell: (r) => <StatoJob stato={r.stato} /> },
      {
        key: 'report', header: 'Report', cell: (r) => (r.stato === 'SUCCESS'
          ? <button type="button" className="btn btn-outline-primary btn-xs" onClick={() => { void downloadReport(r) }}>
            Scarica il report<span className="visually-hidden"> del caricamento {r.id}</span>
          </button>
          : '—'),
      },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => `Caricamento ${r.id} · ${formatDisplayDateTime(r.dataInizio)} · ${etichettaStatoJob(r.stato)}`,
    search: { label: 'Cerca caricamento', placeholder: "Inserisci l'ID del caricamento o il nome del progetto, del programma o dell'ente" },
    filters: [
      {
        key: 'stato', label: 'Stato', optionsKey: caricamentiKeys.dropdown('stati'),
        loadOptions: async (signal) => (await fetchDropdown('monitoraggiocaricamenti', 'stati', signal)).map((o) => ({ value: o.value, label: etichettaStatoJob(o.value) })),
      },
      { key: 'intervento', label: 'Intervento', optionsKey: caricamentiKeys.dropdown('policies'), loadOptions: (signal) => fetchDropdown('monitoraggiocaricamenti', 'policies', signal) },
    ],
    defaultSort: { campo: 'dataInizio', verso: 'desc' },
  }
}
