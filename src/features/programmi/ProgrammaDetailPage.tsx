/**
 * Programme detail `/area-amministrativa/programmi/$idProgramma/info` (spec 002 §2; platform-backend
 * §2.1, §2.3, §2.7; platform-frontend §1.4): header with state and actions (edit; terminate with a date
 * while ATTIVO; delete while NON ATTIVO with only NON ATTIVO projects — disabled with the reason
 * otherwise), tabs: steps 0–4 (general information; facilitation points, unique users, services,
 * facilitators: count and targets; the sites and the facilitators lists from `POST programma/{id}/sedi`; the
 * unique users and services lists on the list pattern, scheda/PassiListe.tsx), managing body (assign, remove/terminate, referents and delegates),
 * projects (list, 'Crea nuovo progetto'). The card is kept on the device (offline: 'Dati aggiornati al').
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { QueryProvider } from '../../api/query'
import type { SchedaProgramma } from '../../api/contract/gestione'
import { azioniProgramma } from '../../lib/ciclo-vita'
import { formatDisplayDate, formatDisplayDateTime } from '../../lib/dates'
import { FAMIGLIE_OBIETTIVI, type Famiglia } from '../../lib/gestione-form'
import { AppLink } from '../../ui/AppLink'
import { DatiAggiornatiAl, useOfflineData, useOnlineOnly, OnlineOnlyReason } from '../../ui/offline-data'
import { showToast } from '../../ui/stores/toasts'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { useBreadcrumb } from '../servizi/useBreadcrumb'
import { aggiornaCache, assegnaGestoreProgramma, eliminaProgramma, schedaProgrammaQuery, sediProgrammaQuery, terminaProgramma } from './api'
import { POLICY_LABELS } from './form/ProgrammaForm'
import { Caricamento, Frame, NonDisponibile } from './PageFrame'
import { AzioneConferma } from './scheda/AzioneConferma'
import { EntePanel } from './scheda/EntePanel'
import { InfoGenerali } from './scheda/InfoGenerali'
import { Obiettivi } from './scheda/Obiettivi'
import { ElencoPasso, ServiziLista, UtentiUniciLista } from './scheda/PassiListe'
import { ScegliEnte } from './scheda/ScegliEnte'
import { SchedaTabs } from './scheda/SchedaTabs'
import { TABS_PROGRAMMA } from './tabs'
import { FacilitatoriTabella, SediTabella } from './scheda/SediTabelle'
import { usePermessi } from './scheda/usePermesso'

const BASE = '/area-amministrativa/programmi'

function Azioni({ s, onChanged }: { s: SchedaProgramma; onChanged(): Promise<void> }) {
  const puo = usePermessi()
  const navigate = useNavigate()
  const guard = useOnlineOnly()
  const d = s.dettaglioProgramma
  const az = azioniProgramma(d.stato, s.progetti)
  return (
    <div className="d-flex flex-wrap gap-3 mb-4" data-testid="azioni-programma">
      {puo('upd.enti.card.prgm') && !az.modifica && (
        <span className="d-inline-flex flex-column">
          <AppLink to={`${BASE}/${d.id}/modifica`} className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps}>Modifica</AppLink>
          <OnlineOnlyReason guard={guard} />
        </span>
      )}
      {puo('end.prgm') && d.stato !== 'TERMINATO' && (
        <AzioneConferma danger conData label="Termina programma" motivo={az.termina} title="Termina programma"
          testo={`Confermi di voler terminare il programma ${d.nome}? I progetti non attivi vengono eliminati, quelli attivabili o attivi terminati.`}
          confirmLabel="Termina" onConfirm={async (data) => {
            await terminaProgramma(d.id, data!)
            showToast({ status: 'success', message: 'Programma terminato' })
            await onChanged()
          }} />
      )}
      {puo('del.prgm') && d.stato !== 'TERMINATO' && (
        <AzioneConferma danger label="Elimina programma" motivo={az.elimina} title="Elimina programma"
          testo={`Confermi di voler eliminare il programma ${d.nome}? L'operazione non si può annullare.`}
          confirmLabel="Elimina" onConfirm={async () => {
            await eliminaProgramma(d.id)
            await aggiornaCache()
            showToast({ status: 'success', message: 'Programma eliminato' })
            await navigate({ to: BASE })
          }} />
      )}
    </div>
  )
}

function Contenuto({ s, tab, onChanged }: { s: SchedaProgramma; tab: string; onChanged(): Promise<void> }) {
  const puo = usePermessi()
  const d = s.dettaglioProgramma
  const chiuso = d.stato === 'TERMINATO'
  if (FAMIGLIE_OBIETTIVI.some((f) => f.key === tab)) {
    return (
      <>
        <Obiettivi famiglia={tab as Famiglia} conteggi={s.conteggi} obiettivi={d.obiettivi} entita="programma" />
        {tab === 'utentiUnici' && <ElencoPasso titolo="Elenco degli utenti unici"><UtentiUniciLista ambito={{ idProgramma: d.id }} /></ElencoPasso>}
        {tab === 'servizi' && puo('list.serv') && (
          <ElencoPasso titolo="Elenco dei servizi"><ServiziLista ambito={{ idProgramma: d.id }} canDownload={puo('list.dwnl.serv')} /></ElencoPasso>
        )}
        {(tab === 'puntiFacilitazione' || tab === 'facilitatori') && <SediDelProgramma id={d.id} facilitatori={tab === 'facilitatori'} />}
      </>
    )
  }
  if (tab === 'ente-gestore') {
    return (
      <section aria-labelledby="ente-gestore-h">
        <h2 id="ente-gestore-h" className="h4">Ente gestore</h2>
        {s.enteGestore ? (
          <EntePanel ente={s.enteGestore} ruolo="gestoreProgramma" idEntita={d.id} href={`/area-amministrativa/enti/${s.enteGestore.id}`}
            puoGestire={puo('add.enti.gest.prgm')} puoAggiungereReferenti={puo('add.ref_del.gest.prgm')} puoRimuovereReferenti={puo('del.ref_del.gest.prgm')}
            chiuso={chiuso} onChanged={onChanged} />
        ) : (
          <>
            <p>Il programma non ha ancora un ente gestore.</p>
            {puo('add.enti.gest.prgm') && !chiuso && (
              <ScegliEnte label="Associa ente gestore" title="Associa ente gestore del programma"
                onScelto={async (idEnte) => {
                  await assegnaGestoreProgramma(d.id, idEnte)
                  showToast({ status: 'success', message: 'Ente gestore associato' })
                  await onChanged()
                }} />
            )}
          </>
        )}
      </section>
    )
  }
  if (tab === 'progetti') {
    return (
      <section aria-labelledby="progetti-h">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <h2 id="progetti-h" className="h4 mb-0">Progetti</h2>
          {puo('add.prgt') && !chiuso && <CreaProgettoLink idProgramma={d.id} />}
        </div>
        {s.progetti.length === 0 ? <p>Il programma non ha ancora progetti.</p> : (
          <div className="table-responsive">
            <table className="table" data-testid="progetti-programma">
              <caption className="visually-hidden">Progetti del programma {d.nome}</caption>
              <thead><tr><th scope="col">Nome</th><th scope="col">ID</th><th scope="col">Ente gestore</th><th scope="col">Stato</th></tr></thead>
              <tbody>
                {s.progetti.map((p) => (
                  <tr key={p.id}>
                    <th scope="row"><AppLink to={`/area-amministrativa/progetti/${p.id}/info`}>{p.nome}</AppLink></th>
                    <td>{p.id}</td>
                    <td>{p.nomeEnteGestore ?? '—'}</td>
                    <td><StatusChip value={p.stato} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    )
  }
  return (
    <InfoGenerali righe={[
      ['Codice', d.codice], ['ID', d.id], ['Nome', d.nome], ['Nome breve', d.nomeBreve], ['Intervento', POLICY_LABELS[d.policy]],
      ['Bando', d.bando], ['CUP', d.cup], ['Data di inizio', formatDisplayDate(d.dataInizio)], ['Data di fine', formatDisplayDate(d.dataFine)],
      ['Ente gestore', s.enteGestore?.nome ?? null],
      ['Attivato il', d.dataOraAttivazione ? formatDisplayDateTime(d.dataOraAttivazione) : null],
      ['Terminato il', d.dataOraTerminazione ? formatDisplayDateTime(d.dataOraTerminazione) : null],
    ]} />
  )
}

/** Steps 1 and 4: the programme's body-sites or facilitators (`POST programma/{id}/sedi`). */
function SediDelProgramma({ id, facilitatori }: { id: number; facilitatori: boolean }) {
  const q = useQuery(sediProgrammaQuery(String(id)))
  if (!q.data) return q.isError ? <p role="alert">Non è stato possibile caricare l&apos;elenco. Controlla la connessione e riprova.</p> : <Caricamento />
  return facilitatori ? <FacilitatoriTabella sedi={q.data.sedi} conProgetto /> : <SediTabella sedi={q.data.sedi} conProgetto />
}

