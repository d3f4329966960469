import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { EditorPage } from '../../../features/questionari-modelli'

/** 'Crea questionario': a new survey template (new.quest.templ). */
export const Route = createFileRoute('/area-amministrativa/questionari/nuovo')({
  staticData: { title: { page: 'Crea questionario', section: 'Questionari' } },
  beforeLoad: requirePermissions(['tab.am', 'new.quest.templ'], '/area-amministrativa/questionari'),
  component: () => <EditorPage modo="nuovo" />,
})
