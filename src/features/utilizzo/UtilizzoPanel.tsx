/**
 * 'Utilizzo' panel of the data area (issue 13, spec 000 §7 analytics): counts of the usage events
 * (downloads, likes, chat openings) by period, event, type, role and programme, as a table and as CSV.
 * Self-contained (its own query, filters and download); shown only to who holds `view.utilizzo` (DTD),
 * renders nothing otherwise. Needs the network (counts are not kept on the device).
 */
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { RiepilogoFiltro, RigaUtilizzo } from '../../api/contract/profilo'
import { saveFile } from '../../api/lists'
import { QueryProvider } from '../../api/query'
import { hasAll } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { ResponsiveTable, type Column } from '../../ui/widgets/ResponsiveTable'
import { riepilogoUtilizzoQuery } from './api'
import { EVENT_LABELS, PERIOD_LABEL, utilizzoCsv } from './utilizzo-csv'

const COLUMNS: Column<RigaUtilizzo>[] = [
  { key: 'periodo', header: 'Periodo', cell: (r) => PERIOD_LABEL(r.periodo) },
  { key: 'event', header: 'Evento', cell: (r) => EVENT_LABELS[r.event] ?? r.event },
  { key: 'event_type', header: 'Tipo', cell: (r) => r.event_type },
  { key: 'role_code', header: 'Ruolo', cell: (r) => r.role_code },
  { key: 'programma', header: 'Programma', cell: (r) => r.nomeProgramma ?? (r.program_id === null ? 'Nessun programma' : r.program_id) },
  { key: 'totale', header: 'Totale', cell: (r) => r.totale.toLocaleString('it-IT') },
]

export function UtilizzoPanel() {
  return (
    <QueryProvider>
      <Panel />
    </QueryProvider>
  )
}

function Panel() {
  const { permessi } = useSession()
  const id = useId()
  const [filtro, setFiltro] = useState<RiepilogoFiltro>({ periodo: 'mese' })
  const allowed = hasAll(permessi, ['view.utilizzo'])
  const query = useQuery(riepilogoUtilizzoQuery(filtro, allowed))
  if (!allowed) return null
  const righe = query.data?.righe ?? []
  const set = (patch: Partial<RiepilogoFiltro>) => setFiltro((f) => {
    const next = { ...f, ...patch }
    if (!next.dal) delete next.dal
    if (!next.al) delete next.al
    return next
  })

  return (
    <section aria-labelledby={`${id}-titolo`} className="mb-5" data-testid="utilizzo-panel">
      <h2 id={`${id}-titolo`} className="h4 mb-2">Utilizzo</h2>
      <p className="small mb-3">Download, mi piace e aperture della chat, contati per ruolo e programma. Non contengono dati personali.</p>
      <div className="row g-3 align-items-end mb-3">
        <div className="col-12 col-sm-4 col-lg-3">
          <label htmlFor={`${id}-periodo`} className="form-label">Raggruppa per</label>
          <select id={`${id}-periodo`} className="form-select" value={filtro.periodo} onChange={(e) => set({ periodo: e.target.value as RiepilogoFiltro['periodo'] })}>
            <option value="giorno">Giorno</option>
            <option value="mese">Mese</option>
            <option value="totale">Intero periodo</option>
          </select>
        </div>
        <div className="col-6 col-sm-4 col-lg-3">
          <label htmlFor={`${id}-dal`} className="form-label">Dal</label>
          <input id={`${id}-dal`} type="date" className="form-control" value={filtro.dal ?? ''} onChange={(e) => set({ dal: e.target.value || undefined })} />
        </div>
        <div className="col-6 col-sm-4 col-lg-3">
          <label htmlFor={`${id}-al`} className="form-label">Al</label>
          <input id={`${id}-al`} type="date" className="form-control" value={filtro.al ?? ''} onChange={(e) => set({ al: e.target.value || undefined })} />
        </div>
        <div className="col-12 col-lg-3">
          <button type="button" className="btn btn-outline-primary w-100" disabled={righe.length === 0}
            onClick={() => saveFile(new Blob([utilizzoCsv(righe)], { type: 'text/csv;charset=utf-8' }), 'utilizzo.csv')}>
            Scarica CSV
          </button>
        </div>
      </div>
      {query.isError ? (
        <p className="text-danger" role="alert">Non è stato possibile caricare i conteggi di utilizzo. Controlla la connessione e riprova.</p>
      ) : query.isPending ? (
        <p role="status">Caricamento dei conteggi…</p>
      ) : (
        <>
        {query.data?.troncato && <p className="text-secondary" data-testid="utilizzo-troncato">Sono mostrate le prime {righe.length} righe: restringi il periodo per vederle tutte.</p>}
        <ResponsiveTable caption="Eventi di utilizzo" columns={COLUMNS} rows={righe}
          rowKey={(r) => [r.periodo, r.event, r.event_type, r.role_code, r.program_id ?? '-'].join('|')}
          summary={(r) => `${PERIOD_LABEL(r.periodo)} · ${EVENT_LABELS[r.event] ?? r.event} · ${r.role_code}: ${r.totale}`} />
        </>
      )}
    </section>
  )
}
