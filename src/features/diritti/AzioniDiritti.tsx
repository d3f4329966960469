/**
 * The citizen's rights on a citizen's page of the registry (issue 28 part 3): with gest.dati.personali (the DTD, or a
 * custom 'Responsabile protezione dati' role) 'Esporta i dati del cittadino' (the JSON file, art. 20), 'Versione
 * stampabile' (art. 15) and 'Cancella il cittadino' (art. 17); with rich.canc.cittadino (REG, REGP) 'Chiedi la
 * cancellazione'. A citizen already erased or anonymised offers the export only.
 */
import { useState } from 'react'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { AppLink } from '../../ui/AppLink'
import { showToast } from '../../ui/stores/toasts'
import { scaricaDatiCittadino } from './api'
import { CancellaDialog } from './CancellaDialog'

export function AzioniDiritti({ idCittadino, cancellato }: { idCittadino: string; cancellato: boolean }) {
  const held = heldPermissions(useSession())
  const gestisce = hasAll(held, ['gest.dati.personali'])
  const richiede = hasAll(held, ['rich.canc.cittadino'])
  const [dialogo, setDialogo] = useState<'cancella' | 'richiedi' | null>(null)
  const [scarico, setScarico] = useState(false)
  if (!gestisce && !richiede) return null
  const scarica = async () => {
    setScarico(true)
    try {
      await scaricaDatiCittadino(idCittadino)
    } catch {
      showToast({ status: 'error', message: 'Non è stato possibile esportare i dati del cittadino. Riprova.' })
    } finally {
      setScarico(false)
    }
  }
  return (
    <section aria-labelledby="pd-diritti-titolo" className="mb-4" data-testid="azioni-diritti">
      <h2 id="pd-diritti-titolo" className="h4">Diritti dell’interessato</h2>
      {cancellato && <p data-testid="cittadino-cancellato">I dati personali di questo cittadino sono stati cancellati o anonimizzati.</p>}
      <div className="d-flex flex-wrap gap-2">
        {gestisce && (
          <>
            <button type="button" className="btn btn-outline-primary" onClick={() => void scarica()} disabled={scarico}>
              {scarico ? 'Esportazione in corso…' : 'Esporta i dati del cittadino'}
            </button>
            <AppLink to={`/area-cittadini/${idCittadino}/dati-personali`} className="btn btn-outline-primary">Versione stampabile dei dati</AppLink>
            {!cancellato && <button type="button" className="btn btn-danger" onClick={() => setDialogo('cancella')}>Cancella il cittadino</button>}
          </>
        )}
        {!gestisce && richiede && !cancellato && (
          <button type="button" className="btn btn-outline-danger" onClick={() => setDialogo('richiedi')}>Chiedi la cancellazione</button>
        )}
      </div>
      {dialogo && <CancellaDialog idCittadino={idCittadino} modo={dialogo} isOpen onClose={() => setDialogo(null)} />}
    </section>
  )
}
