import { isAppConfigRequest, isAppNavigation, isBuiltFileRequest } from '../../sw/routes'

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
  it('recognises the files of the build (chunks, icon chunks, CSS, fonts, data files) only', () => {
    for (const path of ['/assets/ItArrowLeft-B1x_9z-Q.js', '/assets/index-B1x9zQ.js', '/assets/index-C2vzZWls.css',
      '/assets/titillium-web-v10-latin-ext_latin-300-D5gAhp_e.woff2', '/data/province.json', '/data/errors.json']) {
      expect(isBuiltFileRequest(path), path).toBe(true)
    }
    for (const path of ['/api/assets/ItFoo-1.js', '/assets/', '/assets/sub/x.js', '/data', '/area-personale', '/app-config.json', '/sw.js']) {
      expect(isBuiltFileRequest(path), path).toBe(false)
    }
  })

  it('recognises the runtime configuration file', () => {
    expect(isAppConfigRequest('/app-config.json')).toBe(true)
    expect(isAppConfigRequest('/data/app-config.json')).toBe(false)
  })
})
