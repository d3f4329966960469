// @vitest-environment node
/** The role → group → permission matrix covers the whole front-end catalogue (platform-frontend §2.3). */
import { describe, expect, it } from 'vitest'
import { GROUPS, PERMISSIONS, ROLE_GROUPS, ROLES, permissionsOfRole } from '../../../server/seed/permissions-matrix'
import { ROLE_CODES } from '../../../src/api/contract/common'

/** The 110 codes of platform-frontend §2.3, transcribed area by area. */
const CATALOGUE = [
  'tab.dshb', 'view.dshb', 'acc.self.dshb', 'self.bi', 'vis.mntr',
  'tab.am',
  'subtab.prgm', 'list.prgm', 'list.dwnl.prgm', 'view.card.prgm.full', 'new.prgm', 'del.prgm', 'end.prgm',
  'add.enti.gest.prgm', 'upd.enti.card.prgm', 'upd.enti.gest.prgm', 'add.ref_del.gest.prgm', 'del.ref_del.gest.prgm',
  'upd.rel.quest_prgm',
  'subtab.quest', 'list.quest.templ', 'view.quest.templ', 'new.quest.templ', 'upd.quest.templ', 'del.quest.templ',
  'subtab.prgt', 'list.prgt', 'list.dwnl.prgt', 'add.prgt', 'del.prgt', 'act.prgt', 'term.prgt', 'upd.car.prgt',
  'add.enti.gest.prgt', 'upd.enti.gest.prgt', 'add.ente.partner', 'upd.ente.partner', 'del.ente.partner',
  'add.ref_del.gest.prgt', 'del.ref_del.gest.prgt', 'add.sede.gest.prgt', 'upd.sede.gest.prgt', 'del.sede.gest.prgt',
  'add.ref_del.partner', 'del.ref_del.partner', 'add.sede.partner', 'upd.sede.partner', 'del.sede.partner', 'add.fac',
  'add.fac.partner',
  'subtab.enti', 'list.enti', 'list.dwnl.enti', 'view.card.enti', 'upd.card.enti',
  'subtab.utenti', 'list.utenti', 'list.dwnl.utenti', 'view.card.utenti', 'new.utente', 'del.utente', 'upd.anag.utenti',
  'upd.card.utenti', 'add.del.ruolo.utente',
  'tab.citt', 'list.citt', 'list.dwnl.citt',
  'subtab.serv', 'list.serv', 'list.dwnl.serv', 'view.card.serv', 'new.serv', 'del.serv', 'upd.card.serv',
  'btn.gest.ruoli', 'list.ruoli', 'view.ruoli', 'new.ruoli', 'del.ruoli', 'add.upd.permessi',
  'btn.cat', 'btn.cont', 'btn.rprt', 'list.ntf.nr', 'tab.home',
  'tab.bach', 'list.news', 'view.card.news', 'new.news', 'upd.news', 'del.news', 'rprt.news',
  'tab.comm', 'list.topic', 'view.card.topic', 'new.topic', 'upd.topic', 'del.topic', 'rprt.topic',
  'tab.doc', 'list.doc', 'view.card.doc', 'new.doc', 'upd.doc', 'del.doc', 'rprt.doc',
  'acc.clb', 'btn.chat',
  'view.conf.min', 'gest.conf.min',
]
const EXTRA = ['view.card.serv.citt', 'wrt.quest.citt.serv', 'gen.opendata', 'list.ticket',
  'view.utilizzo', // issue 13: usage-event summary (DTD)
  'view.conf.conservazione', 'gest.conf.conservazione', // issue 28 point 2: retention periods and reports (DTD)
  'view.registro.accessi', // issue 28: the access register (DTD)
  'gest.dati.personali', 'rich.canc.cittadino', // issue 28 part 3: the citizen's rights (DTD; REG and REGP request)
]

