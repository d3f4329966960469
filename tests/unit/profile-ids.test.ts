// @vitest-environment node
/**
 * One source of the current profile for request bodies (issue 26 point 6): the two wire shapes
 * (src/lib/profile-ids.ts) and no module building them by hand or reading the profile elsewhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { idsOf, presentIdsOf } from '../../src/lib/profile-ids'

describe('profile ids of a body', () => {
  it('idsOf: the three ids, null where the profile has none', () => {
    expect(idsOf({ idProgramma: 1, idProgetto: 10, idEnte: 100 })).toEqual({ idProgramma: 1, idProgetto: 10, idEnte: 100 })
    expect(idsOf({ idProgramma: 1, idProgetto: null })).toEqual({ idProgramma: 1, idProgetto: null, idEnte: null })
    expect(idsOf(null)).toEqual({ idProgramma: null, idProgetto: null, idEnte: null })
  })

  it('presentIdsOf: only the non-null ids, in the order programme, project, body', () => {
    expect(JSON.stringify(presentIdsOf({ idEnte: 100, idProgetto: 10, idProgramma: 1 }))).toBe('{"idProgramma":1,"idProgetto":10,"idEnte":100}')
    expect(presentIdsOf({ idProgramma: 1, idProgetto: null, idEnte: null })).toEqual({ idProgramma: 1 })
    expect(presentIdsOf(undefined)).toEqual({})
  })
})

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('one source of the current profile', () => {
  it('no client module shapes profile ids by hand or reads the chosen profile outside src/auth', () => {
    const allowed = new Set([join('src', 'lib', 'profile-ids.ts'), join('src', 'auth', 'current-profile.ts')])
    const offending = files('src').filter((f) => {
      if (allowed.has(f) || f.startsWith(join('src', 'auth'))) return false
      const text = readFileSync(f, 'utf8')
      return /idProgramma: \w+\?\.idProgramma/.test(text) || /getSessionState\(\)\.profilo/.test(text) || /\bif \(\w+\??\.idProgramma != null\)/.test(text)
    })
    expect(offending).toEqual([])
  })
})
