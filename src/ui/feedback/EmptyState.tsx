/** Empty state of a section (spec 000 §2.7): 'Questa sezione è ancora vuota' unless told otherwise. */
import { Icon } from 'design-react-kit'
import type { ReactNode } from 'react'

export const EMPTY_SECTION = 'Questa sezione è ancora vuota'
export const EMPTY_TABLE = 'Questa sezione è vuota'

export function EmptyState({ text = EMPTY_SECTION, children }: { text?: string; children?: ReactNode }) {
  return (
    <div className="pd-empty-state text-center py-5 px-3" data-testid="empty-state">
      <Icon icon="it-folder" size="xl" color="primary" aria-hidden />
      <p className="h4 mt-3">{text}</p>
      {children && <div className="text-secondary">{children}</div>}
    </div>
  )
}
