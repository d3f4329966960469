/**
 * 'Aggiungi per codice fiscale': a fiscal code (checked as spec 002 §5 says: 16 characters, upper-cased,
 * valid checksum) and a choice (the role of a referent, or the contract type of a facilitator), then
 * `onAdd`. Online only; the server's refusal (U20 no such user, EN07…) arrives as the catalogue's toast.
 */
import { useId, useState, type FormEvent } from 'react'
import { fiscalCodeError, normalizeFiscalCode } from '../../lib/fiscal-code'
import { SelectField, TextField } from '../../ui/form/fields'
import { OnlineOnlyReason, useOnlineOnly } from '../../ui/offline-data'

export interface AggiungiPersonaProps {
  idPrefix: string
  sceltaLabel: string
  scelte: readonly { value: string; label: string }[]
  submitLabel: string
  onAdd(codiceFiscale: string, scelta: string): Promise<void>
}

export function AggiungiPersona({ idPrefix, sceltaLabel, scelte, submitLabel, onAdd }: AggiungiPersonaProps) {
  const guard = useOnlineOnly()
  const uid = useId()
  const [cf, setCf] = useState('')
  const [scelta, setScelta] = useState(scelte.length === 1 ? scelte[0]!.value : '')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [cfError, setCfError] = useState<string | null>(null)
  const sceltaError = tried && scelta === '' ? `Scegli: ${sceltaLabel.toLowerCase()}` : null

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (guard.blocked || busy) return
    setTried(true)
    const code = normalizeFiscalCode(cf)
    const err = await fiscalCodeError(code)
    setCfError(err)
    if (err || scelta === '') return
    setBusy(true)
    try {
      await onAdd(code, scelta)
      setCf('')
      setTried(false)
    } catch {
      // the catalogue's toast said why
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="row g-2 pd-field-row align-items-start mt-2" data-testid={`${idPrefix}-form`}>
      <div className="col-12 col-md-5">
        <TextField id={`${idPrefix}-cf-${uid}`} label="Codice fiscale" required className="mb-2" value={cf} onChange={setCf} error={cfError} maxLength={16} autoComplete="off" spellCheck={false} />
      </div>
      <div className="col-12 col-md-4">
        <SelectField id={`${idPrefix}-scelta-${uid}`} label={sceltaLabel} required className="mb-2" value={scelta} onChange={setScelta} options={scelte} error={sceltaError} />
      </div>
      <div className="col-12 col-md-3 pt-md-4">
        <button type="submit" className={`btn btn-primary w-100${guard.blocked ? ' disabled' : ''}`} disabled={busy} {...guard.controlProps}>{submitLabel}</button>
        <OnlineOnlyReason guard={guard} />
      </div>
    </form>
  )
}
