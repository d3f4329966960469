/**
 * Detail steps 1–4 (spec 002 §2: facilitation points, unique users, services, facilitators): the current
 * count and the targets by date of that family (platform-backend §1.1), each marked reached or not.
 */
import type { Conteggi, ObiettiviWire } from '../../../api/contract/gestione'
import { formatDisplayDate } from '../../../lib/dates'
import { FAMIGLIE_OBIETTIVI, type Famiglia } from '../../../lib/gestione-form'

export function Obiettivi({ famiglia, conteggi, obiettivi, entita }: { famiglia: Famiglia; conteggi: Conteggi; obiettivi: ObiettiviWire | null; entita: string }) {
  const label = FAMIGLIE_OBIETTIVI.find((f) => f.key === famiglia)!.label
  const attuale = conteggi[famiglia]
  const passi = (obiettivi?.[famiglia] ?? []).filter((p) => p.valore !== null)
  return (
    <section aria-labelledby={`obiettivi-${famiglia}`} data-testid={`step-${famiglia}`}>
      <h2 id={`obiettivi-${famiglia}`} className="h4">{label}</h2>
      <p className="lead" data-testid={`conteggio-${famiglia}`}>
        Valore attuale del {entita}: <strong>{attuale.toLocaleString('it-IT')}</strong>
      </p>
      {passi.length === 0 ? <p className="text-secondary">Nessun obiettivo indicato per questa voce.</p> : (
        <div className="table-responsive">
          <table className="table">
            <caption>Obiettivi: {label.toLowerCase()}</caption>
            <thead><tr><th scope="col">Obiettivo</th><th scope="col">Valore da raggiungere</th><th scope="col">Entro il</th><th scope="col">Raggiunto</th></tr></thead>
            <tbody>
              {passi.map((p, i) => (
                <tr key={i}>
                  <th scope="row">{i + 1}</th>
                  <td>{p.valore!.toLocaleString('it-IT')}</td>
                  <td>{p.data ? formatDisplayDate(p.data) : '—'}</td>
                  <td>{attuale >= p.valore! ? 'Sì' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
