// @vitest-environment node
/**
 * The plan of the list benchmark (bench/lists.ts, issue 9 point 7): the later page exists (min(3, last)), a list a
 * role may not open by design is not planned (its list permission is not in the role's seed matrix), and the
 * slowest median of each entity is reported so that an outlier cannot hide under the p95, and the slowest list by
 * its own p95 is named (issue 24 point 25).
 */
import { describe, expect, it } from 'vitest'
import { laterPage, listVariants, refusedByDesign, slowestP95, slowestPerEntity } from '../../../bench/lists'

describe('list benchmark plan', () => {
  it('measures a later page only when it exists: min(3, last)', () => {
    expect(laterPage(0)).toBeUndefined()
    expect(laterPage(1)).toBeUndefined()
    expect(laterPage(2)).toBe(1)
    expect(laterPage(4)).toBe(3)
    expect(laterPage(300_000)).toBe(3)
  })

  it('drops the lists a role refuses by design, and only those', () => {
    for (const entity of ['programma', 'ente', 'utente']) expect(refusedByDesign('FAC', entity), entity).toBe(true)
    for (const entity of ['progetto', 'servizio']) expect(refusedByDesign('FAC', entity), entity).toBe(false)
    for (const role of ['DTD', 'REG', 'REGP']) {
      for (const entity of new Set(listVariants().map((v) => v.entity))) expect(refusedByDesign(role, entity), `${role} ${entity}`).toBe(false)
    }
    expect(() => refusedByDesign('DTD', 'sconosciuta')).toThrow()
  })

  it('reports the slowest median of every entity, slowest first', () => {
    const worst = slowestPerEntity([
      { entity: 'servizio', what: 'DTD servizio tutti p0', ms: 10, p95: 12 }, { entity: 'servizio', what: 'DTD servizio ricerca p3', ms: 600, p95: 610 },
      { entity: 'utente', what: 'REG utente ricerca p0', ms: 30, p95: 31 }, { entity: 'utente', what: 'DTD utente tutti p0', ms: 5, p95: 6 },
    ])
    expect(worst.map((w) => w.what)).toEqual(['DTD servizio ricerca p3', 'REG utente ricerca p0'])
  })

  it('names the slowest list by its p95, not by its median', () => {
    const slowest = slowestP95([
      { entity: 'programma', what: 'DTD programma tutti p0', ms: 40, p95: 2200 },
      { entity: 'servizio', what: 'REG servizio ricerca p0', ms: 90, p95: 95 },
      { entity: 'utente', what: 'DTD utente tutti p0', ms: 5, p95: 6 },
    ])
    expect(slowest?.what).toBe('DTD programma tutti p0')
    expect(slowest?.p95).toBe(2200)
    expect(slowestP95([])).toBeUndefined()
  })
})
