/**
 * Image functions of the server (issue 13; reused by the community covers): every image a user uploads
 * is recognised by its CONTENT (never by its name or declared type), decoded, auto-oriented, stripped of
 * its metadata (EXIF, GPS) and re-encoded by sharp, so what the server stores and serves is always an
 * image it produced itself.
 *
 * - {@link inspectImage}: the decoded format and size, or {@link NotAnImageError};
 * - {@link squareAvatars}: the square avatar sizes of spec 001 §9 (120, 67, 58, 39 px) in WebP;
 * - {@link resizeCover}: a cover cropped to fill `width`×`height` (default 1200×650, spec 001 §9) in WebP.
 */
import sharp, { type Metadata } from 'sharp'

/** Input formats accepted (sharp's names of the decoded format). SVG is refused: it is a document. */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'] as const

/** Largest decoded image accepted, in pixels (about 40 megapixels: a phone photo, not a bomb). */
export const MAX_INPUT_PIXELS = 40_000_000

/** Avatar sizes in px (spec 000 §2.7, spec 001 §9): preview, big, medium, small. */
export const AVATAR_SIZES = [120, 67, 58, 39] as const
export type AvatarSize = (typeof AVATAR_SIZES)[number]

/** The bytes are not an image of an accepted format (or cannot be decoded). */
export class NotAnImageError extends Error {
  constructor(message = 'not an image') {
    super(message)
    this.name = 'NotAnImageError'
  }
}

export interface ImageInfo { format: (typeof ACCEPTED_FORMATS)[number]; width: number; height: number }

const open = (input: Uint8Array) => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })

/** Decodes the header and checks the format; throws NotAnImageError for anything else. */
export async function inspectImage(input: Uint8Array): Promise<ImageInfo> {
  let meta: Metadata
  try {
    meta = await open(input).metadata()
  } catch {
    throw new NotAnImageError()
  }
  const format = meta.format as ImageInfo['format']
  if (!(ACCEPTED_FORMATS as readonly string[]).includes(format) || !meta.width || !meta.height) throw new NotAnImageError(`format ${String(meta.format)}`)
  return { format, width: meta.width, height: meta.height }
}

/** Fully decodes and re-encodes; a truncated or corrupt file throws NotAnImageError. */
async function encode(input: Uint8Array, width: number, height: number, quality: number): Promise<Buffer> {
  await inspectImage(input)
  try {
    return await open(input).autoOrient().resize(width, height, { fit: 'cover', position: 'attention' }).webp({ quality }).toBuffer()
  } catch {
    throw new NotAnImageError('decode failed')
  }
}

/** The square avatars of every {@link AVATAR_SIZES} size, WebP, centre-cropped when not square. */
export async function squareAvatars(input: Uint8Array): Promise<Record<AvatarSize, Buffer>> {
  const out = {} as Record<AvatarSize, Buffer>
  for (const size of AVATAR_SIZES) out[size] = await encode(input, size, size, 82)
  return out
}

/** A cover filling `width`×`height` px (cropped, never stretched), WebP. Default 1200×650 (spec 001 §9). */
export async function resizeCover(input: Uint8Array, size: { width: number; height: number } = { width: 1200, height: 650 }): Promise<Buffer> {
  return encode(input, size.width, size.height, 80)
}

/** Encodings of a cover kept by the server: modern formats first, JPEG for older browsers. */
export const COVER_FORMATS = ['avif', 'webp', 'jpeg'] as const
export type CoverFormat = (typeof COVER_FORMATS)[number]

/**
 * The cover of spec 001 §9 in every {@link COVER_FORMATS} encoding, each `width`×`height` px (default
 * 1200×650, cropped, never stretched), encoded from the one resized image. Throws NotAnImageError.
 */
export async function coverVariants(input: Uint8Array, size: { width: number; height: number } = { width: 1200, height: 650 }): Promise<Record<CoverFormat, Buffer>> {
  const webp = await resizeCover(input, size)
  await inspectImage(input)
  let raw: Buffer
  try {
    raw = await open(input).autoOrient().resize(size.width, size.height, { fit: 'cover', position: 'attention' }).png({ compressionLevel: 0 }).toBuffer()
    const base = () => sharp(raw)
    return { webp, avif: await base().avif({ quality: 55, effort: 2 }).toBuffer(), jpeg: await base().jpeg({ quality: 80, mozjpeg: true }).toBuffer() }
  } catch {
    throw new NotAnImageError('decode failed')
  }
}
