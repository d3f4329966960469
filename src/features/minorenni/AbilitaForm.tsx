/**
 * 'Abilita un programma' (issue 10 point 4; platform-backend §9): Intervento (RFD/SCD), the programme
 * among those that may be enabled for it (`configurazioneminorenni/programmi`) and 'Data di decorrenza'
 * (from today, within the programme's dates: abilita.ts); errors under the fields, the first invalid one
 * focused; 'Abilita' saves, server errors (M03–M05) arrive as the catalogue's toast.
 */
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { Policy } from '../../api/contract/common'
import { formatDisplayDate, toWireDate } from '../../lib/dates'
import { REQUIRED_NOTE } from '../../lib/validation'
import { abilitaProgramma, programmiAbilitabiliQuery } from './api'
import { erroriAbilita, type FormAbilita } from './abilita'

export function AbilitaForm({ onDone, onCancel }: { onDone(nome: string): void; onCancel(): void }) {
  const [intervento, setIntervento] = useState<Policy>('RFD')
  const [form, setForm] = useState<FormAbilita>({ idProgramma: '', dataDecorrenza: '' })
  const [errori, setErrori] = useState<Partial<Record<keyof FormAbilita, string>>>({})
  const [busy, setBusy] = useState(false)
  const programmi = useQuery(programmiAbilitabiliQuery(intervento))
  const lista = programmi.data ?? []
  const scelto = lista.find((p) => String(p.idProgramma) === form.idProgramma)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = erroriAbilita(form, lista, toWireDate(new Date()))
    setErrori(found)
    const first = (['idProgramma', 'dataDecorrenza'] as const).find((k) => found[k])
    if (first) return document.getElementById(`pd-minori-${first}`)?.focus()
    setBusy(true)
    try {
      await abilitaProgramma(Number(form.idProgramma), intervento, form.dataDecorrenza)
      onDone(scelto?.nomeProgramma ?? '')
    } catch {
      // the catalogue's toast explains (M03, M04, M05)
    } finally {
      setBusy(false)
    }
  }

  const err = (k: keyof FormAbilita) => (errori[k] ? <div id={`pd-minori-${k}-errore`} className="invalid-feedback d-block">{errori[k]}</div> : null)
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="card card-body shadow-sm mb-4" aria-labelledby="pd-minori-form-titolo" data-testid="abilita-form">
      <h2 id="pd-minori-form-titolo" className="h4">Abilita un programma ai minorenni</h2>
      <p className="small">{REQUIRED_NOTE}</p>
      <div className="row">
        <div className="col-12 col-lg-3 select-wrapper mb-4">
          <label htmlFor="pd-minori-intervento">Intervento*</label>
          <select id="pd-minori-intervento" value={intervento} disabled={busy}
            onChange={(e) => { setIntervento(e.target.value === 'SCD' ? 'SCD' : 'RFD'); setForm({ ...form, idProgramma: '' }) }}>
            <option value="RFD">RFD</option>
            <option value="SCD">SCD</option>
          </select>
        </div>
        <div className="col-12 col-lg-5 select-wrapper mb-4">
          <label htmlFor="pd-minori-idProgramma">Programma*</label>
          <select id="pd-minori-idProgramma" value={form.idProgramma} disabled={busy} required aria-required="true"
            aria-invalid={errori.idProgramma ? true : undefined}
            aria-describedby={['pd-minori-idProgramma-nota', errori.idProgramma ? 'pd-minori-idProgramma-errore' : ''].filter(Boolean).join(' ')}
            onChange={(e) => setForm({ ...form, idProgramma: e.target.value })}>
            <option value="">{programmi.isPending ? 'Caricamento…' : 'Seleziona'}</option>
            {lista.map((p) => <option key={p.idProgramma} value={String(p.idProgramma)}>{`${p.nomeProgramma} (${p.codiceProgramma})`}</option>)}
          </select>
          <small id="pd-minori-idProgramma-nota" className="form-text d-block">
            {programmi.isError ? 'Non è stato possibile caricare i programmi.' : lista.length === 0 && !programmi.isPending
              ? 'Nessun programma da abilitare per questo intervento.'
              : scelto ? `Programma dal ${formatDisplayDate(scelto.dataInizio)} al ${formatDisplayDate(scelto.dataFine)}` : 'Programmi non terminati e non ancora abilitati'}
          </small>
          {err('idProgramma')}
        </div>
        <div className="col-12 col-lg-4 form-group mb-4">
          <label htmlFor="pd-minori-dataDecorrenza" className="active">Data di decorrenza*</label>
          <input id="pd-minori-dataDecorrenza" type="date" className={`form-control${errori.dataDecorrenza ? ' is-invalid' : ''}`}
            value={form.dataDecorrenza} disabled={busy} required aria-required="true"
            min={toWireDate(new Date())} max={scelto?.dataFine}
            aria-invalid={errori.dataDecorrenza ? true : undefined}
            aria-describedby={errori.dataDecorrenza ? 'pd-minori-dataDecorrenza-errore' : undefined}
            onChange={(e) => setForm({ ...form, dataDecorrenza: e.target.value })} />
          {err('dataDecorrenza')}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Abilitazione in corso…' : 'Abilita'}</button>
        <button type="button" className="btn btn-outline-primary" onClick={onCancel} disabled={busy}>Annulla</button>
      </div>
    </form>
  )
}
