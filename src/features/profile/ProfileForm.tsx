/**
 * 'I tuoi dati' of the personal area (spec 000 §2.2, §5; issue 13): Nome, Cognome, Codice fiscale
 * (read-only), Email, Telefono with its prefix selector. Messages next to the fields (aria-describedby,
 * aria-invalid), focus on the first invalid field; a refusal of the server (invalid data, e-mail of
 * another user) is shown at its field and nothing typed is lost. Needs the network: offline the form says
 * so and keeps what was typed. The form marks itself dirty while it holds unsaved input.
 */
import { useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { ApiCallError } from '../../api/client'
import { ContestoSchema, type Contesto } from '../../api/contract/contesto'
import { useSalvataggioVersionato } from '../../ui/conflitto'
import { useDirtyForm } from '../../pwa/dirty-forms'
import { REQUIRED_NOTE } from '../../lib/validation'
import { PhonePrefixSelect } from '../../ui/form/PhonePrefixSelect'
import { aggiornaProfilo } from './api'
import {
  fieldOfServerError, initialProfileValues, isProfileValid, PROFILE_FIELDS, profileBody, validateProfile,
  type ProfileErrors, type ProfileField, type ProfileValues,
} from './profile-form'

const FIELDS: Record<Exclude<ProfileField, 'telefono'>, { label: string; type: string; autoComplete: string; maxLength: number }> = {
  nome: { label: 'Nome', type: 'text', autoComplete: 'given-name', maxLength: 30 },
  cognome: { label: 'Cognome', type: 'text', autoComplete: 'family-name', maxLength: 30 },
  email: { label: 'Email', type: 'email', autoComplete: 'email', maxLength: 50 },
}

/** The fields in the conflict view (issue 27). */
const CAMPI_CONFLITTO = { nome: { label: 'Nome' }, cognome: { label: 'Cognome' }, email: { label: 'Email' }, telefono: { label: 'Telefono' }, prefissoTelefono: { label: 'Prefisso' } }

/** A 409's `corrente` (the user context) as the form's values and its version. */
function daCorrente(corrente: unknown) {
  const r = v.safeParse(ContestoSchema, corrente)
  return r.success && typeof r.output.versione === 'number' ? { valori: initialProfileValues(r.output), versione: r.output.versione } : null
}

export function ProfileForm({ user }: { user: Contesto }) {
  const [saved, setSaved] = useState(() => initialProfileValues(user))
  const [values, setValues] = useState<ProfileValues>(saved)
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [serverErrors, setServerErrors] = useState<Partial<ProfileErrors>>({})
  const [notice, setNotice] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null)
  const refs = useRef<Partial<Record<ProfileField, HTMLInputElement | null>>>({})

  const errors = validateProfile(values)
  const dirty = (Object.keys(values) as (keyof ProfileValues)[]).some((k) => k !== 'paese' && values[k] !== saved[k])
  useDirtyForm('area-personale-profilo', dirty)

  const messageOf = (f: ProfileField) => ((submitted || touched[f]) && errors[f]) || serverErrors[f] || null
  const set = (patch: Partial<ProfileValues>) => {
    setValues((v) => ({ ...v, ...patch }))
    setServerErrors((e) => {
      const next = { ...e }
      for (const k of Object.keys(patch)) delete next[(k === 'prefissoTelefono' ? 'telefono' : k) as ProfileField]
      return next
    })
    setNotice(null)
  }

  // issue 27: the update carries the context's version; a 409 merges or opens the conflict view
  const versionato = useSalvataggioVersionato({
    lettura: { valori: initialProfileValues(user), versione: user.versione },
    invia: (x: ProfileValues, versione) => aggiornaProfilo(profileBody(x), versione),
    daCorrente,
    campi: CAMPI_CONFLITTO,
    onSalvato: (next, inviati) => {
      const now = { ...initialProfileValues(next), paese: inviati.paese }
      setSaved(now)
      setValues(now)
      setSubmitted(false)
      setTouched({})
      setNotice({ kind: 'success', text: 'I tuoi dati sono stati salvati.' })
    },
  })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    setNotice(null)
    if (!isProfileValid(errors)) {
      const first = PROFILE_FIELDS.find((f) => errors[f] !== null)
      if (first) refs.current[first]?.focus()
      return
    }
    setPending(true)
    try {
      await versionato.salva(values)
    } catch (err) {
      const api = err instanceof ApiCallError ? err : null
      if (api && (api.kind === 'network' || api.kind === 'timeout')) {
        setNotice({ kind: 'danger', text: 'Non è stato possibile salvare: sei senza connessione. I dati inseriti restano nel modulo, riprova quando torna la rete.' })
        return
      }
      const message = api?.fromServer ? api.message : 'Non è stato possibile salvare i dati. Riprova più tardi.'
      const field = api ? fieldOfServerError(api.errorCode, message) : null
      if (field) {
        setServerErrors({ [field]: message })
        refs.current[field]?.focus()
      } else {
        setNotice({ kind: 'danger', text: message })
      }
    } finally {
      setPending(false)
    }
  }

  const input = (f: Exclude<ProfileField, 'telefono'>) => {
    const cfg = FIELDS[f]
    const id = `profilo-${f}`
    const msg = messageOf(f)
    return (
      <div className="col-12 col-md-6 form-group mb-4" key={f}>
        <label htmlFor={id} className="active">{cfg.label}*</label>
        <input
          ref={(el) => { refs.current[f] = el }}
          id={id}
          name={f}
          type={cfg.type}
          autoComplete={cfg.autoComplete}
          className={`form-control${msg ? ' is-invalid' : ''}`}
          value={values[f]}
          maxLength={cfg.maxLength}
          required
          aria-required="true"
          aria-invalid={msg ? true : undefined}
          aria-describedby={msg ? `${id}-errore` : undefined}
          onChange={(e) => set({ [f]: e.target.value })}
          onBlur={() => setTouched((t) => ({ ...t, [f]: true }))}
        />
        {msg && <div id={`${id}-errore`} className="invalid-feedback d-block">{msg}</div>}
      </div>
    )
  }

  const telMsg = messageOf('telefono')
  return (
    <>
    {versionato.vista}
    <form noValidate onSubmit={(e) => void submit(e)} aria-busy={pending} data-testid="profile-form" hidden={versionato.inConflitto}>
      <p className="small">{REQUIRED_NOTE}</p>
      <div className="row">
        {input('nome')}
        {input('cognome')}
        <div className="col-12 col-md-6 form-group mb-4">
          <label htmlFor="profilo-codiceFiscale" className="active">Codice fiscale</label>
          <input id="profilo-codiceFiscale" type="text" className="form-control font-monospace" value={user.codiceFiscale} readOnly
            aria-readonly="true" aria-describedby="profilo-codiceFiscale-nota" />
          <small id="profilo-codiceFiscale-nota" className="form-text">Il codice fiscale viene dalla tua identità digitale e non si può modificare.</small>
        </div>
        {input('email')}
        <div className="col-12 col-md-6">
          <div className="row g-2">
            <div className="col-6 col-sm-5 form-group mb-4">
              <PhonePrefixSelect id="profilo-prefisso" value={values.prefissoTelefono} code={values.paese}
                onChange={(prefissoTelefono, paese) => set({ prefissoTelefono, paese })} />
            </div>
            <div className="col-6 col-sm-7 form-group mb-4">
              <label htmlFor="profilo-telefono" className="active">Telefono*</label>
              <input
                ref={(el) => { refs.current.telefono = el }}
                id="profilo-telefono"
                name="telefono"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                className={`form-control${telMsg ? ' is-invalid' : ''}`}
                value={values.telefono}
                maxLength={24}
                required
                aria-required="true"
                aria-invalid={telMsg ? true : undefined}
                aria-describedby={telMsg ? 'profilo-telefono-errore' : undefined}
                onChange={(e) => set({ telefono: e.target.value })}
                onBlur={() => setTouched((t) => ({ ...t, telefono: true }))}
              />
            </div>
            {telMsg && <div id="profilo-telefono-errore" className="col-12 invalid-feedback d-block mt-n3 mb-3">{telMsg}</div>}
          </div>
        </div>
      </div>
      <div role="status" aria-live="polite">
        {notice && <div className={`alert alert-${notice.kind} py-2`} data-testid="profile-notice">{notice.text}</div>}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="profile-save">Salva</button>
        <button type="button" className="btn btn-outline-primary" disabled={pending || !dirty}
          onClick={() => { setValues(saved); setServerErrors({}); setSubmitted(false); setTouched({}); setNotice(null) }}>
          Annulla le modifiche
        </button>
      </div>
    </form>
    </>
  )
}
