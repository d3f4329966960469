import { describe, expect, it } from 'vitest'
import { buildMainMenu, buildManagementMenu, buildUserMenu, isActivePath, type MenuEntry } from '../../src/ui/nav/menu'
import { permsOf, profile } from './fixtures'
import type { RoleCode } from '../../src/api/contract/common'

const ids = (m: MenuEntry[]) => m.map((e) => e.id)
const child = (m: MenuEntry[], parent: string) => m.find((e) => e.id === parent)?.children ?? []
const menuFor = (role: RoleCode, over = {}) => buildMainMenu({ permessi: permsOf(role), profilo: profile(role, over) })

describe('main menu filtering (spec 000 §2.3)', () => {
  it('gives nothing without a profile, even with permissions', () => {
    expect(buildMainMenu({ permessi: permsOf('DTD'), profilo: null })).toEqual([])
    expect(buildManagementMenu({ permessi: permsOf('DTD'), profilo: null })).toEqual([])
  })

  it('shows only entries whose codes are all held', () => {
    const m = buildMainMenu({ permessi: ['tab.home', 'tab.bach'], profilo: profile('MOD') })
    expect(ids(m)).toEqual(['home', 'bacheca'])
    // tab.am without sub-tab codes: the parent shows, with no children
    const m2 = buildMainMenu({ permessi: ['tab.am', 'subtab.enti'], profilo: profile('DTD') })
    expect(ids(m2)).toEqual(['area-amministrativa'])
    expect(ids(child(m2, 'area-amministrativa'))).toEqual(['enti'])
  })

  it('a sub-tab code without tab.am shows nothing', () => {
    expect(buildMainMenu({ permessi: ['subtab.serv'], profilo: profile('FAC') })).toEqual([])
  })

  it("FAC: home, admin area with own 'Progetto' and Servizi, citizens, Report dati of own services (issue 11), community", () => {
    const m = menuFor('FAC')
    expect(ids(m)).toEqual(['home', 'area-amministrativa', 'area-cittadini', 'report-dati', 'bacheca', 'forum', 'documenti'])
    expect(ids(child(m, 'area-amministrativa'))).toEqual(['proprio', 'servizi'])
    expect(child(m, 'area-amministrativa')[0]?.label).toBe('Progetto')
    expect(child(m, 'area-amministrativa')[0]?.to).toBe('/area-amministrativa/progetti/42/info')
    expect(child(m, 'area-amministrativa')[1]?.to).toBe('/area-amministrativa/servizi')
  })

  it('DTD: every admin sub-tab with list labels and Area dati replacing the flat Report dati', () => {
    const m = menuFor('DTD')
    expect(ids(m)).toEqual(['home', 'area-amministrativa', 'area-cittadini', 'area-dati', 'bacheca', 'forum', 'documenti'])
    const am = child(m, 'area-amministrativa')
    expect(am.map((e) => e.label)).toEqual(['Programmi', 'Progetti', 'Enti', 'Utenti', 'Questionari', 'Servizi'])
    expect(am[0]?.to).toBe('/area-amministrativa/programmi')
    expect(child(m, 'area-dati').map((e) => e.label)).toEqual(['Report dati', 'Monitoraggio dei caricamenti massivi'])
  })

  it('Report dati is a flat entry when the data area is not visible (DEG: tab.dshb without vis.mntr)', () => {
    const m = menuFor('DEG')
    expect(ids(m)).toContain('report-dati')
    expect(ids(m)).not.toContain('area-dati')
    expect(m.find((e) => e.id === 'report-dati')?.to).toBe('/area-dati/report-dati')
  })

  it('data-area children follow their own codes', () => {
    const m = buildMainMenu({ permessi: ['vis.mntr'], profilo: profile('DTD') })
    expect(ids(m)).toEqual(['area-dati'])
    expect(child(m, 'area-dati')).toEqual([])
  })
})

