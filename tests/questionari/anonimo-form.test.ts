import { describe, expect, it } from 'vitest'
import { encodeAnswers, isVisible, questionsOf, validateAnswers, visibleQuestions } from '../../src/features/questionari/anonimo/form'
import { decodeSection } from '../../src/lib/survey-sections'
import { Q4 } from './anonimo-fixtures'

describe('anonymous survey form rules', () => {
  const questions = questionsOf(Q4)
  const byId = (id: string) => questions.find((q) => q.id === id)!

  it('reads the section in order with the right kinds, options (§ → ,) and required flags', () => {
    expect(questions.map((q) => [q.id, q.kind])).toEqual([
      ['29', 'checkbox'],
      ['31', 'radio'],
      ['32', 'textarea'],
      ['40', 'boolean'],
      ['41', 'textarea'],
      ['1663320201383', 'rating'],
    ])
    expect(byId('31').options).toEqual(['Sì, per formazione', 'Non saprei'])
    expect(byId('29').required).toBe(true)
    expect(byId('40').required).toBe(false)
    expect(byId('1663320201383')).toMatchObject({ min: 1, max: 5 })
  })

  it('shows a dependent question only when its flag is set, and requires it only then', () => {
    expect(isVisible(byId('41'), {})).toBe(false)
    expect(isVisible(byId('41'), { '40': true })).toBe(true)
    expect(validateAnswers(questions, { '40': false })['41']).toBeUndefined()
    expect(validateAnswers(questions, { '40': true })['41']).toBe('Rispondi alla domanda.')
    expect(visibleQuestions(questions, {}).map((q) => q.id)).not.toContain('41')
  })

  it('validates required answers, text length and the rating range', () => {
    const errors = validateAnswers(questions, { '32': 'x'.repeat(601), '1663320201383': '7' })
    expect(errors).toEqual({
      '29': 'Scegli almeno una risposta.',
      '31': 'Scegli una risposta.',
      '32': 'Puoi scrivere al massimo 600 caratteri.',
      '1663320201383': 'Scegli un valore da 1 a 5.',
    })
    expect(validateAnswers(questions, { '29': ['Sportello'], '31': 'Non saprei', '32': 'SPID', '1663320201383': '4' })).toEqual({})
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
