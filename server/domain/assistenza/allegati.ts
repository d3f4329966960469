/**
 * The attachments of an assistance request (spec 002 §5; platform-backend §12): `fileData` is the base64
 * of gzip(JSON `[{name, data: base64}]`). Decoded with caps (compressed text ≤ the body limit, inflated
 * JSON ≤ 15 MB: no zip bomb), then each file checked: name, listed extension, content matching the
 * extension by its first bytes (src/lib/assistenza.ts), and 10 MB for all of them together.
 * Errors: ApiError 400 G02 (or 413 G02 beyond 10 MB) with an Italian message naming the file.
 */
import { gunzipSync } from 'node:zlib'
import { estensioneDi, MAX_ALLEGATI, MAX_ALLEGATI_BYTES, MEDIA_TYPE, MESSAGGIO_TROPPO_GRANDI, motivoRifiutoAllegato, type Estensione } from '../../../src/lib/assistenza'
import { ApiError, badRequest } from '../../errors'

/** A checked attachment. */
export interface Allegato { nome: string; tipo: string; bytes: Buffer }

/** Largest inflated JSON accepted (10 MB in base64 plus the names). */
const MAX_JSON = 15 * 1024 * 1024
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

const illeggibile = () => badRequest('G02', 'Gli allegati non sono leggibili: allegali di nuovo.')
const troppoGrandi = () => new ApiError(413, 'G02', MESSAGGIO_TROPPO_GRANDI)

/** Decodes and checks `fileData`; [] when empty. */
export function decodificaAllegati(fileData: string | null | undefined): Allegato[] {
  if (!fileData) return []
  if (!BASE64.test(fileData)) throw illeggibile()
  let json: string
  try {
    json = gunzipSync(Buffer.from(fileData, 'base64'), { maxOutputLength: MAX_JSON }).toString('utf8')
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw troppoGrandi()
    throw illeggibile()
  }
  let list: unknown
  try { list = JSON.parse(json) } catch { throw illeggibile() }
  if (!Array.isArray(list)) throw illeggibile()
  if (list.length > MAX_ALLEGATI) throw badRequest('G02', `Puoi allegare al massimo ${MAX_ALLEGATI} file.`)
  let totale = 0
  return list.map((item: unknown) => {
    const { name, data } = (item ?? {}) as { name?: unknown; data?: unknown }
    if (typeof name !== 'string' || typeof data !== 'string' || !BASE64.test(data)) throw illeggibile()
    const nome = [...name].map((c) => (c < ' ' || c === '/' || c === '\\' ? '_' : c)).join('').trim().slice(0, 200)
    if (!nome) throw illeggibile()
    const bytes = Buffer.from(data, 'base64')
    totale += bytes.length
    if (totale > MAX_ALLEGATI_BYTES) throw troppoGrandi()
    const motivo = motivoRifiutoAllegato(nome, bytes)
    if (motivo) throw badRequest('G02', motivo)
    return { nome, tipo: MEDIA_TYPE[estensioneDi(nome) as Estensione], bytes }
  })
}
