/**
 * `DATA_DIR` holds the database files, the identity provider's private signing keys and the secrets
 * that key citizens' identifiers: no other local user may read it. It is created with mode 700 and its
 * files with mode 600; at start {@link tightenDataDir} takes group and other permissions away from an
 * existing folder (made by an older version, or by hand) and from the secret files in it.
 */
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Files of `DATA_DIR` that hold secrets. */
export const SECRET_FILES = ['secrets.json', 'oidc-jwks.json'] as const

/** Creates `dir` (and missing parents) with mode 700; an existing folder is left as it is. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/**
 * Removes group and other permissions from `dataDir`, its `pglite` folder and its secret files, when
 * they exist. Never throws: returns a warning for the operator per path it changed, and per path it
 * could not change (e.g. a folder owned by another user).
 */
export function tightenDataDir(dataDir: string): string[] {
  const warnings: string[] = []
  const fix = (path: string, mode: number) => {
    if (!existsSync(path)) return
    try {
      const current = statSync(path).mode & 0o777
      if ((current & 0o077) === 0) return
      chmodSync(path, mode)
      warnings.push(`${path} was readable by other local users (mode ${current.toString(8)}): changed to ${mode.toString(8)}`)
    } catch (err) {
      warnings.push(`${path} may be readable by other local users and its mode could not be changed to ${mode.toString(8)}: ${(err as Error).message}`)
    }
  }
  fix(dataDir, PRIVATE_DIR_MODE)
  fix(join(dataDir, 'pglite'), PRIVATE_DIR_MODE)
  for (const file of SECRET_FILES) fix(join(dataDir, file), PRIVATE_FILE_MODE)
  return warnings
}
