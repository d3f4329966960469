/**
 * 'Crea nuovo progetto' inside a programme and 'Modifica progetto' (platform-backend §2.2: POST
 * /progetto?idProgramma=, PUT /progetto/{id}): the programme's card gives the date bounds; on success
 * the caches refresh, a toast confirms (with the CUP warning) and the project's detail opens.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { QueryProvider } from '../../../../api/query'
import { obiettiviVuoti, progettoBody, wireToInput, type ProgettoFormValues } from '../../../../lib/gestione-form'
import { useSalvataggioVersionato } from '../../../../ui/conflitto'
import { useOfflineData } from '../../../../ui/offline-data'
import { aggiornaProgetto, creaProgetto, schedaProgettoQuery, schedaProgrammaQuery } from '../../api'
import { salva } from '../../form/salva'
import { Caricamento, Frame, NonDisponibile } from '../../../../ui/detail/PageFrame'
import { useRegisterBreadcrumbLabels } from '../../../../ui/breadcrumb/labels'
import { ProgettoForm } from './ProgettoForm'
import { campiGestione, letturaProgetto, progettoDaCorrente } from '../../form/versioni'

const PRJ = '/area-amministrativa/progetti'
const PRG = '/area-amministrativa/programmi'

function Crea({ idProgramma }: { idProgramma: string }) {
  const navigate = useNavigate()
  const q = useQuery(schedaProgrammaQuery(idProgramma))
  const offline = useOfflineData(q)
  const p = q.data?.dettaglioProgramma
  useRegisterBreadcrumbLabels({ [`${PRG}/${idProgramma}`]: p?.nome, [`${PRG}/${idProgramma}/progetti`]: 'Progetti', [`${PRG}/${idProgramma}/progetti/crea`]: 'Crea nuovo progetto' })
  if (!p) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Programma non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} />
  const initial: ProgettoFormValues = { nome: '', nomeBreve: '', cup: '', dataInizio: wireToInput(p.dataInizio), dataFine: wireToInput(p.dataFine), obiettivi: obiettiviVuoti() }
  return (
    <>
      <h1 className="mb-2">Crea nuovo progetto</h1>
      <p className="lead text-secondary mb-4">Nel programma {p.nome}</p>
      <ProgettoForm initial={initial} programma={p} submitLabel="Crea progetto"
        onCancel={() => void navigate({ to: `${PRG}/${idProgramma}/info` as '/', search: { tab: 'progetti' } as never })}
        onSubmit={async (values) => {
          const out = await salva(() => creaProgetto(p.id, progettoBody(values)), 'Progetto creato')
          await navigate({ to: `${PRJ}/${out.idProgettoCreato}/info` as '/' })
        }} />
    </>
  )
}

export function CreaProgettoPage({ idProgramma }: { idProgramma: string }) {
  return <Frame testId="progetto-crea"><QueryProvider><Crea idProgramma={idProgramma} /></QueryProvider></Frame>
}

function Modifica({ id }: { id: string }) {
  const navigate = useNavigate()
  const q = useQuery(schedaProgettoQuery(id))
  const d = q.data?.dettaglioProgetto
  const qp = useQuery({ ...schedaProgrammaQuery(String(d?.idProgramma ?? '')), enabled: d !== undefined })
  const offline = useOfflineData(q)
  useRegisterBreadcrumbLabels({ [`${PRJ}/${id}`]: d?.nome, [`${PRJ}/${id}/modifica`]: 'Modifica' })
  const p = qp.data?.dettaglioProgramma
  const info = `${PRJ}/${id}/info`
  // issue 27: the update carries the version of this read; a 409 merges or opens the conflict view
  const s = useSalvataggioVersionato({
    lettura: d && p ? letturaProgetto(d) : null,
    invia: (values: ProgettoFormValues, versione) => salva(() => aggiornaProgetto(Number(id), progettoBody(values), versione), 'Progetto aggiornato'),
    daCorrente: progettoDaCorrente,
    campi: campiGestione,
    onSalvato: () => navigate({ to: info as '/' }),
  })
  if (!d || !p) return (q.isPending || qp.isPending) && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Progetto non disponibile" missing={offline.missing} onRetry={() => { void q.refetch(); void qp.refetch() }} />
  return (
    <>
      <h1 className="mb-4">Modifica progetto</h1>
      {s.vista}
      <div hidden={s.inConflitto}>
        <ProgettoForm initial={letturaProgetto(d).valori} programma={p} submitLabel="Salva modifiche"
          onCancel={() => void navigate({ to: info as '/' })} onSubmit={s.salva} />
      </div>
    </>
  )
}

export function ModificaProgettoPage({ id }: { id: string }) {
  return <Frame testId="progetto-modifica"><QueryProvider><Modifica id={id} /></QueryProvider></Frame>
}
