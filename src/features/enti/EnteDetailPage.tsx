/**
 * Body detail `/area-amministrativa/enti/$idEnte` (platform-frontend §1.4 `enti/:authorityId`; contract
 * SchedaEnte): general information, 'Modifica' (upd.card.enti), the programmes and projects it holds with
 * its role (managing or partner body) linking to them, and 'Aggiungi a un progetto come partner'
 * (add.ente.partner). Read from the device offline with 'Dati aggiornati al …'; writes online only.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { AppLink } from '../../ui/AppLink'
import { DetailSection, InfoList } from '../../ui/detail/InfoList'
import { DatiAggiornatiAl, useOfflineData, useOnlineOnly, OnlineOnlyReason } from '../../ui/offline-data'
import { ResponsiveTable } from '../../ui/widgets/ResponsiveTable'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { schedaEnteQuery } from './api'
import { enteInProgettoPath } from '../../lib/percorsi'
import { AssociaPartner } from './AssociaPartner'
import { entePath } from './lista'
import { Caricamento, Frame, NonDisponibile } from '../../ui/detail/PageFrame'

interface RigaProgetto { key: string; nome: string; to: string; ruolo: string; stato: string; statoEnte: string | null }

function Contenuto({ idEnte }: { idEnte: string }) {
  const q = useQuery(schedaEnteQuery(idEnte))
  const offline = useOfflineData(q)
  const session = useSession()
  const held = heldPermissions(session)
  const guard = useOnlineOnly()
  const [associa, setAssocia] = useState(false)
  const s = q.data
  useRegisterBreadcrumbLabels({ [entePath(Number(idEnte))]: s?.dettaglioEnte.nome })
  if (!s) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Ente non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} avvisoAccesso />
  const d = s.dettaglioEnte
  const righe: RigaProgetto[] = [
    ...s.programmiGestiti.map((p) => ({ key: `prgm-${p.id}`, nome: p.nome, to: `/area-amministrativa/programmi/${p.id}/info`, ruolo: 'Ente gestore di programma', stato: p.stato, statoEnte: p.statoEnte })),
    ...s.progettiGestiti.map((p) => ({ key: `prgt-${p.id}`, nome: p.nome, to: enteInProgettoPath(p.id, d.id), ruolo: 'Ente gestore di progetto', stato: p.stato, statoEnte: p.statoEnte })),
    ...s.progettiPartner.map((p) => ({ key: `part-${p.id}`, nome: p.nome, to: enteInProgettoPath(p.id, d.id), ruolo: 'Ente partner', stato: p.stato, statoEnte: p.statoEnte })),
  ]
  const totaleRighe = s.totali ? s.totali.programmiGestiti + s.totali.progettiGestiti + s.totali.progettiPartner : righe.length
  return (
    <>
      <DatiAggiornatiAl data={offline} />
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <p className="text-secondary mb-1">Ente</p>
          <h1 className="mb-0">{d.nome}</h1>
        </div>
        {hasAll(held, ['upd.card.enti']) && (
          <span className="d-inline-flex flex-column">
            <AppLink to={`${entePath(d.id)}/modifica`} className={`btn btn-outline-primary${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps}>Modifica</AppLink>
            <OnlineOnlyReason guard={guard} />
          </span>
        )}
      </div>
      <DetailSection title="Informazioni generali" testId="ente-info">
        <InfoList items={[
          { label: 'ID', value: d.id }, { label: 'Nome breve', value: d.nomeBreve }, { label: 'Partita IVA', value: d.partitaIva },
          { label: 'Tipologia ente', value: d.tipologia }, { label: 'Sede legale', value: d.sedeLegale }, { label: 'PEC', value: d.indirizzoPec },
        ]} />
      </DetailSection>
      <DetailSection
        title="Programmi e progetti"
        testId="ente-progetti"
        actions={hasAll(held, ['add.ente.partner']) && !associa ? (
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setAssocia(true)}>Aggiungi a un progetto come partner</button>
        ) : undefined}
      >
        {associa && <div className="mb-4"><AssociaPartner idEnte={d.id} /></div>}
        {totaleRighe > righe.length && <p className="text-secondary" data-testid="ente-progetti-troncati">Sono mostrati {righe.length} programmi e progetti su {totaleRighe}.</p>}
        <ResponsiveTable<RigaProgetto>
          caption={`Programmi e progetti di ${d.nome}`}
          rows={righe}
          rowKey={(r) => r.key}
          summary={(r) => r.nome}
          columns={[
            { key: 'nome', header: 'Nome', cell: (r) => <AppLink to={r.to}>{r.nome}</AppLink> },
            { key: 'ruolo', header: 'Ruolo dell\'ente', cell: (r) => r.ruolo },
            { key: 'stato', header: 'Stato', cell: (r) => <StatusChip value={r.stato} /> },
            { key: 'statoEnte', header: 'Stato dell\'ente', cell: (r) => (r.statoEnte ? <StatusChip value={r.statoEnte} /> : '—') },
          ]}
        />
      </DetailSection>
    </>
  )
}

export function EnteDetailPage({ idEnte }: { idEnte: string }) {
  return (
    <Frame testId="ente-detail">
      <QueryProvider>
        <Contenuto idEnte={idEnte} />
      </QueryProvider>
    </Frame>
  )
}
