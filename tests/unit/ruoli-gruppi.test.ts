// @vitest-environment node
/**
 * The role groups and a role's level (src/lib/ruoli.ts; issue 26 point 1), and their one home: outside that
 * module (and the seed's data) no source file of the app or the server writes a role-code array, compares a
 * role with two codes joined by `||`, or switches on role codes — it imports a named group, `inGruppo` or
 * `livelloRuolo`, and the server's data scope asks server/domain/ambito/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROLE_CODES } from '../../src/api/contract/common'
import {
  inGruppo, livelloRuolo, nomeBreveRuolo, RUOLI_CAMPO, RUOLI_CARICAMENTO, RUOLI_CON_PROFILO, RUOLI_DIPARTIMENTO, RUOLI_GESTIONE, RUOLI_GLOBALI,
  RUOLI_LIVELLO_PROGETTO, RUOLI_PARTNER, RUOLI_PREDEFINITI, RUOLI_PROGETTO, RUOLI_PROGRAMMA,
} from '../../src/lib/ruoli'

const CODES = 'DTD|DSCU|REG|DEG|REGP|DEGP|REPP|DEPP|FAC|VOL|MOD'
const HOME = 'src/lib/ruoli.ts'
/** Data, not rules: the demo identities, the role table and the seeding of links. */
const DATA = /^server\/seed\//
/** Data too: the assistance desk's own names of our roles (the ticketing system's vocabulary, not a role rule). */
const EXTERNAL_MAPPINGS = new Set(['server/domain/assistenza/ticket.ts'])

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path.replaceAll('\\', '/')] : []
  })
}

/** The second copies of a role rule in `source`: role-code arrays, `=== 'X' || … === 'Y'` pairs, `case 'X':`. */
export function roleRuleCopies(source: string): string[] {
  const found: string[] = []
  for (const m of source.matchAll(/\[([^[\]{}()]*)\]/g)) {
    const items = m[1]!.split(',').map((x) => x.trim()).filter((x) => x !== '')
    const strings = items.every((x) => /^'[^']*'$/.test(x) || /^\.\.\.[\w.]+$/.test(x))
    if (strings && items.filter((x) => new RegExp(`^'(${CODES})'$`).test(x)).length >= 2) found.push(m[0])
  }
  for (const m of source.matchAll(new RegExp(`===\\s*'(${CODES})'\\s*\\|\\|\\s*[\\w.?]+\\s*===\\s*'(${CODES})'`, 'g'))) found.push(m[0])
  for (const m of source.matchAll(new RegExp(`\\bcase\\s+'(${CODES})'\\s*:`, 'g'))) found.push(m[0])
  // tables of a role pair or keyed by role codes, on one line of code: { REG: 'Referente', DEG: … },
  // { referente: 'REG', delegato: 'DEG' }, [{ codice: 'REGP', … }, { codice: 'DEGP', … }]
  for (const line of source.split('\n')) {
    if (/^\s*(\*|\/\/|\/\*)/.test(line)) continue
    const keys = line.match(new RegExp(`\\b(${CODES})\\s*:`, 'g')) ?? []
    const values = line.match(new RegExp(`\\w+\\s*:\\s*'(${CODES})'`, 'g')) ?? []
    if (keys.length >= 2 || values.length >= 2) found.push(line.trim())
  }
  return found
}

describe('role groups (src/lib/ruoli.ts)', () => {
  it('names each group once, composed in the canonical order of the contract', () => {
    expect(RUOLI_PREDEFINITI).toEqual(['DTD', 'DSCU', 'REG', 'DEG', 'REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL', 'MOD'])
    expect(ROLE_CODES).toBe(RUOLI_PREDEFINITI)
    expect(RUOLI_GESTIONE).toEqual([...RUOLI_PROGRAMMA, ...RUOLI_PROGETTO, ...RUOLI_PARTNER])
    expect(RUOLI_LIVELLO_PROGETTO).toEqual(['REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL'])
    expect(RUOLI_CON_PROFILO).toEqual(['REG', 'DEG', 'REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL'])
    expect(RUOLI_GLOBALI).toEqual(['DTD', 'DSCU', 'MOD'])
    expect(RUOLI_DIPARTIMENTO).toEqual(['DTD', 'DSCU'])
    expect(RUOLI_CAMPO).toEqual(['FAC', 'VOL'])
    expect(RUOLI_CARICAMENTO).toEqual(['REG', 'REGP', 'REPP'])
  })

  it('gives every role its level; custom roles reach everything, as DTD', () => {
    expect(Object.fromEntries(RUOLI_PREDEFINITI.map((r) => [r, livelloRuolo(r)]))).toEqual({
      DTD: 'tutto', DSCU: 'scd', REG: 'programma', DEG: 'programma', REGP: 'progetto', DEGP: 'progetto',
      REPP: 'partner', DEPP: 'partner', FAC: 'campo', VOL: 'campo', MOD: 'nessuno',
    })
    expect(livelloRuolo('RUOLO_PERSONALIZZATO')).toBe('tutto')
  })

  it('names a role within its body: referent or delegate of each pair, the field roles; nothing for the others', () => {
    expect(Object.fromEntries(RUOLI_PREDEFINITI.map((r) => [r, nomeBreveRuolo(r)]))).toEqual({
      DTD: null, DSCU: null, REG: 'Referente', DEG: 'Delegato', REGP: 'Referente', DEGP: 'Delegato',
      REPP: 'Referente', DEPP: 'Delegato', FAC: 'Facilitatore', VOL: 'Volontario', MOD: null,
    })
    expect(nomeBreveRuolo('RUOLO_PERSONALIZZATO')).toBeNull()
  })

  it('inGruppo accepts any string, and no code for a missing one', () => {
    expect(inGruppo(RUOLI_CAMPO, 'VOL')).toBe(true)
    expect(inGruppo(RUOLI_CAMPO, 'REG')).toBe(false)
    expect(inGruppo(RUOLI_CAMPO, null)).toBe(false)
    expect(inGruppo(RUOLI_CAMPO, undefined)).toBe(false)
  })
})

describe('one home for role rules', () => {
  it('recognises the copies it forbids, and not the uses it allows', () => {
    expect(roleRuleCopies(`const A = ['REG', 'DEG']\nif (r === 'FAC' || r === 'VOL') x()\nswitch (r) { case 'DTD': }`))
      .toEqual([`['REG', 'DEG']`, `=== 'FAC' || r === 'VOL'`, `case 'DTD':`])
    expect(roleRuleCopies(`const a = [...RUOLI_GLOBALI, 'UDM']\nconst t = [{ value: 'REGP', label: 'Referente' }]\nif (r === 'DSCU') y()`)).toEqual([])
    expect(roleRuleCopies(`const N = { REG: 'Referente', DEG: 'Delegato' }\nconst P = { referente: 'REGP', delegato: 'DEGP' }`))
      .toEqual([`const N = { REG: 'Referente', DEG: 'Delegato' }`, `const P = { referente: 'REGP', delegato: 'DEGP' }`])
    expect(roleRuleCopies(` * REG/DEG: the programme; REGP/DEGP: the project`)).toEqual([])
  })

  it('no file of src/ or server/ but src/lib/ruoli.ts writes a role group', () => {
    const copies: string[] = []
    for (const file of [...files('src'), ...files('server')]) {
      if (file === HOME || DATA.test(file) || EXTERNAL_MAPPINGS.has(file)) continue
      for (const c of roleRuleCopies(readFileSync(file, 'utf8'))) copies.push(`${file}: ${c}`)
    }
    expect(copies).toEqual([])
  })
})
