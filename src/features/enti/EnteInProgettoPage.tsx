/**
 * A body inside a project `/area-amministrativa/progetti/$idProgetto/enti/$idEnte` (platform-frontend §1.4
 * `progetti/:projectId/:authorityType/:authorityId`; platform-backend §2.4–2.7), read from the project's
 * card (`POST /progetto/{id}`): its role (managing or partner body) and state, its referents and
 * delegates (add by fiscal code, remove: EN22/EN23 keep the last referent), its sites in the project
 * (create a site with address and opening hours and associate it; terminate or remove the association,
 * EN09) and each site's facilitators or volunteers (add by fiscal code with the contract type, remove,
 * EN07/EN08). Every refusal is the server's, shown as the catalogue's message. Offline: the stored card,
 * writes disabled.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { TIPI_CONTRATTO, type EnteInScheda, type Referente, type SchedaProgetto, type SedeInScheda } from '../../api/contract/gestione'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { enteInProgettoPath, sedePath } from '../../lib/percorsi'
import { nomeBreveRuolo, RUOLI_PARTNER, RUOLI_PROGETTO, type CoppiaRuoli } from '../../lib/ruoli'
import { AppLink } from '../../ui/AppLink'
import { DetailSection, InfoList } from '../../ui/detail/InfoList'
import { DatiAggiornatiAl, OnlineOnlyButton, useOfflineData } from '../../ui/offline-data'
import { ResponsiveTable } from '../../ui/widgets/ResponsiveTable'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { associaFacilitatore, associaSede, cancellaOTerminaSede, creaSede, SedeForm, terminaFacilitatore } from '../sedi'
import { aggiungiReferente, rimuoviReferente, schedaProgettoQuery, type TipoReferenteProgetto } from './api'
import { AggiungiPersona } from './AggiungiPersona'
import { entePath } from './lista'
import { Caricamento, Frame, NonDisponibile } from '../../ui/detail/PageFrame'
import { useConferma, type Richiesta } from '../../ui/widgets/useConferma'

type Ruolo = 'gestore' | 'partner'

const sceltaRuoli = (coppia: CoppiaRuoli) => [{ value: coppia[0], label: 'Referente' }, { value: coppia[1], label: 'Delegato' }]
const RUOLI_REFERENTE: Record<Ruolo, { value: string; label: string }[]> = { gestore: sceltaRuoli(RUOLI_PROGETTO), partner: sceltaRuoli(RUOLI_PARTNER) }

/** The permission codes of the body's role in the project (platform-backend §3.3). */
function permessiDelRuolo(ruolo: Ruolo) {
  return ruolo === 'gestore'
    ? { refAdd: 'add.ref_del.gest.prgt', refDel: 'del.ref_del.gest.prgt', sedeAdd: 'add.sede.gest.prgt', sedeDel: 'del.sede.gest.prgt', fac: 'add.fac' }
    : { refAdd: 'add.ref_del.partner', refDel: 'del.ref_del.partner', sedeAdd: 'add.sede.partner', sedeDel: 'del.sede.partner', fac: 'add.fac.partner' }
}

function ruoloDi(s: SchedaProgetto, idEnte: number): { ruolo: Ruolo; ente: EnteInScheda } | null {
  if (s.enteGestore?.id === idEnte) return { ruolo: 'gestore', ente: s.enteGestore }
  const p = s.entiPartner.find((e) => e.id === idEnte)
  return p ? { ruolo: 'partner', ente: p } : null
}

function Referenti({ s, ente, ruolo, ask }: { s: SchedaProgetto; ente: EnteInScheda; ruolo: Ruolo; ask(r: Richiesta): void }) {
  const held = heldPermissions(useSession())
  const perm = permessiDelRuolo(ruolo)
  const tipo: TipoReferenteProgetto = ruolo === 'gestore' ? 'gestoreProgetto' : 'partner'
  const idProgetto = s.dettaglioProgetto.id
  const canDel = hasAll(held, [perm.refDel])
  return (
    <DetailSection title="Referenti e delegati" testId="referenti">
      <ResponsiveTable<Referente>
        caption={`Referenti e delegati di ${ente.nome}`}
        rows={ente.referenti}
        rowKey={(r) => `${r.idUtente}-${r.codiceRuolo}`}
        summary={(r) => `${r.cognome} ${r.nome}`}
        columns={[
          { key: 'nome', header: 'Cognome e Nome', cell: (r) => <AppLink to={`/area-amministrativa/utenti/${r.idUtente}`}>{`${r.cognome} ${r.nome}`}</AppLink> },
          { key: 'ruolo', header: 'Ruolo', cell: (r) => nomeBreveRuolo(r.codiceRuolo) ?? r.codiceRuolo },
          { key: 'stato', header: 'Stato', cell: (r) => <StatusChip value={r.stato} /> },
          ...(canDel ? [{ key: 'azioni', header: 'Azioni', hiddenHeader: true, cell: (r: Referente) => r.stato === 'TERMINATO' ? null : (
            <OnlineOnlyButton className="btn btn-outline-danger btn-sm" onClick={() => ask({
              title: 'Rimuovi referente o delegato', confirmLabel: 'Rimuovi',
              text: `Confermi di voler rimuovere ${r.nome} ${r.cognome}? Se è attivo sarà terminato, altrimenti eliminato.`,
              run: () => rimuoviReferente(tipo, idProgetto, ente.id, r.idUtente),
            })}>{`Rimuovi ${r.nome} ${r.cognome}`}</OnlineOnlyButton>
          ) }] : []),
        ]}
      />
      {hasAll(held, [perm.refAdd]) && (
        <AggiungiPersona idPrefix="referente" sceltaLabel="Ruolo" scelte={RUOLI_REFERENTE[ruolo]} submitLabel="Aggiungi"
          onAdd={async (cf, codiceRuolo) => {
            await aggiungiReferente(tipo, { codiceFiscaleUtente: cf, idEnteRef: ente.id, idEntita: idProgetto, codiceRuolo })
          }} />
      )}
    </DetailSection>
  )
}

