/**
 * A section of 'Report dati': heading, the switch between chart and data table (the table is the chart's
 * alternative, same numbers; it is also printed), and the download of those numbers as CSV.
 */
import { useMemo, useState } from 'react'
import type { ReportDati } from '../../api/contract/dati'
import { csvDi, formatNumero, specDi, tabellaDi, type SezioneDati } from '../../lib/report-dati'
import { saveFile } from '../../api/lists'
import { Grafico } from './Grafico'

export function SezioneReport({ sezione, report, periodo }: { sezione: SezioneDati; report: ReportDati; periodo: 'settimana' | 'mese' }) {
  const [vista, setVista] = useState<'grafico' | 'tabella'>('grafico')
  const tabella = useMemo(() => tabellaDi(sezione, report, periodo), [sezione, report, periodo])
  const spec = useMemo(() => specDi(sezione, report, periodo), [sezione, report, periodo])
  const idTitolo = `report-${sezione.id}-titolo`
  const vuota = tabella.rows.length === 0
  const scarica = () => saveFile(new Blob([csvDi(tabella)], { type: 'text/csv;charset=utf-8' }), tabella.file)
  return (
    <section className="pd-report-sezione card-wrapper mb-4" aria-labelledby={idTitolo} data-testid={`report-${sezione.id}`}>
      <div className="card shadow-sm p-3 p-md-4">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 id={idTitolo} className="h4 mb-0">{sezione.titolo}</h2>
          <div className="d-flex flex-wrap gap-2 d-print-none">
            <div className="btn-group" role="group" aria-label={`Mostra ${sezione.titolo.toLowerCase()} come`}>
              <button type="button" className={`btn btn-sm ${vista === 'grafico' ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={vista === 'grafico'} onClick={() => setVista('grafico')}>Grafico</button>
              <button type="button" className={`btn btn-sm ${vista === 'tabella' ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={vista === 'tabella'} onClick={() => setVista('tabella')}>Tabella</button>
            </div>
            <button type="button" className="btn btn-sm btn-outline-primary" onClick={scarica} disabled={vuota}>
              Scarica CSV<span className="visually-hidden"> di {sezione.titolo.toLowerCase()}</span>
            </button>
          </div>
        </div>
        {vuota ? <p className="mb-0">Nessun dato per i filtri scelti.</p> : (
          <>
            {vista === 'grafico' && (
              <div className="d-print-block">
                <Grafico spec={spec} altezza={sezione.grafico === 'mappa' ? 460 : sezione.grafico === 'barre' ? Math.max(200, 36 * tabella.rows.length + 40) : 320}
                  testId={`grafico-${sezione.id}`} />
                {sezione.grafico === 'mappa' && (
                  <p className="small text-secondary mt-2 mb-0">Confini regionali: ISTAT, elaborazione Openpolis (licenza CC BY 4.0).</p>
                )}
              </div>
            )}
            <div className={`table-responsive pd-report-tabella ${vista === 'tabella' ? '' : 'd-none d-print-block'}`}>
              <table className="table table-sm table-striped mb-0" data-testid={`tabella-${sezione.id}`}>
                <caption className="caption-top text-secondary">{tabella.caption}</caption>
                <thead>
                  <tr>{tabella.headers.map((h, i) => <th key={h} scope="col" className={i > 0 ? 'text-end' : undefined}>{h}</th>)}</tr>
                </thead>
                <tbody>
                  {tabella.rows.map((r) => (
                    <tr key={String(r[0])}>
                      <th scope="row" className="fw-normal">{r[0]}</th>
                      {r.slice(1).map((c, i) => <td key={i} className="text-end">{formatNumero(Number(c))}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  )
}
