/**
 * Checks on community files (spec 001 §5): the file-name rule, the listed extensions, and the content
 * matching the extension by its leading bytes ("magic bytes"), so that e.g. an executable renamed
 * `.pdf` is refused. Executables (`.exe`, listed by the reference) are never accepted: a download
 * service for a whole community must not hand out programs.
 *
 * Cover: jpg, jpeg, png. Attachment: txt, rtf, odt, zip, docx, doc, ppt, pptx, pdf, jpg, png, gif,
 * xls, xlsx, csv, mpg, wmv. Size ≤ 10 MB (LIMITS.fileBytes).
 */
import { badRequest } from '../../errors'

export const COVER_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const
export const ATTACHMENT_EXTENSIONS = ['txt', 'rtf', 'odt', 'zip', 'docx', 'doc', 'ppt', 'pptx', 'pdf', 'jpg', 'jpeg', 'png', 'gif', 'xls', 'xlsx', 'csv', 'mpg', 'wmv'] as const

const starts = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

/** Text files: valid UTF-8 (or Latin-1 without control characters), no NUL byte, not a program. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 64 * 1024)
  if (head.includes(0) || starts(head, [0x4d, 0x5a]) || starts(head, [0x7f, 0x45, 0x4c, 0x46])) return false
  return head.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0c)
}

/** Content test and media type of each extension. */
const KINDS: Record<string, { test: (b: Uint8Array) => boolean; mime: string }> = {
  pdf: { test: (b) => starts(b, [0x25, 0x50, 0x44, 0x46, 0x2d]), mime: 'application/pdf' },
  png: { test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), mime: 'image/png' },
  jpg: { test: (b) => starts(b, [0xff, 0xd8, 0xff]), mime: 'image/jpeg' },
  jpeg: { test: (b) => starts(b, [0xff, 0xd8, 0xff]), mime: 'image/jpeg' },
  gif: { test: (b) => starts(b, [0x47, 0x49, 0x46, 0x38]), mime: 'image/gif' },
  zip: { test: (b) => starts(b, ZIP), mime: 'application/zip' },
  docx: { test: (b) => starts(b, ZIP), mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { test: (b) => starts(b, ZIP), mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { test: (b) => starts(b, ZIP), mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  odt: { test: (b) => starts(b, ZIP), mime: 'application/vnd.oasis.opendocument.text' },
  doc: { test: (b) => starts(b, OLE), mime: 'application/msword' },
  xls: { test: (b) => starts(b, OLE), mime: 'application/vnd.ms-excel' },
  ppt: { test: (b) => starts(b, OLE), mime: 'application/vnd.ms-powerpoint' },
  rtf: { test: (b) => starts(b, [0x7b, 0x5c, 0x72, 0x74, 0x66]), mime: 'application/rtf' },
  txt: { test: looksLikeText, mime: 'text/plain; charset=utf-8' },
  csv: { test: looksLikeText, mime: 'text/csv; charset=utf-8' },
  mpg: { test: (b) => starts(b, [0x00, 0x00, 0x01, 0xba]) || starts(b, [0x00, 0x00, 0x01, 0xb3]), mime: 'video/mpeg' },
  wmv: { test: (b) => starts(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]), mime: 'video/x-ms-wmv' },
}

/**
 * The file-name rule: one dot only, the one before the extension; no path separators or control
 * characters; at most 150 characters. Returns the lower-case extension, or throws 400 CO03.
 */
export function checkFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const ok = name.length <= 150 && /^[^./\\\u0000-\u001f]+\.[A-Za-z0-9]{1,5}$/.test(name)
  if (!ok) throw badRequest('CO03', 'Il nome del file non è valido: può contenere un solo punto, quello prima dell\'estensione.')
  return (name.split('.').pop() as string).toLowerCase()
}

/**
 * Checks a file for `kind` (cover or attachment): name rule, listed extension, size, content.
 * Returns the media type to serve it with. Throws 400 CO03/CO04/CO05.
 */
export function checkFile(kind: 'cover' | 'attachment', name: string, bytes: Uint8Array, maxBytes: number): { mime: string; ext: string } {
  const ext = checkFileName(name)
  const allowed: readonly string[] = kind === 'cover' ? COVER_EXTENSIONS : ATTACHMENT_EXTENSIONS
  if (!allowed.includes(ext)) {
    throw badRequest('CO04', `Formato non ammesso. Formati consentiti: ${allowed.join(', ')}.`)
  }
  if (bytes.length === 0) throw badRequest('CO05', 'Il file è vuoto.')
  if (bytes.length > maxBytes) throw badRequest('CO05', 'Il file supera la dimensione massima di 10 MB.')
  const k = KINDS[ext]
  if (!k || !k.test(bytes)) throw badRequest('CO04', `Il contenuto del file non corrisponde al formato .${ext}.`)
  return { mime: k.mime, ext }
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'file'
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
