/**
 * One implementation of the administrative lists (programmes, projects, bodies, users; spec 002 §2 "List screens
 * share one pattern"; platform-frontend §1.4): `adminListDefinition` builds the ServerList definition every
 * one of them repeats (the Nome and ID columns, 'Visualizza' row action, dropdown filters over
 * `{entity}/dropdown/{tipo}` within the profile's scope; page fetch, count label, error message and CSV from
 * src/ui/list/wire-list.ts, shared with the other server lists), and
 * `AdminListPage` the page around it (title, description, 'Crea …' call to action that needs the server).
 * Each list states only what is its own: wire entity, filters, extra columns, labels.
 */
import { useMemo, type ReactNode } from 'react'
import type { StandardSchemaV1, StandardSchemaV1InferOutput } from 'ky'
import { QueryProvider } from '../../api/query'
import { fetchDropdown } from '../../api/lists'
import { hasAll, hasAny, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { AppLink } from '../AppLink'
import type { ListSearchLabels } from './ListFilters'
import { ListScreen } from './ListScreen'
import type { ListState } from './list-state'
import { ServerList, type ListDefinition } from './ServerList'
import { wireList } from './wire-list'
import { listKeys } from './keys'
import type { Column } from '../widgets/ResponsiveTable'
import { StatusChip } from '../widgets/StatusChip'
import { OnlineOnlyReason, useOnlineOnly } from '../offline-data'

/** A row of an administrative list: an id and a display name. */
export interface AdminRow { id: number; nome: string }

/** What one administrative list says of itself. */
export interface AdminListOptions<R extends AdminRow, S extends StandardSchemaV1> {
  /** wire entity: `POST {entity}/all`, `{entity}/dropdown/{tipo}`, `{entity}/download` */
  entity: string
  /** plural name: query-key root, key of the rows in the answer, CSV file `{plural}.csv` */
  plural: string
  /** singular for the count label ('3 programmi', '1 programma') */
  singular: string
  /** article + plural of the error message: 'i programmi' → 'Non è stato possibile caricare i programmi. …' */
  theseRows: string
  caption: string
  /** header of the name column ('Nome' unless said) */
  nameHeader?: string
  /** the columns after Nome and ID */
  columns: readonly Column<R>[]
  /** the row's page (the 'Visualizza' target is `path(id)` + `tab`) */
  path(id: number): string
  tab?: string
  search: ListSearchLabels
  /** dropdown filters: [URL key, label, dropdown type] */
  filters: readonly (readonly [key: string, label: string, tipo: string])[]
  /** the wire filter (`filtroRequest`) of the list's state */
  filtro(s: ListState): object
  schema: S
  /** the rows of a parsed answer */
  rows(answer: StandardSchemaV1InferOutput<S>): R[]
  persist?: boolean
}

/** The columns after Nome and ID of the programmes and projects lists: Intervento, 'Ente gestore', Stato. */
export function colonneInterventoGestoreStato<R extends { policy: string; nomeEnteGestore?: string | null; stato: string }>(): Column<R>[] {
  return [
    { key: 'policy', header: 'Intervento', sortKey: 'policy', cell: (r) => r.policy },
    { key: 'ente', header: 'Ente gestore', sortKey: 'nomeEnteGestore', cell: (r) => r.nomeEnteGestore ?? '—' },
    { key: 'stato', header: 'Stato', sortKey: 'stato', cell: (r) => <StatusChip value={r.stato} /> },
  ]
}

/** The ServerList definition of an administrative list; `canDownload`: the profile holds its download permission. */
export function adminListDefinition<R extends AdminRow, S extends StandardSchemaV1>(o: AdminListOptions<R, S>, canDownload: boolean): ListDefinition<R> {
  return {
    ...wireList({
      entity: o.entity, filtro: o.filtro, schema: o.schema, rows: o.rows, queryKey: listKeys.lista(o.plural),
      singular: o.singular, plural: o.plural, theseRows: o.theseRows, csv: canDownload ? `${o.plural}.csv` : undefined,
    }),
    caption: o.caption,
    columns: [
      { key: 'nome', header: o.nameHeader ?? 'Nome', sortKey: 'nome', cell: (r) => <span className="fw-semibold">{r.nome}</span> },
      { key: 'id', header: 'ID', sortKey: 'id', cell: (r) => r.id },
      ...o.columns,
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => r.nome,
    actions: (r) => [{ label: 'Visualizza', name: `Visualizza ${r.nome}`, to: `${o.path(r.id)}${o.tab ?? ''}`, breadcrumb: { path: o.path(r.id), label: r.nome } }],
    search: o.search,
    filters: o.filters.map(([key, label, tipo]) => ({
      key, label, optionsKey: listKeys.dropdown(o.plural, tipo), loadOptions: (signal: AbortSignal) => fetchDropdown(o.entity, tipo, signal),
    })),
    defaultSort: { campo: 'nome', verso: 'asc' },
    ...(o.persist ? { persist: true } : {}),
  }
}

/**
 * The page of an administrative list: `ListScreen` with the list, rebuilt when the profile or the download
 * permission changes, and the 'Crea …' link (`create`: shown to a profile holding any of its permissions),
 * disabled offline with the reason.
 */
export function AdminListPage<R>({ title, description, testId, definition, downloadPermission, create }: {
  title: string; description: string; testId: string
  /** builds the definition; `canDownload`: the profile holds `downloadPermission` */
  definition(canDownload: boolean): ListDefinition<R>
  downloadPermission: string
  create?: { anyOf: readonly string[]; to: string; label: ReactNode }
}) {
  const session = useSession()
  const guard = useOnlineOnly()
  const held = heldPermissions(session)
  const canDownload = hasAll(held, [downloadPermission])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const def = useMemo(() => definition(canDownload), [canDownload, session.profilo])
  const cta = create && hasAny(held, [...create.anyOf]) ? (
    <span className="d-inline-flex flex-column">
      <AppLink to={create.to} className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps}>{create.label}</AppLink>
      <OnlineOnlyReason guard={guard} />
    </span>
  ) : undefined
  return (
    <ListScreen title={title} description={description} cta={cta} testId={testId}>
      <QueryProvider>
        <ServerList definition={def} />
      </QueryProvider>
    </ListScreen>
  )
}
