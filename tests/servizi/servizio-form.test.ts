import { describe, expect, it } from 'vitest'
import { q3Questions, toggleArea } from '../../src/features/servizi/form/q3-questions'
import {
  dateRangeError, emptyServizioForm, isFormChanged, MSG, saveErrorMessage, servizioToForm, toServizioInput, validateServizioForm,
  type ServizioFormValues,
} from '../../src/features/servizi/form/servizio-form'
import { riferimenti, servizio, template } from './fixtures'

const questions = q3Questions(template())
const ctx = riferimenti()

const AREA_D = 'Sicurezza'
const COMP_11 = 'Proteggere i dispositivi (es.: impostare e gestire password, riconoscere ed evitare i messaggi di phishing)'

function valid(): ServizioFormValues {
  const v = emptyServizioForm(questions, ctx.sedi)
  return {
    nome: 'Uso dello SPID',
    idSede: '11',
    q3: { ...v.q3, '22': '2025-03-10', '23': '1:30', '24': ['Facilitazione individuale'], '25': [AREA_D], '26': [COMP_11], '27': ['App IO'], '28': 'Attivazione, primo accesso' },
  }
}

describe('Q3 questions from the template', () => {
  it('22–28 in order, 26 folded into 25, widgets by kind, all required', () => {
    expect(questions.map((q) => [q.id, q.kind])).toEqual([
      ['22', 'date'], ['23', 'duration'], ['24', 'checkbox'], ['25', 'competenze'], ['27', 'checkbox'], ['28', 'textarea'],
    ])
    expect(questions.every((q) => q.required)).toBe(true)
    const comp = questions.find((q) => q.id === '25')!
    expect(comp.level1).toHaveLength(5)
    expect(comp.level2).toHaveLength(13)
    expect(comp.level2Id).toBe('26')
    expect(questions.find((q) => q.id === '28')!.maxLength).toBe(600)
    expect(q3Questions(null)).toEqual([])
  })

  it('unticking an area drops its specific competences', () => {
    const comp = questions.find((q) => q.id === '25')!
    const [l1, l2] = toggleArea(comp, [AREA_D, 'Creazione di contenuti digitali'], [COMP_11, 'Creazione di contenuti digitali'], AREA_D)
    expect(l1).toEqual(['Creazione di contenuti digitali'])
    expect(l2).toEqual(['Creazione di contenuti digitali'])
    const [added] = toggleArea(comp, ['Sicurezza'], [], 'Alfabetizzazione su informazioni e dati')
    expect(added).toEqual(['Alfabetizzazione su informazioni e dati', 'Sicurezza'])
  })
})

