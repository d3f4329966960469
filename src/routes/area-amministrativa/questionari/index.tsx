import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { questionariDefinition, QuestionariPage } from '../../../features/questionari-modelli'
import { prefetchRead } from '../../../api/prefetch'
import { listPageQuery } from '../../../ui/list/ServerList'

/** 'Elenco questionari' (spec 002 §2; platform-frontend §1.4: subtab.quest + list.quest.templ). */
export const Route = createFileRoute('/area-amministrativa/questionari/')({
  staticData: { title: { page: 'Questionari', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.quest', 'list.quest.templ']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(questionariDefinition(false), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: QuestionariPage,
})
