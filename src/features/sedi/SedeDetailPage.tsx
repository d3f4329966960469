/**
 * Site detail `/area-amministrativa/sedi/$idSede` (platform-frontend §1.4 `sedi/:entityId`; contract
 * SchedaSede): name and description, each address with its opening hours (two windows a day), the bodies
 * and projects using the site with their state and their facilitators, 'Modifica' (upd.sede.*) with the
 * site form. Read from the device offline with 'Dati aggiornati al …'; writes online only.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { SchedaSede } from '../../api/contract/gestione'
import { QueryProvider } from '../../api/query'
import { hasAny, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { enteInProgettoPath, sedePath } from '../../lib/percorsi'
import { descriviFascia, GIORNI_SETTIMANA } from '../../lib/sede-indirizzo'
import { AppLink } from '../../ui/AppLink'
import { DetailSection, InfoList } from '../../ui/detail/InfoList'
import { DatiAggiornatiAl, OnlineOnlyButton, useOfflineData } from '../../ui/offline-data'
import { ResponsiveTable } from '../../ui/widgets/ResponsiveTable'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { Caricamento, Frame, NonDisponibile } from '../../ui/detail/PageFrame'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { aggiornaSede, schedaSedeQuery } from './api'
import { SedeForm } from './SedeForm'
import { campiSede, corpoDaValori, letturaSede, sedeDaCorrente, valoriDaCorpo, type ValoriSede } from './versioni'
import { useSalvataggioVersionato } from '../../ui/conflitto'

type Progetto = SchedaSede['progetti'][number]

function Indirizzi({ s }: { s: SchedaSede }) {
  return (
    <>
      {s.indirizzi.map((i, n) => (
        <DetailSection key={i.id} title={s.indirizzi.length > 1 ? `Indirizzo ${n + 1}` : 'Indirizzo e orari'} testId="sede-indirizzo">
          <InfoList items={[
            { label: 'Via', value: `${i.via} ${i.civico}` }, { label: 'Comune', value: i.comune }, { label: 'Provincia', value: i.provincia },
            { label: 'CAP', value: i.cap }, { label: 'Regione', value: i.regione },
          ]} />
          <table className="table table-sm mt-3" style={{ maxWidth: '36rem' }}>
            <caption className="text-secondary">Orari di apertura</caption>
            <thead>
              <tr><th scope="col">Giorno</th><th scope="col">Orario</th></tr>
            </thead>
            <tbody>
              {GIORNI_SETTIMANA.map((g) => (
                <tr key={g.code}>
                  <th scope="row" className="fw-normal">{g.label}</th>
                  <td>{descriviFascia(i.fasceOrarie[g.code]) || 'Chiuso'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </DetailSection>
      ))}
    </>
  )
}

function Contenuto({ idSede }: { idSede: string }) {
  const q = useQuery(schedaSedeQuery(idSede))
  const offline = useOfflineData(q)
  const held = heldPermissions(useSession())
  const [modifica, setModifica] = useState(false)
  const s = q.data
  // issue 27: the edit carries the card's version (as it was when 'Modifica' opened); a 409 merges or opens the view
  const versionato = useSalvataggioVersionato({
    lettura: modifica && s ? letturaSede(s) : null,
    invia: (x: ValoriSede, versione) => aggiornaSede(Number(idSede), corpoDaValori(x), versione),
    daCorrente: sedeDaCorrente,
    campi: campiSede,
    onSalvato: () => setModifica(false),
  })
  useRegisterBreadcrumbLabels({ [sedePath(Number(idSede))]: s?.nome })
  if (!s) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Sede non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} avvisoAccesso />
  const canEdit = hasAny(held, ['upd.sede.gest.prgt', 'upd.sede.partner'])
  return (
    <>
      <DatiAggiornatiAl data={offline} />
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <p className="text-secondary mb-1">{s.itinere ? 'Sede itinerante' : 'Sede'}</p>
          <h1 className="mb-0">{s.nome}</h1>
        </div>
        {canEdit && !modifica && <OnlineOnlyButton className="btn btn-outline-primary" onClick={() => setModifica(true)}>Modifica</OnlineOnlyButton>}
      </div>
      {modifica ? (
        <DetailSection title="Modifica sede">
          {versionato.vista}
          <div hidden={versionato.inConflitto}>
            <SedeForm sede={s} submitLabel="Salva" onCancel={() => setModifica(false)} onSubmit={(body) => versionato.salva(valoriDaCorpo(body))} />
          </div>
        </DetailSection>
      ) : (
        <>
          <DetailSection title="Informazioni generali" testId="sede-info">
            <InfoList items={[{ label: 'ID', value: s.id }, { label: 'Descrizione', value: s.descrizione }, { label: 'Servizi erogati', value: s.serviziErogati }]} />
          </DetailSection>
          <Indirizzi s={s} />
        </>
      )}
      <DetailSection title="Enti e progetti" testId="sede-progetti">
        <ResponsiveTable<Progetto>
          caption={`Enti e progetti della sede ${s.nome}`}
          rows={s.progetti}
          rowKey={(p) => `${p.idProgetto}-${p.idEnte}`}
          summary={(p) => `${p.nomeProgetto} — ${p.nomeEnte}`}
          columns={[
            { key: 'progetto', header: 'Progetto', cell: (p) => p.nomeProgetto },
            { key: 'ente', header: 'Ente', cell: (p) => <AppLink to={enteInProgettoPath(p.idProgetto, p.idEnte)}>{p.nomeEnte}</AppLink> },
            { key: 'ruolo', header: 'Ruolo dell\'ente', cell: (p) => (p.ruoloEnte === 'gestore' ? 'Ente gestore' : 'Ente partner') },
            { key: 'facilitatori', header: 'Facilitatori e volontari', cell: (p) => (p.facilitatori?.length ? p.facilitatori.map((f) => `${f.cognome} ${f.nome} (${f.stato.toLowerCase()})`).join(', ') : '—') },
            { key: 'stato', header: 'Stato', cell: (p) => <StatusChip value={p.stato} /> },
          ]}
        />
      </DetailSection>
    </>
  )
}

export function SedeDetailPage({ idSede }: { idSede: string }) {
  return (
    <Frame testId="sede-detail">
      <QueryProvider>
        <Contenuto idSede={idSede} />
      </QueryProvider>
    </Frame>
  )
}
