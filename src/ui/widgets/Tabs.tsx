/**
 * Route tabs (e.g. a detail's 'Informazioni' / 'Cittadini'): a navigation landmark of links styled as
 * bootstrap-italia tabs; the current one carries `aria-current="page"`. Links (not ARIA tabs) because
 * each tab is its own URL: keyboard users move with Tab and open with Enter.
 */
import './widgets.css'
import { AppLink } from '../AppLink'

export interface TabItem {
  label: string
  to: string
  active: boolean
}

export function Tabs({ items, label }: { items: readonly TabItem[]; label: string }) {
  return (
    <nav aria-label={label} className="pd-tabs mb-4">
      <ul className="nav nav-tabs auto">
        {items.map((t) => (
          <li className="nav-item" key={t.to}>
            <AppLink to={t.to} className={`nav-link${t.active ? ' active' : ''}`} aria-current={t.active ? 'page' : undefined}>
              {t.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
