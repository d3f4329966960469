import { createFileRoute } from '@tanstack/react-router'
import { allowEndedFieldProfile, requirePermissions } from '../../../auth/guards'
import { ServiziPage } from '../../../features/servizi/list/ServiziPage'

/** 'Elenco servizi' (spec 002 §2): tab.am + subtab.serv. */
export const Route = createFileRoute('/area-amministrativa/servizi/')({
  staticData: { title: { page: 'Elenco servizi', section: 'Area amministrativa' } },
  beforeLoad: allowEndedFieldProfile(requirePermissions(['tab.am', 'subtab.serv'])),
  component: ServiziPage,
})
