import { isAppConfigRequest, isAppNavigation, isIconChunkRequest } from '../../sw/routes'

describe('service worker navigation fallback', () => {
  it.each(['/', '/area-personale', '/auth?code=abc&state=x', '/errore/A02', '/gestione-ruoli/FAC/modifica',
    '/servizi/questionario/12/online/eyJhbGciOi.eyJzdWIi.sig'])('serves the shell for app route %s', (path) => {
    expect(isAppNavigation(path)).toBe(true)
  })

  it.each(['/api', '/api/contesto', '/api?x=1', '/oidc', '/oidc/auth?client_id=punto-digitale', '/oidc/interaction/abc',
    '/app-config.json', '/app-config.json?v=2', '/data/errors.json', '/manifest.webmanifest', '/assets/index-abc.js',
    '/icons/icon-192.png', '/sw.js'])('never serves the shell for %s', (path) => {
    expect(isAppNavigation(path)).toBe(false)
  })

  it('does not mistake app paths that merely start like a denied prefix', () => {
    expect(isAppNavigation('/apicoltura')).toBe(true)
    expect(isAppNavigation('/oidcx')).toBe(true)
  })
})

describe('runtime cache matchers', () => {
  it('recognises design-react-kit icon chunks only', () => {
    expect(isIconChunkRequest('/assets/ItArrowLeft-B1x_9z-Q.js')).toBe(true)
    expect(isIconChunkRequest('/assets/index-B1x9zQ.js')).toBe(false)
    expect(isIconChunkRequest('/assets/ItArrowLeft-B1x9zQ.css')).toBe(false)
    expect(isIconChunkRequest('/api/assets/ItFoo-1.js')).toBe(false)
  })

  it('recognises the runtime configuration file', () => {
    expect(isAppConfigRequest('/app-config.json')).toBe(true)
    expect(isAppConfigRequest('/data/app-config.json')).toBe(false)
  })
})
