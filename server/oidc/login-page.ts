/**
 * Login page of the development identity provider (issue #2 point 5): the demo identity is chosen by
 * typing its fiscal code in "Codice fiscale" and pressing "Entra"; below, the table of demo identities,
 * each with a button filling the field (progressive enhancement: `login.js`, script-src 'self').
 */
import type { DemoIdentity, DemoProfile } from '../seed/identities'
import { escapeHtml, renderPage } from './layout'

export interface LoginPageOptions {
  /** form action (POST) */
  action: string
  /** value typed by the user, kept after an error */
  codiceFiscale?: string
  /** Italian error message shown under the field */
  error?: string
  identities: readonly DemoIdentity[]
  /** URL of the script that wires the "Usa" buttons */
  scriptSrc: string
  /** the provider runs on a server others may reach (`DEV_IDENTITY_PROVIDER=on`): warn on the page */
  exposed?: boolean
}

function describeProfile(p: DemoProfile): string {
  const scope = p.progetto ?? p.programma
  return scope ? `${p.codiceRuolo} (${scope})` : p.codiceRuolo
}

function identityRow(identity: DemoIdentity): string {
  const name = `${identity.nome} ${identity.cognome}`
  const roles = identity.profili.map(describeProfile).join(', ') + (identity.integrazione ? '' : ' — primo accesso')
  return `<tr>
<td>${escapeHtml(name)}<span class="roles-inline">${escapeHtml(roles)}</span></td>
<td class="cf">${escapeHtml(identity.codiceFiscale)}</td>
<td class="roles">${escapeHtml(roles)}</td>
<td><button type="button" class="btn-secondary" data-cf="${escapeHtml(identity.codiceFiscale)}" aria-label="Usa l'identità di ${escapeHtml(name)}">Usa</button></td>
</tr>`
}

/** The complete login page (HTML string). */
export function renderLoginPage(opts: LoginPageOptions): string {
  const value = escapeHtml(opts.codiceFiscale ?? '')
  const describedBy = opts.error ? 'cf-hint cf-errore' : 'cf-hint'
  const error = opts.error
    ? `<p id="cf-errore" class="error" role="alert">${escapeHtml(opts.error)}</p>`
    : ''
  const body = `
<div class="card">
<h1>Accedi con l'identità digitale di prova</h1>
<p>Questo è un fornitore di identità <strong>simulato</strong> per lo sviluppo e le prove: nessuna credenziale reale viene richiesta o verificata.</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<label for="codice-fiscale">Codice fiscale</label>
<p id="cf-hint" class="hint">16 caratteri, ad esempio RMNSRA92E51A944H.</p>
<input type="text" id="codice-fiscale" name="codiceFiscale" value="${value}" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="16" aria-describedby="${describedBy}"${opts.error ? ' aria-invalid="true" autofocus' : ''}>
${error}
<button type="submit" class="btn-primary">Entra</button>
</form>
</div>
<div class="card">
<h2 id="identita-titolo">Identità di prova disponibili</h2>
<div class="table-wrap">
<table aria-labelledby="identita-titolo">
<thead><tr><th scope="col">Nome</th><th scope="col">Codice fiscale</th><th scope="col" class="roles">Ruoli</th><th scope="col"><span class="visually-hidden">Azione</span></th></tr></thead>
<tbody>
${opts.identities.map(identityRow).join('\n')}
</tbody>
</table>
</div>
</div>`
  return renderPage({ title: 'Accesso', body, scriptSrc: opts.scriptSrc, exposed: opts.exposed })
}

/** Script behind the "Usa" buttons: copies the identity's fiscal code into the field and focuses it. */
export const LOGIN_SCRIPT = `document.addEventListener('click', function (e) {
  var b = e.target instanceof Element ? e.target.closest('button[data-cf]') : null;
  if (!b) return;
  var f = document.getElementById('codice-fiscale');
  f.value = b.getAttribute('data-cf');
  f.removeAttribute('aria-invalid');
  f.focus();
});
`
