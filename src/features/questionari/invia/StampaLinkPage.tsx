/**
 * The printable sheet of survey links made by 'Invia questionario a tutti' (issue 8 point 3): route
 * `/area-amministrativa/servizi/$serviceId/stampa-link`, drawn without the shell (`isBarePage`). One card
 * per citizen — masked identity, QR code of the link, the link itself (small, for typing) and its expiry —
 * to cut and hand out; 'Stampa' calls `window.print()` (hidden in print). The links come from memory
 * (foglio-link.ts): after a reload the page says so and points back to the service.
 */
import type { InviaATuttiRisposta } from '../../../api/contract/questionario'
import { formatDisplayDateTime } from '../../../lib/dates'
import { NO_MASK, shortMask } from '../../../lib/masked-identity'
import { pathCittadiniServizio } from '../compila'
import { LinkInterno } from '../components/LinkInterno'
import { Avviso } from '../components/Stato'
import '../questionari.css'
import './invia.css'
import { getFoglioLink, type FoglioLink } from './foglio-link'
import { absoluteLink, scadenzaText } from './link'
import { QrCode } from './QrCode'

export interface StampaLinkPageProps {
  serviceId: string
}

export function StampaLinkPage({ serviceId }: StampaLinkPageProps) {
  const foglio = getFoglioLink(serviceId)
  return (
    <div className="container py-4 pd-print-page" data-testid="foglio-link">
      <div className="pd-no-print mb-4">
        <LinkInterno to={pathCittadiniServizio(serviceId)}>Torna al servizio</LinkInterno>
      </div>
      {foglio ? (
        <Foglio foglio={foglio} />
      ) : (
        <div>
          <h1 className="h2">Link ai questionari</h1>
          <Avviso titolo="Nessun link da stampare" tipo="warning">
            <p className="mb-0">
              I link non restano salvati su questo dispositivo. Per stamparli torna al servizio e usa «Invia questionario a
              tutti»: verranno creati nuovi link e quelli precedenti non saranno più validi.
            </p>
          </Avviso>
        </div>
      )}
    </div>
  )
}

function Foglio({ foglio }: { foglio: FoglioLink }) {
  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <div>
          <p className="text-uppercase small fw-semibold mb-1">Link ai questionari</p>
          <h1 className="h2">{foglio.nomeServizio}</h1>
          <p className="mb-1">
            Inquadra il codice QR con la fotocamera del telefono per aprire il questionario sul servizio ricevuto. Ogni codice
            è personale: consegnalo solo al cittadino indicato.
          </p>
          <p className="small text-secondary mb-0">Link creati il {formatDisplayDateTime(foglio.creatoIl)}</p>
        </div>
        {foglio.questionari.length > 0 && (
          <button type="button" className="btn btn-primary pd-no-print" onClick={() => window.print()}>
            Stampa
          </button>
        )}
      </div>
      {foglio.questionari.length === 0 ? (
        <Avviso titolo="Nessun questionario da inviare">
          <p className="mb-0">Tutti i questionari del servizio sono già compilati.</p>
        </Avviso>
      ) : (
        <ul className="pd-qr-sheet" aria-label="Link ai questionari dei cittadini">
          {foglio.questionari.map((q) => (
            <Scheda key={q.idQuestionario} q={q} />
          ))}
        </ul>
      )}
    </div>
  )
}

function Scheda({ q }: { q: InviaATuttiRisposta['questionari'][number] }) {
  const link = absoluteLink(q.link)
  const chi = q.identificativoMascherato ? shortMask(q.identificativoMascherato) : String(q.idCittadino)
  return (
    <li className="pd-qr-card" data-testid="foglio-link-scheda">
      <h2 className="h6 mb-2">
        Cittadino{' '}
        <span className="font-monospace" aria-hidden="true">{q.identificativoMascherato ?? NO_MASK}</span>
        <span className="visually-hidden">{chi}</span>
      </h2>
      <QrCode text={link} label={`Codice QR del questionario del cittadino ${chi}`} size={160} />
      <p className="pd-qr-link small mb-1 mt-2">{link}</p>
      <p className="small mb-0">
        <time dateTime={q.scadenza}>{scadenzaText(q.scadenza)}</time>
      </p>
    </li>
  )
}
