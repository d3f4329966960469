/**
 * Step indicator of the compile wizard (spec 002 §2, spec 000 §9 progress): bootstrap-italia steppers
 * header with every step on tablets and desktops (≥ 768 px), a progress bar with 'Step N di M' on phones
 * (< 768 px, `d-md-none`). The current step carries `aria-current="step"`; percentages follow
 * `progressPercent` (floor(100 × (step+1) / steps)).
 */
import { progressPercent } from '../../../lib/progress'

export interface StepIndicatorProps {
  /** labels of the steps, in order */
  steps: readonly string[]
  /** zero-based current step */
  current: number
  /** accessible name of the list */
  label?: string
}

export function StepIndicator({ steps, current, label = 'Avanzamento della compilazione' }: StepIndicatorProps) {
  const percent = progressPercent(current, steps.length)
  return (
    <div className="steppers mb-4" data-testid="step-indicator">
      <div className="steppers-header d-none d-md-flex">
        <ul aria-label={label}>
          {steps.map((s, i) => {
            const state = i < current ? 'confirmed' : i === current ? 'active' : ''
            return (
              <li key={s} className={state || undefined} aria-current={i === current ? 'step' : undefined}>
                <span className="me-1">{i + 1}.</span>
                {s}
                {i < current && <span className="visually-hidden"> (completato)</span>}
              </li>
            )
          })}
        </ul>
        <span className="steppers-index" aria-hidden="true">
          {current + 1}/{steps.length}
        </span>
      </div>
      <div className="d-md-none">
        <p className="mb-1 small fw-semibold">
          Step {current + 1} di {steps.length}: {steps[current]}
        </p>
        <div className="progress">
          <div
            className="progress-bar"
            role="progressbar"
            style={{ width: `${percent}%` }}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={`${label}: ${percent}%`}
          />
        </div>
      </div>
    </div>
  )
}
