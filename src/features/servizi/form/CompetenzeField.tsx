/**
 * Question 25 'Specifica le competenze trattate' (platform-frontend §3.3): level-1 area checkboxes; a
 * ticked area reveals its level-2 competences (question 26) right under it. Unticking an area drops its
 * level-2 choices. Box ids: `${id}-${i}` for areas, `${id}-${i}-${j}` for competences. When invalid,
 * `aria-invalid` is on the area checkboxes, not on the `fieldset` (issue 15 point 5).
 */
import { toggleValue } from '../../../ui/widgets/filter-options'
import { FieldError, RequiredMark } from '../../../ui/form/fields'
import { level2Of, sortBy, toggleArea, type Q3Question } from './q3-questions'

export interface CompetenzeFieldProps {
  id: string
  question: Q3Question
  level1: readonly string[]
  level2: readonly string[]
  onChange(level1: string[], level2: string[]): void
  error?: string | null
}

export function CompetenzeField({ id, question, level1, level2, onChange, error }: CompetenzeFieldProps) {
  const errorId = `${id}-error`
  const order = question.level2.map((l) => l.value)
  return (
    <fieldset className="mb-4" aria-describedby={error ? errorId : undefined} data-testid={`group-${id}`}>
      <legend className="fs-6 fw-semibold mb-2">
        {question.title}
        <RequiredMark required={question.required} />
      </legend>
      <p className="small text-secondary mb-2">Seleziona le aree e, per ciascuna, le competenze specifiche trattate.</p>
      {question.level1.map((area, i) => {
        const open = level1.includes(area)
        const items = level2Of(question, area)
        return (
          <div key={area} className="my-1">
            <div className="form-check">
              <input
                id={`${id}-${i}`}
                type="checkbox"
                className="form-check-input"
                checked={open}
                aria-invalid={error ? true : undefined}
                aria-controls={items.length > 0 ? `${id}-${i}-sub` : undefined}
                onChange={() => onChange(...toggleArea(question, level1, level2, area))}
              />
              <label htmlFor={`${id}-${i}`} className="form-check-label fw-semibold">{area}</label>
            </div>
            {items.length > 0 && (
              <fieldset id={`${id}-${i}-sub`} className="ms-4 ps-2 border-start" hidden={!open}>
                <legend className="visually-hidden">{`Competenze specifiche di ${area}`}</legend>
                {items.map((l, j) => (
                  <div className="form-check my-1" key={l.value}>
                    <input
                      id={`${id}-${i}-${j}`}
                      type="checkbox"
                      className="form-check-input"
                      checked={level2.includes(l.value)}
                      onChange={() => onChange([...level1], sortBy(toggleValue(level2, l.value), order))}
                    />
                    <label htmlFor={`${id}-${i}-${j}`} className="form-check-label">{l.label}</label>
                  </div>
                ))}
              </fieldset>
            )}
          </div>
        )
      })}
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
