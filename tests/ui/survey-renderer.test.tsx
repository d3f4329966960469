/**
 * The one renderer of template questions (src/ui/survey; issue 8 point 12, issue 15 point 5): the same
 * question drawn in the compact variant (the facilitator's compilation) and in the phone variant (the
 * citizen's page), and on paper, blank or filled in with a citizen's answers.
 */
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { questionsOf, type FormAnswers, type SurveyVariant } from '../../src/lib/survey-questions'
import { firstControlId, PrintedQuestion, SurveyQuestionField, SurveySectionFields } from '../../src/ui/survey'
import { Q4_SECTION } from '../questionari/fixtures'

const section = {
  ...Q4_SECTION,
  schema: {
    ...Q4_SECTION.schema,
    properties: {
      ...Q4_SECTION.schema.properties,
      '50': { id: '50', title: 'Provincia', type: 'string' as const, order: 8, enum: ['Roma', 'Latina', 'Rieti', 'Frosinone', 'Viterbo', 'Milano'] },
      '51': { id: '51', title: 'Giorno', type: 'date' as const, order: 9 },
    },
    required: [...Q4_SECTION.schema.required, '50'],
  },
}
const q = (variant: SurveyVariant, id: string) => questionsOf(section, variant).find((x) => x.id === id)!

function draw(variant: SurveyVariant, id: string, value?: FormAnswers[string], error?: string) {
  const onChange = vi.fn()
  const view = render(<SurveyQuestionField question={q(variant, id)} value={value} onChange={onChange} variant={variant} idPrefix="t" error={error} />)
  return { onChange, ...view }
}

describe('editable question: compact and phone variants of one renderer', () => {
  it('a checkbox group is a fieldset with its legend in both; the hint and the required mark differ', () => {
    const compact = draw('compact', '29', ['Telefono'], 'Seleziona almeno una risposta')
    const group = screen.getByRole('group', { name: /Come sei venuto a conoscenza/ })
    expect(group.querySelector('legend')?.textContent).toBe('Come sei venuto a conoscenza del servizio che hai prenotato?*Puoi scegliere più risposte')
    expect((screen.getByLabelText('Telefono') as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByLabelText('Sportello'))
    expect(compact.onChange).toHaveBeenCalledWith(['Telefono', 'Sportello'])
    compact.unmount()

    draw('phone', '29', [], 'Scegli almeno una risposta.')
    const phone = screen.getByRole('group', { name: /Come sei venuto a conoscenza/ })
    expect(phone.className).toContain('pd-survey-question')
    expect(within(phone).getByText('(obbligatoria)').className).toBe('visually-hidden')
    expect(within(phone).getByText('Puoi scegliere più risposte.')).toBeTruthy()
  })

  it('aria-invalid goes on the options of an invalid group, never on the fieldset, and the error is linked', () => {
    for (const variant of ['compact', 'phone'] as const) {
      for (const id of ['29', '31', '1663320201383']) {
        const { unmount, container } = draw(variant, id, undefined, 'Errore di prova')
        const fieldset = container.querySelector('fieldset')!
        expect(fieldset.hasAttribute('aria-invalid'), `${variant} ${id}`).toBe(false)
        expect(fieldset.getAttribute('aria-describedby')).toContain('t-' + id + '-errore')
        const options = container.querySelectorAll('input')
        expect(options.length).toBeGreaterThan(1)
        options.forEach((o) => expect(o.getAttribute('aria-invalid'), `${variant} ${id}`).toBe('true'))
        expect(document.getElementById(firstControlId('t', q(variant, id), variant))).toBe(options[0])
        unmount()
      }
    }
  })

  it('a long single choice is a select in the compact variant, radios on the phone', () => {
    const compact = draw('compact', '50', 'Rieti')
    expect((screen.getByRole('combobox', { name: 'Provincia*' }) as HTMLSelectElement).value).toBe('Rieti')
    compact.unmount()
    const phone = draw('phone', '50', 'Rieti')
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.getAllByRole('radio')).toHaveLength(6)
    fireEvent.click(screen.getByLabelText('Milano'))
    expect(phone.onChange).toHaveBeenCalledWith('Milano')
  })

  it('the rating: stars in the compact variant, numbered buttons on the phone', () => {
    const compact = draw('compact', '1663320201383', '3')
    fireEvent.click(screen.getByLabelText(/4 stelle su 5/))
    expect(compact.onChange).toHaveBeenCalledWith('4')
    compact.unmount()
    draw('phone', '1663320201383', '3')
    expect((screen.getByRole('radio', { name: '3 su 5' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByText('Da 1 (per niente) a 5 (moltissimo).')).toBeTruthy()
  })

  it('free text: the counter and the input types follow the variant', () => {
    const compact = draw('compact', '32', 'SPID')
    expect(screen.getByText('4 / 600 caratteri')).toBeTruthy()
    expect(screen.getByRole('textbox').tagName).toBe('TEXTAREA')
    compact.unmount()
    const phone = draw('phone', '32', 'SPID')
    expect(screen.getByText('Caratteri usati: 4 su 600')).toBeTruthy()
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBe('t-32-contatore')
    phone.unmount()
    const date = draw('phone', '51', '2026-05-12')
    expect(date.container.querySelector('input')?.getAttribute('type')).toBe('date')
  })

  it('a section draws only the visible questions', () => {
    const onChange = vi.fn()
    render(<SurveySectionFields questions={questionsOf(section)} answers={{ '40': true }} onChange={onChange} variant="compact" idPrefix="s" />)
    expect(screen.getByLabelText('Quale supporto?*')).toBeTruthy()
    expect(screen.queryByLabelText('Perché no?')).toBeNull()
    fireEvent.change(screen.getByLabelText('Quale supporto?*'), { target: { value: 'PEC' } })
    expect(onChange).toHaveBeenCalledWith('41', 'PEC')
  })
})

describe('the question on paper', () => {
  it('blank: empty boxes and no form control', () => {
    const { container } = render(<PrintedQuestion question={q('compact', '29')} />)
    expect(screen.getByText('Puoi scegliere più risposte')).toBeTruthy()
    expect(container.querySelectorAll('.pd-print-check')).toHaveLength(3)
    expect(container.querySelectorAll('.pd-print-checked')).toHaveLength(0)
    expect(container.querySelectorAll('input, select, textarea')).toHaveLength(0)
  })

  it("filled in: the citizen's choices marked and named, texts and dates written", () => {
    const { container, unmount } = render(<PrintedQuestion question={q('compact', '29')} values={['Telefono', 'Fiera di paese']} />)
    expect(container.querySelectorAll('.pd-print-checked')).toHaveLength(2)
    expect(screen.getByText('Telefono').tagName).toBe('STRONG')
    expect(screen.getByText('Fiera di paese')).toBeTruthy() // an answer that is not an option is still printed
    expect(screen.getAllByText('(scelta)')).toHaveLength(2)
    unmount()
    render(<PrintedQuestion question={q('compact', '51')} values={['2026-05-12']} />)
    expect(screen.getByText('12-05-2026')).toBeTruthy()
    render(<PrintedQuestion question={q('compact', '50')} values={['Rieti']} />)
    expect(screen.getByText('Rieti')).toBeTruthy()
    expect(screen.queryByText('Milano')).toBeNull()
  })
})
