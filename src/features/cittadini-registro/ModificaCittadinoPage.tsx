/**
 * 'Modifica cittadino' (spec 002 §3, §5; issue 10 point 2): the editable fields of modifica.ts as selects
 * with the enumerations' labels, gender and age band locked (read-only, with the reason) for a citizen
 * with fiscal code; errors under each field, the first invalid one focused; 'Salva' sends
 * `PUT cittadino/{id}` and goes back to the citizen's page, 'Annulla' goes back without saving.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { QueryProvider } from '../../api/query'
import type { SchedaCittadino } from '../../api/contract/registro-cittadini'
import { REQUIRED_NOTE } from '../../lib/validation'
import { AppLink } from '../../ui/AppLink'
import { showToast } from '../../ui/stores/toasts'
import { useCampoRiferimenti } from '../campo'
import { minorenniAbilitati, useProvince } from '../cittadini'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { aggiornaCittadino, schedaCittadinoQuery } from './api'
import { cittadinoPath, nomeCittadino } from './lista'
import { CAMPI, campiBloccati, campiConflitto, corpo, errori as erroriDi, ETICHETTE, formDa, formDaCorrente, opzioni, type CampoModifica, type FormModifica } from './modifica'
import { useSalvataggioVersionato } from '../../ui/conflitto'

function Form({ id, scheda }: { id: string; scheda: SchedaCittadino }) {
  const d = scheda.dettaglioCittadino
  const [form, setForm] = useState<FormModifica>(() => formDa(d))
  const [errori, setErrori] = useState<Partial<Record<CampoModifica, string>>>({})
  const [busy, setBusy] = useState(false)
  const province = useProvince()
  const riferimenti = useCampoRiferimenti()
  const minori = d.fasciaDiEtaId === 5 || minorenniAbilitati(riferimenti?.configurazioneMinorenni)
  const bloccati = campiBloccati(d.conCodiceFiscale)
  const navigate = useNavigate()
  const back = cittadinoPath(id)
  // issue 27: the update carries the card's version; a 409 merges or opens the conflict view
  const s = useSalvataggioVersionato({
    lettura: { valori: formDa(d), versione: d.versione },
    invia: (x: FormModifica, versione) => aggiornaCittadino(id, corpo(x, d.conCodiceFiscale), versione),
    daCorrente: formDaCorrente,
    campi: campiConflitto,
    onSalvato: () => {
      showToast({ message: 'Dati del cittadino salvati', status: 'success' })
      void navigate({ to: back as '/' })
    },
  })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = erroriDi(form, d.conCodiceFiscale, province)
    setErrori(found)
    const first = CAMPI.find((c) => found[c])
    if (first) {
      document.getElementById(`pd-modifica-${first}`)?.focus()
      return
    }
    setBusy(true)
    try {
      await s.salva(form)
    } catch {
      // the client's error toast says what went wrong (spec 002 §8); the form stays as it is
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
    {s.vista}
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="pd-modifica-titolo" data-testid="modifica-cittadino-form" hidden={s.inConflitto}>
      <p className="small">{REQUIRED_NOTE}</p>
      <div className="row">
        {CAMPI.map((campo) => {
          const fid = `pd-modifica-${campo}`
          const errId = `${fid}-errore`
          const errore = errori[campo]
          if (bloccati.has(campo)) {
            const shown = campo === 'fasciaDiEtaId' ? opzioni(campo, province, true).find((o) => o.value === form[campo])?.label : form[campo]
            return (
              <div className="col-12 col-lg-6 form-group mb-4" key={campo}>
                <label htmlFor={fid} className="active">{ETICHETTE[campo]}</label>
                <input id={fid} type="text" className="form-control" value={shown || '—'} readOnly aria-readonly="true" aria-describedby={`${fid}-nota`} />
                <small id={`${fid}-nota`} className="form-text d-block">Ricavato dal codice fiscale</small>
              </div>
            )
          }
          return (
            <div className="col-12 col-lg-6 select-wrapper mb-4" key={campo}>
              <label htmlFor={fid}>{ETICHETTE[campo]}*</label>
              <select
                id={fid}
                value={form[campo]}
                disabled={busy}
                required
                aria-required="true"
                aria-invalid={errore ? true : undefined}
                aria-describedby={errore ? errId : undefined}
                onChange={(e) => setForm({ ...form, [campo]: e.target.value })}
              >
                <option value="">Seleziona</option>
                {opzioni(campo, province, minori).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </select>
              {errore && <div id={errId} className="invalid-feedback d-block">{errore}</div>}
            </div>
          )
        })}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Salvataggio in corso…' : 'Salva'}</button>
        <AppLink to={back} className="btn btn-outline-primary">Annulla</AppLink>
      </div>
    </form>
    </>
  )
}

function Contenuto({ id }: { id: string }) {
  const q = useQuery(schedaCittadinoQuery(id))
  const nome = q.data ? nomeCittadino(q.data.dettaglioCittadino) : undefined
  useRegisterBreadcrumbLabels({ [cittadinoPath(id)]: nome, [`${cittadinoPath(id)}/modifica`]: 'Modifica' })
  if (q.isPending) return <p role="status" aria-live="polite" className="text-secondary my-4">Caricamento del cittadino…</p>
  if (!q.data || !q.data.modificabile) {
    return (
      <div className="alert alert-warning my-4" role="alert">
        <h1 className="h4">Modifica non disponibile</h1>
        <p className="mb-2">Puoi modificare solo i cittadini dei servizi che hai registrato.</p>
        <AppLink to="/area-cittadini">Torna all’elenco dei cittadini</AppLink>
      </div>
    )
  }
  return (
    <>
      <h1 id="pd-modifica-titolo" className="mb-4">{`Modifica ${nome ?? 'cittadino'}`}</h1>
      <Form id={id} scheda={q.data} />
    </>
  )
}

export function ModificaCittadinoPage({ id }: { id: string }) {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="modifica-cittadino-page">
      <QueryProvider>
        <Contenuto id={id} />
      </QueryProvider>
    </div>
  )
}
