/**
 * Browser side of the profile picture (issue 13): the checks of a chosen file before reading it, and the
 * square crop drawn on a canvas (at most {@link OUTPUT_PX} px a side, JPEG) that is uploaded. The server
 * checks the bytes again by content and re-encodes them (server/media/images.ts).
 */
import type { Area } from 'react-easy-crop'

/** Largest file accepted, bytes (spec 001 §9: 10 MB). */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024
/** Side of the uploaded square, px (the largest avatar is 120 px: 480 leaves room for 4x screens). */
export const OUTPUT_PX = 480

/** Italian message when the file cannot be a picture we take (type or size), else null. */
export function pictureFileError(file: { type: string; size: number; name: string }): string | null {
  if (file.size === 0) return 'Il file scelto è vuoto.'
  if (file.size > MAX_PICTURE_BYTES) return 'L\'immagine supera la dimensione massima di 10 MB.'
  if (file.type && (!file.type.startsWith('image/') || file.type === 'image/svg+xml')) return 'Il file scelto non è un\'immagine: usa una foto JPEG, PNG, WebP, GIF, AVIF o HEIF.'
  return null
}

/** The `area` (pixels of the source image) of `source` (a data: URL) as a square JPEG blob. */
export async function cropToSquare(source: string, area: Area): Promise<Blob> {
  const img = new Image()
  img.src = source
  await img.decode()
  const side = Math.max(1, Math.min(OUTPUT_PX, Math.round(area.width)))
  const canvas = document.createElement('canvas')
  canvas.width = side
  canvas.height = side
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('canvas 2d non disponibile')
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, side, side)
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, side, side)
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/jpeg', 0.9))
}
