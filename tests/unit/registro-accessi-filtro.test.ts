/** Issue 28 part 1: the access register page's wire filter — the widest period ticked, the search as the user, the lists. */
import { describe, expect, it } from 'vitest'
import { filtroRegistro } from '../../src/features/registro-accessi/lista'
import { emptyListState } from '../../src/ui/list/list-state'

describe('access register filter', () => {
  const keys = ['periodo', 'ruolo', 'oggetto', 'azione', 'esito']
  it('sends nothing for an empty state', () => {
    expect(filtroRegistro(emptyListState(keys))).toEqual({})
  })
  it('turns the widest period into a start day, today included, and passes the rest', () => {
    const s = { ...emptyListState(keys), q: 'Romano', filters: { periodo: ['1', '7'], ruolo: ['FAC'], oggetto: ['cittadino'], azione: ['lettura'], esito: ['ok'] } }
    expect(filtroRegistro(s, new Date(2026, 2, 10, 15))).toEqual({
      criterioRicerca: 'Romano', dal: '2026-03-04', ruoli: ['FAC'], entita: ['cittadino'], azioni: ['lettura'], esiti: ['ok'],
    })
  })
})
