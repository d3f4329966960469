/**
 * Frame of a list screen (spec 002 §2; platform-frontend §1.4): the title (h1), a short description and
 * the optional call to action ('Crea servizio', …), which on phones sticks to the bottom of the screen
 * after the list.
 */
import type { ReactNode } from 'react'
import '../widgets/widgets.css'
import { PHONE_QUERY, useMediaQuery } from '../widgets/useMediaQuery'

export interface ListScreenProps {
  title: string
  description?: string
  cta?: ReactNode
  testId?: string
  children: ReactNode
}

export function ListScreen({ title, description, cta, testId, children }: ListScreenProps) {
  const phone = useMediaQuery(PHONE_QUERY)
  const action = cta ? <div className={phone ? 'pd-cta-sticky mt-4' : undefined}>{cta}</div> : null
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid={testId}>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <h1 className="mb-2">{title}</h1>
          {description && <p className="lead text-secondary mb-0">{description}</p>}
        </div>
        {!phone && action}
      </div>
      {children}
      {phone && action}
    </div>
  )
}
