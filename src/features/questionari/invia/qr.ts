/**
 * QR code of the survey link, drawn as an inline SVG path (no HTML injection, no canvas): the `qrcode`
 * library (loaded on first use, so it never weighs on other pages) computes the module matrix; this
 * module turns it into one `<path d>` with a quiet zone. Error correction 'M' (15%).
 */
import type * as QRCodeLib from 'qrcode'

export interface QrSvg {
  /** side of the viewBox in modules, quiet zone included */
  size: number
  /** SVG path of the dark modules, one unit per module */
  path: string
}

/** Quiet zone around the symbol, in modules (the standard asks for 4). */
export const QR_MARGIN = 4

let lib: Promise<typeof QRCodeLib> | null = null

function loadLib(): Promise<typeof QRCodeLib> {
  // the package is CommonJS: depending on the bundler's interop the API is the namespace or its default
  lib ??= import('qrcode').then((m) => ((m as unknown as { default?: typeof QRCodeLib }).default ?? m) as typeof QRCodeLib)
  return lib
}

/** Path of the dark modules of a `size`×`size` matrix read by `dark(row, col)`, shifted by `margin`. */
export function matrixToPath(size: number, dark: (row: number, col: number) => boolean, margin = QR_MARGIN): string {
  const parts: string[] = []
  for (let r = 0; r < size; r++) {
    let c = 0
    while (c < size) {
      if (!dark(r, c)) {
        c++
        continue
      }
      // one horizontal run of dark modules as one rectangle
      let end = c
      while (end + 1 < size && dark(r, end + 1)) end++
      parts.push(`M${c + margin} ${r + margin}h${end - c + 1}v1h-${end - c + 1}z`)
      c = end + 1
    }
  }
  return parts.join('')
}

/** The QR code of `text` as an SVG path. Rejects when the text does not fit in a QR code. */
export async function qrSvg(text: string): Promise<QrSvg> {
  const QRCode = await loadLib()
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const { size } = code.modules
  return { size: size + 2 * QR_MARGIN, path: matrixToPath(size, (r, c) => !!code.modules.get(r, c)) }
}
