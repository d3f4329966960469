/**
 * The rules of community files (spec 001 §5), shared by the dialog (checked before anything is sent)
 * and the server (server/domain/community/files.ts, which checks again): the file-name rule, the listed
 * extensions, the size limit and the content matching the extension by its leading bytes ("magic
 * bytes"), so that e.g. an executable renamed `.pdf` or an SVG renamed `.png` is refused. Executables
 * (`.exe`, listed by the reference) are never accepted: a download service for a whole community must
 * not hand out programs.
 *
 * Cover: jpg, jpeg, png. Attachment: txt, rtf, odt, zip, docx, doc, ppt, pptx, pdf, jpg, png, gif,
 * xls, xlsx, csv, mpg, wmv. Size 1 byte – 10 MB.
 */

/** Largest cover or attachment, in bytes (spec 001 §5: 10 MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024
/** How many leading bytes {@link fileProblem} needs to judge the content. */
export const HEAD_BYTES = 64 * 1024

export const COVER_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const
export const ATTACHMENT_EXTENSIONS = ['txt', 'rtf', 'odt', 'zip', 'docx', 'doc', 'ppt', 'pptx', 'pdf', 'jpg', 'jpeg', 'png', 'gif', 'xls', 'xlsx', 'csv', 'mpg', 'wmv'] as const

export type FileKind = 'cover' | 'attachment'

/** A refused file: the error catalogue's code and the Italian message to show. */
export interface FileProblem { code: 'CO03' | 'CO04' | 'CO05'; message: string }

const starts = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

/** Text files: valid UTF-8 (or Latin-1 without control characters), no NUL byte, not a program. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, HEAD_BYTES)
  if (head.includes(0) || starts(head, [0x4d, 0x5a]) || starts(head, [0x7f, 0x45, 0x4c, 0x46])) return false
  return head.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0c)
}

/** Content test and media type of each extension. */
export const FILE_KINDS: Readonly<Record<string, { test: (b: Uint8Array) => boolean; mime: string }>> = {
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
 * characters; at most 150 characters. Returns the lower-case extension, or the CO03 problem.
 */
export function fileNameProblem(name: string): { ext: string } | FileProblem {
  // eslint-disable-next-line no-control-regex
  const ok = name.length <= 150 && /^[^./\\\u0000-\u001f]+\.[A-Za-z0-9]{1,5}$/.test(name)
  if (!ok) return { code: 'CO03', message: 'Il nome del file non è valido: può contenere un solo punto, quello prima dell\'estensione.' }
  return { ext: (name.split('.').pop() as string).toLowerCase() }
}

/** The allowed extensions of a kind, as the message lists them. */
export const allowedExtensions = (kind: FileKind): readonly string[] => (kind === 'cover' ? COVER_EXTENSIONS : ATTACHMENT_EXTENSIONS)

/**
 * What is wrong with a file for `kind`, or its extension and media type when nothing is: name rule (CO03),
 * listed extension (CO04), size (CO05: empty or over `maxBytes`), content by the leading bytes `head`
 * (CO04; at least the first {@link HEAD_BYTES}, or the whole file when shorter). Pure.
 */
export function fileProblem(kind: FileKind, name: string, size: number, head: Uint8Array, maxBytes = MAX_FILE_BYTES): { ext: string; mime: string } | FileProblem {
  const named = fileNameProblem(name)
  if ('code' in named) return named
  const { ext } = named
  const allowed = allowedExtensions(kind)
  if (!allowed.includes(ext)) return { code: 'CO04', message: `Formato non ammesso. Formati consentiti: ${allowed.join(', ')}.` }
  if (size === 0) return { code: 'CO05', message: 'Il file è vuoto.' }
  if (size > maxBytes) return { code: 'CO05', message: tooLargeMessage(maxBytes) }
  const k = FILE_KINDS[ext]
  if (!k || !k.test(head)) return { code: 'CO04', message: `Il contenuto del file non corrisponde al formato .${ext}.` }
  return { ext, mime: k.mime }
}

/** 'Il file supera la dimensione massima di 10 MB.' for a limit in bytes. */
export function tooLargeMessage(maxBytes = MAX_FILE_BYTES): string {
  return `Il file supera la dimensione massima di ${Math.round(maxBytes / (1024 * 1024))} MB.`
}

/**
 * True when `s` is standard base64 (RFC 4648 §4, padded, no line breaks): a linear scan of the
 * characters, safe on strings of many megabytes (a regular expression with groups overflows the stack there).
 */
export function isBase64(s: string): boolean {
  if (s.length % 4 !== 0) return false
  let padding = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 61 /* = */) {
      padding++
      if (i < s.length - 2) return false
      continue
    }
    if (padding > 0) return false
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47
    if (!ok) return false
  }
  return padding <= 2
}

/** Bytes encoded by a base64 string of this length with this many `=` (no decoding). */
export function base64DecodedBytes(s: string): number {
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0
  return Math.floor((s.length * 3) / 4) - pad
}
