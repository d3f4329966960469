/**
 * In-app link by absolute path: a real `<a href>` (open in a new tab works) whose plain click navigates
 * client-side through `navigateTo` (the router's navigate, registered by the app), so it also works
 * offline and outside a router context (tests, bare pages).
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react'
import { navigateTo } from '../../../auth/navigation'

export interface LinkInternoProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  children?: ReactNode
}

export function LinkInterno({ to, children, onClick, ...rest }: LinkInternoProps) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e)
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    navigateTo(to)
  }
  return (
    <a href={to} onClick={click} {...rest}>
      {children}
    </a>
  )
}
