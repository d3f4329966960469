import { describe, expect, it } from 'vitest'
import { buildBreadcrumb, isBreadcrumbHidden, labelFromSegment } from '../../src/ui/breadcrumb/rules'

const links = (path: string, role: string | null = 'DTD', labels = {}) =>
  buildBreadcrumb(path, role, labels).map((c) => (c.to ? `[${c.label}](${c.to})` : c.label))

describe('breadcrumb visibility (spec 000 §2.5)', () => {
  it('is hidden on home and on the assistance page', () => {
    expect(buildBreadcrumb('/', 'DTD')).toEqual([])
    expect(buildBreadcrumb('', 'DTD')).toEqual([])
    expect(buildBreadcrumb('/richiesta-assistenza', 'FAC')).toEqual([])
    expect(isBreadcrumbHidden('/richiesta-assistenza/')).toBe(true)
    expect(isBreadcrumbHidden('/richiesta-assistenza-bis')).toBe(false)
    expect(isBreadcrumbHidden('/bacheca')).toBe(false)
  })
})

describe('labels', () => {
  it('capitalises and turns hyphens into spaces', () => {
    expect(labelFromSegment('contenuti-pubblicati')).toBe('Contenuti pubblicati')
    expect(labelFromSegment('informativa-privacy-e-cookie')).toBe('Informativa privacy e cookie')
    expect(labelFromSegment('legal')).toBe('Legal')
  })
  it('uses the fixed labels of the two areas', () => {
    expect(links('/area-amministrativa')).toEqual(['Area amministrativa'])
    expect(links('/area-cittadini')).toEqual(['Area cittadini'])
  })
  it('looks segments up in the stored labels, by path first then by id', () => {
    const labels = { '/area-amministrativa/programmi/7': 'Lazio Digitale 2024', '42': 'Lazio Digitale Roma' }
    expect(links('/area-amministrativa/programmi/7/info', 'DTD', labels)).toEqual([
      'Area amministrativa',
      '[Programmi](/area-amministrativa/programmi)',
      '[Lazio Digitale 2024](/area-amministrativa/programmi/7)',
      'Info',
    ])
    expect(links('/area-amministrativa/progetti/42', 'DTD', labels)[2]).toBe('Lazio Digitale Roma')
    // the path key wins over a bare id of another entity
    expect(links('/area-amministrativa/programmi/7', 'DTD', { '7': 'Altro', '/area-amministrativa/programmi/7': 'Giusto' })[2]).toBe('Giusto')
  })
  it('decodes encoded segments and ignores query and trailing slash', () => {
    expect(links('/gestione-ruoli/RUOLO%20NUOVO/')).toEqual(['[Gestione ruoli](/gestione-ruoli)', 'RUOLO NUOVO'])
    expect(links('/area-personale?x=1')).toEqual(['Area personale'])
  })
})

describe('links', () => {
  it('one segment: not a link', () => {
    expect(links('/bacheca')).toEqual(['Bacheca'])
  })
  it('two and three segments: all but the last are links, the first included', () => {
    expect(links('/area-personale/contenuti-pubblicati')).toEqual(['[Area personale](/area-personale)', 'Contenuti pubblicati'])
    expect(links('/gestione-ruoli/DTD/modifica')).toEqual([
      '[Gestione ruoli](/gestione-ruoli)',
      '[DTD](/gestione-ruoli/DTD)',
      'Modifica',
    ])
  })
  it('more than three segments: the first is never a link, the last neither', () => {
    expect(links('/area-amministrativa/servizi/15/info')).toEqual([
      'Area amministrativa',
      '[Servizi](/area-amministrativa/servizi)',
      '[15](/area-amministrativa/servizi/15)',
      'Info',
    ])
    expect(links('/area-amministrativa/servizi/15/cittadini/compila/3')).toHaveLength(6)
    expect(buildBreadcrumb('/area-amministrativa/servizi/15/cittadini/compila/3', 'FAC').filter((c) => c.to)).toHaveLength(4)
  })
})

describe("'Progetti' and 'Programmi' by role", () => {
  const path = '/area-amministrativa/programmi/7/progetti/42/info'
  it.each(['REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL'])('%s: neither is a link', (role) => {
    const crumbs = buildBreadcrumb(path, role)
    expect(crumbs.find((c) => c.label === 'Programmi')?.to).toBeUndefined()
    expect(crumbs.find((c) => c.label === 'Progetti')?.to).toBeUndefined()
  })
  it.each(['REG', 'DEG'])('%s: Programmi is not a link, Progetti is', (role) => {
    const crumbs = buildBreadcrumb(path, role)
    expect(crumbs.find((c) => c.label === 'Programmi')?.to).toBeUndefined()
    expect(crumbs.find((c) => c.label === 'Progetti')?.to).toBe('/area-amministrativa/programmi/7/progetti')
  })
  it.each(['DTD', 'DSCU', null])('%s: both are links', (role) => {
    const crumbs = buildBreadcrumb(path, role)
    expect(crumbs.find((c) => c.label === 'Programmi')?.to).toBe('/area-amministrativa/programmi')
    expect(crumbs.find((c) => c.label === 'Progetti')?.to).toBe('/area-amministrativa/programmi/7/progetti')
  })
  it('a short path ending in Progetti keeps it as the last, unlinked crumb for everybody', () => {
    expect(links('/area-amministrativa/progetti', 'DTD')).toEqual(['[Area amministrativa](/area-amministrativa)', 'Progetti'])
    expect(links('/area-amministrativa/progetti/42', 'FAC')).toEqual(['[Area amministrativa](/area-amministrativa)', 'Progetti', '42'])
  })
})

describe('stored labels store', () => {
  it('starts with the static-page labels and merges registrations', async () => {
    const { getBreadcrumbLabels, setBreadcrumbLabels } = await import('../../src/ui/breadcrumb/labels')
    expect(buildBreadcrumb('/legal', 'FAC', getBreadcrumbLabels())).toEqual([{ label: 'Dichiarazione di accessibilità' }])
    setBreadcrumbLabels({ '/area-amministrativa/progetti/42': 'Lazio Digitale Roma' })
    const crumbs = buildBreadcrumb('/area-amministrativa/progetti/42/info', 'DTD', getBreadcrumbLabels())
    expect(crumbs[2]).toEqual({ label: 'Lazio Digitale Roma', to: '/area-amministrativa/progetti/42' })
    expect(getBreadcrumbLabels()['/legal']).toBe('Dichiarazione di accessibilità')
  })
})
