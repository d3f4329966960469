/**
 * 'Crea nuovo ruolo' and 'Modifica ruolo' (issue 10 point 3; platform-frontend §2.1–2.2): the role's name
 * (it becomes the code of a new role) and its permission groups as checkboxes, with the permissions the
 * choice grants counted live (src/lib/ruoli.ts). Errors under the fields, the first invalid one focused;
 * 'Crea ruolo' / 'Salva' sends the form and opens the role's page; server errors (R01 name in use, R09
 * predefined) arrive as the catalogue's toast. A predefined role is not editable: the page says so.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { QueryProvider } from '../../api/query'
import { DettaglioRuoloSchema, type DettaglioRuolo, type Gruppo } from '../../api/contract/ruoli'
import { useSalvataggioVersionato } from '../../ui/conflitto'
import { erroreGruppi, erroreNomeRuolo, normalizzaNomeRuolo, permessiDeiGruppi } from '../../lib/ruoli'
import { REQUIRED_NOTE } from '../../lib/validation'
import { AppLink } from '../../ui/AppLink'
import { showToast } from '../../ui/stores/toasts'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { aggiornaRuolo, creaRuolo, gruppiQuery, ruoloPath, ruoloQuery } from './api'
import { SceltaGruppi } from './Gruppi'

/** A role's detail as the form's values (issue 27: the base of the edit and the 409's `corrente`). */
const valoriRuolo = (r: DettaglioRuolo) => ({ nome: r.nome, gruppi: r.gruppi.map((g) => g.codice) })
type Valori = ReturnType<typeof valoriRuolo>

function daCorrente(corrente: unknown) {
  const r = v.safeParse(DettaglioRuoloSchema, corrente)
  return r.success && typeof r.output.versione === 'number' ? { valori: valoriRuolo(r.output), versione: r.output.versione } : null
}

function Form({ gruppi, ruolo }: { gruppi: readonly Gruppo[]; ruolo?: DettaglioRuolo }) {
  const [nome, setNome] = useState(ruolo?.nome ?? '')
  const [scelti, setScelti] = useState<string[]>(() => ruolo?.gruppi.map((g) => g.codice) ?? [])
  const [errori, setErrori] = useState<{ nome?: string | null; gruppi?: string | null }>({})
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()
  const permessi = permessiDeiGruppi(gruppi, scelti)
  const nomiGruppi = (x: unknown) => (Array.isArray(x) ? x.map((c) => gruppi.find((g) => g.codice === c)?.descrizione ?? String(c)).join(', ') || '(nessuno)' : '')
  // issue 27: the edit carries the detail's version; a 409 merges or opens the conflict view
  const s = useSalvataggioVersionato({
    lettura: ruolo ? { valori: valoriRuolo(ruolo), versione: ruolo.versione } : null,
    invia: (x: Valori, versione) => aggiornaRuolo(ruolo!.codice, normalizzaNomeRuolo(x.nome), x.gruppi, versione),
    daCorrente,
    campi: { nome: { label: 'Nome del ruolo' }, gruppi: { label: 'Gruppi di permessi', format: nomiGruppi } },
    onSalvato: (out) => {
      showToast({ message: 'Ruolo salvato', status: 'success' })
      void navigate({ to: ruoloPath(out.codice) as '/' })
    },
  })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = { nome: erroreNomeRuolo(nome), gruppi: erroreGruppi(scelti) }
    setErrori(found)
    if (found.nome) return document.getElementById('pd-ruolo-nome')?.focus()
    if (found.gruppi) return document.querySelector<HTMLInputElement>('#pd-gruppi input')?.focus()
    setBusy(true)
    try {
      const n = normalizzaNomeRuolo(nome)
      if (ruolo) await s.salva({ nome, gruppi: scelti })
      else {
        const out = await creaRuolo(n, scelti)
        showToast({ message: `Ruolo «${n}» creato`, status: 'success' })
        void navigate({ to: ruoloPath(out.codice) as '/' })
      }
    } catch {
      // the client's toast carries the catalogue's message (R01, R09…)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
    {s.vista}
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="ruolo-form" hidden={s.inConflitto}>
      <p className="small">{REQUIRED_NOTE}</p>
      <div className="form-group mb-4">
        <label htmlFor="pd-ruolo-nome" className={nome ? 'active' : undefined}>Nome del ruolo*</label>
        <input
          id="pd-ruolo-nome"
          type="text"
          className={`form-control${errori.nome ? ' is-invalid' : ''}`}
          value={nome}
          maxLength={50}
          required
          aria-required="true"
          aria-invalid={errori.nome ? true : undefined}
          aria-describedby={['pd-ruolo-nome-nota', errori.nome ? 'pd-ruolo-nome-errore' : ''].filter(Boolean).join(' ')}
          disabled={busy}
          onChange={(e) => setNome(e.target.value)}
        />
        <small id="pd-ruolo-nome-nota" className="form-text d-block">
          {ruolo ? `Codice del ruolo: ${ruolo.codice} (non cambia)` : 'Il nome diventa anche il codice del ruolo e non si potrà cambiare.'}
        </small>
        {errori.nome && <div id="pd-ruolo-nome-errore" className="invalid-feedback d-block">{errori.nome}</div>}
      </div>
      <SceltaGruppi gruppi={gruppi} scelti={scelti} disabled={busy} errore={errori.gruppi} onChange={setScelti} />
      <p aria-live="polite" className="fw-semibold" data-testid="ruolo-permessi">
        {`Gruppi scelti: ${scelti.length}; permessi concessi: ${permessi.length}`}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Salvataggio in corso…' : ruolo ? 'Salva' : 'Crea ruolo'}</button>
        <AppLink to={ruolo ? ruoloPath(ruolo.codice) : '/gestione-ruoli'} className="btn btn-outline-primary">Annulla</AppLink>
      </div>
    </form>
    </>
  )
}