function SedeCard({ sede, idProgetto, ruolo, ask }: { sede: SedeInScheda; idProgetto: number; ruolo: Ruolo; ask(r: Richiesta): void }) {
  const held = heldPermissions(useSession())
  const perm = permessiDelRuolo(ruolo)
  const canFac = hasAll(held, [perm.fac])
  type Fac = SedeInScheda['facilitatori'][number]
  return (
    <article className="border rounded p-3 p-lg-4 mb-4" data-testid="sede-card" aria-labelledby={`sede-${sede.idSede}-titolo`}>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
        <h3 id={`sede-${sede.idSede}-titolo`} className="h5 mb-0">
          <AppLink to={sedePath(sede.idSede)}>{sede.nome}</AppLink>
        </h3>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <StatusChip value={sede.stato} />
          {hasAll(held, [perm.sedeDel]) && sede.stato !== 'TERMINATO' && (
            <OnlineOnlyButton className="btn btn-outline-danger btn-sm" onClick={() => ask({
              title: sede.stato === 'NON ATTIVO' ? 'Rimuovi sede' : 'Termina sede', confirmLabel: sede.stato === 'NON ATTIVO' ? 'Rimuovi' : 'Termina',
              text: sede.stato === 'NON ATTIVO'
                ? `Confermi di voler rimuovere la sede ${sede.nome} dal progetto?`
                : `Confermi di voler terminare la sede ${sede.nome}? Anche i suoi facilitatori saranno terminati.`,
              run: () => cancellaOTerminaSede(sede.idEnte, sede.idSede, idProgetto),
            })}>{sede.stato === 'NON ATTIVO' ? `Rimuovi la sede ${sede.nome}` : `Termina la sede ${sede.nome}`}</OnlineOnlyButton>
          )}
        </div>
      </div>
      <h4 className="h6">Facilitatori e volontari</h4>
      <ResponsiveTable<Fac>
        caption={`Facilitatori e volontari della sede ${sede.nome}`}
        rows={sede.facilitatori}
        rowKey={(f) => String(f.idUtente)}
        summary={(f) => `${f.cognome} ${f.nome}`}
        columns={[
          { key: 'nome', header: 'Cognome e Nome', cell: (f) => <AppLink to={`/area-amministrativa/utenti/${f.idUtente}`}>{`${f.cognome} ${f.nome}`}</AppLink> },
          { key: 'ruolo', header: 'Ruolo', cell: (f) => nomeBreveRuolo(f.codiceRuolo) ?? f.codiceRuolo },
          { key: 'stato', header: 'Stato', cell: (f) => <StatusChip value={f.stato} /> },
          ...(canFac ? [{ key: 'azioni', header: 'Azioni', hiddenHeader: true, cell: (f: Fac) => f.stato === 'TERMINATO' ? null : (
            <OnlineOnlyButton className="btn btn-outline-danger btn-sm" onClick={() => ask({
              title: 'Rimuovi dalla sede', confirmLabel: 'Rimuovi',
              text: `Confermi di voler rimuovere ${f.nome} ${f.cognome} dalla sede ${sede.nome}? L'associazione sarà terminata.`,
              run: () => terminaFacilitatore({ idFacilitatore: f.idUtente, idProgettoFacVol: idProgetto, idSedeFacVol: sede.idSede, idEnteFacVol: sede.idEnte }),
            })}>{`Rimuovi ${f.nome} ${f.cognome}`}</OnlineOnlyButton>
          ) }] : []),
        ]}
      />
      {canFac && sede.stato !== 'TERMINATO' && (
        <AggiungiPersona idPrefix={`facilitatore-${sede.idSede}`} sceltaLabel="Tipo di contratto" submitLabel="Aggiungi"
          scelte={TIPI_CONTRATTO.map((t) => ({ value: t, label: t }))}
          onAdd={async (cf, tipo) => {
            await associaFacilitatore({ codiceFiscaleFacVol: cf, idProgettoFacVol: idProgetto, idSedeFacVol: sede.idSede, idEnteFacVol: sede.idEnte, tipoContratto: tipo as (typeof TIPI_CONTRATTO)[number] })
          }} />
      )}
    </article>
  )
}

