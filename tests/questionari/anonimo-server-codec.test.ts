// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { parseQ4 } from '../../server/domain/questionari/istanze'
import { Q4_SECTION } from '../../server/seed/questionnaire/q4-experience'
import { QuestionarioAnonimoSchema } from '../../src/api/contract/questionario'
import * as v from 'valibot'
import { encodeAnswers, questionsOf, validateAnswers } from '../../src/lib/survey-questions'

describe('anonymous form against the seed template and the server codec', () => {
  const section = v.parse(QuestionarioAnonimoSchema.entries.sezioneQ4, Q4_SECTION)
  const questions = questionsOf(section, 'phone')

  it('draws the seed Q4: five checkbox/text questions and the 1–5 rating, all required', () => {
    expect(questions.map((q) => [q.id, q.kind, q.required])).toEqual([
      ['29', 'checkbox', true],
      ['30', 'checkbox', true],
      ['31', 'checkbox', true],
      ['32', 'textarea', true],
      ['33', 'checkbox', true],
      ['1663320201383', 'rating', true],
    ])
  })

  it('produces a sezioneQ4Questionario the server accepts, values intact (commas included)', () => {
    const pick = (id: string, n = 0) => questions.find((q) => q.id === id)!.options[n]!
    const answers = {
      '29': [pick('29'), pick('29', 2)],
      '30': [pick('30', 1)],
      '31': ['Sì, per formazione'],
      '32': 'Uso dell’app IO, SPID',
      '33': [pick('33')],
      '1663320201383': '5',
    }
    expect(validateAnswers(questions, answers, 'phone')).toEqual({})
    const parsed = parseQ4(encodeAnswers(section, questions, answers))
    expect(parsed.id).toBe('content-service-section')
    expect(parsed.properties).toEqual({
      '29': [pick('29'), pick('29', 2)],
      '30': [pick('30', 1)],
      '31': ['Sì, per formazione'],
      '32': ['Uso dell’app IO, SPID'],
      '33': [pick('33')],
      '1663320201383': ['5'],
    })
  })
})
