import { describe, expect, it } from 'vitest'
import { validaNuovoEnte } from '../../src/features/programmi/scheda/ScegliEnte'

describe('new body fields (contract EnteBodySchema; spec 002 §5)', () => {
  it('requires name, short name and an 11-digit VAT number; checks the PEC', () => {
    expect(validaNuovoEnte({ nome: 'Ente', nomeBreve: 'E', partitaIva: '12345678901', tipologia: '', sedeLegale: '', indirizzoPec: '' })).toEqual({})
    expect(validaNuovoEnte({ nome: '', nomeBreve: '', partitaIva: '123', tipologia: '', sedeLegale: '', indirizzoPec: 'non-una-pec' })).toEqual({
      nome: 'Campo obbligatorio', nomeBreve: 'Campo obbligatorio', partitaIva: 'La partita IVA ha 11 cifre', indirizzoPec: 'Indirizzo PEC non valido',
    })
  })
})
