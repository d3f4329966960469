/**
 * 'Modifica' of the sync centre: edits the plain fields (text, numbers, dates as DD-MM-YYYY) of an operation the server has
 * not applied, then puts it back in the queue (`updateEntryPayload`). Internal ids are not offered; a fiscal
 * code is shown masked and changes only when a new one is typed. The local copy of the record gets the
 * same corrections where it holds the same fields. design-react-kit Modal (focus trap, Esc closes).
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useId, useMemo, useState } from 'react'
import { outbox, records, type OutboxEntry } from '../../offline'
import { applyFieldEdits, fieldLabel, kindLabel, maskFiscalCode, mirrorRecordData, plainFields, relabel } from './format'

export interface EditEntryModalProps {
  entry: OutboxEntry
  onClose(): void
  /** called after a successful save with a short Italian message */
  onSaved(message: string): void
}

export function EditEntryModal({ entry, onClose, onSaved }: EditEntryModalProps) {
  const fields = useMemo(() => plainFields(entry.payload), [entry.payload])
  const [edits, setEdits] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.key, f.fiscalCode ? '' : f.value])))
  const [error, setError] = useState<{ key: string | null; message: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const baseId = useId()
  const title = entry.label ?? kindLabel(entry.kind)

  const save = async () => {
    const result = applyFieldEdits(entry.payload, fields, edits)
    if (!result.ok) {
      setError({ key: result.key, message: result.message })
      document.getElementById(`${baseId}-${result.key}`)?.focus()
      return
    }
    if (result.changed.length === 0) {
      onClose()
      return
    }
    setSaving(true)
    setError(null)
    try {
      const rec = entry.record ? await records.get(entry.record.tipo, entry.record.idLocale) : undefined
      const recordData = rec ? mirrorRecordData(rec.data, entry.payload, result.payload, result.changed) : undefined
      const label = relabel(entry.label, entry.payload, result.payload)
      await outbox.updatePayload(entry.id, result.payload, {
        expectedUpdatedAt: entry.updatedAt,
        ...(recordData !== undefined ? { recordData } : {}),
        ...(label ? { label } : {}),
      })
      onSaved('Operazione modificata: sarà inviata di nuovo.')
    } catch (e) {
      setError({ key: null, message: e instanceof Error && e.message ? e.message : 'Modifica non riuscita.' })
      setSaving(false)
    }
  }

  const titleId = `${baseId}-title`
  return (
    <Modal isOpen toggle={onClose} labelledBy={titleId} scrollable data-testid="edit-entry-modal">
      <ModalHeader toggle={onClose} closeAriaLabel="Chiudi">
        <span id={titleId}>Modifica operazione</span>
      </ModalHeader>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        noValidate
      >
        <ModalBody>
          <p className="fw-semibold text-break">{title}</p>
          {fields.length === 0 ? (
            <p>Questa operazione non ha campi modificabili qui: puoi riprovare l&apos;invio, eliminarla o esportarla.</p>
          ) : (
            <p className="small text-secondary">Correggi i dati e salva: l&apos;operazione tornerà in coda per l&apos;invio.</p>
          )}
          {fields.map((f) => {
            const id = `${baseId}-${f.key}`
            const invalid = error?.key === f.key
            const errId = `${id}-error`
            const hintId = `${id}-hint`
            return (
              <div className="mb-3" key={f.key}>
                <label htmlFor={id} className="form-label d-block fw-semibold">
                  {f.fiscalCode ? `${fieldLabel(f.key)}: nuovo valore` : fieldLabel(f.key)}
                </label>
                {f.fiscalCode && (
                  <p id={hintId} className="small mb-1">
                    Valore attuale: <span className="font-monospace">{maskFiscalCode(f.value)}</span>. Lascia vuoto per non cambiarlo.
                  </p>
                )}
                {f.kind === 'date' && (
                  <p id={hintId} className="small mb-1">
                    Formato gg-mm-aaaa, ad esempio 05-03-2026.
                  </p>
                )}
                <input
                  id={id}
                  className={`form-control${invalid ? ' is-invalid' : ''}`}
                  type="text"
                  inputMode={f.kind === 'number' ? 'decimal' : undefined}
                  autoComplete="off"
                  value={edits[f.key] ?? ''}
                  onChange={(e) => setEdits((prev) => ({ ...prev, [f.key]: e.target.value }))}
                  aria-invalid={invalid || undefined}
                  aria-describedby={[f.fiscalCode || f.kind === 'date' ? hintId : null, invalid ? errId : null].filter(Boolean).join(' ') || undefined}
                />
                {invalid && (
                  <div id={errId} className="invalid-feedback d-block">
                    {error.message}
                  </div>
                )}
              </div>
            )
          })}
          {error && error.key === null && (
            <div className="alert alert-danger mb-0" role="alert">
              {error.message}
            </div>
          )}
        </ModalBody>
        <ModalFooter>
          <button type="button" className="btn btn-outline-primary" onClick={onClose}>
            Annulla
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving || fields.length === 0}>
            Salva
          </button>
        </ModalFooter>
      </form>
    </Modal>
  )
}
