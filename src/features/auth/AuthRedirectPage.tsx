/** `/auth-redirect` fallback view (the route's beforeLoad normally redirects before it renders). */
export function AuthRedirectPage() {
  return (
    <div className="container-xxl py-5" role="status" aria-live="polite">
      <p>Reindirizzamento in corso…</p>
    </div>
  )
}
