/**
 * 'Entra con SPID' and 'Entra con CIE' buttons drawn after the official SPID and CIE button guidelines
 * (blue #0066cc, white text, the logo as inline SVG at left). Both start the PKCE redirect via `onStart`.
 */
import './login-buttons.css'

/** SPID logo (white disc with the stylised person, as in spid-ico-circle-bb). */
function SpidLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#fff" />
      <circle cx="12" cy="8.3" r="3.4" fill="#0066cc" />
      <path d="M5.6 18.6c.8-3.4 3.3-5.4 6.4-5.4s5.6 2 6.4 5.4c-1.7 1.6-4 2.5-6.4 2.5s-4.7-.9-6.4-2.5z" fill="#0066cc" />
    </svg>
  )
}

/** CIE logo (white identity card with the holder's silhouette and the chip, as in the CIE access button). */
function CieLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="1" y="4" width="22" height="16" rx="2.5" fill="#fff" />
      <circle cx="7.5" cy="10.2" r="2.3" fill="#0066cc" />
      <path d="M3.8 17c.5-2.3 1.9-3.6 3.7-3.6s3.2 1.3 3.7 3.6z" fill="#0066cc" />
      <rect x="13.5" y="8" width="6.5" height="1.6" rx=".8" fill="#0066cc" />
      <rect x="13.5" y="11.2" width="6.5" height="1.6" rx=".8" fill="#0066cc" />
      <rect x="13.5" y="14.4" width="4" height="1.6" rx=".8" fill="#0066cc" />
    </svg>
  )
}

export interface IdentityButtonsProps {
  onStart: (provider: 'spid' | 'cie') => void
  busy: boolean
}

export function IdentityButtons({ onStart, busy }: IdentityButtonsProps) {
  return (
    <div className="pd-idp-buttons">
      <button type="button" className="pd-idp-button" onClick={() => onStart('spid')} disabled={busy} data-testid="login-spid">
        <span className="pd-idp-button__icon">
          <SpidLogo />
        </span>
        <span className="pd-idp-button__text">Entra con SPID</span>
      </button>
      <button type="button" className="pd-idp-button" onClick={() => onStart('cie')} disabled={busy} data-testid="login-cie">
        <span className="pd-idp-button__icon">
          <CieLogo />
        </span>
        <span className="pd-idp-button__text">Entra con CIE</span>
      </button>
    </div>
  )
}
