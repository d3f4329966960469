/**
 * Modal 'Aggiungi cittadino al servizio' (spec 002 §2, §5, §8; platform-frontend §5), mounted by the
 * service detail for FAC/VOL. Props `{ idServizioLocale, isOpen, onClose }`.
 * Step 1 (search): radio 'Codice fiscale' / 'Numero documento'; the field upper-cases as typed; the code
 * is checked with codice-fiscale-js (omocodic accepted) and the age rule; online `POST servizio/cittadino`
 * → one match: step 2 with the citizen's data (locked; already on the service: §8 message, U23; outside
 * the facilitator's scope the server sends only what the identifier says, and step 2 asks the rest at the
 * desk), several: selectable table, none: prompt that opens the creation form. An existing citizen is sent
 * with the identity typed here (security issue 6: the server attaches nobody by id alone). Offline (or network failure): no search,
 * straight to the creation form with `nuovoCittadino: false` and the offline notice.
 * Step 2 (form): fiscal-code path — gender and age band derived and locked; document path — 'Tipo
 * documento', gender 'Preferisco non rispondere' by default, age band required (14–17 only with minors
 * enabled); the other demographics required. 'Aggiungi' → `aggiungiCittadino` (saved on the device,
 * sent by the outbox); a failure keeps what was typed and shows the message; success: toast, reset, close.
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ApiCallError, showApiErrorToast } from '../../api/client'
import type { CittadinoTrovato } from '../../api/contract/cittadino'
import { useConnectivity } from '../../offline'
import { showToast } from '../../ui/stores/toasts'
import { aggiungiCittadino, useCampoRiferimenti, useServizioCampo } from '../campo'
import {
  datiDaChiedere, esitoRicerca, formIniziale, inputCittadino, MESSAGGI, messaggioFascia, minorenniAbilitati, normalizzaDigitazione,
  validaForm, verificaIdentificativo, type CampoForm, type FormCittadino, type ModoForm, type TipoRicerca,
} from './aggiungi-cittadino'
import { CampiCittadino } from './components/CampiCittadino'
import { TabellaRisultati } from './components/TabellaRisultati'
import { useProvince } from './province'
import { cercaCittadino } from './ricerca'

export interface AggiungiCittadinoModalProps {
  idServizioLocale: string
  isOpen: boolean
  onClose(): void
}

type Passo = 'ricerca' | 'risultati' | 'nessuno' | 'form'

const FORM_ID = 'pd-aggiungi-cittadino-form'
const TITLE_ID = 'pd-aggiungi-cittadino-titolo'

export function AggiungiCittadinoModal({ idServizioLocale, isOpen, onClose }: AggiungiCittadinoModalProps) {
  const servizio = useServizioCampo(idServizioLocale)
  const rif = useCampoRiferimenti()
  const connectivity = useConnectivity()
  const province = useProvince()
  const abilitati = minorenniAbilitati(rif?.configurazioneMinorenni)

  const [passo, setPasso] = useState<Passo>('ricerca')
  const [tipo, setTipo] = useState<TipoRicerca>('CF')
  const [identificativo, setIdentificativo] = useState('')
  const [erroreRicerca, setErroreRicerca] = useState<string | null>(null)
  const [avvisoRicerca, setAvvisoRicerca] = useState<string | null>(null)
  const [cercando, setCercando] = useState(false)
  const [risultati, setRisultati] = useState<CittadinoTrovato[]>([])
  const [selezionato, setSelezionato] = useState<number | null>(null)
  const [modoNuovo, setModoNuovo] = useState<ModoForm | null>(null)
  const [modo, setModo] = useState<ModoForm | null>(null)
  const [offlineNotice, setOfflineNotice] = useState(false)
  const [form, setForm] = useState<FormCittadino | null>(null)
  const [inviato, setInviato] = useState(false)
  const [salvando, setSalvando] = useState(false)
  const [erroreSalvataggio, setErroreSalvataggio] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)

  const reset = () => {
    setPasso('ricerca')
    setTipo('CF')
    setIdentificativo('')
    setErroreRicerca(null)
    setAvvisoRicerca(null)
    setCercando(false)
    setRisultati([])
    setSelezionato(null)
    setModoNuovo(null)
    setModo(null)
    setOfflineNotice(false)
    setForm(null)
    setInviato(false)
    setSalvando(false)
    setErroreSalvataggio(null)
  }

  useEffect(() => {
    // move focus to the first control of a new step (the modal keeps focus inside)
    if (!isOpen) return
    const el = bodyRef.current?.querySelector<HTMLElement>('[data-autofocus], select:not([disabled]), input:not([readonly]):not([disabled])')
    el?.focus()
  }, [passo, isOpen])

  const chiudi = () => {
    if (salvando) return
    reset()
    onClose()
  }

  const apriForm = (m: ModoForm, offline = false) => {
    setModo(m)
    setForm(formIniziale(m))
    setInviato(false)
    setErroreSalvataggio(null)
    setOfflineNotice(offline)
    setPasso('form')
  }

  /** `valore`: the identifier typed in step 1, sent as the proof of identity. */
  const scegliEsistente = (c: CittadinoTrovato, valore: string) => {
    if (c.giaAssociatoAlServizio) {
      setAvvisoRicerca(MESSAGGI.giaIncluso)
      setPasso('ricerca')
      return
    }
    const eta = messaggioFascia(c.fasciaDiEtaId, abilitati)
    if (eta) {
      setErroreRicerca(eta)
      setPasso('ricerca')
      return
    }
    apriForm({ tipo: 'esistente', ricerca: tipo, identificativo: valore, cittadino: c })
  }

  const cerca = async (e: FormEvent) => {
    e.preventDefault()
    if (cercando) return
    setErroreRicerca(null)
    setAvvisoRicerca(null)
    setCercando(true)
    try {
      const esito = await verificaIdentificativo(tipo, identificativo, abilitati)
      if (!esito.ok) {
        setErroreRicerca(esito.messaggio)
        inputRef.current?.focus()
        return
      }
      const nuovo = (nuovoCittadino: boolean): ModoForm => ({ tipo: 'nuovo', ricerca: tipo, identificativo: esito.valore, derivati: esito.derivati, nuovoCittadino })
      if (connectivity === 'offline') {
        apriForm(nuovo(false), true)
        return
      }
      let trovati: CittadinoTrovato[]
      try {
        trovati = await cercaCittadino(tipo, esito.valore, servizio?.idServer ?? null)
      } catch (err) {
        if (err instanceof ApiCallError && (err.kind === 'network' || err.kind === 'timeout')) {
          apriForm(nuovo(false), true)
          return
        }
        if (err instanceof ApiCallError) void showApiErrorToast(err)
        setErroreRicerca('La ricerca non è riuscita. Riprova.')
        return
      }
      setModoNuovo(nuovo(true))
      const r = esitoRicerca(trovati)
      if (r.tipo === 'uno') scegliEsistente(r.cittadino, esito.valore)
      else if (r.tipo === 'molti') {
        setRisultati(r.cittadini)
        setSelezionato(null)
        setPasso('risultati')
      } else setPasso('nessuno')
    } finally {
      setCercando(false)
    }
  }

  const errori = form && modo && inviato ? validaForm(form, modo, abilitati, province) : {}

  const salva = async (e: FormEvent) => {
    e.preventDefault()
    if (!form || !modo || salvando) return
    setInviato(true)
    setErroreSalvataggio(null)
    const found = validaForm(form, modo, abilitati, province)
    if (Object.keys(found).length > 0) {
      if (found.eta) setErroreSalvataggio(found.eta)
      const first = (Object.keys(found) as (CampoForm | 'eta')[]).find((k) => k !== 'eta')
      if (first) bodyRef.current?.querySelector<HTMLElement>(`#pd-cittadino-${first}`)?.focus()
      return
    }
    setSalvando(true)
    try {
      await aggiungiCittadino(idServizioLocale, inputCittadino(form, modo))
      showToast({
        status: 'success',
        title: 'Cittadino aggiunto',
        message: connectivity === 'offline'
          ? 'Il cittadino è salvato sul dispositivo e verrà inviato appena torna la connessione.'
          : 'Il cittadino è stato aggiunto al servizio.',
      })
      reset()
      onClose()
    } catch (err) {
      setErroreSalvataggio(err instanceof Error && err.message ? err.message : 'Non è stato possibile aggiungere il cittadino. Riprova.')
      setSalvando(false)
    }
  }

  const setCampo = (campo: CampoForm, valore: string) => setForm((f) => (f ? { ...f, [campo]: valore } : f))
  const offline = connectivity === 'offline'
  const labelIdent = tipo === 'CF' ? 'Codice fiscale' : 'Numero documento'

  return (
    <Modal isOpen={isOpen} toggle={chiudi} labelledBy={TITLE_ID} scrollable size="lg" trapFocus data-testid="aggiungi-cittadino-modal">
      {/* the dialog is named by its title only: the id is on the title, not on the header with 'Chiudi' */}
      <ModalHeader toggle={chiudi} closeAriaLabel="Chiudi">
        <span id={TITLE_ID}>Aggiungi cittadino al servizio</span>
      </ModalHeader>
      <ModalBody>
        <div ref={bodyRef}>
          <p className="small text-uppercase fw-semibold mb-2" aria-live="polite">
            {passo === 'form' ? 'Passo 2 di 2: dati del cittadino' : 'Passo 1 di 2: ricerca del cittadino'}
          </p>

          {passo === 'ricerca' && (
            <form id={FORM_ID} noValidate onSubmit={(e) => void cerca(e)} aria-busy={cercando}>
              <p>Inserisci il codice fiscale o il numero di documento e verifica se il cittadino è già registrato; se non lo è, compila i suoi dati.</p>
              <fieldset className="mb-3">
                <legend className="fs-6 fw-semibold">Cerca per</legend>
                {(['CF', 'NUM_DOC'] as const).map((t) => (
                  <div className="form-check form-check-inline" key={t}>
                    <input
                      className="form-check-input"
                      type="radio"
                      name="pd-tipo-ricerca"
                      id={`pd-tipo-ricerca-${t}`}
                      checked={tipo === t}
                      onChange={() => {
                        setTipo(t)
                        setIdentificativo('')
                        setErroreRicerca(null)
                        setAvvisoRicerca(null)
                      }}
                    />
                    <label className="form-check-label" htmlFor={`pd-tipo-ricerca-${t}`}>
                      {t === 'CF' ? 'Codice fiscale' : 'Numero documento'}
                    </label>
                  </div>
                ))}
              </fieldset>
              <div className="form-group mb-3">
                <label htmlFor="pd-identificativo" className="active">
                  {labelIdent}*
                </label>
                <input
                  ref={inputRef}
                  id="pd-identificativo"
                  type="text"
                  data-autofocus
                  className={`form-control text-uppercase${erroreRicerca ? ' is-invalid' : ''}`}
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="characters"
                  maxLength={tipo === 'CF' ? 16 : 10}
                  value={identificativo}
                  required
                  aria-required="true"
                  aria-invalid={erroreRicerca ? true : undefined}
                  aria-describedby={erroreRicerca ? 'pd-identificativo-errore' : 'pd-identificativo-aiuto'}
                  onChange={(e) => {
                    setIdentificativo(normalizzaDigitazione(tipo, e.target.value))
                    setErroreRicerca(null)
                  }}
                />
                <small id="pd-identificativo-aiuto" className="form-text d-block">
                  {tipo === 'CF' ? '16 caratteri' : 'Da 5 a 10 caratteri tra lettere, cifre e _ . -'}
                </small>
                {erroreRicerca && (
                  <div id="pd-identificativo-errore" className="invalid-feedback d-block" role="alert">
                    {erroreRicerca}
                  </div>
                )}
              </div>
              {avvisoRicerca && (
                <div className="alert alert-warning" role="alert" data-testid="avviso-ricerca">
                  {avvisoRicerca}
                </div>
              )}
              {offline && (
                <p className="alert alert-info" role="status" data-testid="avviso-offline">
                  {MESSAGGI.offline}
                </p>
              )}
            </form>
          )}

          {passo === 'risultati' && (
            <TabellaRisultati risultati={risultati} selezionato={selezionato} onSeleziona={setSelezionato} />
          )}

          {passo === 'nessuno' && (
            <div role="status" data-testid="nessun-risultato">
              <p className="fw-semibold" tabIndex={-1} data-autofocus>
                Nessun cittadino trovato.
              </p>
              <p>Il cittadino non è ancora registrato: puoi aggiungerlo compilando i suoi dati.</p>
            </div>
          )}

          {passo === 'form' && modo && form && (
            <form id={FORM_ID} noValidate onSubmit={(e) => void salva(e)} aria-busy={salvando}>
              {offlineNotice && (
                <p className="alert alert-info" role="status" data-testid="avviso-offline">
                  {MESSAGGI.offline}
                </p>
              )}
              {modo.tipo === 'esistente' && (
                <p className="alert alert-info" role="status" data-testid="cittadino-esistente">
                  {datiDaChiedere(modo) ? MESSAGGI.datiRiservati : MESSAGGI.giaPresente}
                </p>
              )}
              <CampiCittadino
                modo={modo}
                form={form}
                errori={errori}
                province={province}
                minorenniAbilitati={abilitati}
                disabled={salvando}
                onChange={setCampo}
              />
              {erroreSalvataggio && (
                <div className="alert alert-danger" role="alert" data-testid="errore-salvataggio">
                  {erroreSalvataggio}
                </div>
              )}
            </form>
          )}
        </div>
      </ModalBody>
      <ModalFooter>
        {passo === 'ricerca' && (
          <>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={chiudi}>
              Annulla
            </button>
            <button type="submit" form={FORM_ID} className="btn btn-primary btn-sm" disabled={cercando}>
              {offline ? 'Prosegui' : 'Cerca'}
            </button>
          </>
        )}
        {passo === 'risultati' && (
          <>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setPasso('ricerca')}>
              Indietro
            </button>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={selezionato === null}
              onClick={() => {
                const c = risultati.find((r) => r.idCittadino === selezionato)
                if (c && modoNuovo?.tipo === 'nuovo') scegliEsistente(c, modoNuovo.identificativo)
              }}
            >
              Seleziona
            </button>
          </>
        )}
        {passo === 'nessuno' && (
          <>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setPasso('ricerca')}>
              Indietro
            </button>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => modoNuovo && apriForm(modoNuovo)}
            >
              Aggiungi nuovo cittadino
            </button>
          </>
        )}
        {passo === 'form' && (
          <>
            <button type="button" className="btn btn-outline-primary btn-sm" disabled={salvando} onClick={() => setPasso('ricerca')}>
              Indietro
            </button>
            <button type="submit" form={FORM_ID} className="btn btn-primary btn-sm" disabled={salvando}>
              Aggiungi
            </button>
          </>
        )}
      </ModalFooter>
    </Modal>
  )
}
