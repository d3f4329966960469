/**
 * The tabs of a programme or project detail: links to the same page with `?tab=` (each tab its own URL,
 * as src/ui/widgets/Tabs does), the current one `aria-current="page"`.
 */
import { Link } from '@tanstack/react-router'

export interface SchedaTab { key: string; label: string }

export function SchedaTabs({ tabs, current, path, label }: { tabs: readonly SchedaTab[]; current: string; path: string; label: string }) {
  return (
    <nav aria-label={label} className="pd-tabs mb-4">
      <ul className="nav nav-tabs auto flex-wrap">
        {tabs.map((t) => (
          <li className="nav-item" key={t.key}>
            <Link to={path as '/'} search={{ tab: t.key } as never} className={`nav-link${t.key === current ? ' active' : ''}`}
              aria-current={t.key === current ? 'page' : undefined} data-testid={`tab-${t.key}`}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
