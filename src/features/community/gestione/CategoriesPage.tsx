/**
 * 'Gestione categorie' (`/area-gestionale/gestione-categorie`, `btn.cat`; issue 12 point 4, spec 001 §3
 * "Category": columns Categoria, Sezione): the categories of the three sections on the list pattern (search
 * by name, filter Sezione, 8 per page) with how many contents use each; 'Crea categoria', 'Rinomina' and
 * 'Elimina' (refused while in use: the dialog says why).
 */
import { useMemo, useState } from 'react'
import type { Category } from '../../../api/contract/community'
import { QueryProvider } from '../../../api/query'
import { CATEGORY_SECTIONS, sectionFilter, sectionLabel } from '../../../lib/community-gestione'
import { countLabel } from '../../../lib/plural'
import { ListScreen } from '../../../ui/list/ListScreen'
import { listPageQuery, ServerList, type ListDefinition } from '../../../ui/list/ServerList'
import { fetchCategories } from './api'
import { gestioneCommunityKeys } from './keys'
import { CategoryModal, DeleteCategoryModal } from './CategoryDialogs'

const SECTION_VALUES = CATEGORY_SECTIONS.map((s) => s.value)

/** The management list of the categories; `on`: the row actions (rename, delete). */
function categoriesDefinition(on: { rename(c: Category): void; remove(c: Category): void }): ListDefinition<Category> {
  return {
    caption: 'Elenco categorie',
    columns: [
      { key: 'nome', header: 'Categoria', cell: (c) => c.name },
      { key: 'sezione', header: 'Sezione', cell: (c) => sectionLabel(c.type) },
      { key: 'uso', header: 'Contenuti', cell: (c) => c.in_use },
    ],
    rowKey: (c) => String(c.id),
    summary: (c) => `${c.name} · ${sectionLabel(c.type)}`,
    actions: (c) => [
      { label: 'Rinomina', name: `Rinomina ${c.name} (${sectionLabel(c.type)})`, onClick: () => on.rename(c) },
      { label: 'Elimina', name: `Elimina ${c.name} (${sectionLabel(c.type)})`, onClick: () => on.remove(c) },
    ],
    search: { label: 'Cerca categoria', placeholder: 'Nome della categoria' },
    filters: [{
      key: 'sezione', label: 'Sezione', optionsKey: gestioneCommunityKeys.categorySections,
      loadOptions: () => Promise.resolve(CATEGORY_SECTIONS.map((s) => ({ value: s.value, label: s.label }))),
    }],
    queryKey: gestioneCommunityKeys.categories,
    fetchPage: (s, signal) => fetchCategories(s, sectionFilter(s.filters.sezione ?? [], SECTION_VALUES), signal),
    countLabel: (n) => countLabel(n, 'categoria', 'categorie'),
    errorMessage: 'Non è stato possibile caricare le categorie. Controlla la connessione e riprova.',
  }
}

/** The read of the page for the URL's `search` (the list's page), also read by its route loader (src/api/prefetch.ts). */
export function categoriesReads(search: Record<string, unknown>) {
  return [listPageQuery(categoriesDefinition({ rename: () => undefined, remove: () => undefined }), search)]
}

function CategoriesContent({ creating, onCreated }: { creating: boolean; onCreated(): void }) {
  const [renaming, setRenaming] = useState<Category | null>(null)
  const [deleting, setDeleting] = useState<Category | null>(null)

  const definition = useMemo(() => categoriesDefinition({ rename: setRenaming, remove: setDeleting }), [])

  return (
    <>
      <ServerList definition={definition} />
      <CategoryModal category={null} isOpen={creating} onClose={onCreated} />
      <CategoryModal category={renaming} isOpen={renaming !== null} onClose={() => setRenaming(null)} />
      <DeleteCategoryModal category={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}

/** The categories page inside the feature's query client. */
export function CategoriesPage() {
  const [creating, setCreating] = useState(false)
  return (
    <ListScreen title="Gestione categorie" testId="categories-page"
      description="Le categorie di annunci, discussioni e documenti: una categoria usata da almeno un contenuto non si può eliminare."
      cta={<button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>Crea categoria</button>}>
      <QueryProvider>
        <CategoriesContent creating={creating} onCreated={() => setCreating(false)} />
      </QueryProvider>
    </ListScreen>
  )
}
