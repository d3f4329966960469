/**
 * Write actions that need the server (create, edit, delete, terminate, form submit; issue 9 point 6):
 * offline they stay visible and focusable but do nothing, marked `aria-disabled` and described by the
 * reason shown next to them ('Non disponibile senza connessione…'), so a screen reader announces why.
 *
 * - `useOnlineOnly(reason?)` → `{ blocked, reason, reasonId, controlProps }`: spread `controlProps` on any
 *   button, link or submit (it adds `aria-disabled`, `aria-describedby` and swallows the click) and render
 *   `<OnlineOnlyReason guard={…} />` next to it;
 * - `<OnlineOnlyButton>`: a `<button>` doing both.
 */
import { useId, type ButtonHTMLAttributes, type MouseEvent } from 'react'
import { OFFLINE_TEXTS } from './labels'
import { useIsOffline } from './useOfflineData'

export interface OnlineOnlyGuard {
  /** offline: the action must not run */
  blocked: boolean
  /** why (Italian), null when not blocked */
  reason: string | null
  /** id of the reason's element */
  reasonId: string
  /** props for the control (empty when not blocked) */
  controlProps: {
    'aria-disabled'?: true
    'aria-describedby'?: string
    onClickCapture?: (event: MouseEvent) => void
  }
}

const swallow = (event: MouseEvent) => {
  event.preventDefault()
  event.stopPropagation()
}

/** Guard of a write action (see the module comment); `reason` replaces the default text. */
export function useOnlineOnly(reason: string = OFFLINE_TEXTS.nonDisponibile): OnlineOnlyGuard {
  const offline = useIsOffline()
  const reasonId = useId()
  return offline
    ? { blocked: true, reason, reasonId, controlProps: { 'aria-disabled': true, 'aria-describedby': reasonId, onClickCapture: swallow } }
    : { blocked: false, reason: null, reasonId, controlProps: {} }
}

/** The reason of a blocked action (nothing when not blocked). */
export function OnlineOnlyReason({ guard, className = 'd-block small text-secondary mt-1' }: { guard: OnlineOnlyGuard; className?: string }) {
  if (!guard.blocked) return null
  return (
    <small id={guard.reasonId} className={className} data-testid="motivo-non-disponibile">
      {guard.reason}
    </small>
  )
}

export interface OnlineOnlyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** replaces the default reason */
  offlineReason?: string
}

/** A button that needs the server: offline it is aria-disabled with its reason below it. */
export function OnlineOnlyButton({ offlineReason, className = '', ...props }: OnlineOnlyButtonProps) {
  const guard = useOnlineOnly(offlineReason)
  const describedBy = [props['aria-describedby'], guard.controlProps['aria-describedby']].filter(Boolean).join(' ') || undefined
  return (
    <span className="d-inline-flex flex-column align-items-start">
      <button
        type="button"
        {...props}
        {...guard.controlProps}
        aria-describedby={describedBy}
        className={`${className}${guard.blocked ? ' disabled' : ''}`}
      />
      <OnlineOnlyReason guard={guard} />
    </span>
  )
}
