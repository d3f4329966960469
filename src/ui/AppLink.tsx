/**
 * Router link taking a runtime path string (menu entries, breadcrumb crumbs), rendered by TanStack
 * Router's `Link` so navigation stays client-side and works offline.
 */
import { Link } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, ReactNode } from 'react'

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  children?: ReactNode
}

export function AppLink({ to, children, ...rest }: AppLinkProps) {
  return (
    // Paths come from the menu/breadcrumb rules at runtime; they are not literal route ids.
    <Link to={to as '/'} {...rest}>
      {children}
    </Link>
  )
}
