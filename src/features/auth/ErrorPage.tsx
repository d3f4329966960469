/**
 * Error page `/errore` and `/errore/{code}` (spec 000 §2.1, §4, §8): title and description from the
 * error catalogue ('SI È VERIFICATO UN ERRORE' for unknown codes), a visible countdown and the automatic
 * logout after 55 s, buttons 'Torna alla home' and 'Esci'.
 */
import { useEffect, useRef, useState } from 'react'
import { describeError, UNKNOWN_ERROR, type ErrorDescription } from '../../api/errors-catalogue'
import { logout } from '../../auth/session'
import { navigateTo } from '../../auth/navigation'

/** Seconds before the error page logs out by itself (spec 000 §9). */
export const ERROR_PAGE_LOGOUT_S = 55

export function ErrorPage({ code }: { code?: string }) {
  const [info, setInfo] = useState<ErrorDescription | null>(code ? null : UNKNOWN_ERROR)
  const [remaining, setRemaining] = useState(ERROR_PAGE_LOGOUT_S)
  const firedRef = useRef(false)

  useEffect(() => {
    let alive = true
    void describeError(code).then((d) => {
      if (alive) setInfo(d)
    })
    return () => {
      alive = false
    }
  }, [code])

  useEffect(() => {
    const deadline = Date.now() + ERROR_PAGE_LOGOUT_S * 1000
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setRemaining(left)
      if (left === 0 && !firedRef.current) {
        firedRef.current = true
        window.clearInterval(timer)
        void logout()
      }
    }, 1000)
    return () => window.clearInterval(timer)
  }, [])

  const d = info ?? UNKNOWN_ERROR
  return (
    <div className="container-xxl py-5" data-testid="error-page">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-8">
          <h1 className="mb-3">{info ? d.titolo : 'Errore'}</h1>
          {info && (
            <p className="lead" data-testid="error-description">
              {d.descrizione}
              {d.known && code ? ` (errore ${code})` : ''}
            </p>
          )}
          <p>
            Per sicurezza verrai disconnesso automaticamente tra{' '}
            <strong role="timer" aria-live="off" data-testid="error-countdown">
              {remaining}
            </strong>{' '}
            {remaining === 1 ? 'secondo' : 'secondi'}.
          </p>
          <div className="d-flex flex-wrap gap-3 mt-4">
            <button type="button" className="btn btn-primary" onClick={() => navigateTo('/')}>
              Torna alla home
            </button>
            <button type="button" className="btn btn-outline-primary" onClick={() => void logout()}>
              Esci
            </button>
          </div>
        </div>
      </div>
    </div>
  )
}
