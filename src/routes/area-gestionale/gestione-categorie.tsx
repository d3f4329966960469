import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { prefetchRead } from '../../api/prefetch'
import { CategoriesPage, categoriesReads } from '../../features/community/gestione/CategoriesPage'

/** Category management (issue 12 point 4; spec 001 §2: `btn.cat`, MOD and DTD). */
export const Route = createFileRoute('/area-gestionale/gestione-categorie')({
  staticData: { title: { page: 'Gestione categorie', section: 'Area gestionale' } },
  beforeLoad: requirePermissions(['btn.cat']),
  loader: (ctx) => prefetchRead(ctx, () => categoriesReads(ctx.location.search)),
  codeSplitGroupings: [['loader', 'component']],
  component: CategoriesPage,
})
