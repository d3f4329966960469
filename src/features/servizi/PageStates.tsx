/** Small page states of the services screens: loading (announced), not found, and a notice box. */
import type { ReactNode } from 'react'
import { AppLink } from '../../ui/AppLink'
import { T } from './labels'

export function Loading({ text = T.caricamento }: { text?: string }) {
  return (
    <p role="status" aria-live="polite" className="text-secondary my-4">
      {text}
    </p>
  )
}

export function Notice({ title, children, tone = 'info' }: { title: string; children?: ReactNode; tone?: 'info' | 'warning' | 'danger' }) {
  return (
    <div className={`alert alert-${tone} my-4`} role={tone === 'info' ? 'status' : 'alert'} data-testid="servizi-notice">
      <h2 className="h5">{title}</h2>
      {children}
    </div>
  )
}

/** `offline`: the service may be an older one, not on the device, that needs the network to be opened. */
export function ServizioNonTrovato({ offline = false }: { offline?: boolean }) {
  return (
    <Notice title={T.servizioNonTrovato} tone="warning">
      <p>{offline ? T.servizioNonSulDispositivoOffline : T.servizioNonTrovatoTesto}</p>
      <AppLink to="/area-amministrativa/servizi">{T.tornaElenco}</AppLink>
    </Notice>
  )
}

/**
 * No active profile (`SessionState.profilo` null): a field user whose profile ended (`ended`) reads the
 * device's copy, read-only; anyone else is told to choose a profile. Never an endless 'Caricamento…'.
 */
export function SenzaProfilo({ ended }: { ended: boolean }) {
  return ended ? (
    <Notice title={T.solaLettura}>
      <p className="mb-0">{T.solaLetturaTesto}</p>
    </Notice>
  ) : (
    <Notice title={T.nessunProfilo} tone="warning">
      <p className="mb-0">{T.nessunProfiloTesto}</p>
    </Notice>
  )
}
