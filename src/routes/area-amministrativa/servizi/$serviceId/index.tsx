import { createFileRoute, redirect } from '@tanstack/react-router'
import { DEVICE_ID, pathParams } from '../../../../lib/route-params'

/** `/area-amministrativa/servizi/$serviceId` opens the 'Informazioni' tab (platform-frontend §1.4). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/')({
  staticData: { title: { page: 'Servizio', section: 'Servizi' } },
  params: pathParams({ serviceId: DEVICE_ID }),
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/area-amministrativa/servizi/$serviceId/info', params, replace: true })
  },
})
