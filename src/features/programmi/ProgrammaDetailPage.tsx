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
import { QueryProvider } from '../../api/query'
import type { SchedaProgramma } from '../../api/contract/gestione'
import { azioniProgramma } from '../../lib/ciclo-vita'
import { formatDisplayDate, formatDisplayDateTime } from '../../lib/dates'
import { FAMIGLIE_OBIETTIVI, type Famiglia } from '../../lib/gestione-form'
import { AppLink } from '../../ui/AppLink'
import { OnlineOnlyReason, useOfflineData, useOnlineOnly } from '../../ui/offline-data'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { assegnaGestoreProgramma, eliminaProgramma, schedaProgrammaQuery, sediProgrammaQuery, terminaProgramma } from './api'
import { POLICY_LABELS } from './form/ProgrammaForm'
import { Caricamento, Frame, NonDisponibile } from '../../ui/detail/PageFrame'
import { InfoGenerali } from './scheda/InfoGenerali'
import { AzioneElimina, AzioneTermina, BarraAzioni, EnteGestoreSezione, ModificaLink, PassoObiettivi, SchedaGestione } from './scheda/SchedaGestione'
import { TABS_PROGRAMMA } from './tabs'
import { FacilitatoriTabella, SediTabella } from './scheda/SediTabelle'
import { usePermessi } from './scheda/usePermesso'
import { campiDettaglio, dettaglioProgrammaDaCorrente } from './form/versioni'
import { useAzioneVersionata } from '../../ui/conflitto'

const BASE = '/area-amministrativa/programmi'

function Azioni({ s }: { s: SchedaProgramma }) {
  const puo = usePermessi()
  const d = s.dettaglioProgramma
  const az = azioniProgramma(d.stato, s.progetti)
  // issue 27: terminate and delete act on the card's version; a newer one is shown and asked again
  const conVersione = useAzioneVersionata({
    lettura: { valori: d, versione: d.versione }, daCorrente: dettaglioProgrammaDaCorrente, campi: campiDettaglio, soggetto: 'Il programma',
  })
  return (
    <BarraAzioni entita="programma">
      {puo('upd.enti.card.prgm') && !az.modifica && <ModificaLink to={`${BASE}/${d.id}/modifica`} />}
      {puo('end.prgm') && d.stato !== 'TERMINATO' && (
        <AzioneTermina entita="programma" nome={d.nome} motivo={az.termina} termina={(data) => conVersione((v) => terminaProgramma(d.id, data, v))}
          conseguenze="I progetti non attivi vengono eliminati, quelli attivabili o attivi terminati." />
      )}
      {puo('del.prgm') && d.stato !== 'TERMINATO' && (
        <AzioneElimina entita="programma" nome={d.nome} motivo={az.elimina} elimina={() => conVersione((v) => eliminaProgramma(d.id, v))} dopo={{ to: BASE }} />
      )}
    </BarraAzioni>
  )
}

function Contenuto({ s, tab }: { s: SchedaProgramma; tab: string }) {
  const puo = usePermessi()
  const d = s.dettaglioProgramma
  const chiuso = d.stato === 'TERMINATO'
  if (FAMIGLIE_OBIETTIVI.some((f) => f.key === tab)) {
    return (
      <PassoObiettivi famiglia={tab as Famiglia} conteggi={s.conteggi} obiettivi={d.obiettivi} entita="programma" ambito={{ idProgramma: d.id }}
        sedi={<SediDelProgramma id={d.id} facilitatori={tab === 'facilitatori'} />} />
    )
  }
  if (tab === 'ente-gestore') {
    return (
      <EnteGestoreSezione entita="programma" ente={s.enteGestore} ruolo="gestoreProgramma" idEntita={d.id} href={(idEnte) => `/area-amministrativa/enti/${idEnte}`}
        permessi={{ gestisci: 'add.enti.gest.prgm', aggiungiReferenti: 'add.ref_del.gest.prgm', rimuoviReferenti: 'del.ref_del.gest.prgm' }}
        chiuso={chiuso} assegna={(idEnte) => assegnaGestoreProgramma(d.id, idEnte)} />
    )
  }
  if (tab === 'progetti') {
    return (
      <section aria-labelledby="progetti-h">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <h2 id="progetti-h" className="h4 mb-0">Progetti</h2>
          {puo('add.prgt') && !chiuso && <CreaProgettoLink idProgramma={d.id} />}
        </div>
        {(s.totaleProgetti ?? 0) > s.progetti.length && (
          <p className="text-secondary" data-testid="progetti-troncati">Sono mostrati i primi {s.progetti.length} progetti su {s.totaleProgetti}: cercali nell&apos;elenco dei progetti.</p>
        )}
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
  const { sedi, totale = sedi.length } = q.data
  return (
    <>
      {totale > sedi.length && <p className="text-secondary" data-testid="sedi-troncate">Sono mostrate le prime {sedi.length} sedi su {totale}: apri i singoli progetti per le altre.</p>}
      {facilitatori ? <FacilitatoriTabella sedi={sedi} conProgetto /> : <SediTabella sedi={sedi} conProgetto />}
    </>
  )
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
  useRegisterBreadcrumbLabels({ [`${BASE}/${id}`]: s?.dettaglioProgramma.nome, [`${BASE}/${id}/info`]: 'Informazioni' })
  if (!s) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Programma non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} />
  const d = s.dettaglioProgramma
  return (
    <SchedaGestione offline={offline} nome={d.nome} stato={d.stato} sottotitolo={`Programma ${d.codice} · ${POLICY_LABELS[d.policy]}`}
      azioni={<Azioni s={s} />} tabs={TABS_PROGRAMMA} tab={tab} path={`${BASE}/${id}/info`} entita="programma">
      <Contenuto s={s} tab={tab} />
    </SchedaGestione>
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
