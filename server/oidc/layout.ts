/**
 * Shared HTML frame of the development identity provider's pages (login, logout, error):
 * Italian, self-contained (inline CSS, system fonts: the machine may be offline), visible focus,
 * AA contrast, usable at 375 px. Every page states that this is a test environment; when the provider
 * runs on a server other machines may reach (`DEV_IDENTITY_PROVIDER=on`) it also warns not to use real data.
 */

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-size:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;color:#1a1a1a;background:#f2f4f7}
a{color:#0059b3}
.test-banner{background:#7a3e00;color:#fff;padding:.75rem 1rem;text-align:center;font-weight:700}
.test-banner p{margin:.25rem 0 0;font-weight:400}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.card{background:#fff;border:1px solid #c5c7c9;border-radius:6px;padding:1.5rem;margin-bottom:1.5rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 .5rem;color:#17324d}
h2{font-size:1.25rem;margin:0 0 .75rem;color:#17324d}
p{margin:0 0 1rem}
label{display:block;font-weight:700;margin-bottom:.25rem}
input[type=text]{display:block;width:100%;max-width:22rem;font-size:1.125rem;padding:.5rem .75rem;border:2px solid #5c6f82;border-radius:4px;text-transform:uppercase;letter-spacing:.05em;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
input[aria-invalid=true]{border-color:#b00020}
.hint{color:#455b71;font-size:.95rem;margin:.25rem 0 1rem}
.error{color:#b00020;font-weight:700;margin:.5rem 0 1rem}
button{font:inherit;font-weight:700;border-radius:4px;cursor:pointer;min-height:44px;padding:.5rem 1.25rem}
.btn-primary{background:#0059b3;color:#fff;border:2px solid #0059b3}
.btn-primary:hover{background:#004080;border-color:#004080}
.btn-secondary{background:#fff;color:#0059b3;border:2px solid #0059b3;min-height:36px;padding:.25rem .75rem;font-size:.95rem}
.btn-secondary:hover{background:#e6f0fa}
:focus-visible{outline:3px solid #17324d;outline-offset:3px}
input:focus-visible{outline:3px solid #17324d;outline-offset:2px;border-color:#17324d}
table{border-collapse:collapse;width:100%;font-size:.95rem}
caption{text-align:left;font-weight:700;margin-bottom:.5rem;color:#17324d}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #c5c7c9;vertical-align:top}
th{background:#eef1f4}
.cf{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:nowrap}
.table-wrap{overflow-x:auto}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.roles-inline{display:none;color:#455b71;font-size:.85rem}
@media (max-width:600px){
main{padding:1rem .75rem 2rem}
.card{padding:1rem}
th,td{padding:.4rem .25rem}
.cf{font-size:.85rem}
th.roles,td.roles{display:none}
.roles-inline{display:block}
}
`

/** Said on every page while the provider runs on `DEV_IDENTITY_PROVIDER=on`. */
export const EXPOSED_WARNING = 'Attenzione: questo accesso di prova non chiede password ed è attivo su un server raggiungibile da altri dispositivi. Non usare dati reali.'

/**
 * A complete HTML document: test-environment banner (the page's `<header>` landmark, with
 * {@link EXPOSED_WARNING} when `exposed`), `<main>` with `body`, optional script file.
 */
export function renderPage(opts: { title: string; body: string; scriptSrc?: string; exposed?: boolean }): string {
  const warning = opts.exposed ? `\n<p>${escapeHtml(EXPOSED_WARNING)}</p>` : ''
  const script = opts.scriptSrc ? `<script src="${escapeHtml(opts.scriptSrc)}" defer></script>` : ''
  return `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title)} — Ambiente di prova</title>
<style>${CSS}</style>
${script}
</head>
<body>
<header class="test-banner">Ambiente di prova — identità digitale simulata, non SPID né CIE${warning}</header>
<main id="contenuto">
${opts.body}
</main>
</body>
</html>`
}
