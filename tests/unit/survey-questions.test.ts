/**
 * The one model of template questions (src/lib/survey-questions.ts; issue 8 point 12) in both variants:
 * the citizen's phone page (formerly features/questionari/anonimo/form.ts) and the facilitator's
 * compilation (formerly features/questionari/domande.ts). Same assertions as those modules had.
 */
import { describe, expect, it } from 'vitest'
import {
  displayValues, encodeAnswers, initialAnswers, isVisible, questionError, questionKind, questionsOf, sameAnswers, sectionAnswers, validateAnswers,
  visibleQuestions, type TemplateQuestion,
} from '../../src/lib/survey-questions'
import { decodeSection, encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { Q4 } from '../questionari/anonimo-fixtures'
import { Q4_SECTION, TEMPLATE } from '../questionari/fixtures'

describe('phone variant (the citizen’s survey page)', () => {
  const questions = questionsOf(Q4, 'phone')
  const byId = (id: string) => questions.find((q) => q.id === id)!

  it('reads the section in order with the right kinds, options (§ → ,) and required flags', () => {
    expect(questions.map((q) => [q.id, q.kind])).toEqual([
      ['29', 'checkbox'],
      ['31', 'radio'],
      ['32', 'textarea'],
      ['40', 'flag'],
      ['41', 'textarea'],
      ['1663320201383', 'rating'],
    ])
    expect(byId('31').options).toEqual(['Sì, per formazione', 'Non saprei'])
    expect(byId('29').required).toBe(true)
    expect(byId('40').required).toBe(false)
    expect(byId('1663320201383')).toMatchObject({ min: 1, max: 5 })
  })

  it('draws every single choice as radios, however long', () => {
    const long = { ...Q4.schema.properties['31']!, enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }
    expect(questionKind(long, 'phone')).toBe('radio')
    expect(questionKind(long, 'compact')).toBe('select')
  })

  it('shows a dependent question only when its flag is set, and requires it only then', () => {
    expect(isVisible(byId('41'), {})).toBe(false)
    expect(isVisible(byId('41'), { '40': true })).toBe(true)
    expect(validateAnswers(questions, { '40': false }, 'phone')['41']).toBeUndefined()
    expect(validateAnswers(questions, { '40': true }, 'phone')['41']).toBe('Rispondi alla domanda.')
    expect(visibleQuestions(questions, {}).map((q) => q.id)).not.toContain('41')
  })

  it('validates required answers, text length and the rating range', () => {
    const errors = validateAnswers(questions, { '32': 'x'.repeat(601), '1663320201383': '7' }, 'phone')
    expect(errors).toEqual({
      '29': 'Scegli almeno una risposta.',
      '31': 'Scegli una risposta.',
      '32': 'Puoi scrivere al massimo 600 caratteri.',
      '1663320201383': 'Scegli un valore da 1 a 5.',
    })
    expect(validateAnswers(questions, { '29': ['Sportello'], '31': 'Non saprei', '32': 'SPID', '1663320201383': '4' }, 'phone')).toEqual({})
  })

  it('encodes the visible answers in the contract encoding with the template section id and title', () => {
    const text = encodeAnswers(Q4, questions, {
      '29': ['Sito internet', 'Sportello'],
      '31': 'Sì, per formazione',
      '32': '  Uso dell’app IO  ',
      '40': false,
      '41': 'hidden: not sent',
      '1663320201383': '4',
    })
    expect(() => JSON.parse(text)).toThrow() // single-quoted properties: not valid JSON
    expect(text).toContain("'31':['Sì§ per formazione']")
    const decoded = decodeSection(text)
    expect(decoded.id).toBe('content-service-section')
    expect(decoded.title).toBe('Informazioni sull’esperienza')
    expect(decoded.answers).toEqual({
      '29': ['Sportello', 'Sito internet'], // template order
      '31': ['Sì, per formazione'],
      '32': ['Uso dell’app IO'],
      '1663320201383': ['4'],
    })
  })
})

describe('compact variant (the facilitator’s compilation)', () => {
  const domande = questionsOf(Q4_SECTION, 'compact')
  const byId = (id: string) => domande.find((d) => d.id === id)!
  const raw = (id: string) => Q4_SECTION.schema.properties[id] as TemplateQuestion

  it('finds the questions by order, dropping the fields hidden from survey forms', () => {
    const q1 = TEMPLATE.sezioniQuestionarioTemplate[0]!
    expect(questionsOf(q1).map((d) => d.id)).toEqual(['1', '5', '6'])
    expect(domande.map((d) => d.id)).toEqual(['29', '31', '40', '41', '42', '32', '1663320201383'])
    // a hidden question stays in the list (its answers are read), never drawn
    const q3 = questionsOf(TEMPLATE.sezioniQuestionarioTemplate[2]!)
    expect(q3.find((d) => d.id === '26')).toMatchObject({ hidden: true })
    expect(visibleQuestions(q3, {}).map((d) => d.id)).toEqual(['22'])
  })

  it('draws checkbox, radio, select, flag, text, textarea and rating', () => {
    expect(byId('29').kind).toBe('checkbox')
    expect(byId('31').kind).toBe('radio')
    expect(questionKind({ ...raw('31'), enum: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe('select')
    expect(byId('40').kind).toBe('flag')
    expect(byId('41').kind).toBe('text')
    expect(byId('32').kind).toBe('textarea')
    expect(byId('1663320201383').kind).toBe('rating')
    expect(questionKind({ ...raw('32'), id: '1663320201383', type: 'string' })).toBe('rating')
  })

  it('applies dependencyFlag and dependencyNotFlag', () => {
    expect(isVisible(byId('41'), { '40': false })).toBe(false)
    expect(isVisible(byId('42'), { '40': false })).toBe(true)
    expect(isVisible(byId('41'), { '40': true })).toBe(true)
    expect(isVisible(byId('42'), { '40': true })).toBe(false)
    // a 'Sì' / 'No' flag question: only 'Sì' sets it
    expect(isVisible(byId('41'), { '40': 'Sì' })).toBe(true)
    expect(isVisible(byId('41'), { '40': 'No' })).toBe(false)
  })

  it('requires visible required questions only and checks maxLength and rating bounds', () => {
    const empty = initialAnswers(domande)
    expect(validateAnswers(domande, empty)).toEqual({
      '29': 'Seleziona almeno una risposta',
      '31': 'Seleziona una risposta',
      '1663320201383': 'Seleziona una risposta',
    })
    const withFlag = { ...empty, '40': true }
    expect(validateAnswers(domande, withFlag)['41']).toBe('Campo obbligatorio')
    expect(questionError(byId('41'), 'x'.repeat(21))).toBe('Il limite massimo di caratteri è di 20')
    expect(questionError(byId('1663320201383'), '6')).toBe('Scegli un valore da 1 a 5')
    expect(questionError(byId('1663320201383'), '4')).toBeNull()
  })

  it('turns the Q4 form into the contract section: visible answers only, option order, commas encoded', () => {
    const risposte = {
      ...initialAnswers(domande),
      '29': ['Sito internet', 'Sportello'],
      '31': 'Sì, per facilitazione',
      '40': false,
      '41': 'nascosta',
      '42': '  non serve  ',
      '1663320201383': '4',
    }
    const section = { ...sectionHeader('Q4'), answers: sectionAnswers(domande, risposte) }
    expect(section).toEqual({
      id: 'content-service-section',
      title: 'Informazioni sull’esperienza',
      answers: { '29': ['Sportello', 'Sito internet'], '31': 'Sì, per facilitazione', '42': 'non serve', '1663320201383': '4' },
    })
    const text = encodeSection(section)
    expect(text).toBe(
      `{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{'29':['Sportello','Sito internet']},{'31':['Sì§ per facilitazione']},{'42':['non serve']},{'1663320201383':['4']}]}`,
    )
    expect(text).toBe(encodeAnswers(sectionHeader('Q4'), domande, risposte))
    expect(decodeSection(text).answers['31']).toEqual(['Sì, per facilitazione'])
  })

  it('fills a form from decoded answers and tells when it changed', () => {
    const decoded = decodeSection(encodeSection({ id: 'content-service-section', title: '', answers: { '29': ['Telefono'], '40': true, '32': 'SPID' } }))
    const init = initialAnswers(domande, decoded)
    expect(init['29']).toEqual(['Telefono'])
    expect(init['40']).toBe(true)
    expect(init['32']).toBe('SPID')
    expect(sameAnswers(init, { ...init })).toBe(true)
    expect(sameAnswers(init, { ...init, '29': ['Telefono', 'Sportello'] })).toBe(false)
    expect(sameAnswers(initialAnswers(domande), { ...initialAnswers(domande), '32': '' })).toBe(true)
  })

  it('shows answers as a reader sees them', () => {
    expect(displayValues(byId('40'), ['true'])).toEqual(['Sì'])
    expect(displayValues(byId('1663320201383'), ['4'])).toEqual(['4 su 5'])
    const q26 = questionsOf(TEMPLATE.sezioniQuestionarioTemplate[2]!).find((d) => d.id === '26')
    expect(displayValues(q26, ['1', 'x'])).toEqual(['Navigare in rete', 'x'])
  })
})
