import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { EditorPage, nuovoQuery } from '../../../features/questionari-modelli'
import { prefetchRead } from '../../../api/prefetch'

/** 'Crea questionario': a new survey template (new.quest.templ). */
export const Route = createFileRoute('/area-amministrativa/questionari/nuovo')({
  staticData: { title: { page: 'Crea questionario', section: 'Questionari' } },
  beforeLoad: requirePermissions(['tab.am', 'new.quest.templ'], '/area-amministrativa/questionari'),
  loader: (ctx) => prefetchRead(ctx, () => [nuovoQuery()]),
  codeSplitGroupings: [['loader', 'component']],
  component: () => <EditorPage modo="nuovo" />,
})
