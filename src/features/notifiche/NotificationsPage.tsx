/**
 * Page /notifiche 'Le mie notifiche' (spec 001 §2, §4, §9; issue 12 point 7): unread count badge, sort
 * ('Più recenti', 'Meno recenti'), select-all, 'Segna come già letto' and 'Elimina' on the selection,
 * 'Segna come letta' on each unread item, 9 per page with pagination, 'Non ci sono notifiche' when empty.
 * Opening a notification marks it read and goes to its target.
 */
import { useEffect, useId, useState } from 'react'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { NotificationSort } from '../../api/contract/notifiche'
import { QueryProvider } from '../../api/query'
import { countLabel } from '../../lib/plural'
import { formatBadgeCount } from '../../ui/header/badge'
import { setUnreadNotifications } from '../../ui/stores/notifications'
import { showToast, TOAST_DURATION } from '../../ui/stores/toasts'
import { Pagination } from '../../ui/widgets/Pagination'
import { deleteNotifications, markRead, notificationsQuery, notificheKeys } from './api'
import { NotificationsLoadState, NotificationText, notificationMessage } from './NotificationText'

const SORT_LABELS: Record<NotificationSort, string> = { created_desc: 'Più recenti', created_asc: 'Meno recenti' }

/** The page, inside the app's query provider (as every feature page). */
export function NotificationsPage() {
  return <QueryProvider><NotificationsPageContent /></QueryProvider>
}

/** What the page shows first: the newest notifications, first page. */
const FIRST = { sort: 'created_desc' as NotificationSort, page: 0 }

/** The page `page` in the order `sort` (the previous page stays on screen while the next one loads). */
function notificationsPageQuery(sort: NotificationSort, page: number) {
  return { ...notificationsQuery({ sort, page }), placeholderData: keepPreviousData }
}

/** The read of the page when it opens, also read by its route loader (src/api/prefetch.ts). */
export function notificationsPageReads() {
  return [notificationsPageQuery(FIRST.sort, FIRST.page)]
}

function NotificationsPageContent() {
  const [sort, setSort] = useState<NotificationSort>(FIRST.sort)
  const [page, setPage] = useState(FIRST.page)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [busy, setBusy] = useState(false)
  const client = useQueryClient()
  const navigate = useNavigate()
  const ids = useId()
  const { data, isPending, isError, refetch } = useQuery(notificationsPageQuery(sort, page))

  useEffect(() => {
    if (data) setUnreadNotifications(data.unread)
  }, [data])
  // a page emptied by a deletion: go back one page
  useEffect(() => {
    if (data && data.items.length === 0 && page > 0 && data.pager.total_pages <= page) setPage(Math.max(0, data.pager.total_pages - 1))
  }, [data, page])

  const items = data?.items ?? []
  const allSelected = items.length > 0 && items.every((n) => selected.has(n.id))
  const chosen = items.filter((n) => selected.has(n.id)).map((n) => n.id)

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      setSelected(new Set())
      showToast({ status: 'success', message: done, duration: TOAST_DURATION.fast })
    } catch (e) {
      // a write that succeeded refreshed the list itself; after a failure it is read again too
      await client.invalidateQueries({ queryKey: notificheKeys.all })
      throw e
    } finally {
      setBusy(false)
    }
  }
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected)
    if (on) next.add(id)
    else next.delete(id)
    setSelected(next)
  }
  const open = async (id: number, action: string, unread: boolean) => {
    // the write refreshes the list; after a failure it is read again all the same
    if (unread) await markRead([id]).catch(() => client.invalidateQueries({ queryKey: notificheKeys.all }))
    void navigate({ to: action })
  }
  const badge = formatBadgeCount(data?.unread ?? 0)

  return (
    <div className="container-xxl py-4">
      <h1 className="d-flex align-items-center gap-2">
        Le mie notifiche
        {badge && (
          <span className="badge rounded-pill bg-danger fs-6" data-testid="notifiche-unread">
            {badge}<span className="visually-hidden"> non lette</span>
          </span>
        )}
      </h1>
      <div className="d-flex flex-wrap align-items-end gap-3 my-3">
        <div>
          <label htmlFor={`${ids}-sort`} className="form-label fw-semibold d-block">Ordina per</label>
          <select id={`${ids}-sort`} className="form-select" value={sort} onChange={(e) => { setSort(e.target.value as NotificationSort); setPage(0); setSelected(new Set()) }}>
            {Object.entries(SORT_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <div className="form-check mb-2">
          <input id={`${ids}-all`} type="checkbox" className="form-check-input" checked={allSelected} disabled={items.length === 0}
            onChange={(e) => setSelected(e.target.checked ? new Set(items.map((n) => n.id)) : new Set())} />
          <label htmlFor={`${ids}-all`} className="form-check-label">Seleziona tutte</label>
        </div>
        <button type="button" className="btn btn-outline-primary" disabled={chosen.length === 0 || busy}
          onClick={() => void run(() => markRead(chosen), chosen.length === 1 ? 'Notifica segnata come letta.' : 'Notifiche segnate come lette.')}>
          Segna come già letto
        </button>
        <button type="button" className="btn btn-outline-danger" disabled={chosen.length === 0 || busy}
          onClick={() => void run(() => deleteNotifications(chosen), chosen.length === 1 ? 'Notifica eliminata.' : 'Notifiche eliminate.')}>
          Elimina
        </button>
      </div>
      <p className="visually-hidden" role="status">{chosen.length > 0 ? countLabel(chosen.length, 'selezionata', 'selezionate') : ''}</p>
      <NotificationsLoadState isPending={isPending} isError={isError} empty={Boolean(data) && items.length === 0} retry={() => void refetch()} />
      {items.length > 0 && (
        <ul className="list-unstyled" aria-label="Elenco delle notifiche" data-testid="notifiche-list">
          {items.map((n) => (
            <li key={n.id} className={`card card-bg mb-2 ${n.status === 0 ? 'border-start border-4 border-primary' : ''}`}>
              <div className="card-body d-flex align-items-start gap-3 p-3">
                <div className="form-check mt-1">
                  <input id={`${ids}-n${n.id}`} type="checkbox" className="form-check-input" checked={selected.has(n.id)} onChange={(e) => toggle(n.id, e.target.checked)} />
                  <label htmlFor={`${ids}-n${n.id}`} className="form-check-label"><span className="visually-hidden">Seleziona: {notificationMessage(n)}</span></label>
                </div>
                <a href={n.action} className="flex-grow-1 text-decoration-none" onClick={(e) => { e.preventDefault(); void open(n.id, n.action, n.status === 0) }}>
                  <NotificationText n={n} />
                </a>
                {n.status === 0 && (
                  <button type="button" className="btn btn-link btn-sm text-nowrap" disabled={busy}
                    aria-label={`Segna come letta: ${notificationMessage(n)}`}
                    onClick={() => void run(() => markRead([n.id]), 'Notifica segnata come letta.')}>
                    Segna come letta
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pagination page={page + 1} totalPages={data.pager.total_pages} onChange={(p) => { setPage(p - 1); setSelected(new Set()) }} label="Pagine delle notifiche" />
      )}
    </div>
  )
}
