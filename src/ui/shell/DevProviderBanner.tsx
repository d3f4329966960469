/**
 * Test-environment banner on every page (shell and bare pages) while the server runs the development
 * identity provider where other machines can reach it (`DEV_IDENTITY_PROVIDER=on`, runtime config
 * `devIdentityProviderWarning`): anyone can log in there without a password, so no real data. Shown from
 * the config known at once (loaded or cached), then from `/app-config.json` when it arrives.
 */
import { useEffect, useState } from 'react'
import { getAppConfig, loadAppConfig } from '../../api/config'

export const DEV_PROVIDER_BANNER_TEXT = "Ambiente di prova: l'accesso di sviluppo è attivo, non usare dati reali."

export function DevProviderBanner() {
  const [shown, setShown] = useState(() => getAppConfig().devIdentityProviderWarning)

  useEffect(() => {
    let alive = true
    void loadAppConfig().then((c) => {
      if (alive) setShown(c.devIdentityProviderWarning)
    })
    return () => {
      alive = false
    }
  }, [])

  if (!shown) return null
  return (
    <section className="alert alert-warning rounded-0 mb-0 py-2 text-center fw-semibold" aria-label="Avviso ambiente di prova" data-testid="dev-provider-banner">
      {DEV_PROVIDER_BANNER_TEXT}
    </section>
  )
}
