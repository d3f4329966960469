/**
 * 'Area dati' landing (`/area-dati`; issue 11 point 2; spec 002 §2): opens on the monitoring tab, with its
 * title and the call to action 'Monitoraggio dei caricamenti massivi'; on phones the tabs give way to a
 * sub-menu titled 'Area amministrativa' (the platform's wording). Roles without vis.mntr see the report tab
 * only, with its call to action.
 */
import { useSession } from '../../auth/session'
import { AppLink } from '../../ui/AppLink'

const REPORT = '/area-dati/report-dati'
const MONITORAGGIO = '/area-dati/monitoraggio-caricamenti-massivi'

export function AreaDatiPage() {
  const { permessi } = useSession()
  const monitoraggio = permessi.includes('tab.dshb') && permessi.includes('vis.mntr')
  const voci = [
    { to: REPORT, label: 'Report dati' },
    ...(monitoraggio ? [{ to: MONITORAGGIO, label: 'Monitoraggio dei caricamenti massivi' }] : []),
  ]
  const attiva = monitoraggio ? MONITORAGGIO : REPORT
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="area-dati-page">
      <h1 className="mb-2">Area dati</h1>
      <p className="lead text-secondary mb-4">Report sui servizi di facilitazione e monitoraggio dei caricamenti massivi.</p>
      <nav aria-label="Sezioni dell'area dati" className="d-none d-md-block mb-4">
        <ul className="nav nav-tabs">
          {voci.map((v) => (
            <li key={v.to} className="nav-item">
              {v.to === attiva
                ? <span className="nav-link active" aria-current="page">{v.label}</span>
                : <AppLink to={v.to} className="nav-link">{v.label}</AppLink>}
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="area-dati-sottomenu" className="d-md-none mb-4" data-testid="area-dati-sottomenu">
        <h2 id="area-dati-sottomenu" className="h5">Area amministrativa</h2>
        <ul className="list-group">
          {voci.map((v) => (
            <li key={v.to} className="list-group-item">
              <AppLink to={v.to} aria-current={v.to === attiva ? 'page' : undefined}>{v.label}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="area-dati-attiva" className="card shadow-sm p-3 p-md-4">
        {monitoraggio ? (
          <>
            <h2 id="area-dati-attiva" className="h4">Monitoraggio dei caricamenti massivi</h2>
            <p>I caricamenti massivi di servizi, cittadini e questionari effettuati dagli enti, con il loro esito.</p>
            <div><AppLink to={MONITORAGGIO} className="btn btn-primary" data-testid="area-dati-cta">Monitoraggio dei caricamenti massivi</AppLink></div>
          </>
        ) : (
          <>
            <h2 id="area-dati-attiva" className="h4">Report dati</h2>
            <p>I numeri dei servizi di facilitazione e formazione per i cittadini, con grafici e tabelle.</p>
            <div><AppLink to={REPORT} className="btn btn-primary" data-testid="area-dati-cta">Vai ai report</AppLink></div>
          </>
        )}
      </section>
    </div>
  )
}
