import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { RegistroAccessiPage } from '../../features/registro-accessi/RegistroAccessiPage'
import { prefetchRead } from '../../api/prefetch'
import { registroDefinition } from '../../features/registro-accessi'
import { listPageQuery } from '../../ui/list/ServerList'

/** 'Registro degli accessi' (issue 28 part 1; `view.registro.accessi`: DTD, or a custom data-protection role). */
export const Route = createFileRoute('/registro-accessi/')({
  staticData: { title: { page: 'Registro degli accessi' } },
  beforeLoad: requirePermissions(['view.registro.accessi']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(registroDefinition(), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: RegistroAccessiPage,
})
