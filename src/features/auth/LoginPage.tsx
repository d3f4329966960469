/**
 * Login screen `/auth` (spec 000 §2.6): heading 'Accedi con la tua identità digitale', the SPID and CIE
 * buttons (authorization code + PKCE redirect), a short explanation, the test-environment notice when
 * the development identity provider is on, and the provider's refusal when it sent one back.
 */
import { useEffect, useState } from 'react'
import { loadAppConfig } from '../../api/config'
import { startLogin } from '../../auth/session'
import { IdentityButtons } from './IdentityButtons'

export interface LoginPageProps {
  /** `error` parameter returned by the identity provider (e.g. 'access_denied') */
  providerError?: string
}

export function LoginPage({ providerError }: LoginPageProps) {
  const [busy, setBusy] = useState(false)
  const [devProvider, setDevProvider] = useState(false)

  useEffect(() => {
    let alive = true
    void loadAppConfig().then((c) => {
      if (alive) setDevProvider(c.devIdentityProvider)
    })
    return () => {
      alive = false
    }
  }, [])

  const start = (provider: 'spid' | 'cie') => {
    setBusy(true)
    void startLogin(provider).finally(() => setBusy(false))
  }

  return (
    <div className="container-xxl py-5" data-testid="login-page">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-8">
          <h1 className="mb-4">Accedi con la tua identità digitale</h1>
          {providerError && (
            <div className="alert alert-danger" role="alert">
              Accesso non completato: l&apos;identità digitale non è stata confermata. Puoi riprovare.
            </div>
          )}
          <p className="lead">
            Per entrare in Punto Digitale usa SPID, il Sistema Pubblico di Identità Digitale, oppure la Carta
            d&apos;Identità Elettronica (CIE).
          </p>
          <p>
            Verrai indirizzato al servizio di autenticazione scelto e, una volta riconosciuto, tornerai qui con il
            tuo profilo. Al primo accesso ti chiederemo di completare la registrazione.
          </p>
          <IdentityButtons onStart={start} busy={busy} />
          {devProvider && (
            <div className="alert alert-warning mt-4" role="note" data-testid="dev-provider-notice">
              <strong>Ambiente di prova.</strong> L&apos;accesso usa un provider di identità di sviluppo che simula
              SPID e CIE: scegli un&apos;identità dimostrativa inserendo il suo codice fiscale. Non usare credenziali
              reali.
            </div>
          )}
        </div>
      </div>
    </div>
  )
}
