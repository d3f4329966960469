/**
 * A role's page (`/gestione-ruoli/{codiceRuolo}`; platform-frontend §2.1: name, state, type and the
 * permission groups): custom roles offer 'Modifica' (add.upd.permessi) and 'Elimina' (del.ruoli, with a
 * confirmation; the server refuses a role some user holds, R12, and the dialog says it). Predefined roles
 * are read-only and say so.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { DettaglioRuoloSchema, type DettaglioRuolo } from '../../api/contract/ruoli'
import { useAzioneVersionata } from '../../ui/conflitto'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { etichettaTipologia } from '../../lib/ruoli'
import { AppLink } from '../../ui/AppLink'
import { showToast } from '../../ui/stores/toasts'
import { ConfirmModal } from '../../ui/widgets/ConfirmModal'
import { useEsecuzione } from '../../ui/widgets/useConferma'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { eliminaRuolo, ruoloPath, ruoloQuery } from './api'
import { ElencoGruppi } from './Gruppi'

function Elimina({ ruolo }: { ruolo: DettaglioRuolo }) {
  const { codice, nome } = ruolo
  const [open, setOpen] = useState(false)
  const { busy, errore, setErrore, esegui } = useEsecuzione()
  const navigate = useNavigate()
  // issue 27: the delete acts on the detail's version; a newer one is shown and asked again
  const conVersione = useAzioneVersionata({
    lettura: { valori: { nome, gruppi: ruolo.gruppi.map((g) => g.descrizione) }, versione: ruolo.versione },
    daCorrente: (c) => {
      const r = v.safeParse(DettaglioRuoloSchema, c)
      return r.success && typeof r.output.versione === 'number' ? { valori: { nome: r.output.nome, gruppi: r.output.gruppi.map((g) => g.descrizione) }, versione: r.output.versione } : null
    },
    campi: { nome: { label: 'Nome' }, gruppi: { label: 'Gruppi di permessi' } },
    soggetto: 'Il ruolo',
  })
  const confirm = async () => {
    const ok = await esegui(async () => {
      await conVersione((versione) => eliminaRuolo(codice, versione))
      showToast({ message: `Ruolo «${nome}» eliminato`, status: 'success' })
    })
    if (ok) {
      setOpen(false)
      void navigate({ to: '/gestione-ruoli' })
    }
  }
  return (
    <>
      <button type="button" className="btn btn-outline-danger" onClick={() => { setErrore(null); setOpen(true) }}>Elimina</button>
      <ConfirmModal isOpen={open} title="Elimina ruolo" confirmLabel="Elimina" busyLabel="Eliminazione in corso…" danger busy={busy} error={errore}
        onCancel={() => setOpen(false)} onConfirm={() => void confirm()}>
        <p className="mb-0">{`Confermi di voler eliminare il ruolo «${nome}»? L’operazione non si può annullare.`}</p>
      </ConfirmModal>
    </>
  )
}

function Contenuto({ codice }: { codice: string }) {
  const q = useQuery(ruoloQuery(codice))
  const session = useSession()
  const held = heldPermissions(session)
  useRegisterBreadcrumbLabels({ [ruoloPath(codice)]: q.data?.nome })
  if (q.isPending) return <p role="status" aria-live="polite" className="text-secondary my-4">Caricamento del ruolo…</p>
  if (!q.data) {
    return (
      <div className="alert alert-warning my-4" role="alert">
        <h1 className="h4">Ruolo non disponibile</h1>
        <p className="mb-2">Il ruolo non esiste o non è stato possibile caricarlo.</p>
        <AppLink to="/gestione-ruoli">Torna all’elenco dei ruoli</AppLink>
      </div>
    )
  }
  const r = q.data
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <h1 className="mb-0">{r.nome}</h1>
        {r.modificabile && (
          <div className="d-flex gap-2">
            {hasAll(held, ['add.upd.permessi']) && <AppLink to={`${ruoloPath(codice)}/modifica`} className="btn btn-primary">Modifica</AppLink>}
            {hasAll(held, ['del.ruoli']) && <Elimina ruolo={r} />}
          </div>
        )}
      </div>
      <dl className="row mb-4">
        <div className="col-6 col-lg-3 mb-3"><dt className="small text-secondary fw-normal">Codice</dt><dd className="mb-0 fw-semibold">{r.codice}</dd></div>
        <div className="col-6 col-lg-3 mb-3"><dt className="small text-secondary fw-normal">Tipologia</dt><dd className="mb-0 fw-semibold">{etichettaTipologia(r.tipologia)}</dd></div>
        <div className="col-6 col-lg-3 mb-3"><dt className="small text-secondary fw-normal">Stato</dt><dd className="mb-0"><StatusChip value={r.stato} /></dd></div>
        <div className="col-6 col-lg-3 mb-3"><dt className="small text-secondary fw-normal">Utenti con il ruolo</dt><dd className="mb-0 fw-semibold">{r.numeroUtenti}</dd></div>
      </dl>
      {!r.modificabile && <p className="text-secondary">Ruolo predefinito: i suoi gruppi di permessi non si possono modificare.</p>}
      <h2 className="h4">{`Gruppi di permessi (${r.gruppi.length})`}</h2>
      <ElencoGruppi gruppi={r.gruppi} />
    </>
  )
}

export function RuoloPage({ codice }: { codice: string }) {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="ruolo-page">
      <QueryProvider>
        <Contenuto codice={codice} />
      </QueryProvider>
    </div>
  )
}
