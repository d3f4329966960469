/**
 * Project detail `/area-amministrativa/progetti/$idProgetto/info` (spec 002 §2; platform-backend §2.2–2.5,
 * §2.7; platform-frontend §1.4): header with state and actions (edit; activate while ATTIVABILE;
 * terminate with a date while ATTIVABILE/ATTIVO; delete while NON ATTIVO — disabled with the reason
 * otherwise, each confirmed), tabs: steps 0–4 (general information; facilitation points with the
 * body-sites, unique users and services with their lists (programmi/scheda/PassiListe.tsx), facilitators with
 * their list: count and targets), managing body
 * and partner bodies (assign/add an existing or new body, remove/terminate, referents and delegates; each
 * body links to its page in the project). The card is kept on the device (offline: 'Dati aggiornati al').
 */
import { useQuery } from '@tanstack/react-query'
import { QueryProvider } from '../../../api/query'
import type { SchedaProgetto } from '../../../api/contract/gestione'
import { azioniProgetto } from '../../../lib/ciclo-vita'
import { formatDisplayDate, formatDisplayDateTime } from '../../../lib/dates'
import { FAMIGLIE_OBIETTIVI, type Famiglia } from '../../../lib/gestione-form'
import { enteInProgettoPath } from '../../../lib/percorsi'
import { AppLink } from '../../../ui/AppLink'
import { useOfflineData } from '../../../ui/offline-data'
import { showToast } from '../../../ui/stores/toasts'
import { useRegisterBreadcrumbLabels } from '../../../ui/breadcrumb/labels'
import {
  assegnaGestoreProgetto, associaPartner, attivaProgetto, eliminaProgetto, schedaProgettoQuery, terminaProgetto,
} from '../api'
import { POLICY_LABELS } from '../form/ProgrammaForm'
import { Caricamento, Frame, NonDisponibile } from '../../../ui/detail/PageFrame'
import { AzioneConferma } from '../scheda/AzioneConferma'
import { EntePanel } from '../scheda/EntePanel'
import { InfoGenerali } from '../scheda/InfoGenerali'
import { ScegliEnte } from '../scheda/ScegliEnte'
import {
  AzioneElimina, AzioneTermina, BarraAzioni, EnteGestoreSezione, ModificaLink, PassoObiettivi, SchedaGestione,
} from '../scheda/SchedaGestione'
import { FacilitatoriTabella, SediTabella } from '../scheda/SediTabelle'
import { usePermessi } from '../scheda/usePermesso'
import { TABS_PROGETTO } from '../tabs'
import { campiDettaglio, dettaglioProgettoDaCorrente } from '../form/versioni'
import { useAzioneVersionata } from '../../../ui/conflitto'

const BASE = '/area-amministrativa/progetti'

function Azioni({ s }: { s: SchedaProgetto }) {
  const puo = usePermessi()
  const d = s.dettaglioProgetto
  const az = azioniProgetto(d.stato)
  // issue 27: activate, terminate and delete act on the card's version; a newer one is shown and asked again
  const conVersione = useAzioneVersionata({
    lettura: { valori: d, versione: d.versione }, daCorrente: dettaglioProgettoDaCorrente, campi: campiDettaglio, soggetto: 'Il progetto',
  })
  return (
    <BarraAzioni entita="progetto">
      {puo('upd.car.prgt') && !az.modifica && <ModificaLink to={`${BASE}/${d.id}/modifica`} />}
      {puo('act.prgt') && d.stato !== 'TERMINATO' && d.stato !== 'ATTIVO' && (
        <AzioneConferma label="Attiva progetto" motivo={az.attiva} title="Attiva progetto"
          testo={`Confermi di voler attivare il progetto ${d.nome}?`} confirmLabel="Attiva"
          onConfirm={async () => {
            await conVersione((v) => attivaProgetto(d.id, v))
            showToast({ status: 'success', message: 'Progetto attivato' })
          }} />
      )}
      {puo('term.prgt') && d.stato !== 'TERMINATO' && (
        <AzioneTermina entita="progetto" nome={d.nome} motivo={az.termina} termina={(data) => conVersione((v) => terminaProgetto(d.id, data, v))}
          conseguenze="Enti, sedi, referenti e facilitatori del progetto vengono terminati." />
      )}
      {puo('del.prgt') && d.stato !== 'TERMINATO' && (
        <AzioneElimina entita="progetto" nome={d.nome} motivo={az.elimina} elimina={() => conVersione((v) => eliminaProgetto(d.id, v))}
          dopo={{ to: `/area-amministrativa/programmi/${d.idProgramma}/info`, search: { tab: 'progetti' } }} />
      )}
    </BarraAzioni>
  )
}

