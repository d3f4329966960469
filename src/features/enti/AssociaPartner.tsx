/**
 * 'Aggiungi a un progetto come partner' on a body's page (platform-backend §2.4: PUT
 * /ente/partner/associa/{idEnte}/progetto/{idProgetto}; EN26 managing body, EN27 already partner): search a
 * project by name or ID, choose it, confirm; then the page of the body inside that project opens.
 */
import { useNavigate } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import type { ProgettoRiga } from '../../api/contract/amministrazione'
import { SelectField, TextField } from '../../ui/form/fields'
import { enteInProgettoPath } from '../../lib/percorsi'
import { OnlineOnlyReason, useOnlineOnly } from '../../ui/offline-data'
import { associaPartner, cercaProgetti } from './api'

export function AssociaPartner({ idEnte }: { idEnte: number }) {
  const navigate = useNavigate()
  const guard = useOnlineOnly()
  const statusId = useId()
  const [criterio, setCriterio] = useState('')
  const [risultati, setRisultati] = useState<ProgettoRiga[] | null>(null)
  const [scelto, setScelto] = useState('')
  const [busy, setBusy] = useState(false)
  const [errore, setErrore] = useState<string | null>(null)

  const cerca = async (e: FormEvent) => {
    e.preventDefault()
    if (guard.blocked || busy) return
    setBusy(true)
    setErrore(null)
    try {
      const r = await cercaProgetti(criterio.trim())
      setRisultati(r)
      setScelto(r.length === 1 ? String(r[0]!.id) : '')
    } catch {
      setErrore('Non è stato possibile cercare i progetti. Riprova.')
    } finally {
      setBusy(false)
    }
  }

  const associa = async () => {
    if (guard.blocked || busy) return
    if (!scelto) {
      setErrore('Scegli il progetto')
      return
    }
    setBusy(true)
    try {
      await associaPartner(idEnte, Number(scelto))
      await navigate({ to: enteInProgettoPath(Number(scelto), idEnte) as '/' })
    } catch {
      // the catalogue's toast said why (EN26, EN27)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="border rounded p-3 p-lg-4" data-testid="associa-partner">
      <form noValidate onSubmit={(e) => void cerca(e)} className="d-flex flex-wrap align-items-end gap-2">
        <TextField id="cerca-progetto" label="Cerca il progetto per nome o ID" className="mb-0 flex-grow-1" value={criterio} onChange={setCriterio} />
        <button type="submit" className={`btn btn-outline-primary${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps}>Cerca</button>
      </form>
      <OnlineOnlyReason guard={guard} />
      <div id={statusId} role="status" aria-live="polite" className="small text-secondary mt-2">
        {risultati !== null && (risultati.length === 0 ? 'Nessun progetto trovato.' : `${risultati.length === 1 ? 'Un progetto trovato' : `${risultati.length} progetti trovati`}.`)}
      </div>
      {risultati !== null && risultati.length > 0 && (
        <div className="mt-3">
          <SelectField
            id="progetto-partner"
            label="Progetto"
            required
            value={scelto}
            onChange={(v) => { setScelto(v); setErrore(null) }}
            options={risultati.map((p) => ({ value: String(p.id), label: `${p.nome} (ID ${p.id}, ${p.nomeProgramma})` }))}
            error={errore}
          />
          <button type="button" className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} disabled={busy} onClick={() => void associa()} {...guard.controlProps}>
            Aggiungi come ente partner
          </button>
        </div>
      )}
      {errore && risultati === null && <p className="text-danger small mt-2" role="alert">{errore}</p>}
    </div>
  )
}
