// @vitest-environment node
/** Static data files: the error catalogue (platform-backend §14 + our A07–A10) and the province list. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (p: string) => JSON.parse(readFileSync(new URL(`../../../public/data/${p}`, import.meta.url), 'utf8')) as unknown

const range = (prefix: string, from: number, to: number, width = 2) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(width, '0')}`)

const CODES = [
  ...range('C', 1, 7), ...range('G', 1, 3), ...range('R', 1, 15), ...range('RG', 1, 2), ...range('U', 1, 24),
  ...range('S', 1, 11), ...range('SD', 1, 2), ...range('Q', 1, 2), ...range('QT', 1, 8), ...range('QC', 1, 2),
  ...range('CIT', 1, 3), 'E01', ...range('EN', 1, 27), ...range('T', 1, 2), ...range('P', 1, 8), ...range('PR', 1, 9),
  'D01', ...range('WD', 1, 2), ...range('RC', 1, 3), 'ZD00', ...range('A', 2, 6), 'CM01', ...range('M', 1, 5),
  'FAIL_MONGO', 'FAIL_S3_API', 'FAIL_S3_UPLOAD', 'GENERIC_FAIL', 'A01', 'G04', 'CMCRA05', 'CMRRA06',
  ...range('A', 7, 10),
]

describe('error catalogue', () => {
  const { errors } = read('errors.json') as { errors: Record<string, { titolo: string; descrizione: string; status: number }> }

  it('has every code of platform-backend §14 and our A07–A10', () => {
    expect(CODES).toHaveLength(156)
    expect(CODES.filter((c) => !(c in errors))).toEqual([])
  })

  it('gives each entry an upper-case title, a message and an HTTP status', () => {
    for (const [code, e] of Object.entries(errors)) {
      expect(e.titolo, code).toBe(e.titolo.toUpperCase())
      expect(e.descrizione.length, code).toBeGreaterThan(10)
      expect(e.status >= 400 && e.status < 600, code).toBe(true)
    }
    expect([errors.A07?.status, errors.A08?.status, errors.A09?.status, errors.A10?.status, errors.A02?.status])
      .toEqual([401, 401, 401, 403, 403])
    expect(errors.U20?.status).toBe(404)
    expect(errors.C07?.status).toBe(400)
  })
})

describe('province list', () => {
  const list = read('province.json') as { sigla: string; nome: string; regione: string }[]

  it('lists the 110 current provinces and metropolitan cities, with unique sigle, over 20 regions', () => {
    // 107 until 2025; Sardinia then replaced its 5 bodies (CA, SS, NU, OR, SU) with 8.
    expect(list).toHaveLength(110)
    expect(new Set(list.map((p) => p.sigla)).size).toBe(110)
    expect(new Set(list.map((p) => p.regione)).size).toBe(20)
    for (const p of list) expect(p.sigla).toMatch(/^[A-Z]{2}$/)
  })

  it('reflects the Sardinian reorganisation', () => {
    const sardegna = list.filter((p) => p.regione === 'Sardegna').map((p) => p.sigla).sort()
    expect(sardegna).toEqual(['CA', 'NU', 'OG', 'OR', 'OT', 'SS', 'SU', 'VS'])
    expect(list.find((p) => p.sigla === 'SU')?.nome).toBe('Sulcis Iglesiente')
  })
})
