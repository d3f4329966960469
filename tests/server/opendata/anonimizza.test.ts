// @vitest-environment node
/** k-anonymity of the open dataset on crafted rows and on a generated population (issue 11 point 3, issue 24 point 3). */
import { describe, expect, it } from 'vitest'
import { FASCE_DI_ETA } from '../../../src/api/contract/enums'
import { applicaSogliaMinima, LIVELLI, QUASI_IDENTIFICATIVI, type RigaDataset } from '../../../server/domain/opendata/anonimizza'
import { popolazione, violazioni } from './popolazione'

let next = 1
function riga(over: Partial<RigaDataset>): RigaDataset {
  return {
    idCittadino: next++, fasciaDiEta: '30-54', genere: 'F', occupazione: 'Occupato', titoloDiStudio: 'Laurea', mese: '2026-03',
    ambito: 'SPID', tipologiaServizio: 'Facilitazione individuale', competenze: 'Sicurezza', regione: 'Lazio', provincia: 'RM', comune: 'Roma',
    intervento: 'RFD', idProgramma: 'RFD-2024-LAZ', idProgetto: 3, ...over,
  }
}

describe('applicaSogliaMinima', () => {
  it('keeps groups of 3 citizens whole, generalises smaller ones level by level, suppresses what stays below 3', () => {
    const roma = [riga({}), riga({}), riga({})] // 3 citizens with every value equal: kept
    // Tivoli, Anzio, Frascati (other projects): one each → 3 together once comune and project are dropped
    const piccoli = [
      riga({ comune: 'Tivoli', idProgetto: 20 }), riga({ comune: 'Anzio', idProgetto: 21, ambito: 'CIE' }), riga({ comune: 'Frascati', idProgetto: 22 }),
    ]
    // Viterbo: three people differing in employment and education → together at level 2 (province kept)
    const viterbo = [
      riga({ provincia: 'VT', comune: 'Viterbo', occupazione: 'Studente', titoloDiStudio: 'Diploma' }),
      riga({ provincia: 'VT', comune: 'Viterbo', occupazione: 'Pensionato' }),
      riga({ provincia: 'VT', comune: 'Tarquinia', titoloDiStudio: 'Licenza media' }),
    ]
    // Latina: a single man 75+ → alone at every level → suppressed
    const solo = riga({ fasciaDiEta: '75 e oltre', genere: 'M', provincia: 'LT', comune: 'Latina' })
    // the same citizen twice counts once: 2 citizens in Milano → suppressed
    const doppio = riga({ provincia: 'MI', comune: 'Milano', regione: 'Lombardia' })
    const milano = [doppio, { ...doppio }, riga({ provincia: 'MI', comune: 'Milano', regione: 'Lombardia' })]
    const esito = applicaSogliaMinima([...roma, ...piccoli, ...viterbo, solo, ...milano])

    expect(esito.righe.slice(0, 3)).toEqual(roma)
    const l1 = esito.righe.slice(3, 6)
    for (const r of l1) expect(r).toMatchObject({ comune: null, idProgetto: null, ambito: null, competenze: null, provincia: 'RM', occupazione: 'Occupato', idProgramma: 'RFD-2024-LAZ' })
    const l2 = esito.righe.slice(6)
    expect(l2).toHaveLength(3)
    for (const r of l2) expect(r).toMatchObject({ comune: null, occupazione: null, titoloDiStudio: null, tipologiaServizio: null, idProgramma: null, provincia: 'VT', regione: 'Lazio', mese: '2026-03' })
    expect(esito.generalizzate).toBe(6)
    expect(esito.soppresse).toBe(4)
    expect(violazioni(esito.righe, QUASI_IDENTIFICATIVI, 3)).toEqual([])
  })

  it('does not count rows published at a lower level when judging a generalised one (no subtraction attack)', () => {
    // 3 in Roma (kept) + 1 in Tivoli: the province has 4, but Tivoli's row alone is generalised → suppressed
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

  it('leaves no combination of published columns isolating fewer than 3 citizens in a realistic population', () => {
    const geo = [
      ['Lazio', 'RM', 'Roma'], ['Lazio', 'RM', 'Roma'], ['Lazio', 'RM', 'Tivoli'], ['Lazio', 'LT', 'Latina'], ['Lazio', 'LT', 'Aprilia'],
      ['Lombardia', 'MI', 'Milano'], ['Lombardia', 'MI', 'Rho'], ['Lombardia', 'BG', 'Bergamo'], ['Puglia', 'BA', 'Bari'], ['Puglia', 'LE', 'Lecce'],
    ] as const
    const sedi = geo.map((_, i) => ({ idSede: i + 1, idProgetto: 100 + (i % 5) }))
    const { cittadini, servizi } = popolazione(24, sedi, 600, 700)
    const byId = new Map(cittadini.map((c) => [c.id, c]))
    const righe: RigaDataset[] = servizi.flatMap((s) => s.cittadini.map((id) => {
      const c = byId.get(id)!
      const [regione, provincia, comune] = geo[s.sede.idSede - 1]!
      return {
        idCittadino: id, fasciaDiEta: FASCE_DI_ETA.find((f) => f.id === c.fasciaDiEtaId)!.fascia, genere: c.genere, occupazione: c.occupazione,
        titoloDiStudio: c.titoloDiStudio, mese: s.data.slice(0, 7), ambito: s.ambito.join(', '), tipologiaServizio: s.tipologia,
        competenze: s.competenze.join(', '), regione, provincia, comune, intervento: s.sede.idProgetto < 103 ? 'RFD' : 'SCD',
        idProgramma: s.sede.idProgetto < 103 ? 'RFD-1' : 'SCD-1', idProgetto: s.sede.idProgetto,
      }
    }))
    // published whole, almost every row would be unique (the check does find them)
    expect(violazioni(righe, QUASI_IDENTIFICATIVI, 3, { soloTutte: true }).length).toBeGreaterThan(righe.length / 2)
    const esito = applicaSogliaMinima(righe)
    expect(esito.righe.length).toBeGreaterThan(0)
    expect(esito.righe.length + esito.soppresse).toBe(righe.length)
    expect(violazioni(esito.righe, QUASI_IDENTIFICATIVI, 3)).toEqual([])
    expect(LIVELLI[0]).toEqual(QUASI_IDENTIFICATIVI)
  })
})