function Contenuto({ s, tab }: { s: SchedaProgetto; tab: string }) {
  const puo = usePermessi()
  const d = s.dettaglioProgetto
  const chiuso = d.stato === 'TERMINATO'
  if (FAMIGLIE_OBIETTIVI.some((f) => f.key === tab)) {
    return (
      <PassoObiettivi famiglia={tab as Famiglia} conteggi={s.conteggi} obiettivi={d.obiettivi} entita="progetto" ambito={{ idProgetto: d.id }}
        sedi={(
          <>
            {(s.totaleSedi ?? 0) > s.sedi.length && <p className="text-secondary" data-testid="sedi-troncate">Sono mostrate le prime {s.sedi.length} sedi su {s.totaleSedi}.</p>}
            {tab === 'facilitatori' ? <FacilitatoriTabella sedi={s.sedi} /> : <SediTabella sedi={s.sedi} />}
          </>
        )} />
    )
  }
  if (tab === 'ente-gestore') {
    return (
      <EnteGestoreSezione entita="progetto" ente={s.enteGestore} ruolo="gestoreProgetto" idEntita={d.id} href={(idEnte) => enteInProgettoPath(d.id, idEnte)}
        permessi={{ gestisci: 'add.enti.gest.prgt', aggiungiReferenti: 'add.ref_del.gest.prgt', rimuoviReferenti: 'del.ref_del.gest.prgt' }}
        chiuso={chiuso} assegna={(idEnte) => assegnaGestoreProgetto(d.id, idEnte)} />
    )
  }
  if (tab === 'enti-partner') {
    return (
      <section aria-labelledby="enti-partner-h">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <h2 id="enti-partner-h" className="h4 mb-0">Enti partner</h2>
          {puo('add.ente.partner') && !chiuso && (
            <ScegliEnte label="Aggiungi ente partner" title="Aggiungi ente partner"
              onScelto={async (idEnte) => {
                await associaPartner(d.id, idEnte)
                showToast({ status: 'success', message: 'Ente partner aggiunto' })
              }} />
          )}
        </div>
        {s.entiPartner.length === 0 ? <p>Il progetto non ha ancora enti partner.</p> : s.entiPartner.map((e) => (
          <EntePanel key={e.id} ente={e} ruolo="partner" idEntita={d.id} href={enteInProgettoPath(d.id, e.id)}
            puoGestire={puo('del.ente.partner')} puoAggiungereReferenti={puo('add.ref_del.partner')} puoRimuovereReferenti={puo('del.ref_del.partner')}
            chiuso={chiuso} />
        ))}
      </section>
    )
  }
  return (
    <InfoGenerali righe={[
      ['ID', d.id], ['Nome', d.nome], ['Nome breve', d.nomeBreve],
      ['Programma', <AppLink key="p" to={`/area-amministrativa/programmi/${d.idProgramma}/info`}>{d.nomeProgramma}</AppLink>],
      ['Intervento', POLICY_LABELS[d.policy]], ['CUP', d.cup],
      ['Data di inizio', formatDisplayDate(d.dataInizio)], ['Data di fine', formatDisplayDate(d.dataFine)],
      ['Ente gestore', s.enteGestore?.nome ?? null],
      ['Attivabile dal', d.dataOraProgettoAttivabile ? formatDisplayDateTime(d.dataOraProgettoAttivabile) : null],
      ['Attivato il', d.dataOraAttivazione ? formatDisplayDateTime(d.dataOraAttivazione) : null],
      ['Terminato il', d.dataOraTerminazione ? formatDisplayDateTime(d.dataOraTerminazione) : null],
    ]} />
  )
}

function Dettaglio({ id, tab }: { id: string; tab: string }) {
  const q = useQuery(schedaProgettoQuery(id))
  const offline = useOfflineData(q)
  const s = q.data
  useRegisterBreadcrumbLabels({ [`${BASE}/${id}`]: s?.dettaglioProgetto.nome, [`${BASE}/${id}/info`]: 'Informazioni' })
  if (!s) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Progetto non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} />
  const d = s.dettaglioProgetto
  return (
    <SchedaGestione offline={offline} nome={d.nome} stato={d.stato} sottotitolo={`Progetto del programma ${d.nomeProgramma} · ${POLICY_LABELS[d.policy]}`}
      azioni={<Azioni s={s} />} tabs={TABS_PROGETTO} tab={tab} path={`${BASE}/${id}/info`} entita="progetto">
      <Contenuto s={s} tab={tab} />
    </SchedaGestione>
  )
}

export function ProgettoDetailPage({ id, tab }: { id: string; tab: string }) {
  return <Frame testId="progetto-detail"><QueryProvider><Dettaglio id={id} tab={tab} /></QueryProvider></Frame>
}
