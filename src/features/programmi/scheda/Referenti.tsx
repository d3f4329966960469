/**
 * Referents and delegates of a body in a programme or project (platform-backend §2.7): the list (name,
 * role, state; fiscal codes are masked in the stored card), 'Rimuovi' (NON ATTIVO deleted, ATTIVO
 * terminated; the last active referent cannot go, EN22/EN23) and a form adding one by fiscal code.
 */
import { useId, useState, type FormEvent } from 'react'
import type { Referente } from '../../../api/contract/gestione'
import { fiscalCodeError } from '../../../lib/fiscal-code'
import { OnlineOnlyReason, useOnlineOnly } from '../../../ui/offline-data'
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { associaReferente, rimuoviReferente, RUOLI_REFERENTE, type RuoloEnte } from '../api'
import { messaggioErrore } from '../../../api/error-message'
import { Campo } from '../../../ui/form/fields'
import { AzioneConferma } from './AzioneConferma'

export interface ReferentiProps {
  ruolo: RuoloEnte
  idEnte: number
  nomeEnte: string
  /** the programme (gestoreProgramma) or project */
  idEntita: number
  referenti: readonly Referente[]
  puoAggiungere: boolean
  puoRimuovere: boolean
  /** entity TERMINATO: nothing to add */
  chiuso: boolean
}

const nomeRuolo = (codice: string) => Object.values(RUOLI_REFERENTE).flat().find((r) => r.codice === codice)?.label ?? codice

export function Referenti({ ruolo, idEnte, nomeEnte, idEntita, referenti, puoAggiungere, puoRimuovere, chiuso }: ReferentiProps) {
  const uid = useId()
  const guard = useOnlineOnly()
  const ruoli = RUOLI_REFERENTE[ruolo]
  const [cf, setCf] = useState('')
  const [codiceRuolo, setCodiceRuolo] = useState(ruoli[0]!.codice)
  const [errCf, setErrCf] = useState<string | null>(null)
  const [errore, setErrore] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function aggiungi(e: FormEvent) {
    e.preventDefault()
    if (guard.blocked || busy) return
    const code = cf.trim().toUpperCase()
    const msg = await fiscalCodeError(code)
    if (msg) {
      setErrCf(msg)
      return
    }
    setErrCf(null)
    setErrore(null)
    setBusy(true)
    try {
      await associaReferente(ruolo, { codiceFiscaleUtente: code, idEnteRef: idEnte, idEntita, codiceRuolo })
      setCf('')
    } catch (err) {
      setErrore(await messaggioErrore(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={`${uid}-h`} className="mt-3">
      <h4 id={`${uid}-h`} className="h6">Referenti e delegati di {nomeEnte}</h4>
      {referenti.length === 0 ? <p className="small text-secondary">Nessun referente o delegato.</p> : (
        <ul className="list-unstyled">
          {referenti.map((r) => (
            <li key={`${r.idUtente}-${r.codiceRuolo}`} className="d-flex flex-wrap gap-2 align-items-center border-bottom py-2">
              <span className="fw-semibold">{r.cognome} {r.nome}</span>
              <span>{nomeRuolo(r.codiceRuolo)}</span>
              <StatusChip value={r.stato} />
              {puoRimuovere && r.stato !== 'TERMINATO' && (
                <AzioneConferma small danger label="Rimuovi" detail={`${r.cognome} ${r.nome}`} title="Rimuovi referente o delegato"
                  testo={`Confermi di voler rimuovere ${r.nome} ${r.cognome} da ${nomeEnte}? Se è già attivo, il suo incarico viene terminato.`}
                  confirmLabel="Rimuovi" onConfirm={async () => {
                    await rimuoviReferente(ruolo, idEntita, idEnte, r.idUtente)
                  }} />
              )}
            </li>
          ))}
        </ul>
      )}
      {puoAggiungere && !chiuso && (
        <form noValidate onSubmit={(e) => void aggiungi(e)} className="row g-2 pd-field-row align-items-start" aria-label={`Aggiungi referente o delegato a ${nomeEnte}`}>
          <div className="col-12 col-md-5">
            <Campo id={`${uid}-cf`} label="Codice fiscale" value={cf} onChange={(v) => { setCf(v); setErrCf(null) }} error={errCf} maxLength={16} className="mb-2"
              hint="La persona deve essere già registrata in Punto Digitale" />
          </div>
          <div className="col-12 col-md-4">
            <div className="select-wrapper mb-2">
              <label htmlFor={`${uid}-ruolo`} className="active">Ruolo</label>
              <select id={`${uid}-ruolo`} className="form-select" value={codiceRuolo} onChange={(e) => setCodiceRuolo(e.target.value)}>
                {ruoli.map((r) => <option key={r.codice} value={r.codice}>{r.label}</option>)}
              </select>
            </div>
          </div>
          <div className="col-12 col-md-3 pt-md-4">
            <button type="submit" className={`btn btn-outline-primary btn-sm${guard.blocked ? ' disabled' : ''}`} disabled={busy} {...guard.controlProps}>
              {busy ? 'Attendere…' : 'Aggiungi'}
            </button>
            <OnlineOnlyReason guard={guard} />
          </div>
          {errore && <div className="col-12"><div className="alert alert-danger mb-0" role="alert">{errore}</div></div>}
        </form>
      )}
    </section>
  )
}
