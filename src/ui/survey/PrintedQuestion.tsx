/**
 * A template question on paper (spec 002 §2 printable survey; issue 8 points 4 and 12): the question with
 * '*' when required and, without `values`, empty boxes to fill by hand — a square per option of a
 * multiple choice ('Puoi scegliere più risposte'), a circle per option of a single choice ('Scegli una
 * sola risposta'), the 1–5 boxes of a rating, 'Sì' for a flag, lines for a long text, a box for the rest
 * (date 'gg-mm-aaaa', time 'hh:mm'). With `values` (a citizen's answers) the same layout is drawn filled
 * in: chosen options marked with ✕ (and named 'scelta' for screen readers), texts written in their box,
 * dates as DD-MM-YYYY; a long single choice (select) shows only the answer. Answers that are not options
 * of the question are listed after them. No form control: nothing here is editable.
 */
import { DATE_DISPLAY_PLACEHOLDER, formatDisplayDate } from '../../lib/dates'
import type { SurveyQuestion } from '../../lib/survey-questions'
import './survey.css'

export interface PrintedQuestionProps {
  question: SurveyQuestion
  /** the citizen's answers (decoded values); undefined: a blank question */
  values?: readonly string[]
}

function Box({ checked, round }: { checked: boolean; round?: boolean }) {
  return (
    <span className={`pd-print-check${round ? ' pd-print-radio' : ''}${checked ? ' pd-print-checked' : ''}`} aria-hidden="true">
      {checked ? '✕' : ''}
    </span>
  )
}

/** An option with its box; a chosen one is named 'scelta' for screen readers. */
function Option({ label, checked, round }: { label: string; checked: boolean; round?: boolean }) {
  return (
    <>
      <Box checked={checked} round={round} />
      {checked ? <strong>{label}</strong> : label}
      {checked && <span className="visually-hidden"> (scelta)</span>}
    </>
  )
}

export function PrintedQuestion({ question: q, values }: PrintedQuestionProps) {
  const filled = values !== undefined
  const chosen = values ?? []
  if (q.kind === 'checkbox' || q.kind === 'radio' || (q.kind === 'select' && !filled)) {
    const others = chosen.filter((v) => !q.options.includes(v))
    return (
      <>
        <p className="small mb-1">{q.kind === 'checkbox' ? 'Puoi scegliere più risposte' : 'Scegli una sola risposta'}</p>
        <ul className="list-unstyled mb-0">
          {[...q.options, ...others].map((o) => (
            <li key={o} className="mb-1">
              <Option label={o} checked={chosen.includes(o)} round={q.kind !== 'checkbox'} />
            </li>
          ))}
        </ul>
      </>
    )
  }
  if (q.kind === 'rating') {
    const min = q.min ?? 1
    const max = q.max ?? 5
    return (
      <p className="mb-0">
        {Array.from({ length: max - min + 1 }, (_, i) => String(min + i)).map((n) => (
          <span key={n} className="me-3">
            <Option label={n} checked={chosen.includes(n)} />
          </span>
        ))}
      </p>
    )
  }
  if (q.kind === 'flag') {
    return (
      <p className="mb-0">
        <Option label="Sì" checked={chosen.includes('true')} />
      </p>
    )
  }
  const text = chosen.map((v) => (q.kind === 'date' ? formatDisplayDate(v) || v : v)).join(', ')
  if (q.kind === 'textarea' && !filled) {
    return (
      <div>
        <span className="visually-hidden">Spazio per la risposta</span>
        <div className="pd-print-lines" />
        <div className="pd-print-lines" />
        <div className="pd-print-lines" />
      </div>
    )
  }
  if (filled) {
    return (
      <div className="pd-print-box pd-print-answer p-1">
        {text === '' ? <span className="text-muted small">Nessuna risposta</span> : text}
      </div>
    )
  }
  const hint = q.kind === 'date' ? DATE_DISPLAY_PLACEHOLDER : q.kind === 'time' ? 'hh:mm' : null
  return (
    <div className="pd-print-box p-1 small text-muted">
      <span className="visually-hidden">Spazio per la risposta</span>
      {hint}
    </div>
  )
}
