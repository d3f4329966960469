/**
 * The QR code of a text as an inline SVG (qr.ts: the qrcode library loaded on first use), with an
 * accessible name; while it is computed, or if the text does not fit, a short Italian note instead.
 */
import { useEffect, useState } from 'react'
import { qrSvg, type QrSvg } from './qr'

export interface QrCodeProps {
  text: string
  /** accessible name of the image */
  label: string
  /** CSS pixels of the drawn side */
  size?: number
  testId?: string
}

export function QrCode({ text, label, size = 220, testId }: QrCodeProps) {
  const [qr, setQr] = useState<QrSvg | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let active = true
    setQr(null)
    setFailed(false)
    qrSvg(text).then(
      (q) => active && setQr(q),
      () => active && setFailed(true),
    )
    return () => {
      active = false
    }
  }, [text])
  if (!qr) {
    return <p className="small text-muted mb-0">{failed ? 'Non è stato possibile creare il codice QR: usa il link.' : 'Creazione del codice QR…'}</p>
  }
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-testid={testId}
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  )
}
