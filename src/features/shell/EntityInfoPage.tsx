/** Info page of a programme, project, body or user: titled with its name when known (breadcrumb labels). */
import { useBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { SectionPage } from './SectionPage'

const KINDS = {
  programma: { segment: 'programmi', base: 'Programma' },
  progetto: { segment: 'progetti', base: 'Progetto' },
  ente: { segment: 'enti', base: 'Ente' },
  utente: { segment: 'utenti', base: 'Utente' },
} as const

export function EntityInfoPage({ kind, id }: { kind: keyof typeof KINDS; id: string }) {
  const labels = useBreadcrumbLabels()
  const { segment, base } = KINDS[kind]
  const name = labels[`/area-amministrativa/${segment}/${id}`]
  return <SectionPage id={kind} title={name ? `${base} ${name}` : base} />
}
