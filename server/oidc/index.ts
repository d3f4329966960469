/**
 * Mounts the development identity provider at `/oidc` inside Fastify (toolchain.md §5): an
 * encapsulated scope with a catch-all content-type parser (the provider reads the body stream
 * itself), `reply.hijack()`, and `req.originalUrl` so the provider advertises `/oidc/...` URLs.
 * Our interaction routes (`/oidc/interaction/...`, `/oidc/assets/...`) are more specific than the
 * `/oidc/*` catch-all and win in Fastify's router.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingMessage } from 'node:http'
import type { JSONWebKeySet } from 'jose'
import type { AppConfig } from '../config'
import { DEMO_IDENTITIES, type DemoIdentity } from '../seed/identities'
import { LOGOUT_SCRIPT_PATH, interactionRoutes } from './interactions'
import { loadOrCreateSigningKeys, loadSharedSigningKeys, signingKeysOf } from './keys'
import type { Database } from '../db/types'
import { createDevProvider, type AccountLookup, type DevProviderOptions } from './provider'

export interface DevIdentityProviderOptions {
  config: AppConfig
  lookupAccount: AccountLookup
  /** persistent storage (oidc_payload table); omitted = in memory */
  adapter?: DevProviderOptions['adapter']
  /** identities listed on the login page (default: the demo identities of the seed) */
  identities?: readonly DemoIdentity[]
  /** PostgreSQL: the signing keys are shared by every process through `segreto_server` (keys.ts loadSharedSigningKeys) */
  sharedKeysDb?: Database
}

export interface DevIdentityProvider {
  /** public keys the provider signs with: the token verifier trusts exactly these */
  publicJwks: JSONWebKeySet
}

export const OIDC_MOUNT_PATH = '/oidc'

/**
 * Registers the provider and its interaction pages on `app` (call at the root, before `ready`).
 * Keys come from `SECRETS_FILE` when it holds them (`config.secrets.devSigningJwks`; always on a server that is
 * not local, issue 25 point 4: nothing is then written to the data), else from `DATA_DIR/oidc-jwks.json`
 * (created on first start), or from the database when `sharedKeysDb` is given (several processes on one PostgreSQL).
 */
export async function registerDevIdentityProvider(app: FastifyInstance, opts: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  const outside = opts.config.secrets.devSigningJwks
  const keys = outside
    ? signingKeysOf(outside, 'SECRETS_FILE oidcJwks')
    : opts.sharedKeysDb
      ? await loadSharedSigningKeys(opts.config.dataDir, opts.sharedKeysDb)
      : await loadOrCreateSigningKeys(opts.config.dataDir)
  const provider = createDevProvider({
    config: opts.config,
    jwks: keys.privateJwks,
    adapter: opts.adapter,
    lookupAccount: opts.lookupAccount,
    logoutScriptSrc: LOGOUT_SCRIPT_PATH,
  })
  // a provider error is logged with the request's logger (its reqId), found by the raw request
  const requestLogs = new WeakMap<IncomingMessage, FastifyRequest['log']>()
  provider.on('server_error', (ctx, err) => (requestLogs.get(ctx.req) ?? app.log).error({ err }, 'oidc provider error'))

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
    const callback = provider.callback()
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack()
      const raw = request.raw as IncomingMessage & { originalUrl?: string }
      requestLogs.set(raw, request.log)
      raw.originalUrl = raw.url
      const rest = (raw.url ?? '').slice(OIDC_MOUNT_PATH.length)
      raw.url = rest.startsWith('/') ? rest : `/${rest}`
      await callback(raw, reply.raw)
    }
    scope.all(OIDC_MOUNT_PATH, handle)
    scope.all(`${OIDC_MOUNT_PATH}/*`, handle)
  })

  await app.register(interactionRoutes, {
    provider,
    lookupAccount: opts.lookupAccount,
    identities: opts.identities ?? DEMO_IDENTITIES,
    exposed: opts.config.devIdentityProvider === 'forced',
  })

  return { publicJwks: keys.publicJwks as JSONWebKeySet }
}
