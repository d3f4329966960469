/** The Italian message under a field (referenced by the field's `aria-describedby`). */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null
  return (
    <div id={id} className="invalid-feedback d-block" data-testid={`error-${id}`}>
      {message}
    </div>
  )
}

/** The '*' after a required field's label (spec 000 §5: '*Campo obbligatorio' note). */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? <span aria-hidden> *</span> : null
}
