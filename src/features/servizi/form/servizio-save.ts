/** What happens after a service was saved on the device: the toast of the brief and the detail URL. */
import type { useConnectivity } from '../../../offline'

type Connectivity = ReturnType<typeof useConnectivity>
import type { ServizioLocale } from '../../campo'

/** 'Servizio salvato sul dispositivo' when offline (it will be sent later), 'Servizio salvato' otherwise. */
export function savedToastMessage(connectivity: Connectivity): string {
  return connectivity === 'offline' ? 'Servizio salvato sul dispositivo' : 'Servizio salvato'
}

/** Detail page of a service: by server id once known, else by its device id. */
export function detailUrl(s: Pick<ServizioLocale, 'idServer' | 'idLocale'>): string {
  return `/area-amministrativa/servizi/${encodeURIComponent(s.idServer !== null ? String(s.idServer) : s.idLocale)}/info`
}
