// @vitest-environment node
/** Small-cell rule of the open dataset on a crafted dataset (issue 11 point 3). */
import { describe, expect, it } from 'vitest'
import { applicaSogliaMinima, type RigaDataset } from '../../../server/domain/opendata/anonimizza'

let next = 1
function riga(over: Partial<RigaDataset>): RigaDataset {
  return {
    idCittadino: next++, fasciaDiEta: '30-54', genere: 'F', occupazione: 'Occupato', titoloDiStudio: 'Laurea',
    servizioId: 10, nomeServizio: 'Sportello SPID', dataFruizione: '2026-03-10', ambito: 'SPID', tipologiaServizio: 'Facilitazione individuale',
    competenze: 'Sicurezza', sedeId: 1, nomeSede: 'Biblioteca', regione: 'Lazio', provincia: 'RM', comune: 'Roma', cap: '00185',
    intervento: 'RFD', idProgramma: 'RFD-2024-LAZ', idProgetto: 3, ...over,
  }
}

describe('applicaSogliaMinima', () => {
  it('keeps cells of 3 citizens, generalises smaller ones to the province, suppresses what stays below 3', () => {
    const roma = [riga({}), riga({}), riga({ dataFruizione: '2026-03-28' })] // 3 citizens: kept
    // Tivoli, Anzio, Frascati: one each, same band/gender/province/month → 3 generalised together
    const piccoli = [
      riga({ comune: 'Tivoli', cap: '00019', sedeId: 2, nomeSede: 'Tivoli Lab', servizioId: 20 }),
      riga({ comune: 'Anzio', cap: '00042', sedeId: 3, nomeSede: 'Anzio Lab', servizioId: 21 }),
      riga({ comune: 'Frascati', cap: '00044', sedeId: 4, nomeSede: 'Frascati Lab', servizioId: 22 }),
    ]
    // Latina: a single man 75+ in April → alone even at province level → suppressed
    const solo = riga({ fasciaDiEta: '75 e oltre', genere: 'M', provincia: 'LT', comune: 'Latina', cap: '04100', dataFruizione: '2026-04-02' })
    // the same citizen twice in Milano counts once: 2 citizens → generalised, alone in MI → suppressed
    const doppio = riga({ provincia: 'MI', comune: 'Milano', regione: 'Lombardia' })
    const milano = [doppio, { ...doppio, servizioId: 11 }, riga({ provincia: 'MI', comune: 'Milano', regione: 'Lombardia' })]
    const esito = applicaSogliaMinima([...roma, ...piccoli, solo, ...milano])

    expect(esito.righe.slice(0, 3)).toEqual(roma)
    const gen = esito.righe.slice(3)
    expect(gen).toHaveLength(3)
    for (const r of gen) {
      expect(r).toMatchObject({ comune: null, cap: null, sedeId: null, nomeSede: null, servizioId: null, nomeServizio: null, dataFruizione: '2026-03', provincia: 'RM', regione: 'Lazio' })
    }
    expect(esito.generalizzate).toBe(3)
    expect(esito.soppresse).toBe(4)
    // no published cell (band, gender, comune|province, month) holds fewer than 3 distinct citizens
    const cells = new Map<string, Set<number>>()
    for (const r of esito.righe) {
      const key = [r.fasciaDiEta, r.genere, r.provincia, r.comune, r.dataFruizione.slice(0, 7)].join('|')
      cells.set(key, (cells.get(key) ?? new Set()).add(r.idCittadino))
    }
    for (const s of cells.values()) expect(s.size).toBeGreaterThanOrEqual(3)
  })

  it('does not count kept rows when judging the generalised ones (no subtraction attack)', () => {
    // 3 in Roma (kept) + 1 in Tivoli of the same cell: the province has 4, but Tivoli's row alone is generalised → suppressed
    const esito = applicaSogliaMinima([riga({}), riga({}), riga({}), riga({ comune: 'Tivoli' })])
    expect(esito.righe).toHaveLength(3)
    expect(esito.soppresse).toBe(1)
    expect(esito.generalizzate).toBe(0)
  })

  it('treats missing values as a value of their own and does not change its input', () => {
    const input = [riga({ genere: null }), riga({ genere: null }), riga({ genere: 'F' })]
    const copy = structuredClone(input)
    const esito = applicaSogliaMinima(input)
    expect(esito.righe).toHaveLength(0)
    expect(input).toEqual(copy)
  })
})
