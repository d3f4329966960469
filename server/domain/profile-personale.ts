/**
 * 'Il mio profilo' (spec 000 §2.2 `/area-personale`, §3 user, §5 formats; issue 13): the user's own data
 * and profile picture.
 * - {@link aggiornaProfilo}: nome, cognome, email, telefono + prefix; the fiscal code never changes; a
 *   compare-and-set on the user's `versione` (issue 27, carried by the context). Errors: 400 G02 (format, with the
 *   field's Italian message), 409 U21 (e-mail of another user), 409 V01 (changed meanwhile; `corrente` = the context).
 *   The picture is not part of the versioned data (its own upload and delete, no form to conflict with).
 * - {@link salvaImmagineProfilo}: the picture checked by content and re-encoded (server/media/images.ts)
 *   into the avatar sizes, stored through `app.storage` under `avatar/{idUtente}/{versione}/{size}.webp`;
 *   the database keeps only its URL (`utente.immagine_profilo`). Errors: 400 U22 (not an image).
 *   A new version gets a new random URL, so the served files are immutable and cacheable.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { Contesto } from '../../src/api/contract/contesto'
import type { AggiornaProfilo } from '../../src/api/contract/profilo'
import { phoneError } from '../../src/lib/phone'
import type { Database, Executor } from '../db/types'
import { utente } from '../db/schema'
import { ApiError, badRequest, conflict, notFound } from '../errors'
import { AVATAR_SIZES, NotAnImageError, squareAvatars, type AvatarSize } from '../media/images'
import type { FileStorage, OpenedFile } from '../storage/index'
import { toContesto } from './contesto'
import { principalOfUser } from './principal'
import { casUpdate, type VersioneRichiesta } from './versioni'

/** Largest picture accepted, in bytes (spec 001 §9: files 10 MB). */
export const MAX_IMMAGINE_BYTES = 10 * 1024 * 1024

/** Public path prefix of the pictures; the URL stored is `${prefix}/{idUtente}/{versione}`. */
export const IMMAGINE_URL_PREFIX = '/api/utente/download/immagineProfilo'

const VERSION = /^[a-f0-9]{24}$/

async function contestoOf(db: Executor, idUtente: number): Promise<Contesto> {
  const [user] = await db.select().from(utente).where(eq(utente.id, idUtente))
  if (!user) throw notFound('U11')
  return toContesto(user, await principalOfUser(db, user))
}

/** Updates the caller's data still at version `base` (409 V01 otherwise); returns the new context (with the new `versione`). */
export async function aggiornaProfilo(db: Database, idUtente: number, body: AggiornaProfilo, base: VersioneRichiesta): Promise<Contesto> {
  const phone = phoneError(body.prefissoTelefono, body.telefono)
  if (phone) throw badRequest('G02', phone)
  const email = body.email.trim()
  await db.transaction(async (tx) => {
    const [other] = await tx.select({ id: utente.id }).from(utente).where(and(eq(utente.email, email), ne(utente.id, idUtente)))
    if (other) throw conflict('U21')
    await casUpdate(tx, utente, eq(utente.id, idUtente), base, {
      nome: body.nome.trim(), cognome: body.cognome.trim(), email, telefono: body.telefono.trim(),
      prefissoTelefono: body.prefissoTelefono, dataOraAggiornamento: new Date(),
    }, { corrente: () => contestoOf(tx, idUtente), assente: () => notFound('U11') })
  })
  return contestoOf(db, idUtente)
}

const keyOf = (idUtente: number, versione: string, size: AvatarSize) => `avatar/${idUtente}/${versione}/${size}.webp`

/** Removes every stored version of the user's picture except `keep`. */
async function removeVersions(storage: FileStorage, idUtente: number, keep?: string): Promise<void> {
  for (const key of await storage.list(`avatar/${idUtente}/`)) {
    if (keep && key.startsWith(`avatar/${idUtente}/${keep}/`)) continue
    await storage.delete(key)
  }
}

/** Stores a new picture (raw bytes as uploaded) and returns the new context. */
export async function salvaImmagineProfilo(db: Database, storage: FileStorage, idUtente: number, bytes: Uint8Array): Promise<Contesto> {
  if (bytes.byteLength > MAX_IMMAGINE_BYTES) throw new ApiError(413, 'G02', 'L\'immagine supera la dimensione massima di 10 MB.')
  let avatars: Awaited<ReturnType<typeof squareAvatars>>
  try {
    avatars = await squareAvatars(bytes)
  } catch (err) {
    if (err instanceof NotAnImageError) throw badRequest('U22', 'Il file caricato non è un\'immagine valida: usa una foto JPEG, PNG, WebP, GIF, AVIF o HEIF.')
    throw err
  }
  const versione = randomBytes(12).toString('hex')
  for (const size of AVATAR_SIZES) await storage.put(keyOf(idUtente, versione, size), avatars[size])
  await db.update(utente).set({ immagineProfilo: `${IMMAGINE_URL_PREFIX}/${idUtente}/${versione}`, dataOraAggiornamento: new Date() })
    .where(eq(utente.id, idUtente))
  await removeVersions(storage, idUtente, versione)
  return contestoOf(db, idUtente)
}

/** Removes the picture (initials are shown again) and returns the new context. */
export async function eliminaImmagineProfilo(db: Database, storage: FileStorage, idUtente: number): Promise<Contesto> {
  await db.update(utente).set({ immagineProfilo: null, dataOraAggiornamento: new Date() }).where(eq(utente.id, idUtente))
  await removeVersions(storage, idUtente)
  return contestoOf(db, idUtente)
}

/** Opens one stored avatar; null when the version or size does not exist. */
export async function apriImmagineProfilo(storage: FileStorage, idUtente: number, versione: string, size: number): Promise<OpenedFile | null> {
  if (!VERSION.test(versione) || !(AVATAR_SIZES as readonly number[]).includes(size)) return null
  return storage.get(keyOf(idUtente, versione, size as AvatarSize))
}
