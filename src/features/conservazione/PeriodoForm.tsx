/**
 * One policy's retention date (issue 28 point 2): 'Dati personali conservati fino al' with 'Salva', versioned like
 * every edit of issue 27 (useSalvataggioVersionato: a 409 V01 merges or opens the conflict view). Without
 * gest.conf.conservazione the date is read-only text.
 */
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import type { Policy } from '../../api/contract/common'
import { PeriodoConservazioneSchema, type PeriodoConservazione } from '../../api/contract/conservazione'
import { formatDisplayDate } from '../../lib/dates'
import { showToast } from '../../ui/stores/toasts'
import { useSalvataggioVersionato } from '../../ui/conflitto'
import { messaggioErrore } from '../../api/error-message'
import { salvaPeriodo } from './api'
import { dataEstesa } from './letture'

export const NOMI_POLICY: Record<Policy, string> = {
  RFD: 'Rete dei servizi di facilitazione digitale (RFD)',
  SCD: 'Servizio civile digitale (SCD)',
}

interface Valori { conservazioneFino: string }

const CAMPI = { conservazioneFino: { label: 'Conservati fino al', format: (x: unknown) => (typeof x === 'string' ? formatDisplayDate(x) || x : '') } }

const daCorrente = (c: unknown) => {
  const r = v.safeParse(PeriodoConservazioneSchema, c)
  return r.success && typeof r.output.versione === 'number' ? { valori: { conservazioneFino: r.output.conservazioneFino }, versione: r.output.versione } : null
}

export function PeriodoForm({ periodo, modificabile }: { periodo: PeriodoConservazione; modificabile: boolean }) {
  const [valore, setValore] = useState(periodo.conservazioneFino)
  const [errore, setErrore] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = `pd-conservazione-${periodo.policy}`
  const s = useSalvataggioVersionato({
    lettura: { valori: { conservazioneFino: periodo.conservazioneFino }, versione: periodo.versione },
    invia: (x: Valori, versione) => salvaPeriodo(periodo.policy, x.conservazioneFino, versione),
    daCorrente,
    campi: CAMPI,
    onSalvato: (r) => {
      setValore(r.conservazioneFino)
      showToast({ status: 'success', message: `Periodo di conservazione ${periodo.policy} salvato: fino al ${dataEstesa(r.conservazioneFino)}` })
    },
  })

  if (!modificabile) {
    return <p className="mb-0"><strong>{NOMI_POLICY[periodo.policy]}</strong>: dati personali conservati fino al {dataEstesa(periodo.conservazioneFino)}.</p>
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!/^\d{4}-\d{2}-\d{2}$/.test(valore)) {
      setErrore('Indica una data valida.')
      document.getElementById(id)?.focus()
      return
    }
    setErrore(null)
    setBusy(true)
    try {
      await s.salva({ conservazioneFino: valore })
    } catch (err) {
      setErrore(await messaggioErrore(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {s.vista}
      <form noValidate onSubmit={(e) => void submit(e)} hidden={s.inConflitto} aria-labelledby={`${id}-titolo`} data-testid={`periodo-${periodo.policy}`} className="mb-4">
        <h3 id={`${id}-titolo`} className="h5">{NOMI_POLICY[periodo.policy]}</h3>
        <div className="row align-items-end">
          <div className="col-12 col-md-6 form-group mb-3">
            <label htmlFor={id} className="active">Dati personali conservati fino al*</label>
            <input id={id} type="date" className={`form-control${errore ? ' is-invalid' : ''}`} value={valore} disabled={busy} required aria-required="true"
              aria-invalid={errore ? true : undefined} aria-describedby={errore ? `${id}-errore` : `${id}-nota`} onChange={(e) => setValore(e.target.value)} />
            {errore
              ? <div id={`${id}-errore`} className="invalid-feedback d-block">{errore}</div>
              : <small id={`${id}-nota`} className="form-text d-block">{`In vigore: ${dataEstesa(periodo.conservazioneFino)}`}</small>}
          </div>
          <div className="col-12 col-md-6 mb-3">
            <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Salvataggio in corso…' : `Salva il periodo ${periodo.policy}`}</button>
          </div>
        </div>
      </form>
    </>
  )
}
