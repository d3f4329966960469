import { describe, expect, it } from 'vitest'
import { profileKey, roleCardLines } from '../../src/ui/profile/role-card'
import { avatarInitials, isAssistancePage } from '../../src/ui/shell/chrome'
import { profile } from './fixtures'

describe('role card display rules (spec 000 §3)', () => {
  it('REG and DEG show the programme and the body', () => {
    expect(roleCardLines(profile('REG'))).toEqual({ title: 'Ruolo completo REG', programma: 'Lazio Digitale 2024', ente: 'Comune di Roma' })
    expect(roleCardLines(profile('DEG')).progetto).toBeUndefined()
  })
  it('project-level managers show the short project name and the body', () => {
    expect(roleCardLines(profile('REPP'))).toEqual({ title: 'Ruolo completo REPP', progetto: 'Lazio Digitale Roma', ente: 'Comune di Roma' })
  })
  it('FAC and VOL omit the body', () => {
    expect(roleCardLines(profile('FAC'))).toEqual({ title: 'Facilitatore', progetto: 'Lazio Digitale Roma' })
    expect(roleCardLines(profile('VOL')).ente).toBeUndefined()
  })
  it('DTD, DSCU, MOD show neither programme nor project', () => {
    for (const r of ['DTD', 'DSCU', 'MOD'] as const) {
      expect(roleCardLines(profile(r, { nomeProgramma: 'X', nomeProgettoBreve: 'Y', nomeEnte: 'Z' }))).toEqual({ title: `Ruolo completo ${r}` })
    }
  })
  it('falls back to the short description', () => {
    expect(roleCardLines(profile('FAC', { descrizioneRuoloCompleta: '' })).title).toBe('FACILITATORE')
  })
  it('profile keys differ by role, programme, project and body', () => {
    const a = profile('FAC')
    expect(profileKey(a)).not.toBe(profileKey({ ...a, idProgetto: 43 }))
    expect(profileKey(a)).not.toBe(profileKey({ ...a, codiceRuolo: 'VOL' }))
    expect(profileKey(a)).toBe(profileKey({ ...a }))
  })
})

describe('shell helpers', () => {
  it('avatar initials: surname then name', () => {
    expect(avatarInitials('Sara', 'Romano')).toBe('RS')
    expect(avatarInitials('', '')).toBe('')
  })
  it('detects the assistance page', () => {
    expect(isAssistancePage('/richiesta-assistenza')).toBe(true)
    expect(isAssistancePage('/area-personale')).toBe(false)
  })
})
