/** The error summary above a form (focused on a failed submit): a count of the fields to correct. */
import { forwardRef } from 'react'

export const ErroriForm = forwardRef<HTMLDivElement, { count: number; visible: boolean }>(function ErroriForm({ count, visible }, ref) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" data-testid="form-errori">
      {visible && count > 0 && (
        <div className="alert alert-danger">
          {count === 1 ? 'Il modulo contiene un errore: correggi il campo evidenziato.' : `Il modulo contiene ${count} errori: correggi i campi evidenziati.`}
        </div>
      )}
    </div>
  )
})
