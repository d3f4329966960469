/**
 * 'I miei contenuti' (`/area-personale/contenuti-pubblicati`, `btn.cont`; issue 12 point 6, spec 001 §2):
 * the caller's own published items, one section at a time (Bacheca, Forum, Documenti: `?sezione=`), on the
 * list pattern (search by title, 8 per page), each title a link to its page (`GET /user/{id}/items`).
 */
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { Item, ItemType } from '../../../api/contract/community'
import { QueryProvider } from '../../../api/query'
import { readUser } from '../../../auth/token-store'
import { ITEM_SECTIONS, itemPath } from '../../../lib/community-gestione'
import { displayDateOrText } from '../../../lib/dates'
import { countLabel } from '../../../lib/plural'
import { AppLink } from '../../../ui/AppLink'
import { ListScreen } from '../../../ui/list/ListScreen'
import { listPageQuery, ServerList, type ListDefinition } from '../../../ui/list/ServerList'
import { fetchMyItems } from './api'
import { gestioneCommunityKeys } from './keys'

const NOUNS: Record<ItemType, [string, string]> = {
  board_item: ['annuncio', 'annunci'], community_item: ['argomento', 'argomenti'], document_item: ['documento', 'documenti'],
}

function definitionOf(type: ItemType, label: string): ListDefinition<Item> {
  return {
    caption: `I miei contenuti: ${label}`,
    columns: [
      { key: 'titolo', header: 'Titolo', cell: (i) => <AppLink to={itemPath(type, i.id)}>{i.title}</AppLink> },
      { key: 'categoria', header: 'Categoria', cell: (i) => i.category_label || 'Senza categoria' },
      { key: 'data', header: 'Data', cell: (i) => displayDateOrText(i.date) },
      { key: 'commenti', header: 'Commenti', cell: (i) => i.comment_count },
    ],
    rowKey: (i) => String(i.id),
    summary: (i) => i.title,
    search: { label: 'Cerca tra i miei contenuti', placeholder: 'Titolo' },
    filters: [],
    queryKey: gestioneCommunityKeys.mine(readUser()?.id ?? 0, type),
    fetchPage: (s, signal) => fetchMyItems(type, s, signal),
    countLabel: (n) => countLabel(n, ...NOUNS[type]),
    errorMessage: 'Non è stato possibile caricare i tuoi contenuti. Controlla la connessione e riprova.',
  }
}

/** The section the URL's `search` shows (`sezione`, the first one without it). */
const sectionOf = (search: Record<string, unknown>) => ITEM_SECTIONS.find((s) => s.value === search.sezione) ?? ITEM_SECTIONS[0]!

/** The read of the page for the URL's `search` (the section's list page), also read by its route loader. */
export function myContentsReads(search: Record<string, unknown>) {
  const current = sectionOf(search)
  return [listPageQuery(definitionOf(current.value, current.label), search)]
}

export function MyContentsPage() {
  const navigate = useNavigate()
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> })
  const current = sectionOf(search)
  const definition = useMemo(() => definitionOf(current.value, current.label), [current])
  return (
    <ListScreen title="I miei contenuti" testId="my-contents-page" description="Gli annunci, gli argomenti e i documenti che hai pubblicato.">
      <div className="d-flex flex-wrap gap-2 mb-4" role="group" aria-label="Sezione">
        {ITEM_SECTIONS.map((s) => (
          <button key={s.value} type="button" aria-pressed={s.value === current.value}
            className={`btn btn-sm ${s.value === current.value ? 'btn-primary' : 'btn-outline-primary'}`}
            // a new section starts from its first page, without the previous search
            onClick={() => void navigate({ to: '.', search: { sezione: s.value } } as never)}>
            {s.label}
          </button>
        ))}
      </div>
      <QueryProvider>
        <ServerList key={current.value} definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