describe('service form validation', () => {
  it('a complete form is valid', () => {
    expect(validateServizioForm(valid(), questions, ctx)).toEqual({})
  })

  it('required fields, in Italian', () => {
    const errors = validateServizioForm(emptyServizioForm(questions, ctx.sedi), questions, ctx)
    expect(errors).toEqual({
      nome: MSG.required, idSede: MSG.sede, '22': MSG.required, '23': MSG.required, '24': MSG.checkbox, '25': MSG.area, '27': MSG.checkbox, '28': MSG.required,
    })
    expect(MSG.required).toBe('Campo obbligatorio')
  })

  it('blank name and a name over 200 characters', () => {
    expect(validateServizioForm({ ...valid(), nome: '   ' }, questions, ctx).nome).toBe('Campo obbligatorio')
    expect(validateServizioForm({ ...valid(), nome: 'x'.repeat(201) }, questions, ctx).nome).toBe('Inserisci al massimo 200 caratteri')
  })

  it('the date must be real and within the project dates', () => {
    const at = (d: string) => validateServizioForm({ ...valid(), q3: { ...valid().q3, '22': d } }, questions, ctx)['22']
    expect(at('2024-01-01')).toBeUndefined()
    expect(at('2026-12-31')).toBeUndefined()
    expect(at('2023-12-31')).toBe('La data deve essere compresa tra il 01-01-2024 e il 31-12-2026 (date del progetto)')
    expect(at('2027-01-01')).toBe('La data deve essere compresa tra il 01-01-2024 e il 31-12-2026 (date del progetto)')
    expect(at('2025-02-30')).toBe('Inserisci una data valida')
    expect(dateRangeError('2023-05-01', { dataInizio: '2024-01-01', dataFine: null })).toBe('La data non può essere precedente al 01-01-2024 (inizio del progetto)')
    expect(dateRangeError('2030-05-01', { dataInizio: null, dataFine: '2026-12-31T00:00:00Z' })).toBe('La data non può essere successiva al 31-12-2026 (fine del progetto)')
    expect(dateRangeError('2030-05-01', { dataInizio: null, dataFine: null })).toBeNull()
  })

  it('duration hh:mm: padded before checking, minutes ≤ 59, not zero', () => {
    const at = (d: string) => validateServizioForm({ ...valid(), q3: { ...valid().q3, '23': d } }, questions, ctx)['23']
    expect(at('5')).toBeUndefined()
    expect(at('1:5')).toBeUndefined()
    expect(at('120:00')).toBeUndefined()
    expect(at('1:75')).toBe('I minuti vanno da 00 a 59: forse intendevi 2:15?')
    expect(at('1234')).toBe('Le ore possono avere al massimo 3 cifre (fino a 999).')
    expect(at('-1:00')).toBe('La durata non può avere il segno + o -: scrivi solo ore e minuti, ad esempio 2:00.')
    expect(at('0:00')).toBe('La durata deve essere maggiore di zero')
  })

  it('details up to 600 characters', () => {
    const at = (t: string) => validateServizioForm({ ...valid(), q3: { ...valid().q3, '28': t } }, questions, ctx)['28']
    expect(at('a'.repeat(600))).toBeUndefined()
    expect(at('a'.repeat(601))).toBe('Il limite massimo di caratteri è di 600')
  })

  it('every chosen area needs a specific competence', () => {
    const v = valid()
    const at = (l1: string[], l2: string[]) => validateServizioForm({ ...v, q3: { ...v.q3, '25': l1, '26': l2 } }, questions, ctx)['25']
    expect(at([AREA_D], [])).toBe(MSG.level2)
    expect(at([AREA_D, 'Comunicazione e collaborazione'], [COMP_11])).toBe(MSG.level2)
    expect(at([], [])).toBe(MSG.area)
  })

  it('the site must be one of the facilitator’s', () => {
    expect(validateServizioForm({ ...valid(), idSede: '99' }, questions, ctx).idSede).toBe('Seleziona la sede')
  })
})

describe('service form values', () => {
  it('preselects the only site', () => {
    expect(emptyServizioForm(questions, [{ id: 5, nome: 'Unica' }]).idSede).toBe('5')
    expect(emptyServizioForm(questions, ctx.sedi).idSede).toBe('')
  })

  it('output: trimmed name, numeric site, padded duration, choices in option order', () => {
    const v = valid()
    v.nome = '  Uso dello SPID '
    v.q3['23'] = '2'
    v.q3['24'] = ['Altro', 'Facilitazione individuale']
    expect(toServizioInput(v, questions)).toEqual({
      nome: 'Uso dello SPID',
      idSede: 11,
      q3: { '22': '2025-03-10', '23': '2:00', '24': ['Facilitazione individuale', 'Altro'], '25': [AREA_D], '26': [COMP_11], '27': ['App IO'], '28': 'Attivazione, primo accesso' },
    })
  })

  it('edit: answers decoded from the service section (commas restored)', () => {
    const v = servizioToForm(servizio(), questions, ctx.sedi)
    expect(v.nome).toBe('Uso dello SPID')
    expect(v.idSede).toBe('11')
    expect(v.q3).toMatchObject({ '22': '2025-03-10', '23': '1:30', '24': ['Facilitazione individuale'], '25': [AREA_D], '26': [COMP_11], '27': ['App IO'], '28': 'Attivazione SPID' })
    expect(validateServizioForm(v, questions, ctx)).toEqual({})
  })

  it('edit: an unreadable section falls back to the service fields', () => {
    const v = servizioToForm(servizio({ sezioneQ3Questionario: 'not a section', data: '2025-04-01', durataServizio: '0:45' }), questions, ctx.sedi)
    expect(v.q3['22']).toBe('2025-04-01')
    expect(v.q3['23']).toBe('0:45')
    expect(v.q3['24']).toEqual(['Facilitazione individuale'])
    expect(v.q3['27']).toEqual([])
  })

  it('dirty when the values change', () => {
    const a = valid()
    expect(isFormChanged(a, { ...a })).toBe(false)
    expect(isFormChanged(a, { ...a, nome: 'Altro' })).toBe(true)
  })

  it('save errors: the field layer’s Italian messages, else a generic one', () => {
    const e = new Error('Memoria piena')
    e.name = 'StorageFullError'
    expect(saveErrorMessage(e)).toBe('Memoria piena')
    expect(saveErrorMessage(new Error('device database unavailable'))).toBe('Non è stato possibile salvare il servizio sul dispositivo. Riprova.')
  })
})
