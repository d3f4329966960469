/**
 * 'Gestione configurazioni' → 'Conservazione dei dati' (`/gestione-configurazioni/conservazione`; issue 28 point 2),
 * on the minors page's pattern: the retention date of each policy (RFD, SCD; editable with gest.conf.conservazione,
 * versioned) and the report of what passed its date, which the DTD reads and confirms before anything is anonymised.
 */
import { useQuery } from '@tanstack/react-query'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { periodiConservazioneQuery } from './letture'
import { PeriodoForm } from './PeriodoForm'
import { RapportoPanel } from './RapportoPanel'

function Periodi({ modificabile }: { modificabile: boolean }) {
  const q = useQuery(periodiConservazioneQuery())
  return (
    <section aria-labelledby="pd-periodi-titolo" className="mb-5">
      <h2 id="pd-periodi-titolo" className="h4">Periodi di conservazione</h2>
      <p>I dati personali di cittadini e utenti di ogni intervento sono conservati fino alla data indicata; l’informativa privacy la mostra così come è configurata qui.</p>
      {q.isPending && <p className="text-secondary">Caricamento dei periodi…</p>}
      {q.isError && <p role="alert">Non è stato possibile leggere i periodi di conservazione.</p>}
      {q.data?.map((p) => <PeriodoForm key={p.policy} periodo={p} modificabile={modificabile} />)}
    </section>
  )
}

export function ConservazionePage() {
  const session = useSession()
  const modificabile = hasAll(heldPermissions(session), ['gest.conf.conservazione'])
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="conservazione-page">
      <h1 className="mb-3">Conservazione dei dati</h1>
      <p className="lead mb-4">Periodi di conservazione dei dati personali e anonimizzazione dei dati che li hanno superati.</p>
      <QueryProvider>
        <Periodi modificabile={modificabile} />
        <RapportoPanel modificabile={modificabile} />
      </QueryProvider>
    </div>
  )
}
