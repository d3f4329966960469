import { describe, expect, it } from 'vitest'
import { erroreGruppi, erroreNomeRuolo, etichettaTipologia, normalizzaNomeRuolo, permessiDeiGruppi } from '../../src/lib/ruoli'
import { NomeRuoloSchema } from '../../src/api/contract/ruoli'
import * as v from 'valibot'

describe('role rules', () => {
  it('validates and normalises the role name as the server does', () => {
    expect(normalizzaNomeRuolo('  Osservatore   regionale ')).toBe('Osservatore regionale')
    expect(erroreNomeRuolo('')).toBe('Campo obbligatorio')
    expect(erroreNomeRuolo('A')).toMatch(/da 2 a 50/)
    expect(erroreNomeRuolo('Città')).toMatch(/senza accenti/)
    expect(erroreNomeRuolo('Osservatore', ['DTD', 'OSSERVATORE'])).toBe('Esiste già un ruolo con questo nome.')
    expect(erroreNomeRuolo('Osservatore-2')).toBeNull()
    for (const name of ['Osservatore-2', ' Nuovo  ruolo ', 'Città', 'A', '-abc']) {
      expect(v.safeParse(NomeRuoloSchema, name).success, name).toBe(erroreNomeRuolo(name) === null)
    }
  })

  it('computes the permissions of the chosen groups, and requires one group', () => {
    const gruppi = [
      { codice: 'VIS.CITT', permessi: [{ codice: 'tab.citt' }, { codice: 'list.citt' }] },
      { codice: 'RED.CITT', permessi: [{ codice: 'tab.citt' }, { codice: 'list.dwnl.citt' }] },
      { codice: 'VIS.DSHB', permessi: [{ codice: 'tab.dshb' }] },
    ]
    expect(permessiDeiGruppi(gruppi, ['VIS.CITT', 'RED.CITT'])).toEqual(['list.citt', 'list.dwnl.citt', 'tab.citt'])
    expect(permessiDeiGruppi(gruppi, [])).toEqual([])
    expect(erroreGruppi([])).toBe('Scegli almeno un gruppo di permessi.')
    expect(erroreGruppi(['VIS.DSHB'])).toBeNull()
    expect(etichettaTipologia('P')).toBe('Predefinito')
    expect(etichettaTipologia('NP')).toBe('Personalizzato')
  })
})
