/**
 * Heading of the service detail: name, state and sync chips, and the tabs 'Informazioni' / 'Cittadini'
 * (platform-frontend §1.4: `/servizi/{id}/info`, `/servizi/{id}/cittadini`).
 */
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { Tabs } from '../../../ui/widgets/Tabs'
import { SyncChip } from '../../campo'
import { AppLink } from '../../../ui/AppLink'
import { T } from '../labels'
import type { DettaglioServizio } from './servizio-detail'

export type DetailTab = 'info' | 'cittadini'

export function ServizioHeader({ dettaglio, serviceId, tab }: { dettaglio: DettaglioServizio; serviceId: string; tab: DetailTab }) {
  const base = `/area-amministrativa/servizi/${encodeURIComponent(serviceId)}`
  return (
    <>
      <AppLink to="/area-amministrativa/servizi" className="d-inline-block mb-3">{T.tornaElenco}</AppLink>
      <p className="text-uppercase small fw-semibold text-secondary mb-1">Servizio</p>
      <h1 className="mb-2">{dettaglio.nome}</h1>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-4">
        <StatusChip value={dettaglio.stato} />
        {dettaglio.stato === 'NON ATTIVO' && <span className="small" data-testid="non-attivo-spiegazione">{T.nonAttivoDettaglio}</span>}
        {dettaglio.syncState && <SyncChip state={dettaglio.syncState} />}
        <span className="text-secondary small">{dettaglio.idServer !== null ? `ID ${dettaglio.idServer}` : 'ID non ancora assegnato: il servizio è salvato sul dispositivo'}</span>
      </div>
      <Tabs
        label="Sezioni del servizio"
        items={[
          { label: 'Informazioni', to: `${base}/info`, active: tab === 'info' },
          { label: 'Cittadini', to: `${base}/cittadini`, active: tab === 'cittadini' },
        ]}
      />
    </>
  )
}
