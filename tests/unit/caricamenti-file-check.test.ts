/** The page's checks of a chosen file and the job's progress (src/features/caricamenti-massivi/file-check.ts). */
import { describe, expect, it } from 'vitest'
import { erroreFile, formatoDi, percentuale } from '../../src/features/caricamenti-massivi/file-check'
import { etichettaStatoJob } from '../../src/api/contract/caricamenti'

describe('mass upload: file checks on the page', () => {
  it('accepts .csv and .xlsx only, at most 50 MB, not empty', () => {
    expect(formatoDi('Servizi.CSV')).toBe('csv')
    expect(formatoDi('servizi.xlsx')).toBe('xlsx')
    expect(formatoDi('servizi.xls')).toBeNull()
    expect(erroreFile(null)).toBe('Scegli il file da caricare.')
    expect(erroreFile({ name: 'a.txt', size: 10 })).toMatch(/Tipo file non supportato/)
    expect(erroreFile({ name: 'a.csv', size: 0 })).toBe('Il file è vuoto.')
    expect(erroreFile({ name: 'a.csv', size: 50 * 1024 * 1024 + 1 })).toMatch(/50 MB/)
    expect(erroreFile({ name: 'a.csv', size: 50 * 1024 * 1024 })).toBeNull()
  })

  it('computes the progress and labels the states', () => {
    expect(percentuale({ stato: 'IN_PROGRESS', righeElaborate: 333, totaleRighe: 1000 })).toBe(33)
    expect(percentuale({ stato: 'IN_PROGRESS', righeElaborate: 0, totaleRighe: 0 })).toBe(0)
    expect(percentuale({ stato: 'SUCCESS', righeElaborate: 0, totaleRighe: 10 })).toBe(100)
    expect(['IN_PROGRESS', 'SUCCESS', 'GENERIC_FAIL', 'FAIL_S3_API'].map(etichettaStatoJob)).toEqual(['In corso', 'Completato', 'Fallito', 'Fallito'])
  })
})
