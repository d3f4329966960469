/**
 * A site's edit against a newer version (issue 27, src/features/sedi/versioni.ts): the opening hours are merged day by
 * day and window by window, so a change of Monday's hours on one side and of Tuesday's on the other asks nothing;
 * the same window changed on both sides is asked and named 'Orari: lunedì, apertura'.
 */
import { describe, expect, it } from 'vitest'
import { merge3, type Campi } from '../../src/lib/merge3'
import { campiSede, corpoDaValori, letturaSede, type ValoriSede } from '../../src/features/sedi/versioni'
import type { SchedaSede } from '../../src/api/contract/gestione'

const scheda: SchedaSede = {
  id: 3, versione: 2, nome: 'Biblioteca', descrizione: null, serviziErogati: null, itinere: false, progetti: [],
  indirizzi: [{ id: 1, via: 'Via Roma', civico: '1', comune: 'Roma', provincia: 'RM', cap: '00100', regione: 'Lazio',
    fasceOrarie: { lun: { apertura1: '09:00', chiusura1: '13:00' }, mar: { apertura1: '09:00', chiusura1: '13:00' } } }],
}

const conOrario = (x: ValoriSede, giorno: string, apertura1: string): ValoriSede => ({
  ...x, indirizzo: { ...x.indirizzo!, fasceOrarie: { ...x.indirizzo!.fasceOrarie, [giorno]: { ...x.indirizzo!.fasceOrarie[giorno as 'lun'], apertura1 } } },
})

describe('site merge (issue 27)', () => {
  const base = letturaSede(scheda).valori

  it('the card read as the form would send it, with its version', () => {
    expect(letturaSede(scheda).versione).toBe(2)
    expect(corpoDaValori(base).indirizzi[0]).toMatchObject({ via: 'Via Roma', cancellato: false })
  })

  it('different days changed on the two sides: both taken, nothing asked', () => {
    const esito = merge3(base as unknown as Campi, conOrario(base, 'lun', '08:00') as unknown as Campi, conOrario(base, 'mar', '10:00') as unknown as Campi)
    expect(esito.conflitti).toEqual([])
    const merged = esito.merged as unknown as ValoriSede
    expect(merged.indirizzo!.fasceOrarie.lun?.apertura1).toBe('08:00')
    expect(merged.indirizzo!.fasceOrarie.mar?.apertura1).toBe('10:00')
  })

  it('the same window changed on both sides is asked, named by day and window', () => {
    const esito = merge3(base as unknown as Campi, conOrario(base, 'lun', '08:00') as unknown as Campi, conOrario(base, 'lun', '10:00') as unknown as Campi)
    expect(esito.conflitti.map((c) => c.percorso)).toEqual(['indirizzo.fasceOrarie.lun.apertura1'])
    const campo = typeof campiSede === 'function' ? campiSede('indirizzo.fasceOrarie.lun.apertura1') : undefined
    expect(campo?.label).toBe('Orari: lunedì, apertura')
  })
})
