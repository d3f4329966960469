/**
 * Issue 24 point 13: the breadcrumb of a community item reads its title ('Bacheca / Corso SPID per tutti'),
 * not its database id ('Bacheca / 1'). The detail page registers the title once the item is loaded; the
 * shell's breadcrumb (src/ui/breadcrumb) shows it.
 */
import { act, render, screen, within } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Item } from '../../src/api/contract/community'
import type { SessionState } from '../../src/auth/session'
import { sessionOf } from '../servizi/helpers'

const state = vi.hoisted(() => ({ session: null as unknown as SessionState }))
vi.mock('../../src/auth/session', () => ({ useSession: () => state.session, getSessionState: () => state.session }))
vi.mock('../../src/features/community/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/features/community/api')>()
  const item = (section: string, id: number): Item => ({
    id, item_type: section === 'board' ? 'board_item' : section === 'community' ? 'community_item' : 'document_item',
    title: `Titolo dell'elemento ${id}`, description: '<p>Testo</p>', author: 7, author_name: 'Sara Romano', author_avatar: null,
    category: null, category_label: 'Notizie', date: '2026-05-12', cover: null, cover_file_name: null, attachment: null,
    attachment_file_name: null, program: 'public', program_label: 'Tutti', intervention: 'public', entity: 'Comune di Roma',
    entity_type: 'Comune', external_link: null, tags: '', likes: 0, views: 1, downloads: 0, user_like: false, comment_count: 0,
    enable_comments: false, highlighted: false, usefull_status: 0, can_edit: false, can_delete: false,
  })
  return {
    ...actual,
    detailQuery: (section: 'board' | 'community' | 'document', id: number) => ({
      queryKey: ['test-community', section, id],
      queryFn: async () => ({ items: [item(section, id)] }),
    }),
    commentsQuery: (id: number) => ({ queryKey: ['test-comments', id], queryFn: async () => ({ comments: [] }) }),
    itemEvent: vi.fn(async () => undefined),
  }
})

import { DetailPage } from '../../src/features/community/DetailPage'
import { Breadcrumb } from '../../src/ui/breadcrumb/Breadcrumb'

async function renderDetail(path: string) {
  const root = createRootRoute({ component: () => <><Breadcrumb /><Outlet /></> })
  const page = (section: 'board' | 'community' | 'document') => function Detail() {
    const { id } = useParams({ strict: false }) as { id: string }
    return <DetailPage section={section} itemId={Number(id)} />
  }
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/bacheca', component: () => <p>lista</p> }),
    createRoute({ getParentRoute: () => root, path: '/bacheca/$id', component: page('board') }),
    createRoute({ getParentRoute: () => root, path: '/forum', component: () => <p>lista</p> }),
    createRoute({ getParentRoute: () => root, path: '/forum/$id', component: page('community') }),
    createRoute({ getParentRoute: () => root, path: '/documenti', component: () => <p>lista</p> }),
    createRoute({ getParentRoute: () => root, path: '/documenti/$id', component: page('document') }),
  ]
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [path] }) })
  await act(() => router.load())
  render(<RouterProvider router={router} />)
}

describe('breadcrumb of a community item (issue 24 point 13)', () => {
  beforeEach(() => {
    state.session = sessionOf('FAC')
  })

  it.each([
    ['/bacheca/1', 'Bacheca', "Titolo dell'elemento 1"],
    ['/forum/23', 'Forum', "Titolo dell'elemento 23"],
    ['/documenti/4', 'Documenti', "Titolo dell'elemento 4"],
  ])('%s reads "%s / <title>", never the id', async (path, list, title) => {
    await renderDetail(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Percorso di navigazione' })
    const crumbs = within(nav).getAllByRole('listitem').map((li) => li.textContent!.replace('/', '').trim())
    expect(crumbs).toEqual([list, title])
    expect(within(nav).getByRole('link', { name: list })).toBeTruthy()
  })
})
