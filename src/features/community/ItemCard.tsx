/**
 * Card of a content item (spec 001 §2 "Cards"): category label and short date, title (2 lines),
 * description preview (2 lines), publisher for documents, counters; a highlighted announcement shows a
 * bookmark and a marked border; an announcement with a cover shows it on top (CoverImage.tsx). The whole card is one link to the detail route.
 */
import { Link } from '@tanstack/react-router'
import { Icon } from 'design-react-kit'
import type { Item } from '../../api/contract/community'
import { displayDateOrText } from '../../lib/dates'
import { plainTextOf } from '../../ui/rich-text/RichTextView'
import { CoverImage } from './CoverImage'
import type { SectionConfig } from './sections'

export function Counters({ item, section }: { item: Item; section: SectionConfig }) {
  const parts: { icon: string; value: number; label: string }[] = section.section === 'document'
    ? [{ icon: 'it-download', value: item.downloads, label: 'download' }, { icon: 'it-comment', value: item.comment_count, label: 'commenti' }]
    : [{ icon: 'it-star-outline', value: item.likes, label: 'mi piace' }, { icon: 'it-password-visible', value: item.views, label: 'visualizzazioni' },
      { icon: 'it-comment', value: item.comment_count, label: 'commenti' }]
  return (
    <ul className="list-inline mb-0 pd-community-counters" aria-label="Contatori">
      {parts.map((p) => (
        <li key={p.label} className="list-inline-item me-3 text-secondary small" data-testid={`counter-${p.label.replace(/\s/g, '-')}`}>
          <Icon icon={p.icon} size="xs" color="secondary" aria-hidden className="me-1" />
          <span>{p.value}</span> <span className="visually-hidden">{p.label}</span>
        </li>
      ))}
    </ul>
  )
}

export function ItemCard({ item, section }: { item: Item; section: SectionConfig }) {
  const preview = plainTextOf(item.description)
  return (
    <article className={`card card-bg h-100 pd-community-card${item.highlighted ? ' pd-community-card--highlighted' : ''}`} data-testid="community-card">
      <CoverImage item={item} />
      <div className="card-body d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start mb-2 small">
          <span className="fw-semibold text-uppercase text-primary">{item.category_label || 'Senza categoria'}</span>
          <span className="text-secondary">{displayDateOrText(item.date)}</span>
        </div>
        {item.highlighted && (
          <p className="small mb-1 text-primary"><Icon icon="it-bookmark" size="xs" color="primary" aria-hidden /> In evidenza</p>
        )}
        <h3 className="h5 card-title pd-clamp-2">
          <Link to={`${section.path}/$id`} params={{ id: String(item.id) }} className="stretched-link text-decoration-none">{item.title}</Link>
        </h3>
        <p className="card-text pd-clamp-2 mb-3">{preview}</p>
        {section.section === 'document' && item.entity && <p className="small text-secondary mb-2">{item.entity}</p>}
        <div className="mt-auto"><Counters item={item} section={section} /></div>
      </div>
    </article>
  )
}
