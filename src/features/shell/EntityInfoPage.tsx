/** Info page of a programme or project: titled with its name when known (breadcrumb labels). */
import { useBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { SectionPage } from './SectionPage'

export function EntityInfoPage({ kind, id }: { kind: 'programma' | 'progetto'; id: string }) {
  const labels = useBreadcrumbLabels()
  const name = labels[`/area-amministrativa/${kind === 'programma' ? 'programmi' : 'progetti'}/${id}`]
  const base = kind === 'programma' ? 'Programma' : 'Progetto'
  return <SectionPage id={kind} title={name ? `${base} ${name}` : base} />
}
