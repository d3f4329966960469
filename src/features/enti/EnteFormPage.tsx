/** 'Crea ente' (`/area-amministrativa/enti/crea`) and 'Modifica ente' (`/area-amministrativa/enti/$idEnte/modifica`). */
import { useQuery } from '@tanstack/react-query'
import { QueryProvider } from '../../api/query'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { schedaEnteQuery } from './api'
import { EnteForm } from './EnteForm'
import { entePath } from './lista'
import { Caricamento, Frame, NonDisponibile } from '../../ui/detail/PageFrame'
import { useOfflineData } from '../../ui/offline-data'

function Modifica({ idEnte }: { idEnte: string }) {
  const q = useQuery(schedaEnteQuery(idEnte))
  const offline = useOfflineData(q)
  useRegisterBreadcrumbLabels({ [entePath(Number(idEnte))]: q.data?.dettaglioEnte.nome, [`${entePath(Number(idEnte))}/modifica`]: 'Modifica' })
  if (!q.data) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Ente non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} avvisoAccesso />
  return (
    <>
      <h1 className="mb-4">Modifica ente</h1>
      <EnteForm ente={q.data.dettaglioEnte} />
    </>
  )
}

export function EnteFormPage({ idEnte }: { idEnte?: string }) {
  return (
    <Frame testId="ente-form-page">
      {idEnte ? (
        <QueryProvider>
          <Modifica idEnte={idEnte} />
        </QueryProvider>
      ) : (
        <>
          <h1 className="mb-2">Crea ente</h1>
          <p className="lead text-secondary mb-4">Un ente può poi essere ente gestore di un programma o di un progetto, o ente partner di un progetto.</p>
          <EnteForm />
        </>
      )}
    </Frame>
  )
}
