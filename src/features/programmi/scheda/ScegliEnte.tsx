/**
 * 'Associa ente' (platform-backend §2.3–2.4): a dialog to choose an existing body (search by name, short
 * name, VAT number or id over `POST ente/all`) or to create one (`POST ente`: nome, nome breve, partita
 * IVA, tipologia, sede legale, PEC), then `onScelto(idEnte)` links it (managing body or partner).
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useId, useState, type FormEvent } from 'react'
import type { EnteRiga } from '../../../api/contract/amministrazione'
import { OnlineOnlyReason, useOnlineOnly } from '../../../ui/offline-data'
import { cercaEnti, creaEnte } from '../api'
import { messaggioErrore } from '../../../api/error-message'
import { Campo } from '../../../ui/form/fields'

export interface ScegliEnteProps {
  /** button label, e.g. 'Associa ente gestore' */
  label: string
  title: string
  onScelto(idEnte: number): Promise<void>
}

interface NuovoEnte { nome: string; nomeBreve: string; partitaIva: string; tipologia: string; sedeLegale: string; indirizzoPec: string }
const VUOTO: NuovoEnte = { nome: '', nomeBreve: '', partitaIva: '', tipologia: '', sedeLegale: '', indirizzoPec: '' }

/** Errors of the new-body fields (contract EnteBodySchema; spec 002 §5 VAT 11 digits, e-mail). */
export function validaNuovoEnte(e: NuovoEnte): Record<string, string> {
  const out: Record<string, string> = {}
  if (!e.nome.trim()) out.nome = 'Campo obbligatorio'
  else if (e.nome.trim().length > 200) out.nome = 'Massimo 200 caratteri'
  if (!e.nomeBreve.trim()) out.nomeBreve = 'Campo obbligatorio'
  else if (e.nomeBreve.trim().length > 100) out.nomeBreve = 'Massimo 100 caratteri'
  if (!e.partitaIva.trim()) out.partitaIva = 'Campo obbligatorio'
  else if (!/^\d{11}$/.test(e.partitaIva.trim())) out.partitaIva = 'La partita IVA ha 11 cifre'
  if (e.indirizzoPec.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.indirizzoPec.trim())) out.indirizzoPec = 'Indirizzo PEC non valido'
  return out
}

