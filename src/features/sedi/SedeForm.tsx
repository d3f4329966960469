/**
 * Create or edit a site (spec 002 §3 "Site", §5; contract SedeBodySchema): nome, descrizione, servizi
 * erogati, the address (via, civico, provincia from the province list, comune from the province's ISTAT
 * comuni, CAP) and the opening hours (two windows a day). Checked as src/lib/sede-indirizzo.ts says
 * before sending; the server checks again (400 G02, SD01/SD02). Further addresses of a travelling site
 * are kept as they are. Online only.
 */
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { IndirizzoSede, SchedaSede, SedeBody } from '../../api/contract/gestione'
import { erroriIndirizzo, indirizzoValido, type IndirizzoForm } from '../../lib/sede-indirizzo'
import { RequiredNote, SelectField, TextField } from '../../ui/form/fields'
import { OnlineOnlyReason, useOnlineOnly } from '../../ui/offline-data'
import { comuniQuery } from './api'
import { OrariField } from './OrariField'
import { useProvinceSigle } from './province'

export type SedeCampi = Omit<SedeBody, 'idProgramma' | 'idProgetto' | 'idEnte'>

export interface SedeFormProps {
  sede?: SchedaSede
  submitLabel: string
  onSubmit(body: SedeCampi): Promise<void>
  onCancel(): void
}

const vuoto: IndirizzoForm = { via: '', civico: '', provincia: '', comune: '', cap: '', fasceOrarie: {} }

export function SedeForm({ sede, submitLabel, onSubmit, onCancel }: SedeFormProps) {
  const guard = useOnlineOnly()
  const province = useProvinceSigle()
  const primo = sede?.indirizzi[0]
  const [nome, setNome] = useState(sede?.nome ?? '')
  const [descrizione, setDescrizione] = useState(sede?.descrizione ?? '')
  const [servizi, setServizi] = useState(sede?.serviziErogati ?? '')
  const [ind, setInd] = useState<IndirizzoForm>(primo ? { via: primo.via, civico: primo.civico, provincia: primo.provincia, comune: primo.comune, cap: primo.cap, fasceOrarie: primo.fasceOrarie } : vuoto)
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const comuni = useQuery(comuniQuery(ind.provincia))
  const lista = ind.provincia && comuni.data ? comuni.data : null
  const errInd = erroriIndirizzo(ind, lista)
  const errNome = nome.trim() === '' ? 'Indica il nome della sede' : null
  const show = tried
  const set = (k: keyof IndirizzoForm) => (v: string) => setInd((x) => (k === 'provincia' ? { ...x, provincia: v, comune: '' } : { ...x, [k]: v }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (guard.blocked || busy) return
    setTried(true)
    if (errNome || !indirizzoValido(errInd)) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="sede-form"] [aria-invalid="true"]')?.focus())
      return
    }
    const altri: IndirizzoSede[] = (sede?.indirizzi.slice(1) ?? []).map((i) => ({ via: i.via, civico: i.civico, comune: i.comune, provincia: i.provincia, cap: i.cap, cancellato: false, fasceOrarie: i.fasceOrarie }))
    const principale: IndirizzoSede = { ...ind, via: ind.via.trim(), civico: ind.civico.trim(), cap: ind.cap.trim(), cancellato: false }
    setBusy(true)
    try {
      await onSubmit({
        nome: nome.trim(), descrizione: descrizione.trim() || null, serviziErogati: servizi.trim() || null,
        itinere: sede?.itinere ?? false, indirizzi: [principale, ...altri],
      })
    } catch {
      // the catalogue's toast said why
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="sede-form">
      <RequiredNote />
      <TextField id="sede-nome" label="Nome della sede" required value={nome} onChange={setNome} error={show ? errNome : null} maxLength={200} />
      <div className="row">
        <div className="col-12 col-md-6">
          <TextField id="sede-descrizione" label="Descrizione" value={descrizione} onChange={setDescrizione} maxLength={1000} />
        </div>
        <div className="col-12 col-md-6">
          <TextField id="sede-servizi" label="Servizi erogati" value={servizi} onChange={setServizi} maxLength={1000} />
        </div>
      </div>
      <fieldset className="mb-2">
        {/* mb-4 pb-2: room for the floating label of 'Via' below, which rises ~1.5 rem above its field (issue 24 point 16) */}
        <legend className="h6 fw-semibold mb-4 pb-2">Indirizzo</legend>
        <div className="row">
          <div className="col-12 col-md-8">
            <TextField id="sede-via" label="Via" required value={ind.via} onChange={set('via')} error={show ? errInd.campi.via : null} maxLength={200} autoComplete="off" />
          </div>
          <div className="col-12 col-md-4">
            <TextField id="sede-civico" label="Numero civico" required value={ind.civico} onChange={set('civico')} error={show ? errInd.campi.civico : null} maxLength={20} />
          </div>
          <div className="col-12 col-md-4">
            <SelectField id="sede-provincia" label="Provincia" required value={ind.provincia} onChange={set('provincia')} error={show ? errInd.campi.provincia : null}
              options={province.map((p) => ({ value: p.sigla, label: `${p.nome} (${p.sigla})` }))} />
          </div>
          <div className="col-12 col-md-5">
            <SelectField id="sede-comune" label="Comune" required value={ind.comune} onChange={set('comune')} error={show ? errInd.campi.comune : null}
              disabled={!lista} placeholder={ind.provincia ? (comuni.isError ? 'Comuni non disponibili' : lista ? 'Seleziona' : 'Caricamento…') : 'Scegli prima la provincia'}
              options={(lista ?? (ind.comune ? [ind.comune] : [])).map((c) => ({ value: c, label: c }))} />
          </div>
          <div className="col-12 col-md-3">
            <TextField id="sede-cap" label="CAP" required inputMode="numeric" value={ind.cap} onChange={set('cap')} error={show ? errInd.campi.cap : null} maxLength={5} />
          </div>
        </div>
      </fieldset>
      <OrariField value={ind.fasceOrarie} onChange={(f) => setInd((x) => ({ ...x, fasceOrarie: f }))} errors={show ? errInd.fasce : {}} error={show ? errInd.campi.orari : undefined} />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} disabled={busy} {...guard.controlProps}>{busy ? 'Salvataggio…' : submitLabel}</button>
        <button type="button" className="btn btn-outline-primary" onClick={onCancel}>Annulla</button>
      </div>
      <OnlineOnlyReason guard={guard} />
    </form>
  )
}
