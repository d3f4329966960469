/**
 * A multi-choice question as a fieldset of checkboxes (legend = question, error under the group).
 * Box ids are `${id}-${index}`, so the form can move focus to the first one. When invalid, `aria-invalid`
 * is on the checkboxes: a `fieldset` (role group) does not support it (issue 15 point 5).
 */
import { toggleValue } from '../../../ui/widgets/filter-options'
import { FieldError, RequiredMark } from '../../../ui/form/fields'

export interface CheckboxGroupProps {
  id: string
  legend: string
  options: readonly string[]
  selected: readonly string[]
  onChange(values: string[]): void
  required: boolean
  error?: string | null
}

export function CheckboxGroup({ id, legend, options, selected, onChange, required, error }: CheckboxGroupProps) {
  const errorId = `${id}-error`
  return (
    <fieldset className="mb-4" aria-describedby={error ? errorId : undefined} data-testid={`group-${id}`}>
      <legend className="fs-6 fw-semibold mb-2">
        {legend}
        <RequiredMark required={required} />
      </legend>
      {options.map((o, i) => (
        <div className="form-check my-1" key={o}>
          <input id={`${id}-${i}`} type="checkbox" className="form-check-input" checked={selected.includes(o)} aria-invalid={error ? true : undefined} onChange={() => onChange(toggleValue(selected, o))} />
          <label htmlFor={`${id}-${i}`} className="form-check-label">{o}</label>
        </div>
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