describe('Programma/Progetto relabelling', () => {
  it('REG sees Programma → own programme info, Progetti stays a list', () => {
    const am = child(menuFor('REG'), 'area-amministrativa')
    expect(am[0]).toMatchObject({ label: 'Programma', to: '/area-amministrativa/programmi/7/info' })
    expect(am.find((e) => e.id === 'progetti')?.label).toBe('Progetti')
  })

  it('DEG is relabelled like REG', () => {
    const am = child(menuFor('DEG', { idProgramma: 9 }), 'area-amministrativa')
    expect(am[0]).toMatchObject({ label: 'Programma', to: '/area-amministrativa/programmi/9/info' })
  })

  it.each(['REGP', 'DEGP', 'REPP', 'DEPP'] as const)('%s sees one Progetto entry → own project info', (role) => {
    const am = child(menuFor(role), 'area-amministrativa')
    const labels = am.map((e) => e.label)
    expect(labels).toContain('Progetto')
    expect(labels).not.toContain('Programmi')
    expect(labels).not.toContain('Progetti')
    expect(am.find((e) => e.label === 'Progetto')?.to).toBe('/area-amministrativa/progetti/42/info')
  })

  it('a project-level role without a project gets Programma → own programme', () => {
    const am = child(menuFor('REGP', { idProgetto: null, nomeProgettoBreve: null }), 'area-amministrativa')
    expect(am[0]).toMatchObject({ label: 'Programma', to: '/area-amministrativa/programmi/7/info' })
  })

  it('FAC/VOL holding programme codes would see Progetto too', () => {
    const m = buildMainMenu({ permessi: ['tab.am', 'subtab.prgt', 'subtab.serv'], profilo: profile('VOL') })
    expect(child(m, 'area-amministrativa').map((e) => e.label)).toEqual(['Progetto', 'Servizi'])
  })

  it('DTD keeps the list labels', () => {
    const am = child(menuFor('DTD'), 'area-amministrativa')
    expect(am.map((e) => e.label)).not.toContain('Programma')
  })
})

describe('management area and user menu (spec 000 §2.4)', () => {
  it('DTD has every management entry', () => {
    const m = buildManagementMenu({ permessi: permsOf('DTD'), profilo: profile('DTD') })
    expect(m.map((e) => e.label)).toEqual(['Gestione ruoli', 'Gestione configurazioni', 'Conservazione dei dati', 'Gestione categorie', 'Gestione segnalazioni', 'Richieste di assistenza', 'Registro degli accessi', 'Richieste di cancellazione'])
  })

  it('a data-protection role holding only view.conf.conservazione opens the area on the retention page (issue 28)', () => {
    const m = buildManagementMenu({ permessi: ['view.conf.conservazione'], profilo: profile('DTD') })
    expect(m.map((e) => e.id)).toEqual(['conservazione-dati'])
  })

  it('FAC has no management area', () => {
    expect(buildManagementMenu({ permessi: permsOf('FAC'), profilo: profile('FAC') })).toEqual([])
  })

  it('view.conf.min alone does not open the area (trigger codes are role management, categories, reports)', () => {
    expect(buildManagementMenu({ permessi: ['view.conf.min'], profilo: profile('REG') })).toEqual([])
    const m = buildManagementMenu({ permessi: ['view.conf.min', 'btn.cat'], profilo: profile('REG') })
    expect(m.map((e) => e.id)).toEqual(['gestione-configurazioni', 'gestione-categorie'])
  })

  it("'Cambia ruolo' only with more than one profile, 'Contenuti pubblicati' only with btn.cont", () => {
    const one = buildUserMenu({ permessi: [], profilo: profile('FAC'), profileCount: 1 })
    expect(one.map((e) => e.label)).toEqual(['Il mio profilo', 'Esci'])
    const many = buildUserMenu({ permessi: ['btn.cont'], profilo: profile('FAC'), profileCount: 3 })
    expect(many.map((e) => e.label)).toEqual(['Il mio profilo', 'Cambia ruolo', 'Contenuti pubblicati', 'Esci'])
    expect(many[0]?.to).toBe('/area-personale')
  })
})

describe('isActivePath', () => {
  it('matches a path and its sub-paths, Home only exactly', () => {
    expect(isActivePath('/area-amministrativa/servizi', '/area-amministrativa')).toBe(true)
    expect(isActivePath('/area-amministrativa-bis', '/area-amministrativa')).toBe(false)
    expect(isActivePath('/bacheca', '/')).toBe(false)
    expect(isActivePath('/', '/')).toBe(true)
  })
})

describe("'Area cittadini' follows the seeded matrix (issue 24 point 22)", () => {
  it.each(['DTD', 'DSCU', 'REG', 'DEG', 'REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL'] as const)('%s sees it, and holds the download of its CSV', (role) => {
    expect(ids(menuFor(role))).toContain('area-cittadini')
    expect(permsOf(role)).toContain('list.dwnl.citt')
  })

  it('MOD does not; nor does a role holding tab.citt without list.citt (the route would refuse it)', () => {
    expect(ids(menuFor('MOD'))).not.toContain('area-cittadini')
    expect(ids(buildMainMenu({ permessi: ['tab.citt'], profilo: profile('DTD') }))).not.toContain('area-cittadini')
    expect(ids(buildMainMenu({ permessi: ['tab.citt', 'list.citt'], profilo: profile('DTD') }))).toContain('area-cittadini')
  })
})
