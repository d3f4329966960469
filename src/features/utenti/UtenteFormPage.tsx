/**
 * 'Crea utente' `/area-amministrativa/utenti/crea` (platform-backend §1.2, §2.10; contract UtenteBodySchema):
 * fiscal code (spec 002 §5 check), nome and cognome (2–30), e-mail, telefono, mansione, tipo di contratto.
 * The user is NON ATTIVO until the first access, when the person logs in with the same fiscal code,
 * completes the registration and finds the profiles the managers gave (the first-access flow).
 * Online only; U01 (fiscal code used) and U21 (e-mail used) come back as the catalogue's toast.
 */
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { TIPI_CONTRATTO } from '../../api/contract/gestione'
import { fiscalCodeError, normalizeFiscalCode } from '../../lib/fiscal-code'
import { RequiredNote, SelectField, TextField } from '../../ui/form/fields'
import { OnlineOnlyReason, useOnlineOnly } from '../../ui/offline-data'
import { Frame } from '../../ui/detail/PageFrame'
import { creaUtente, utentePathOf } from './api'

type Campo = 'codiceFiscale' | 'nome' | 'cognome' | 'email' | 'telefono'

/** Problems of the user form's fields except the fiscal code's checksum (Italian), by field. */
export function erroriUtente(f: Record<Campo, string>): Partial<Record<Campo, string>> {
  const e: Partial<Record<Campo, string>> = {}
  const nome = /^[\p{L}' -]{2,30}$/u
  if (!nome.test(f.nome.trim())) e.nome = 'Il nome deve avere da 2 a 30 lettere'
  if (!nome.test(f.cognome.trim())) e.cognome = 'Il cognome deve avere da 2 a 30 lettere'
  const mail = f.email.trim()
  if (mail.length < 5 || mail.length > 50 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mail)) e.email = 'Indirizzo e-mail non valido'
  if (f.telefono.trim() !== '' && !/^\+?[\d ]{6,20}$/.test(f.telefono.trim())) e.telefono = 'Il telefono deve avere da 6 a 20 cifre'
  return e
}

function Form() {
  const navigate = useNavigate()
  const guard = useOnlineOnly()
  const [f, setF] = useState<Record<Campo | 'mansione' | 'tipoContratto', string>>({ codiceFiscale: '', nome: '', cognome: '', email: '', telefono: '', mansione: '', tipoContratto: '' })
  const [errors, setErrors] = useState<Partial<Record<Campo, string>>>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof f) => (v: string) => setF((x) => ({ ...x, [k]: v }))
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (guard.blocked || busy) return
    const errs = erroriUtente(f)
    const cfErr = await fiscalCodeError(f.codiceFiscale)
    if (cfErr) errs.codiceFiscale = cfErr
    setErrors(errs)
    if (Object.keys(errs).length > 0) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="utente-form"] [aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    try {
      const { id } = await creaUtente({
        codiceFiscale: normalizeFiscalCode(f.codiceFiscale), nome: f.nome.trim(), cognome: f.cognome.trim(), email: f.email.trim(),
        telefono: f.telefono.trim() || null, mansione: f.mansione.trim() || null,
        tipoContratto: (f.tipoContratto || null) as (typeof TIPI_CONTRATTO)[number] | null,
      })
      await navigate({ to: utentePathOf(id) as '/' })
    } catch {
      // the catalogue's toast said why
    } finally {
      setBusy(false)
    }
  }
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="utente-form">
      <RequiredNote />
      <div className="row">
        <div className="col-12 col-md-6">
          <TextField id="utente-cf" label="Codice fiscale" required value={f.codiceFiscale} onChange={set('codiceFiscale')} error={errors.codiceFiscale} maxLength={16} autoComplete="off" spellCheck={false} />
        </div>
        <div className="col-12 col-md-6">
          <TextField id="utente-email" label="E-mail" type="email" required value={f.email} onChange={set('email')} error={errors.email} maxLength={50} autoComplete="off" />
        </div>
        <div className="col-12 col-md-6">
          <TextField id="utente-nome" label="Nome" required value={f.nome} onChange={set('nome')} error={errors.nome} maxLength={30} autoComplete="off" />
        </div>
        <div className="col-12 col-md-6">
          <TextField id="utente-cognome" label="Cognome" required value={f.cognome} onChange={set('cognome')} error={errors.cognome} maxLength={30} autoComplete="off" />
        </div>
        <div className="col-12 col-md-4">
          <TextField id="utente-telefono" label="Telefono" type="tel" value={f.telefono} onChange={set('telefono')} error={errors.telefono} maxLength={20} autoComplete="off" />
        </div>
        <div className="col-12 col-md-4">
          <TextField id="utente-mansione" label="Mansione" value={f.mansione} onChange={set('mansione')} maxLength={500} />
        </div>
        <div className="col-12 col-md-4">
          <SelectField id="utente-contratto" label="Tipo di contratto" value={f.tipoContratto} onChange={set('tipoContratto')} options={TIPI_CONTRATTO.map((t) => ({ value: t, label: t }))} />
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} disabled={busy} {...guard.controlProps}>{busy ? 'Salvataggio…' : 'Crea utente'}</button>
        <button type="button" className="btn btn-outline-primary" onClick={() => window.history.back()}>Annulla</button>
      </div>
      <OnlineOnlyReason guard={guard} />
    </form>
  )
}

export function UtenteFormPage() {
  return (
    <Frame testId="utente-form-page">
      <h1 className="mb-2">Crea utente</h1>
      <p className="lead text-secondary mb-4">La persona completerà i suoi dati al primo accesso con SPID o CIE, usando lo stesso codice fiscale.</p>
      <Form />
    </Frame>
  )
}
