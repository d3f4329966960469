/**
 * Create or edit a body (platform-backend §1.1 `ente`; contract EnteBodySchema): nome, nome breve,
 * partita IVA (11 digits), tipologia, sede legale, PEC. Online only; the server answers EN10 (VAT number
 * used) or EN25 (name used) with the catalogue's toast.
 */
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { SchedaEnteSchema, type EnteBody, type SchedaEnte } from '../../api/contract/gestione'
import { useSalvataggioVersionato } from '../../ui/conflitto'
import { RequiredNote, TextField } from '../../ui/form/fields'
import { OnlineOnlyReason, useOnlineOnly } from '../../ui/offline-data'
import { aggiornaEnte, creaEnte } from './api'
import { entePath } from './lista'

type Campi = Omit<EnteBody, 'idProgramma' | 'idProgetto' | 'idEnte'>

/** Problems of the form's fields (Italian), by field. */
export function erroriEnte(c: { nome: string; nomeBreve: string; partitaIva: string; indirizzoPec: string }): Partial<Record<string, string>> {
  const e: Partial<Record<string, string>> = {}
  if (c.nome.trim() === '') e.nome = 'Indica il nome dell\'ente'
  if (c.nomeBreve.trim() === '') e.nomeBreve = 'Indica il nome breve'
  if (!/^\d{11}$/.test(c.partitaIva.trim())) e.partitaIva = 'La partita IVA deve avere 11 cifre'
  if (c.indirizzoPec.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.indirizzoPec.trim())) e.indirizzoPec = 'Indirizzo PEC non valido'
  return e
}

/** The form's values of a body's card (empty for a new body). */
function valoriEnte(ente?: SchedaEnte['dettaglioEnte']) {
  return {
    nome: ente?.nome ?? '', nomeBreve: ente?.nomeBreve ?? '', partitaIva: ente?.partitaIva ?? '',
    tipologia: ente?.tipologia ?? '', sedeLegale: ente?.sedeLegale ?? '', indirizzoPec: ente?.indirizzoPec ?? '',
  }
}
type Valori = ReturnType<typeof valoriEnte>

const corpo = (f: Valori): Campi => ({
  nome: f.nome.trim(), nomeBreve: f.nomeBreve.trim(), partitaIva: f.partitaIva.trim(),
  tipologia: f.tipologia.trim() || null, sedeLegale: f.sedeLegale.trim() || null, indirizzoPec: f.indirizzoPec.trim() || null,
})

/** The fields in the conflict view (issue 27). */
const CAMPI = {
  nome: { label: 'Nome' }, nomeBreve: { label: 'Nome breve' }, partitaIva: { label: 'Partita IVA' },
  tipologia: { label: 'Tipologia ente' }, sedeLegale: { label: 'Sede legale' }, indirizzoPec: { label: 'PEC' },
}

/** A 409's `corrente` (the body's card) as the form's values (issue 27). */
function daCorrente(corrente: unknown) {
  const r = v.safeParse(SchedaEnteSchema, corrente)
  const d = r.success ? r.output.dettaglioEnte : null
  return d && typeof d.versione === 'number' ? { valori: valoriEnte(d), versione: d.versione } : null
}

export function EnteForm({ ente }: { ente?: SchedaEnte['dettaglioEnte'] }) {
  const navigate = useNavigate()
  const guard = useOnlineOnly()
  const [f, setF] = useState(() => valoriEnte(ente))
  // issue 27: an edit carries the card's version; a 409 merges or opens the conflict view
  const s = useSalvataggioVersionato({
    lettura: ente ? { valori: valoriEnte(ente), versione: ente.versione } : null,
    invia: (valori: Valori, versione) => aggiornaEnte(ente!.id, corpo(valori), versione),
    daCorrente, campi: CAMPI,
    onSalvato: ({ id }) => navigate({ to: entePath(id) as '/' }),
  })
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const errors = tried ? erroriEnte(f) : {}
  const set = (k: keyof typeof f) => (v: string) => setF((x) => ({ ...x, [k]: v }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (guard.blocked || busy) return
    setTried(true)
    if (Object.keys(erroriEnte(f)).length > 0) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    setBusy(true)
    try {
      if (ente) await s.salva(f)
      else {
        const { id } = await creaEnte(corpo(f))
        await navigate({ to: entePath(id) as '/' })
      }
    } catch {
      // the catalogue's toast said why
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
    {s.vista}
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="ente-form" hidden={s.inConflitto}>
      <RequiredNote />
      <div className="row">
        <div className="col-12 col-lg-8">
          <TextField id="ente-nome" label="Nome" required value={f.nome} onChange={set('nome')} error={errors.nome} maxLength={200} />
        </div>
        <div className="col-12 col-lg-4">
          <TextField id="ente-nome-breve" label="Nome breve" required value={f.nomeBreve} onChange={set('nomeBreve')} error={errors.nomeBreve} maxLength={100} />
        </div>
        <div className="col-12 col-md-6">
          <TextField id="ente-piva" label="Partita IVA" required inputMode="numeric" value={f.partitaIva} onChange={set('partitaIva')} error={errors.partitaIva} maxLength={11} />
        </div>
        <div className="col-12 col-md-6">
          <TextField id="ente-tipologia" label="Tipologia ente" value={f.tipologia} onChange={set('tipologia')} maxLength={100} hint="Ad esempio: Comune, Associazione, Università" />
        </div>
        <div className="col-12 col-md-6">
          <TextField id="ente-sede-legale" label="Sede legale" value={f.sedeLegale} onChange={set('sedeLegale')} maxLength={300} />
        </div>
        <div className="col-12 col-md-6">
          <TextField id="ente-pec" label="PEC" type="email" autoComplete="off" value={f.indirizzoPec} onChange={set('indirizzoPec')} error={errors.indirizzoPec} maxLength={200} />
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} disabled={busy} {...guard.controlProps}>
          {busy ? 'Salvataggio…' : ente ? 'Salva' : 'Crea ente'}
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={() => window.history.back()}>Annulla</button>
      </div>
      <OnlineOnlyReason guard={guard} />
    </form>
    </>
  )
}
