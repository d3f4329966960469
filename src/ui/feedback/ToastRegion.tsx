/**
 * Renders the toast store (spec 000 §3 "Toast", §9 durations): a polite live region at the bottom
 * right; each toast auto-dismisses after its duration and every one can be closed at once (WCAG 2.2.1:
 * content that goes away by itself, and may cover the page meanwhile, must be dismissable).
 */
import { useEffect } from 'react'
import { dismissToast, type Toast, type ToastStatus, useToasts } from '../stores/toasts'

const ALERT_CLASS: Record<ToastStatus, string> = {
  info: 'alert-info',
  success: 'alert-success',
  warning: 'alert-warning',
  error: 'alert-danger',
}

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    if (toast.duration <= 0) return
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration)
    return () => clearTimeout(timer)
  }, [toast.id, toast.duration])

  return (
    <div className={`alert ${ALERT_CLASS[toast.status]} bg-white shadow mb-2 pd-toast`} data-testid="toast" data-status={toast.status}>
      <div className="d-flex align-items-start gap-2">
        <div className="flex-grow-1">
          {toast.title && <p className="fw-bold mb-1">{toast.title}</p>}
          <p className="mb-0">{toast.message}</p>
        </div>
        <button type="button" className="btn-close" aria-label="Chiudi notifica" onClick={() => dismissToast(toast.id)} />
      </div>
    </div>
  )
}

export function ToastRegion() {
  const toasts = useToasts()
  return (
    <div className="pd-toast-region" aria-live="polite" aria-relevant="additions" data-testid="toast-region">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  )
}
