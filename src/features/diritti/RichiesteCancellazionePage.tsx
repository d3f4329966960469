/**
 * 'Richieste di cancellazione' (`/richieste-cancellazione`, gest.dati.personali: the DTD or a custom 'Responsabile
 * protezione dati' role; issue 28 part 3): the erasure requests of programmes' and projects' referents, waiting ones
 * first, with 'Esegui' (the erasure's confirmation, naming what goes, the request's reason proposed) and 'Rifiuta'
 * (a note required). Online only.
 */
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { QueryProvider } from '../../api/query'
import { ETICHETTE_STATO_RICHIESTA, MOTIVO_MAX, type RichiestaCancellazione } from '../../api/contract/diritti'
import { formatDisplayDateTime } from '../../lib/dates'
import { shortMask } from '../../lib/masked-identity'
import { AppLink } from '../../ui/AppLink'
import { showToast } from '../../ui/stores/toasts'
import { ConfirmModal } from '../../ui/widgets/ConfirmModal'
import { ResponsiveTable } from '../../ui/widgets/ResponsiveTable'
import { useEsecuzione } from '../../ui/widgets/useConferma'
import { richiesteQuery, rifiutaRichiesta } from './api'
import { CancellaDialog } from './CancellaDialog'

const nome = (r: RichiestaCancellazione) => (r.identificativoMascherato ? `Cittadino ${shortMask(r.identificativoMascherato)}` : `Cittadino ${r.idCittadino}`)

function RifiutaDialog({ r, onClose }: { r: RichiestaCancellazione; onClose(): void }) {
  const notaId = useId()
  const [nota, setNota] = useState('')
  const { busy, errore, setErrore, esegui } = useEsecuzione()
  const conferma = async () => {
    if (nota.trim().length < 3) {
      setErrore('Indica il motivo del rifiuto (almeno 3 caratteri).')
      return
    }
    const ok = await esegui(async () => {
      await rifiutaRichiesta(r.id, nota.trim())
      showToast({ status: 'success', message: 'Richiesta rifiutata.' })
    })
    if (ok) onClose()
  }
  return (
    <ConfirmModal isOpen title="Rifiuta la richiesta di cancellazione" confirmLabel="Rifiuta la richiesta" busyLabel="Invio in corso…" busy={busy} error={errore}
      onCancel={onClose} onConfirm={() => void conferma()}>
      <p>{nome(r)}: i dati non saranno cancellati.</p>
      <div className="form-group mb-0">
        <label htmlFor={notaId} className="active">Motivo del rifiuto (obbligatorio)</label>
        <textarea id={notaId} className="form-control" rows={3} maxLength={MOTIVO_MAX} required aria-required="true" value={nota} disabled={busy} onChange={(e) => setNota(e.target.value)} />
      </div>
    </ConfirmModal>
  )
}

function Elenco() {
  const q = useQuery(richiesteQuery())
  const [esegui, setEsegui] = useState<RichiestaCancellazione | null>(null)
  const [rifiuta, setRifiuta] = useState<RichiestaCancellazione | null>(null)
  if (q.isPending) return <p role="status" className="text-secondary">Caricamento delle richieste…</p>
  if (!q.data) return <p role="alert">Non è stato possibile leggere le richieste. Controlla la connessione e riprova.</p>
  return (
    <>
      <ResponsiveTable caption="Richieste di cancellazione" rows={q.data.richieste} rowKey={(r) => String(r.id)} summary={(r) => `${nome(r)} — ${ETICHETTE_STATO_RICHIESTA[r.stato]}`}
        emptyText="Nessuna richiesta di cancellazione."
        columns={[
          { key: 'cittadino', header: 'Cittadino', cell: (r) => <AppLink to={`/area-cittadini/${r.idCittadino}`}>{nome(r)}</AppLink> },
          { key: 'motivo', header: 'Motivo', cell: (r) => r.motivo },
          { key: 'chi', header: 'Richiesta da', cell: (r) => `${r.richiedente} (${r.ruoloRichiedente})` },
          { key: 'quando', header: 'Data', cell: (r) => formatDisplayDateTime(r.richiestaIl) },
          { key: 'stato', header: 'Stato', cell: (r) => (r.nota && r.stato !== 'IN_ATTESA' ? `${ETICHETTE_STATO_RICHIESTA[r.stato]}: ${r.nota}` : ETICHETTE_STATO_RICHIESTA[r.stato]) },
          { key: 'azioni', header: 'Azioni', cell: (r) => (r.stato === 'IN_ATTESA' ? (
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-danger btn-sm" aria-label={`Esegui la cancellazione di ${nome(r)}`} onClick={() => setEsegui(r)}>Esegui</button>
              <button type="button" className="btn btn-outline-primary btn-sm" aria-label={`Rifiuta la richiesta su ${nome(r)}`} onClick={() => setRifiuta(r)}>Rifiuta</button>
            </div>
          ) : '—') },
        ]} />
      {esegui && <CancellaDialog idCittadino={String(esegui.idCittadino)} modo="cancella" isOpen idRichiesta={esegui.id} motivoIniziale={esegui.motivo} onClose={() => setEsegui(null)} />}
      {rifiuta && <RifiutaDialog r={rifiuta} onClose={() => setRifiuta(null)} />}
    </>
  )
}

export function RichiesteCancellazionePage() {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="richieste-cancellazione-page">
      <h1>Richieste di cancellazione</h1>
      <p>Le richieste dei referenti di cancellare i dati di un cittadino (art. 17 del GDPR). Eseguirle cancella i dati personali e le risposte che identificano il cittadino; i servizi restano contati in forma anonima.</p>
      <QueryProvider>
        <Elenco />
      </QueryProvider>
    </div>
  )
}
