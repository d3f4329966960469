/**
 * The jobs of one row of the monitoring table (platform-frontend §7.2 row action; spec 002 §3, §8): the
 * jobs started that day for that project and body (`POST monitoraggiocaricamenti/all` with `filtroGruppo`),
 * in the columns of the jobs registry — state with the failure tooltip, 'Scarica il report' only for a
 * completed job. The heading takes the focus when the panel opens; 'Chiudi' closes it.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { MonitoraggioRiga } from '../../api/contract/caricamenti'
import { formatDisplayDate } from '../../lib/dates'
import { ResponsiveTable } from '../../ui/widgets/ResponsiveTable'
import { gruppoQuery } from './api'
import { caricamentiDefinition } from './lista'

export function DettaglioGruppo({ gruppo, onClose }: { gruppo: MonitoraggioRiga; onClose(): void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const jobs = useQuery(gruppoQuery(gruppo))
  const definition = caricamentiDefinition('gruppo')
  const title = `Caricamenti del ${formatDisplayDate(gruppo.dataCaricamenti)} · ${gruppo.nomeProgetto}${gruppo.nomeEnte ? ` · ${gruppo.nomeEnte}` : ''}`
  return (
    <section className="mt-5" aria-labelledby="dettaglio-gruppo-titolo" data-testid="monitoraggio-dettaglio">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="dettaglio-gruppo-titolo" ref={heading} tabIndex={-1} className="h4 mb-0">{title}</h2>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={onClose}>Chiudi</button>
      </div>
      {jobs.isError && <p role="alert">Non è stato possibile caricare i caricamenti. Controlla la connessione e riprova.</p>}
      {jobs.isPending && <p role="status">Caricamento in corso…</p>}
      {jobs.data && (
        <ResponsiveTable caption={`Elenco dei caricamenti massivi del ${formatDisplayDate(gruppo.dataCaricamenti)}`} columns={definition.columns}
          rows={jobs.data.caricamenti} rowKey={definition.rowKey} summary={definition.summary} />
      )}
    </section>
  )
}