describe('permissions matrix', () => {
  it('transcribes 110 distinct catalogue codes and defines exactly those plus the extra codes', () => {
    expect(new Set(CATALOGUE).size).toBe(110)
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...CATALOGUE, ...EXTRA].sort())
  })

  it('grants every code to at least one role', () => {
    const granted = new Set<string>(ROLE_CODES.flatMap((r) => permissionsOfRole(r)))
    const missing = [...CATALOGUE, ...EXTRA].filter((c) => !granted.has(c))
    expect(missing).toEqual([])
  })

  it('defines every predefined role, each with at least one group, and no empty group', () => {
    expect(ROLES.map((r) => r.codice).sort()).toEqual([...ROLE_CODES].sort())
    for (const r of ROLE_CODES) expect(ROLE_GROUPS[r].length).toBeGreaterThan(0)
    for (const g of Object.values(GROUPS)) expect(g.permessi.length).toBeGreaterThan(0)
  })

  it('gives FAC and VOL their field work and nothing of role management or administration', () => {
    for (const role of ['FAC', 'VOL'] as const) {
      const p = permissionsOfRole(role)
      for (const code of ['tab.home', 'tab.am', 'subtab.serv', 'list.serv', 'new.serv', 'upd.card.serv', 'del.serv',
        'view.card.serv', 'tab.citt', 'list.citt', 'wrt.quest.citt.serv', 'list.ntf.nr', 'btn.cont', 'tab.comm',
        'new.topic', 'rprt.topic',
        // 'Report dati' of their own services (issue 11 point 1), without the monitoring of mass uploads
        'tab.dshb', 'view.dshb']) expect(p, `${role} ${code}`).toContain(code)
      for (const code of ['list.ruoli', 'btn.gest.ruoli', 'view.ruoli', 'subtab.prgm', 'list.prgm', 'subtab.utenti',
        'view.conf.min', 'btn.rprt', 'btn.cat', 'del.topic', 'vis.mntr', 'acc.self.dshb']) expect(p, `${role} ${code}`).not.toContain(code)
    }
  })

  it('keeps the DTD, REG and REGP sets of platform-backend §3.3', () => {
    const dtd = permissionsOfRole('DTD')
    for (const code of ['acc.self.dshb', 'new.prgm', 'del.prgm', 'new.quest.templ', 'list.ruoli', 'add.upd.permessi',
      'upd.anag.utenti', 'add.del.ruolo.utente', 'add.sede.partner', 'tab.citt', 'new.serv']) expect(dtd).toContain(code)
    expect(dtd).not.toContain('wrt.quest.citt.serv')
    const reg = permissionsOfRole('REG')
    for (const code of ['end.prgm', 'upd.rel.quest_prgm', 'add.prgt', 'add.ref_del.gest.prgt', 'upd.card.utenti']) expect(reg).toContain(code)
    for (const code of ['new.prgm', 'new.quest.templ', 'act.prgt', 'add.fac', 'new.serv', 'list.ruoli']) expect(reg).not.toContain(code)
    for (const code of ['list.serv', 'view.card.serv']) expect(reg).toContain(code)
    const regp = permissionsOfRole('REGP')
    for (const code of ['act.prgt', 'term.prgt', 'add.ente.partner', 'add.fac', 'list.serv', 'view.card.serv.citt']) expect(regp).toContain(code)
    for (const code of ['new.serv', 'subtab.quest', 'add.prgt', 'end.prgm']) expect(regp).not.toContain(code)
  })

  it('makes delegates narrower than their referents and MOD a community-only role', () => {
    const sub = (a: string[], b: string[]) => a.every((c) => b.includes(c))
    expect(sub(permissionsOfRole('DEG'), permissionsOfRole('REG'))).toBe(true)
    expect(permissionsOfRole('DEG')).not.toContain('end.prgm')
    expect(sub(permissionsOfRole('DEGP'), permissionsOfRole('REGP'))).toBe(true)
    expect(permissionsOfRole('DEGP')).not.toContain('term.prgt')
    expect(sub(permissionsOfRole('DEPP'), permissionsOfRole('REPP'))).toBe(true)
    const mod = permissionsOfRole('MOD')
    for (const code of ['btn.rprt', 'btn.cat', 'upd.news', 'del.topic', 'del.doc']) expect(mod).toContain(code)
    expect(mod).not.toContain('tab.am')
  })

  it('gives the citizens registry and its CSV to every role that sees services, and to no other (issue 24 point 22)', () => {
    for (const role of ROLE_CODES) {
      const p: readonly string[] = permissionsOfRole(role)
      const seesServices = p.includes('list.serv')
      for (const code of ['tab.citt', 'list.citt', 'list.dwnl.citt']) expect(p.includes(code), `${role} ${code}`).toBe(seesServices)
    }
    expect(ROLE_CODES.filter((r) => permissionsOfRole(r).includes('list.citt')).sort())
      .toEqual(['DEG', 'DEGP', 'DEPP', 'DSCU', 'DTD', 'FAC', 'REG', 'REGP', 'REPP', 'VOL'])
  })
})
