import { describe, expect, it } from 'vitest'
import {
  dataTerminazione, MSG, obiettiviForm, obiettiviVuoti, obiettiviWire, programmaBody, progettoBody, validaObiettivi, validaProgetto, validaProgramma,
  wireToInput, type ProgrammaFormValues,
} from '../../src/lib/gestione-form'
import { azioniEnte, azioniProgetto, azioniProgramma } from '../../src/lib/ciclo-vita'

const programma = (over: Partial<ProgrammaFormValues> = {}): ProgrammaFormValues => ({
  codice: 'RFD-2025-TST', nome: 'Programma di prova', nomeBreve: 'Prova', policy: 'RFD', bando: '', cup: '',
  dataInizio: '01-01-2025', dataFine: '31-12-2026', obiettivi: obiettiviVuoti(), ...over,
})

describe('programme form rules (spec 002 §5)', () => {
  it('accepts a complete form and builds the wire body', () => {
    expect(validaProgramma(programma())).toEqual({})
    expect(programmaBody(programma({ cup: '  ', bando: ' Bando 1 ' }))).toEqual({
      codice: 'RFD-2025-TST', nome: 'Programma di prova', nomeBreve: 'Prova', policy: 'RFD', bando: 'Bando 1', cup: null,
      dataInizio: '2025-01-01', dataFine: '2026-12-31', obiettivi: null,
    })
  })

  it('marks required fields, the code format, the policy and lengths in Italian', () => {
    const e = validaProgramma(programma({ codice: 'con spazi', nome: ' ', nomeBreve: 'x'.repeat(101), policy: '', dataInizio: '' }))
    expect(e).toMatchObject({ codice: MSG.codice, nome: MSG.obbligatorio, nomeBreve: 'Massimo 100 caratteri', policy: MSG.policy, dataInizio: MSG.obbligatorio })
  })

  it('rejects impossible dates and an end before the start', () => {
    expect(validaProgramma(programma({ dataInizio: '31-02-2025' })).dataInizio).toBe(MSG.data)
    expect(validaProgramma(programma({ dataInizio: '2025-01-01' })).dataInizio).toBe(MSG.data)
    expect(validaProgramma(programma({ dataInizio: '01-06-2025', dataFine: '31-05-2025' })).dataFine).toBe(MSG.fineDopoInizio)
  })

  it('checks targets: value and date together, integers in range, dates ascending', () => {
    const o = obiettiviVuoti()
    o.servizi = [{ valore: '10', data: '01-06-2025' }, { valore: '20', data: '01-01-2025' }]
    o.utentiUnici = [{ valore: '', data: '01-01-2025' }, { valore: '1.5', data: '01-02-2025' }]
    o.facilitatori = [{ valore: '', data: '' }]
    const e = validaObiettivi(o)
    expect(e).toEqual({
      'obiettivi.servizi.1.data': MSG.dateCrescenti,
      'obiettivi.utentiUnici.0.valore': MSG.passoIncompleto,
      'obiettivi.utentiUnici.1.valore': MSG.valore,
    })
  })

  it('converts targets both ways, dropping empty steps', () => {
    const o = obiettiviVuoti()
    o.puntiFacilitazione = [{ valore: '5', data: '30-06-2025' }, { valore: '', data: '' }]
    const wire = obiettiviWire(o)
    expect(wire).toEqual({ puntiFacilitazione: [{ valore: 5, data: '2025-06-30' }], utentiUnici: [], servizi: [], facilitatori: [] })
    expect(obiettiviForm(wire).puntiFacilitazione).toEqual([{ valore: '5', data: '30-06-2025' }])
    expect(obiettiviWire(obiettiviVuoti())).toBeNull()
  })
})

describe('project form rules', () => {
  const prg = { dataInizio: '2025-01-01', dataFine: '2026-12-31' }
  const prj = { nome: 'Progetto', nomeBreve: 'P', cup: '', dataInizio: '01-02-2025', dataFine: '30-11-2026', obiettivi: obiettiviVuoti() }

  it('keeps the project within the programme dates', () => {
    expect(validaProgetto(prj, prg)).toEqual({})
    const e = validaProgetto({ ...prj, dataInizio: '31-12-2024', dataFine: '01-01-2027' }, prg)
    expect(e.dataInizio).toBe(MSG.dentroProgramma('01-01-2025', '31-12-2026'))
    expect(e.dataFine).toBe(MSG.dentroProgramma('01-01-2025', '31-12-2026'))
    expect(progettoBody(prj)).toMatchObject({ dataInizio: '2025-02-01', dataFine: '2026-11-30', cup: null })
  })
})

describe('termination date', () => {
  it('answers the wire dd-MM-yyyy, refusing the future and bad dates', () => {
    expect(dataTerminazione('15-03-2025', '2025-03-15')).toEqual({ wire: '15-03-2025' })
    expect(dataTerminazione('16-03-2025', '2025-03-15')).toEqual({ error: MSG.futuro })
    expect(dataTerminazione('', '2025-03-15')).toEqual({ error: MSG.obbligatorio })
    expect(dataTerminazione('2025-03-01', '2025-03-15')).toEqual({ error: MSG.data })
    expect(wireToInput('2025-03-01')).toBe('01-03-2025')
  })
})

describe('lifecycle actions (platform-backend §2.1–2.4)', () => {
  it('programme: terminate only ATTIVO, delete only NON ATTIVO without started projects', () => {
    expect(azioniProgramma('NON ATTIVO', [{ stato: 'NON ATTIVO' }])).toMatchObject({ elimina: null, modifica: null })
    expect(azioniProgramma('NON ATTIVO', [])).toHaveProperty('termina', expect.any(String))
    expect(azioniProgramma('NON ATTIVO', [{ stato: 'ATTIVABILE' }]).elimina).toMatch(/progetti già avviati/)
    expect(azioniProgramma('ATTIVO', [])).toMatchObject({ termina: null, elimina: expect.any(String) })
    expect(azioniProgramma('TERMINATO', []).modifica).toMatch(/terminato/)
  })

  it('project: activate only ATTIVABILE, terminate ATTIVABILE/ATTIVO, delete only NON ATTIVO', () => {
    expect(azioniProgetto('NON ATTIVO')).toMatchObject({ elimina: null, attiva: expect.stringMatching(/facilitatore/), termina: expect.any(String) })
    expect(azioniProgetto('ATTIVABILE')).toMatchObject({ attiva: null, termina: null, elimina: expect.any(String) })
    expect(azioniProgetto('ATTIVO')).toMatchObject({ attiva: expect.any(String), termina: null })
    expect(azioniProgetto('TERMINATO').modifica).toMatch(/terminato/)
  })

  it('bodies: remove while NON ATTIVO, terminate while ATTIVO', () => {
    expect(azioniEnte('NON ATTIVO')).toMatchObject({ rimuovi: null, termina: expect.any(String) })
    expect(azioniEnte('ATTIVO')).toMatchObject({ rimuovi: expect.any(String), termina: null })
  })
})

describe('server errors on a field (issue 24 point 17)', () => {
  it('puts P09 (code already in use) on the code field and leaves other codes above the form', async () => {
    const { campoErroreServer } = await import('../../src/lib/gestione-form')
    expect(campoErroreServer('P09')).toBe('codice')
    expect(campoErroreServer('P01')).toBeUndefined()
    expect(campoErroreServer(null)).toBeUndefined()
  })
})