export function ScegliEnte({ label, title, onScelto }: ScegliEnteProps) {
  const uid = useId()
  const guard = useOnlineOnly()
  const [open, setOpen] = useState(false)
  const [modo, setModo] = useState<'esistente' | 'nuovo'>('esistente')
  const [criterio, setCriterio] = useState('')
  const [risultati, setRisultati] = useState<EnteRiga[] | null>(null)
  const [scelto, setScelto] = useState<number | null>(null)
  const [nuovo, setNuovo] = useState<NuovoEnte>(VUOTO)
  const [tentato, setTentato] = useState(false)
  const [busy, setBusy] = useState(false)
  const [errore, setErrore] = useState<string | null>(null)
  const errori = validaNuovoEnte(nuovo)
  const titleId = `${uid}-title`

  const apri = () => {
    setModo('esistente'); setCriterio(''); setRisultati(null); setScelto(null); setNuovo(VUOTO); setTentato(false); setErrore(null); setOpen(true)
  }
  const chiudi = () => { if (!busy) setOpen(false) }

  async function cerca(e: FormEvent) {
    e.preventDefault()
    setErrore(null)
    try {
      setRisultati(await cercaEnti(criterio))
      setScelto(null)
    } catch (err) {
      setErrore(await messaggioErrore(err))
    }
  }

  async function conferma() {
    setErrore(null)
    if (modo === 'nuovo') {
      setTentato(true)
      if (Object.keys(errori).length) return
    } else if (scelto === null) {
      setErrore('Scegli un ente tra i risultati della ricerca.')
      return
    }
    setBusy(true)
    try {
      const id = modo === 'nuovo'
        ? (await creaEnte({
          nome: nuovo.nome.trim(), nomeBreve: nuovo.nomeBreve.trim(), partitaIva: nuovo.partitaIva.trim(),
          tipologia: nuovo.tipologia.trim() || null, sedeLegale: nuovo.sedeLegale.trim() || null, indirizzoPec: nuovo.indirizzoPec.trim() || null,
        })).id
        : scelto!
      await onScelto(id)
      setOpen(false)
    } catch (err) {
      setErrore(await messaggioErrore(err))
    } finally {
      setBusy(false)
    }
  }

  const campo = (k: keyof NuovoEnte, l: string, required = false) => (
    <Campo id={`${uid}-${k}`} label={l} required={required} value={nuovo[k]} onChange={(v) => setNuovo((s) => ({ ...s, [k]: v }))}
      error={tentato ? errori[k] : undefined} className="mb-3" inputMode={k === 'partitaIva' ? 'numeric' : undefined} />
  )

  return (
    <span className="d-inline-flex flex-column align-items-start">
      <button type="button" className={`btn btn-primary btn-sm${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps} onClick={apri}>{label}</button>
      <OnlineOnlyReason guard={guard} />
      <Modal isOpen={open} toggle={chiudi} labelledBy={titleId} size="lg" data-testid="scegli-ente">
        <ModalHeader toggle={chiudi} closeAriaLabel="Chiudi"><span id={titleId}>{title}</span></ModalHeader>
        <ModalBody>
          <fieldset className="mb-3">
            <legend className="h6">Ente da associare</legend>
            <div className="form-check form-check-inline">
              <input className="form-check-input" type="radio" id={`${uid}-esistente`} name={`${uid}-modo`} checked={modo === 'esistente'} onChange={() => setModo('esistente')} />
              <label className="form-check-label" htmlFor={`${uid}-esistente`}>Scegli un ente esistente</label>
            </div>
            <div className="form-check form-check-inline">
              <input className="form-check-input" type="radio" id={`${uid}-nuovo`} name={`${uid}-modo`} checked={modo === 'nuovo'} onChange={() => setModo('nuovo')} />
              <label className="form-check-label" htmlFor={`${uid}-nuovo`}>Crea un nuovo ente</label>
            </div>
          </fieldset>
          {modo === 'esistente' ? (
            <>
              <form onSubmit={(e) => void cerca(e)} className="d-flex gap-2 align-items-end mb-3" role="search">
                <div className="flex-grow-1">
                  <Campo id={`${uid}-cerca`} label="Cerca ente" value={criterio} onChange={setCriterio} hint="Nome, nome breve, partita IVA o ID" className="mb-0" />
                </div>
                <button type="submit" className="btn btn-outline-primary btn-sm mb-4">Cerca</button>
              </form>
              {risultati !== null && (
                risultati.length === 0 ? <p role="status">Nessun ente trovato.</p> : (
                  <fieldset>
                    <legend className="h6" role="status">{risultati.length === 1 ? '1 ente trovato' : `${risultati.length} enti trovati`}</legend>
                    {risultati.map((r) => (
                      <div className="form-check" key={r.id}>
                        <input className="form-check-input" type="radio" name={`${uid}-ente`} id={`${uid}-ente-${r.id}`} checked={scelto === r.id} onChange={() => setScelto(r.id)} />
                        <label className="form-check-label" htmlFor={`${uid}-ente-${r.id}`}>{r.nome} (ID {r.id}{r.tipologia ? `, ${r.tipologia}` : ''})</label>
                      </div>
                    ))}
                  </fieldset>
                )
              )}
            </>
          ) : (
            <div>
              <p className="small text-secondary">*Campo obbligatorio</p>
              {campo('nome', 'Nome', true)}
              {campo('nomeBreve', 'Nome breve', true)}
              {campo('partitaIva', 'Partita IVA', true)}
              {campo('tipologia', 'Tipologia')}
              {campo('sedeLegale', 'Sede legale')}
              {campo('indirizzoPec', 'PEC')}
            </div>
          )}
          {errore && <div className="alert alert-danger mt-3 mb-0" role="alert">{errore}</div>}
        </ModalBody>
        <ModalFooter>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={chiudi} disabled={busy}>Annulla</button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void conferma()} disabled={busy}>{busy ? 'Attendere…' : 'Associa'}</button>
        </ModalFooter>
      </Modal>
    </span>
  )
}