function Sedi({ s, idEnte, ruolo, ask }: { s: SchedaProgetto; idEnte: number; ruolo: Ruolo; ask(r: Richiesta): void }) {
  const held = heldPermissions(useSession())
  const [crea, setCrea] = useState(false)
  const idProgetto = s.dettaglioProgetto.id
  const sedi = s.sedi.filter((x) => x.idEnte === idEnte)
  const canAdd = hasAll(held, [permessiDelRuolo(ruolo).sedeAdd]) && s.dettaglioProgetto.stato !== 'TERMINATO'
  return (
    <DetailSection
      title="Sedi"
      testId="sedi-ente"
      actions={canAdd && !crea ? <OnlineOnlyButton className="btn btn-outline-primary btn-sm" onClick={() => setCrea(true)}>Aggiungi sede</OnlineOnlyButton> : undefined}
    >
      {crea && (
        <div className="border rounded p-3 p-lg-4 mb-4">
          <h3 className="h5">Nuova sede</h3>
          <SedeForm submitLabel="Crea sede" onCancel={() => setCrea(false)} onSubmit={async (body) => {
            const { id } = await creaSede(body)
            await associaSede(idEnte, id, idProgetto, ruolo)
            setCrea(false)
          }} />
        </div>
      )}
      {sedi.length === 0 && !crea && <p className="text-secondary">Questa sezione è vuota</p>}
      {sedi.map((sede) => <SedeCard key={sede.idSede} sede={sede} idProgetto={idProgetto} ruolo={ruolo} ask={ask} />)}
    </DetailSection>
  )
}

function Contenuto({ idProgetto, idEnte }: { idProgetto: string; idEnte: string }) {
  const q = useQuery(schedaProgettoQuery(idProgetto))
  const offline = useOfflineData(q)
  const { ask, dialog } = useConferma()
  const s = q.data
  const found = s ? ruoloDi(s, Number(idEnte)) : null
  const base = `/area-amministrativa/progetti/${idProgetto}`
  useRegisterBreadcrumbLabels({ [base]: s?.dettaglioProgetto.nome, [`${base}/enti`]: 'Enti', [enteInProgettoPath(Number(idProgetto), Number(idEnte))]: found?.ente.nome })
  if (!s) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Ente del progetto non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} avvisoAccesso />
  if (!found) {
    return (
      <div className="alert alert-warning my-4" role="alert">
        <h1 className="h4">L&apos;ente non fa parte di questo progetto</h1>
        <AppLink to={`${base}/info`}>Torna al progetto</AppLink>
      </div>
    )
  }
  const { ruolo, ente } = found
  const p = s.dettaglioProgetto
  return (
    <>
      <DatiAggiornatiAl data={offline} />
      <p className="text-secondary mb-1">{ruolo === 'gestore' ? 'Ente gestore del progetto' : 'Ente partner del progetto'}</p>
      <h1 className="mb-4">{ente.nome}</h1>
      <DetailSection title="Ruolo nel progetto" testId="ente-progetto-info">
        <InfoList items={[
          { label: 'Progetto', value: <AppLink to={`${base}/info`}>{p.nome}</AppLink> },
          { label: 'Programma', value: p.nomeProgramma },
          { label: 'Intervento', value: p.policy },
          { label: 'Ruolo dell\'ente', value: ruolo === 'gestore' ? 'Ente gestore' : 'Ente partner' },
          { label: 'Stato dell\'ente nel progetto', value: ente.stato ? <StatusChip value={ente.stato} /> : null },
          { label: 'Stato del progetto', value: <StatusChip value={p.stato} /> },
        ]} />
        <AppLink to={entePath(ente.id)}>Scheda dell&apos;ente</AppLink>
      </DetailSection>
      <Referenti s={s} ente={ente} ruolo={ruolo} ask={ask} />
      <Sedi s={s} idEnte={ente.id} ruolo={ruolo} ask={ask} />
      {dialog}
    </>
  )
}

export function EnteInProgettoPage({ idProgetto, idEnte }: { idProgetto: string; idEnte: string }) {
  return (
    <Frame testId="ente-progetto">
      <QueryProvider>
        <Contenuto idProgetto={idProgetto} idEnte={idEnte} />
      </QueryProvider>
    </Frame>
  )
}
