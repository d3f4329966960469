/**
 * Our own interaction pages replacing oidc-provider's devInteractions (issue #2 point 5):
 * - `GET  /oidc/interaction/:uid`        login page (or, for a consent prompt, automatic consent);
 * - `POST /oidc/interaction/:uid/login`  form `codiceFiscale`: unknown → the page again with an Italian
 *   error (field keeps the value); known → recorded in the access register (issue 28), login finished and consent granted in one step (a Grant with
 *   `openid offline_access` and whatever else was asked), 303 back to the provider, which redirects to the app;
 *   at most {@link DEV_LOGIN_LIMIT} per client IP, then an Italian 429 page with `Retry-After`;
 * - `GET  /oidc/assets/{login,logout}.js` the pages' small scripts (CSP script-src 'self').
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import type { InteractionResults } from 'oidc-provider'
import { ApiError } from '../errors'
import { DEV_LOGIN_LIMIT } from '../rate-limit'
import type { DemoIdentity } from '../seed/identities'
import { escapeHtml, renderPage } from './layout'
import { LOGIN_SCRIPT, renderLoginPage } from './login-page'
import { registraAccesso } from '../domain/registro/index'
import { LOGOUT_SCRIPT } from './pages'
import type { AccountLookup } from './provider'

export interface InteractionRoutesOptions {
  provider: Provider
  lookupAccount: AccountLookup
  identities: readonly DemoIdentity[]
  /** the provider runs on a server others may reach (`DEV_IDENTITY_PROVIDER=on`): every page warns */
  exposed?: boolean
}

export const LOGIN_SCRIPT_PATH = '/oidc/assets/login.js'
export const LOGOUT_SCRIPT_PATH = '/oidc/assets/logout.js'

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>

/** Normalises what the user typed: spaces removed, upper-case. */
export function normaliseFiscalCode(raw: unknown): string {
  return typeof raw === 'string' ? raw.replace(/\s+/g, '').toUpperCase() : ''
}

/** Grants what the interaction asks for (always at least `openid offline_access`); returns the grant id. */
async function grantConsent(provider: Provider, interaction: Interaction, accountId: string): Promise<string> {
  const clientId = String(interaction.params.client_id)
  let grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined
  if (!grant || grant.accountId !== accountId || grant.clientId !== clientId) {
    grant = new provider.Grant({ accountId, clientId })
  }
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[]
    missingOIDCClaims?: string[]
    missingResourceScopes?: Record<string, string[]>
  }
  const requested = typeof interaction.params.scope === 'string' ? interaction.params.scope.split(' ') : []
  const scopes = new Set(['openid', 'offline_access', ...requested, ...(details.missingOIDCScope ?? [])])
  grant.addOIDCScope([...scopes].filter(Boolean).join(' '))
  if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims)
  for (const [indicator, resourceScopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, resourceScopes.join(' '))
  }
  return grant.save()
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
}

function expiredPage(reply: FastifyReply, exposed: boolean) {
  return sendHtml(reply, 400, renderPage({
    title: 'Sessione scaduta',
    exposed,
    body: `<div class="card"><h1>Sessione di accesso scaduta</h1>
<p>La richiesta di accesso non è più valida. Torna all'applicazione e premi di nuovo «Entra con SPID» o «Entra con CIE».</p>
<p><a href="/">${escapeHtml("Torna all'applicazione")}</a></p></div>`,
  }))
}

async function details(provider: Provider, request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw)
    return interaction.uid === request.params.uid ? interaction : undefined
  } catch {
    return undefined
  }
}

/** Fastify plugin (register at the root, no prefix): the routes listed in the module comment. */
export async function interactionRoutes(app: FastifyInstance, opts: InteractionRoutesOptions): Promise<void> {
  const { provider, lookupAccount, identities } = opts
  const exposed = opts.exposed ?? false

  // this plugin's routes answer in HTML: a rate-limited login form gets a page, not JSON
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof ApiError) || error.status !== 429) throw error
    return sendHtml(reply, 429, renderPage({
      title: 'Troppi tentativi',
      exposed,
      body: `<div class="card"><h1>Troppi tentativi di accesso</h1>
<p>Da questa rete sono arrivati troppi tentativi di accesso in poco tempo. Attendi un minuto, poi torna all'applicazione e premi di nuovo «Entra con SPID» o «Entra con CIE».</p>
<p><a href="/">${escapeHtml("Torna all'applicazione")}</a></p></div>`,
    }))
  })

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  const loginPage = (uid: string, extra: { codiceFiscale?: string; error?: string } = {}) => renderLoginPage({
    action: `/oidc/interaction/${encodeURIComponent(uid)}/login`,
    identities,
    scriptSrc: LOGIN_SCRIPT_PATH,
    exposed,
    ...extra,
  })

  const finish = async (request: FastifyRequest, reply: FastifyReply, result: InteractionResults) => {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false })
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303)
  }

  app.get<{ Params: { uid: string } }>('/oidc/interaction/:uid', async (request, reply) => {
    const interaction = await details(provider, request, reply)
    if (!interaction) return expiredPage(reply, exposed)
    if (interaction.prompt.name === 'login') return sendHtml(reply, 200, loginPage(interaction.uid))
    // consent (or any later prompt) for an already logged-in user: granted without asking
    const accountId = interaction.session?.accountId
    if (!accountId) return sendHtml(reply, 200, loginPage(interaction.uid))
    const grantId = await grantConsent(provider, interaction, accountId)
    return finish(request, reply, { consent: { grantId } })
  })

  app.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>('/oidc/interaction/:uid/login', { config: { rateLimit: DEV_LOGIN_LIMIT } }, async (request, reply) => {
    const interaction = await details(provider, request, reply)
    if (!interaction) return expiredPage(reply, exposed)
    const typed = typeof request.body?.codiceFiscale === 'string' ? request.body.codiceFiscale : ''
    const codiceFiscale = normaliseFiscalCode(typed)
    if (!/^[A-Z0-9]{16}$/.test(codiceFiscale)) {
      return sendHtml(reply, 400, loginPage(interaction.uid, {
        codiceFiscale: typed,
        error: 'Inserisci un codice fiscale di 16 caratteri.',
      }))
    }
    const person = await lookupAccount(codiceFiscale)
    if (!person) {
      return sendHtml(reply, 400, loginPage(interaction.uid, {
        codiceFiscale: typed,
        error: 'Codice fiscale non riconosciuto: nessuna identità di prova corrisponde. Scegline una dall\'elenco qui sotto.',
      }))
    }
    const grantId = await grantConsent(provider, interaction, codiceFiscale)
    // the access register's login row (issue 28 part 1): the user by id, never the fiscal code typed
    registraAccesso(request, { entita: 'utente', idEntita: person.id ?? null, azione: 'accesso', esito: 'ok', dettaglio: 'provider di sviluppo' })
    return finish(request, reply, { login: { accountId: codiceFiscale }, consent: { grantId } })
  })

  const script = (source: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(source)
  app.get(LOGIN_SCRIPT_PATH, script(LOGIN_SCRIPT))
  app.get(LOGOUT_SCRIPT_PATH, script(LOGOUT_SCRIPT))
}
