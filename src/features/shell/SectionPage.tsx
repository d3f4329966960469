/**
 * Generic titled page of a section whose content comes later: title, description, optional
 * sub-navigation (the visible children of a menu entry) and the empty state.
 */
import { EmptyState } from '../../ui/feedback/EmptyState'
import { AppLink } from '../../ui/AppLink'
import { useShellModel } from '../../ui/shell/useShellModel'
import { SECTIONS, type SectionId, type SectionInfo } from './sections'

export interface SectionPageProps {
  id: SectionId
  /** replaces the section title (e.g. the name of the user's own programme) */
  title?: string
}

export function SectionPage({ id, title }: SectionPageProps) {
  const info: SectionInfo = SECTIONS[id]
  const model = useShellModel()
  const children = info.menuId ? (model.mainMenu.find((e) => e.id === info.menuId)?.children ?? []) : []
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid={`section-${id}`}>
      <h1 className="mb-2">{title ?? info.title}</h1>
      <p className="lead text-secondary mb-4">{info.description}</p>
      {children.length > 0 && (
        <nav aria-label={`Sezioni di ${info.title}`} className="mb-4">
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {children.map((c) => (
              <li key={c.id}>
                <AppLink to={c.to} className="btn btn-outline-primary btn-sm">
                  {c.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <EmptyState />
    </div>
  )
}
