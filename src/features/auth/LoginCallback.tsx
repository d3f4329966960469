/**
 * Completion of the login (`/auth?code=…` or `/auth/{code}`): runs `completeLogin` once and shows a
 * progress message while the tokens and the user context are fetched; the action navigates itself.
 */
import { useEffect } from 'react'
import { completeLogin } from '../../auth/session'

export interface LoginCallbackProps {
  code: string
  state?: string
}

export function LoginCallback({ code, state }: LoginCallbackProps) {
  useEffect(() => {
    void completeLogin(code, state ?? null)
  }, [code, state])

  return (
    <div className="container-xxl py-5" data-testid="login-callback">
      <h1 className="h3">Accesso in corso</h1>
      <div className="d-flex align-items-center gap-3" role="status" aria-live="polite">
        <div className="progress-spinner progress-spinner-active" aria-hidden="true" />
        <p className="mb-0">Stiamo verificando la tua identità digitale…</p>
      </div>
    </div>
  )
}
