/**
 * Pure transforms of 'Report dati' (issue 11 point 1): the URL filters (src/features/area-dati/search.ts), the
 * grouped rows shaped into the report (server/domain/dati/report.ts `shapeReport`), the data tables, their CSV
 * and the charts' descriptions (src/lib/report-dati.ts).
 */
import { describe, expect, it } from 'vitest'
import type { ReportDati } from '../../src/api/contract/dati'
import { parseReportSearch } from '../../src/features/area-dati/search'
import { csvDi, etichettaPeriodo, notaAggiornamento, SEZIONI_DATI, specDi, tabellaDi } from '../../src/lib/report-dati'
import { shapeReport } from '../../server/domain/dati/report'

const sezione = (id: string) => SEZIONI_DATI.find((s) => s.id === id)!

describe('report dati: URL filters', () => {
  it('keeps the valid filters, drops the rest and swaps a reversed period', () => {
    expect(parseReportSearch({ policy: 'SCD', programma: '12', progetto: 7, da: '2025-01', a: '2025-03', periodo: 'settimana' }))
      .toEqual({ policy: 'SCD', programma: 12, progetto: 7, da: '2025-01', a: '2025-03', periodo: 'settimana' })
    expect(parseReportSearch({ policy: 'XYZ', programma: '-1', progetto: '1e3', da: '2025-13', a: 'ieri', periodo: 'anno' })).toEqual({})
    expect(parseReportSearch({ da: '2025-06', a: '2025-02' })).toEqual({ da: '2025-02', a: '2025-06' })
    expect(parseReportSearch({ programma: '99999999999' })).toEqual({})
  })
})

describe('report dati: shaping the grouped rows', () => {
  const shaped = shapeReport([
    { dimensione: 'servizi', valore: '2025-03-03', mese: null, n: 2 },
    { dimensione: 'servizi', valore: '2025-02-24', mese: null, n: 1 },
    { dimensione: 'servizi', valore: null, mese: '2025-03', n: 2 },
    { dimensione: 'servizi', valore: null, mese: '2025-02', n: 1 },
    { dimensione: 'partecipazioni', valore: '2025-03-03', mese: null, n: 5 },
    { dimensione: 'partecipazioni', valore: null, mese: '2025-03', n: 5 },
    { dimensione: 'tipologia', valore: 'Formazione online', mese: null, n: 1 },
    { dimensione: 'tipologia', valore: 'Altro', mese: null, n: 1 },
    { dimensione: 'tipologia', valore: 'Facilitazione individuale', mese: null, n: 3 },
    { dimensione: 'tipologia', valore: null, mese: '2025-03', n: 4 },
    { dimensione: 'voto', valore: '5', mese: null, n: 1 },
    { dimensione: 'voto', valore: '2', mese: null, n: 4 },
    { dimensione: 'sconosciuta', valore: 'x', mese: null, n: 9 },
  ])
  it('sums the totals from the weeks and sorts weeks and months by date', () => {
    expect(shaped.totali).toEqual({ servizi: 3, partecipazioni: 5, questionari: 0 })
    expect(shaped.settimane.map((w) => [w.periodo, w.servizi, w.partecipazioni])).toEqual([['2025-02-24', 1, 0], ['2025-03-03', 2, 5]])
    expect(shaped.mesi.map((m) => [m.periodo, m.servizi])).toEqual([['2025-02', 1], ['2025-03', 2]])
  })
  it('sorts counts by descending number then name, ratings by value; ignores unknown dimensions and month rows', () => {
    expect(shaped.dimensioni.tipologia).toEqual([
      { valore: 'Facilitazione individuale', n: 3 }, { valore: 'Altro', n: 1 }, { valore: 'Formazione online', n: 1 }])
    expect(shaped.dimensioni.voto.map((v) => v.valore)).toEqual(['2', '5'])
    expect(shaped.dimensioni.genere).toEqual([])
  })
})

describe('report dati: tables, CSV and chart descriptions', () => {
  const report: ReportDati = {
    aggiornatoIl: '2025-03-10T18:05:00.000Z', tempoReale: false,
    totali: { servizi: 3, partecipazioni: 5, questionari: 1 },
    settimane: [{ periodo: '2025-03-03', servizi: 3, partecipazioni: 5, questionari: 1 }],
    mesi: [{ periodo: '2025-03', servizi: 3, partecipazioni: 5, questionari: 1 }],
    dimensioni: {
      tipologia: [{ valore: 'Facilitazione; "di gruppo"', n: 2 }, { valore: '=SOMMA(A1)', n: 1 }], regione: [{ valore: 'Lazio', n: 3 }],
      provincia: [], fascia: [], genere: [{ valore: 'F', n: 12345 }], titolo: [], occupazione: [], voto: [],
    },
    programmi: [], progetti: [],
  }
  it('builds the time table by month or week, with Italian headers and dates', () => {
    expect(tabellaDi(sezione('andamento'), report, 'mese')).toEqual({
      caption: 'Andamento nel tempo, per mese', headers: ['Mese', 'Servizi', 'Partecipazioni', 'Questionari compilati'],
      rows: [['03/2025', 3, 5, 1]], file: 'report-andamento-mese.csv',
    })
    expect(tabellaDi(sezione('andamento'), report, 'settimana').rows).toEqual([['03/03/2025', 3, 5, 1]])
    expect(etichettaPeriodo('2025-11')).toBe('11/2025')
  })
  it('writes CSV with BOM, ; and CRLF, quoting and neutralising formula-like text', () => {
    // issue 26 point 7: the one encoder (src/lib/csv.ts) writes the UTF-8 BOM this file used to omit
    expect(csvDi(tabellaDi(sezione('tipologia'), report, 'mese'))).toBe(
      '\uFEFFTipologia di servizio;Servizi\r\n"Facilitazione; ""di gruppo""";2\r\n\'=SOMMA(A1);1\r\n')
  })
  it('describes each chart in Italian with its numbers, pointing to the table', () => {
    const spec = specDi(sezione('genere'), report, 'mese')
    expect(spec).toMatchObject({ tipo: 'torta', categorie: ['F'], serie: [{ nome: 'Partecipazioni', valori: [12345] }] })
    expect(spec.descrizione).toBe('Grafico ad anello: Partecipazioni per genere. F: 12.345. Tutti i valori sono nella tabella dei dati.')
    expect(specDi(sezione('provincia'), report, 'mese').descrizione).toMatch(/Nessun dato\.$/)
    expect(specDi(sezione('andamento'), report, 'mese').descrizione).toContain('03/2025: Servizi 3, Partecipazioni 5, Questionari compilati 1')
  })
  it('states the last update in Rome time, or live data, or data still being prepared', () => {
    expect(notaAggiornamento(report)).toBe('Dati aggiornati al 10/03/2025 alle 19:05.')
    expect(notaAggiornamento({ ...report, tempoReale: true })).toBe('Dati in tempo reale sui tuoi servizi.')
    expect(notaAggiornamento({ ...report, aggiornatoIl: '1970-01-01T00:00:00.000Z' })).toMatch(/in corso di elaborazione/)
  })
})
