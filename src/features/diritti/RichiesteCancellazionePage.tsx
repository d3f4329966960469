/**
 * 'Richieste di cancellazione' (`/richieste-cancellazione`, gest.dati.personali: the DTD or a custom 'Responsabile
 * protezione dati' role; issue 28 part 3): the erasure requests of programmes' and projects' referents on the list
 * pattern (lista.tsx), waiting ones first, with 'Esegui' (the erasure's confirmation, naming what goes, the request's reason proposed) and 'Rifiuta'
 * (a note required). Online only.
 */
import { useId, useMemo, useState } from 'react'
import { QueryProvider } from '../../api/query'
import { MOTIVO_MAX, type RichiestaCancellazione } from '../../api/contract/diritti'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { showToast } from '../../ui/stores/toasts'
import { ConfirmModal } from '../../ui/widgets/ConfirmModal'
import { useEsecuzione } from '../../ui/widgets/useConferma'
import { rifiutaRichiesta } from './api'
import { CancellaDialog } from './CancellaDialog'
import { nomeRichiesta as nome, richiesteDefinition } from './lista'

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
  const session = useSession()
  const [esegui, setEsegui] = useState<RichiestaCancellazione | null>(null)
  const [rifiuta, setRifiuta] = useState<RichiestaCancellazione | null>(null)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => richiesteDefinition({ esegui: setEsegui, rifiuta: setRifiuta }), [session.profilo])
  return (
    <>
      <ServerList definition={definition} />
      {esegui && <CancellaDialog idCittadino={String(esegui.idCittadino)} modo="cancella" isOpen idRichiesta={esegui.id} motivoIniziale={esegui.motivo} onClose={() => setEsegui(null)} />}
      {rifiuta && <RifiutaDialog r={rifiuta} onClose={() => setRifiuta(null)} />}
    </>
  )
}

export function RichiesteCancellazionePage() {
  return (
    <ListScreen title="Richieste di cancellazione" testId="richieste-cancellazione-page"
      description="Le richieste dei referenti di cancellare i dati di un cittadino (art. 17 del GDPR). Eseguirle cancella i dati personali e le risposte che identificano il cittadino; i servizi restano contati in forma anonima.">
      <QueryProvider>
        <Elenco />
      </QueryProvider>
    </ListScreen>
  )
}
