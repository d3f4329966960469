import { describe, expect, it } from 'vitest'
import { MANAGING_ROLES, SUPPORT_EMAIL, SUPPORT_LINKS, SUPPORT_UNAVAILABLE, supportContent } from '../../src/ui/support/rules'

const hrefs = (c: ReturnType<typeof supportContent>) => (c.kind === 'links' ? c.links.map((l) => l.href) : [])

describe('support modal content (spec 000 §6.3)', () => {
  it('logged out: log in to send a request, with the support address; no assistance button', () => {
    const c = supportContent({ loggedIn: false, codiceRuolo: 'FAC', policy: 'RFD' })
    expect(c).toEqual({ kind: 'anonymous', email: SUPPORT_EMAIL, canOpenAssistance: false })
  })

  it('FAC with RFD: vademecum, FAQ, manual', () => {
    const c = supportContent({ loggedIn: true, codiceRuolo: 'FAC', policy: 'RFD' })
    expect(c.canOpenAssistance).toBe(true)
    expect(c.kind === 'links' && c.links.map((l) => l.label)).toEqual([
      SUPPORT_LINKS.vademecumFacilitatori.label,
      SUPPORT_LINKS.faqFacilitatori.label,
      SUPPORT_LINKS.manualeFacilitazione.label,
    ])
  })

  it('VOL with SCD: volunteer vademecum and manual', () => {
    const c = supportContent({ loggedIn: true, codiceRuolo: 'VOL', policy: 'SCD' })
    expect(hrefs(c)).toEqual([SUPPORT_LINKS.vademecumVolontari.href, SUPPORT_LINKS.manualeVolontario.href])
  })

  it.each(MANAGING_ROLES)('%s: SCD gets the mass-upload guide, RFD the managing-body guides', (role) => {
    expect(hrefs(supportContent({ loggedIn: true, codiceRuolo: role, policy: 'SCD' }))).toEqual([SUPPORT_LINKS.guidaCaricamentoScd.href])
    const rfd = supportContent({ loggedIn: true, codiceRuolo: role, policy: 'RFD' })
    expect(rfd.kind === 'links' && rfd.links).toEqual([SUPPORT_LINKS.vademecumEnti, SUPPORT_LINKS.faqEnti, SUPPORT_LINKS.capacityBuilding])
    expect(rfd.canOpenAssistance).toBe(true)
  })

  it.each([
    ['DTD', null],
    ['DSCU', null],
    ['MOD', null],
    ['FAC', 'SCD'],
    ['VOL', 'RFD'],
    ['REG', null],
    ['CUSTOM', 'RFD'],
  ] as const)('%s with %s: not available, no assistance button', (role, policy) => {
    const c = supportContent({ loggedIn: true, codiceRuolo: role, policy })
    expect(c).toEqual({ kind: 'unavailable', message: SUPPORT_UNAVAILABLE, canOpenAssistance: false })
  })

  it('a logged user without a profile gets the unavailable message', () => {
    expect(supportContent({ loggedIn: true, codiceRuolo: null, policy: null }).kind).toBe('unavailable')
  })
})