function CreaProgettoLink({ idProgramma }: { idProgramma: number }) {
  const guard = useOnlineOnly()
  return (
    <span className="d-inline-flex flex-column">
      <AppLink to={`${BASE}/${idProgramma}/progetti/crea`} className={`btn btn-primary btn-sm${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps}>
        Crea nuovo progetto
      </AppLink>
      <OnlineOnlyReason guard={guard} />
    </span>
  )
}

function Dettaglio({ id, tab }: { id: string; tab: string }) {
  const q = useQuery(schedaProgrammaQuery(id))
  const offline = useOfflineData(q)
  const s = q.data
  useBreadcrumb({ [`${BASE}/${id}`]: s?.dettaglioProgramma.nome, [`${BASE}/${id}/info`]: 'Informazioni' })
  if (!s) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Programma non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} />
  const d = s.dettaglioProgramma
  const onChanged = async () => {
    await aggiornaCache()
  }
  return (
    <>
      <DatiAggiornatiAl data={offline} />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="mb-0">{d.nome}</h1>
        <span data-testid="stato-entita"><StatusChip value={d.stato} /></span>
      </div>
      <p className="text-secondary">Programma {d.codice} · {POLICY_LABELS[d.policy]}</p>
      <Azioni s={s} onChanged={onChanged} />
      <SchedaTabs tabs={TABS_PROGRAMMA} current={tab} path={`${BASE}/${id}/info`} label="Sezioni del programma" />
      <Contenuto s={s} tab={tab} onChanged={onChanged} />
    </>
  )
}

export function ProgrammaDetailPage({ id, tab }: { id: string; tab: string }) {
  return (
    <Frame testId="programma-detail">
      <QueryProvider>
        <Dettaglio id={id} tab={tab} />
      </QueryProvider>
    </Frame>
  )
}
