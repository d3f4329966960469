/**
 * 'Gestione segnalazioni' (`/area-gestionale/gestione-segnalazioni`, `btn.rprt`; issue 12 point 4, spec
 * 001 §2, §3 "Report"): the reports on the list pattern (search on title, reason or comment; filter
 * Sezione; 8 per page), with the reported content, its section and author, the reporter, the reason and
 * the date. Actions: 'Apri' (the item's page), 'Ignora' (dismisses the report), 'Elimina' (deletes the
 * reported comment or item, with a required reason: the moderator is not its author).
 */
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { Report } from '../../../api/contract/community'
import { QueryProvider } from '../../../api/query'
import { currentProfile } from '../../../auth/current-profile'
import { useSession } from '../../../auth/session'
import { displayDateOrText } from '../../../lib/dates'
import { ITEM_SECTIONS, itemPath, reportTarget, sectionFilter, sectionLabel } from '../../../lib/community-gestione'
import { countLabel } from '../../../lib/plural'
import { ListScreen } from '../../../ui/list/ListScreen'
import { listPageQuery, ServerList, type ListDefinition } from '../../../ui/list/ServerList'
import { deleteComment, deleteItem, versioneSegnalato } from '../api'
import { TextModal } from '../TextModal'
import { dismissReport, fetchReports } from './api'
import { gestioneCommunityKeys } from './keys'

const SECTION_VALUES = ITEM_SECTIONS.map((s) => s.value)

/** The list of the reports for the profile `codiceRuolo`; `on`: the row actions (dismiss, delete). */
function reportsDefinition(codiceRuolo: string, on: { dismiss(r: Report): void; remove(r: Report): void }): ListDefinition<Report> {
  return {
    caption: 'Elenco segnalazioni',
    columns: [
      {
        key: 'contenuto', header: 'Contenuto segnalato', cell: (r) => (
          <>
            <span className="fw-semibold">{r.title}</span>
            {r.comment_body !== null && <><br /><span className="small">Commento: «{r.comment_body.length > 120 ? `${r.comment_body.slice(0, 120)}…` : r.comment_body}»</span></>}
          </>
        ),
      },
      { key: 'sezione', header: 'Sezione', cell: (r) => sectionLabel(r.item_type) },
      { key: 'autore', header: 'Autore del contenuto', cell: (r) => r.reported_author_name },
      { key: 'segnalatore', header: 'Segnalato da', cell: (r) => r.author_name },
      { key: 'motivo', header: 'Motivo', cell: (r) => r.reason },
      { key: 'data', header: 'Data', cell: (r) => displayDateOrText(r.date) },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => `${sectionLabel(r.item_type)} · ${r.title}`,
    actions: (r) => [
      { label: 'Apri', to: itemPath(r.item_type, r.item_id), name: `Apri ${r.title}` },
      {
        label: 'Ignora', name: `Ignora la segnalazione di ${r.author_name} su ${r.title}`,
        onClick: () => on.dismiss(r),
      },
      { label: 'Elimina', name: `Elimina ${reportTarget(r).noun} segnalato: ${r.title}`, onClick: () => on.remove(r) },
    ],
    search: { label: 'Cerca segnalazione', placeholder: 'Titolo, motivo o testo del commento' },
    filters: [{
      key: 'sezione', label: 'Sezione', optionsKey: gestioneCommunityKeys.reportSections,
      loadOptions: () => Promise.resolve(ITEM_SECTIONS.map((s) => ({ value: s.value, label: s.label }))),
    }],
    queryKey: gestioneCommunityKeys.reportsOf(codiceRuolo),
    fetchPage: (s, signal) => fetchReports(s, sectionFilter(s.filters.sezione ?? [], SECTION_VALUES), signal),
    countLabel: (n) => countLabel(n, 'segnalazione', 'segnalazioni'),
    errorMessage: 'Non è stato possibile caricare le segnalazioni. Controlla la connessione e riprova.',
  }
}

/** The read of the page for the URL's `search` (the list's page), also read by its route loader (src/api/prefetch.ts). */
export function reportsReads(search: Record<string, unknown>) {
  const none = () => undefined
  return [listPageQuery(reportsDefinition(currentProfile()?.codiceRuolo ?? '', { dismiss: none, remove: none }), search)]
}

function ReportsContent() {
  const qc = useQueryClient()
  const session = useSession()
  const [deleting, setDeleting] = useState<Report | null>(null)
  const refresh = () => qc.invalidateQueries({ queryKey: gestioneCommunityKeys.reports })

  const definition = useMemo(
    () => reportsDefinition(session.profilo?.codiceRuolo ?? '', { dismiss: (r) => void dismissReport(r.id).catch(() => undefined), remove: setDeleting }),
    [session.profilo],
  )

  const target = deleting ? reportTarget(deleting) : null
  return (
    <>
      <ServerList definition={definition} />
      <TextModal isOpen={deleting !== null} title={`Elimina ${target?.noun ?? 'contenuto'} segnalato`} required danger confirmLabel="Elimina"
        intro={<p className="mb-0">Confermi di voler eliminare questo contenuto?{deleting ? ` («${deleting.comment_body ?? deleting.title}»)` : ''}</p>}
        prompt="Inserisci il motivo dell'eliminazione"
        onSubmit={async (reason) => {
          if (!target || !deleting) return
          // issue 27: the report rows carry no version: the moderator deletes the content as it is now
          const versione = await versioneSegnalato(deleting)
          if (versione === null) throw new Error('Contenuto non trovato')
          await (target.kind === 'comment' ? deleteComment(target.id, reason, versione) : deleteItem(target.id, reason, versione))
          await refresh()
        }}
        onClose={() => setDeleting(null)} />
    </>
  )
}

/** The reports page inside the feature's query client. */
export function ReportsPage() {
  return (
    <ListScreen title="Gestione segnalazioni" testId="reports-page" description="Contenuti e commenti segnalati dalla comunità: aprili, ignora la segnalazione o elimina il contenuto indicando il motivo.">
      <QueryProvider>
        <ReportsContent />
      </QueryProvider>
    </ListScreen>
  )
}
