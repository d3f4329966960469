/** Public landing page (spec 000 §1, §2.1): welcome, short description and 'Accedi' to /auth. */
import { Link } from '@tanstack/react-router'
import { ShellIcon } from '../../ui/ShellIcon'

const HIGHLIGHTS = [
  {
    icon: 'it-calendar',
    title: 'Servizi di facilitazione',
    text: 'Registra i servizi di facilitazione e formazione digitale che eroghi nei punti della rete.',
  },
  {
    icon: 'it-user',
    title: 'Cittadine e cittadini',
    text: 'Tieni traccia delle persone che accompagni e dei questionari che compilano.',
  },
  {
    icon: 'it-wifi',
    title: 'Anche senza rete',
    text: 'Lavora sul tablet anche offline: i dati restano sul dispositivo finché non tornano online.',
  },
] as const

export function Landing() {
  return (
    <div data-testid="landing">
      <section className="bg-primary text-white py-5">
        <div className="container-xxl pd-page">
          <div className="row">
            <div className="col-lg-8">
              <h1 className="text-white mb-3">Ti diamo il benvenuto su Punto Digitale</h1>
              <p className="lead text-white mb-4">
                Punto Digitale è lo strumento della rete dei servizi di facilitazione digitale e del Servizio civile
                digitale: facilitatrici, facilitatori, volontari ed enti lo usano per registrare i servizi offerti ai
                cittadini, i questionari e i risultati dei progetti.
              </p>
              <Link to="/auth" className="btn btn-lg bg-white text-primary fw-semibold" data-testid="landing-login">
                Accedi
              </Link>
            </div>
          </div>
        </div>
      </section>
      <section className="container-xxl pd-page py-5" aria-labelledby="pd-landing-highlights">
        <h2 id="pd-landing-highlights" className="h3 mb-4">
          Cosa puoi fare
        </h2>
        <div className="row g-4">
          {HIGHLIGHTS.map((h) => (
            <div className="col-md-4" key={h.title}>
              <div className="card card-bg rounded shadow-sm h-100">
                <div className="card-body">
                  <ShellIcon icon={h.icon} color="primary" size="lg" aria-hidden />
                  <h3 className="h5 mt-3">{h.title}</h3>
                  <p className="card-text mb-0">{h.text}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>
    </div>
  )
}
