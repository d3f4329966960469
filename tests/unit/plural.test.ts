import { describe, expect, it } from 'vitest'
import { countLabel } from '../../src/lib/plural'

describe('countLabel (issue 8 point 10)', () => {
  it('agrees the noun with the number; zero takes the plural', () => {
    expect(countLabel(1, 'cittadino in questa pagina', 'cittadini in questa pagina')).toBe('1 cittadino in questa pagina')
    expect(countLabel(2, 'cittadino', 'cittadini')).toBe('2 cittadini')
    expect(countLabel(0, 'servizio', 'servizi')).toBe('0 servizi')
  })
})