function Contenuto({ codice }: { codice?: string }) {
  const g = useQuery(gruppiQuery)
  const r = useQuery({ ...ruoloQuery(codice ?? ''), enabled: codice !== undefined })
  const titolo = codice ? `Modifica ruolo ${r.data?.nome ?? codice}` : 'Crea nuovo ruolo'
  useRegisterBreadcrumbLabels(codice ? { [ruoloPath(codice)]: r.data?.nome, [`${ruoloPath(codice)}/modifica`]: 'Modifica' } : {})
  const loading = g.isPending || (codice !== undefined && r.isPending)
  let body
  if (loading) body = <p role="status" aria-live="polite" className="text-secondary my-4">Caricamento…</p>
  else if (!g.data || (codice && !r.data)) {
    body = (
      <div className="alert alert-warning" role="alert">
        <p className="mb-2">Non è stato possibile caricare i dati del ruolo. Controlla la connessione e riprova.</p>
        <AppLink to="/gestione-ruoli">Torna all’elenco dei ruoli</AppLink>
      </div>
    )
  } else if (r.data && !r.data.modificabile) {
    body = (
      <div className="alert alert-info" role="status">
        <p className="mb-2">I ruoli predefiniti non si possono modificare.</p>
        <AppLink to={ruoloPath(r.data.codice)}>Torna al ruolo</AppLink>
      </div>
    )
  } else body = <Form gruppi={g.data} ruolo={r.data} />
  return (
    <>
      <h1 className="mb-2">{titolo}</h1>
      <p className="lead text-secondary mb-4">Scegli i gruppi di permessi del ruolo: chi ha il ruolo ottiene tutti i loro permessi dalla sua prossima richiesta.</p>
      {body}
    </>
  )
}

export function RuoloFormPage({ codice }: { codice?: string }) {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid={codice ? 'modifica-ruolo-page' : 'crea-ruolo-page'}>
      <QueryProvider>
        <Contenuto codice={codice} />
      </QueryProvider>
    </div>
  )
}
