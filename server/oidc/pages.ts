/**
 * Italian pages rendered by oidc-provider itself: RP-initiated logout (auto-confirmed by `logout.js`,
 * with an "Esci" button when scripts are off), logout done, and errors.
 */
import type { KoaContextWithOIDC } from 'oidc-provider'
import { escapeHtml, renderPage } from './layout'

/** `features.rpInitiatedLogout.logoutSource`: `form` is the provider's hidden form (xsrf). */
export function logoutSource(scriptSrc: string, exposed = false) {
  return (ctx: KoaContextWithOIDC, form: string): void => {
    ctx.type = 'html'
    ctx.body = renderPage({
      title: 'Uscita',
      scriptSrc,
      exposed,
      body: `<div class="card">
<h1>Uscita dall'identità digitale di prova</h1>
<p>Stai per uscire: al termine tornerai all'applicazione.</p>
${form}
<button id="conferma-uscita" type="submit" form="op.logoutForm" name="logout" value="yes" class="btn-primary">Esci</button>
</div>`,
    })
  }
}

/** Clicks "Esci" at once: logout needs no extra confirmation when scripts run. */
export const LOGOUT_SCRIPT = `document.addEventListener('DOMContentLoaded', function () {
  var b = document.getElementById('conferma-uscita');
  if (b) b.click();
});
`

/** `features.rpInitiatedLogout.postLogoutSuccessSource`: shown when no redirect URI was given. */
export function postLogoutSuccessSource(appUrl: string, exposed = false) {
  return (ctx: KoaContextWithOIDC): void => {
    ctx.type = 'html'
    ctx.body = renderPage({
      title: 'Uscita completata',
      exposed,
      body: `<div class="card"><h1>Uscita completata</h1><p>Sei uscito dall'identità digitale di prova.</p>
<p><a href="${escapeHtml(appUrl)}/">Torna all'applicazione</a></p></div>`,
    })
  }
}

/** `renderError`: an Italian error page with the protocol error code for diagnosis. */
export function renderErrorPage(appUrl: string, exposed = false) {
  return (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }): void => {
    ctx.type = 'html'
    const detail = [out.error, out.error_description].filter(Boolean).join(': ')
    ctx.body = renderPage({
      title: 'Errore',
      exposed,
      body: `<div class="card"><h1>Si è verificato un errore</h1>
<p>La richiesta di accesso non può essere completata. Torna all'applicazione e riprova.</p>
${detail ? `<p class="hint">Dettaglio tecnico: <code>${escapeHtml(detail)}</code></p>` : ''}
<p><a href="${escapeHtml(appUrl)}/">Torna all'applicazione</a></p></div>`,
    })
  }
}
