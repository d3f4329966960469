/**
 * Checks on community files (spec 001 §5): the rules live in src/lib/community-files.ts, shared with the
 * dialog that checks a file before sending it; here they throw the error catalogue's 400 CO03/CO04/CO05.
 */
import { badRequest } from '../../errors'
import { fileNameProblem, fileProblem, type FileKind } from '../../../src/lib/community-files'

/** The file-name rule (src/lib/community-files.ts): returns the lower-case extension, or throws 400 CO03. */
export function checkFileName(name: string): string {
  const named = fileNameProblem(name)
  if ('code' in named) throw badRequest(named.code, named.message)
  return named.ext
}

/**
 * Checks a file for `kind` (cover or attachment): name rule, listed extension, size, content.
 * Returns the media type to serve it with. Throws 400 CO03/CO04/CO05.
 */
export function checkFile(kind: FileKind, name: string, bytes: Uint8Array, maxBytes: number): { mime: string; ext: string } {
  const checked = fileProblem(kind, name, bytes.length, bytes, maxBytes)
  if ('code' in checked) throw badRequest(checked.code, checked.message)
  return checked
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'file'
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
