/**
 * 'Crea nuovo programma' and 'Modifica programma' (platform-backend §2.1: POST /programma, PUT
 * /programma/{id}): on success the lists and cards are refreshed, a toast confirms (with the CUP warning
 * when the server rewrote the CUP) and the programme's detail opens.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { QueryProvider } from '../../../api/query'
import { useSession } from '../../../auth/session'
import { obiettiviVuoti, programmaBody, type ProgrammaFormValues } from '../../../lib/gestione-form'
import { useOfflineData } from '../../../ui/offline-data'
import { aggiornaProgramma, creaProgramma, schedaProgrammaQuery } from '../api'
import { Caricamento, Frame, NonDisponibile } from '../../../ui/detail/PageFrame'
import { useRegisterBreadcrumbLabels } from '../../../ui/breadcrumb/labels'
import { ProgrammaForm } from './ProgrammaForm'
import { salva } from './salva'
import { campiGestione, letturaProgramma, programmaDaCorrente } from './versioni'
import { useSalvataggioVersionato } from '../../../ui/conflitto'

const BASE = '/area-amministrativa/programmi'

function usePolicies(): ('RFD' | 'SCD')[] {
  const session = useSession()
  return session.profilo?.codiceRuolo === 'DSCU' ? ['SCD'] : ['RFD', 'SCD']
}

export function CreaProgrammaPage() {
  const navigate = useNavigate()
  const policies = usePolicies()
  useRegisterBreadcrumbLabels({ [`${BASE}/crea`]: 'Crea nuovo programma' })
  const initial: ProgrammaFormValues = {
    codice: '', nome: '', nomeBreve: '', policy: policies.length === 1 ? policies[0]! : '', bando: '', cup: '', dataInizio: '', dataFine: '', obiettivi: obiettiviVuoti(),
  }
  return (
    <Frame testId="programma-crea">
      <h1 className="mb-4">Crea nuovo programma</h1>
      <ProgrammaForm initial={initial} policies={policies} submitLabel="Crea programma"
        onCancel={() => void navigate({ to: BASE })}
        onSubmit={async (values) => {
          const out = await salva(() => creaProgramma(programmaBody(values)), 'Programma creato')
          await navigate({ to: `${BASE}/${out.idProgrammaCreato}/info` as '/' })
        }} />
    </Frame>
  )
}

function Modifica({ id }: { id: string }) {
  const navigate = useNavigate()
  const policies = usePolicies()
  const q = useQuery(schedaProgrammaQuery(id))
  const offline = useOfflineData(q)
  const d = q.data?.dettaglioProgramma
  useRegisterBreadcrumbLabels({ [`${BASE}/${id}`]: d?.nome, [`${BASE}/${id}/modifica`]: 'Modifica' })
  const info = `${BASE}/${id}/info`
  // issue 27: the update carries the version of this read; a 409 merges or opens the conflict view
  const s = useSalvataggioVersionato({
    lettura: d ? letturaProgramma(d) : null,
    invia: (values: ProgrammaFormValues, versione) => salva(() => aggiornaProgramma(Number(id), programmaBody(values), versione), 'Programma aggiornato'),
    daCorrente: programmaDaCorrente,
    campi: campiGestione,
    onSalvato: () => navigate({ to: info as '/' }),
  })
  if (!q.data || !d) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Programma non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} />
  return (
    <>
      <h1 className="mb-4">Modifica programma</h1>
      {s.vista}
      <div hidden={s.inConflitto}>
        <ProgrammaForm initial={letturaProgramma(d).valori} policies={policies.includes(d.policy) ? policies : [d.policy]} submitLabel="Salva modifiche"
          onCancel={() => void navigate({ to: info as '/' })} onSubmit={s.salva} />
      </div>
    </>
  )
}

export function ModificaProgrammaPage({ id }: { id: string }) {
  return (
    <Frame testId="programma-modifica">
      <QueryProvider>
        <Modifica id={id} />
      </QueryProvider>
    </Frame>
  )
}
