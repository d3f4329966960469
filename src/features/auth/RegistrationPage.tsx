/**
 * First-access registration `/registrazione` (spec 000 §2.1, §5; platform-frontend §10.2): Nome, Cognome,
 * Email, Codice fiscale (read-only, from the token), Telefono and the privacy consent; messages next to
 * the fields (aria-describedby / aria-invalid); 'Conferma' calls `confermaIntegrazione`, then the profile
 * step (with several profiles the 'Scegli il ruolo' modal opens here and cannot be closed).
 * The form marks itself dirty while it holds unsaved input (no app update meanwhile).
 */
import { useMemo, useRef, useState, type FormEvent } from 'react'
import { currentFiscalCode, confirmRegistration, useSession } from '../../auth/session'
import { useDirtyForm } from '../../pwa/dirty-forms'
import { REQUIRED_NOTE } from '../../lib/validation'
import { DEFAULT_PREFIX } from '../../lib/phone'
import { PhonePrefixSelect } from '../../ui/form/PhonePrefixSelect'
import { isRegistrationValid, REGISTRATION_FIELDS, validateRegistration, type RegistrationField, type RegistrationValues } from './registration-form'

const LABELS: Record<Exclude<RegistrationField, 'consenso'>, { label: string; type: string; autoComplete: string; inputMode?: 'email' | 'tel' }> = {
  nome: { label: 'Nome', type: 'text', autoComplete: 'given-name' },
  cognome: { label: 'Cognome', type: 'text', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  codiceFiscale: { label: 'Codice fiscale', type: 'text', autoComplete: 'off' },
  telefono: { label: 'Telefono', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
}

export function RegistrationPage() {
  const session = useSession()
  const user = session.user
  const initial = useMemo<RegistrationValues>(
    () => ({
      nome: user?.nome ?? '',
      cognome: user?.cognome ?? '',
      email: user?.email ?? '',
      codiceFiscale: (user?.codiceFiscale || currentFiscalCode()) ?? '',
      telefono: user?.telefono ?? '',
      consenso: false,
      prefissoTelefono: user?.prefissoTelefono || DEFAULT_PREFIX,
    }),
    // the initial values are taken once, from the context known when the page opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )
  const [values, setValues] = useState<RegistrationValues>(initial)
  const [paese, setPaese] = useState<string | null>(null)
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [done, setDone] = useState(false)
  const fieldRefs = useRef<Partial<Record<RegistrationField, HTMLInputElement | null>>>({})

  const errors = validateRegistration(values)
  const dirty = !done && (REGISTRATION_FIELDS.some((f) => values[f] !== initial[f]) || values.prefissoTelefono !== initial.prefissoTelefono)
  useDirtyForm('registrazione', dirty)

  const show = (f: RegistrationField) => (submitted || touched[f]) && errors[f] !== null

  const set = <K extends RegistrationField>(field: K, value: RegistrationValues[K]) => setValues((v) => ({ ...v, [field]: value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (!isRegistrationValid(errors)) {
      const first = REGISTRATION_FIELDS.find((f) => errors[f] !== null)
      if (first) fieldRefs.current[first]?.focus()
      return
    }
    setPending(true)
    try {
      await confirmRegistration({
        nome: values.nome.trim(),
        cognome: values.cognome.trim(),
        email: values.email.trim(),
        telefono: values.telefono.trim(),
        prefissoTelefono: values.prefissoTelefono ?? DEFAULT_PREFIX,
        codiceFiscale: values.codiceFiscale.trim().toUpperCase(),
      })
      setDone(true)
    } catch {
      // the API client already showed the error toast
    } finally {
      setPending(false)
    }
  }

  if (done || (user?.integrazione && session.needsProfileChoice)) {
    return (
      <div className="container-xxl py-5" data-testid="registration-done">
        <h1>Registrazione completata</h1>
        <p role="status">Grazie, i tuoi dati sono stati registrati. Scegli il ruolo con cui vuoi entrare.</p>
      </div>
    )
  }

  return (
    <div className="container-xxl py-5" data-testid="registration-page">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-8">
          <h1 className="mb-3">Completa la registrazione</h1>
          <p>È il tuo primo accesso a Punto Digitale: controlla e completa i tuoi dati per continuare.</p>
          <p className="small">{REQUIRED_NOTE}</p>
          <form noValidate onSubmit={(e) => void submit(e)} aria-busy={pending}>
            {(Object.keys(LABELS) as (keyof typeof LABELS)[]).map((f) => {
              const cfg = LABELS[f]
              const id = `reg-${f}`
              const errId = `${id}-errore`
              const invalid = show(f)
              const readOnly = f === 'codiceFiscale'
              return (
                <div className={f === 'telefono' ? 'd-flex gap-2 align-items-start' : undefined} key={f}>
                {f === 'telefono' && (
                  <div className="form-group mb-4 pd-reg-prefix">
                    <PhonePrefixSelect id="reg-prefisso" value={values.prefissoTelefono ?? DEFAULT_PREFIX} code={paese}
                      onChange={(prefix, code) => { setValues((v) => ({ ...v, prefissoTelefono: prefix })); setPaese(code) }} />
                  </div>
                )}
                <div className="form-group mb-4 flex-grow-1">
                  <label htmlFor={id} className="active">
                    {cfg.label}*
                  </label>
                  <input
                    ref={(el) => {
                      fieldRefs.current[f] = el
                    }}
                    id={id}
                    name={f}
                    type={cfg.type}
                    inputMode={cfg.inputMode}
                    autoComplete={cfg.autoComplete}
                    className={`form-control${invalid ? ' is-invalid' : ''}`}
                    value={values[f]}
                    readOnly={readOnly}
                    aria-readonly={readOnly || undefined}
                    required
                    aria-required="true"
                    aria-invalid={invalid}
                    aria-describedby={invalid ? errId : undefined}
                    maxLength={f === 'codiceFiscale' ? 16 : f === 'email' ? 50 : f === 'telefono' ? 20 : 30}
                    onChange={(e) => set(f, e.target.value)}
                    onBlur={() => setTouched((t) => ({ ...t, [f]: true }))}
                  />
                  {invalid && (
                    <div id={errId} className="invalid-feedback d-block">
                      {errors[f]}
                    </div>
                  )}
                </div>
                </div>
              )
            })}
            <div className="form-check mb-4">
              <input
                ref={(el) => {
                  fieldRefs.current.consenso = el
                }}
                id="reg-consenso"
                type="checkbox"
                checked={values.consenso}
                required
                aria-required="true"
                aria-invalid={show('consenso')}
                aria-describedby={show('consenso') ? 'reg-consenso-errore' : undefined}
                onChange={(e) => set('consenso', e.target.checked)}
                onBlur={() => setTouched((t) => ({ ...t, consenso: true }))}
              />
              <label htmlFor="reg-consenso">
                Ho letto l&apos;
                <a href="/informativa-privacy-e-cookie" target="_blank" rel="noopener noreferrer">
                  informativa sul trattamento dei dati personali
                  <span className="visually-hidden"> (si apre in una nuova scheda)</span>
                </a>{' '}
                e acconsento al trattamento dei miei dati personali*
              </label>
              {show('consenso') && (
                <div id="reg-consenso-errore" className="invalid-feedback d-block">
                  {errors.consenso}
                </div>
              )}
            </div>
            <button type="submit" className="btn btn-primary" disabled={pending} data-testid="registration-submit">
              Conferma
            </button>
          </form>
        </div>
      </div>
    </div>
  )
}
