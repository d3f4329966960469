/** CSV of the usage counts (src/features/utilizzo/utilizzo-csv.ts). */
import { describe, expect, it } from 'vitest'
import { utilizzoCsv } from '../../src/features/utilizzo/utilizzo-csv'

describe('utilizzoCsv', () => {
  it('writes a header and one semicolon row per count, CRLF, with BOM; quotes and neutralises formulas', () => {
    const csv = utilizzoCsv([
      { periodo: '2026-11', event: 'download', event_type: 'csv', role_code: 'FAC', program_id: 1, nomeProgramma: 'Lazio; digitale', totale: 3 },
      { periodo: 'totale', event: 'like', event_type: '=news', role_code: 'DTD', program_id: null, nomeProgramma: null, totale: 1 },
    ])
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Periodo;Evento;Tipo;Ruolo;Programma;Totale',
      '2026-11;Download;csv;FAC;"Lazio; digitale";3',
      "Intero periodo;Mi piace;'=news;DTD;Nessun programma;1",
      '',
    ])
  })
})
