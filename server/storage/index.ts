/**
 * One storage interface for every file the server keeps (ARCHITECTURE.md "Files": community covers and
 * attachments, mass-upload inputs and reports, open-data files, profile pictures). The database holds
 * the metadata (name shown, media type, size, owner); the storage holds the bytes under a key.
 *
 * Drivers: local disk under `DATA_DIR/files` (default, {@link createLocalStorage}); an S3-compatible
 * driver when `S3_*` is configured (community issue). Callers use only this interface.
 *
 * Keys are `/`-separated segments of `[A-Za-z0-9._-]` (no empty, `.` or `..` segment), at most 512
 * characters, chosen by the server (never a user's file name): {@link assertKey} throws otherwise.
 */
import type { Readable } from 'node:stream'

/** What {@link FileStorage.put} stored. `size` in bytes; `sha256` hex of the bytes. */
export interface StoredFile { key: string; size: number; sha256: string }

/** A stored file opened for reading: a stream of its bytes and its size in bytes. */
export interface OpenedFile { stream: Readable; size: number }

/** Thrown by {@link FileStorage.put} when the body exceeds `maxBytes`; nothing is left stored. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`)
    this.name = 'FileTooLargeError'
  }
}

export interface FileStorage {
  /** driver name, for logs and readiness (`local`, `s3`) */
  readonly driver: string
  /**
   * Stores `body` under `key`, replacing what was there only once the whole body has arrived (a failed
   * or oversized upload leaves the previous content, or nothing). Throws FileTooLargeError beyond
   * `maxBytes` (when given).
   */
  put(key: string, body: Readable | Uint8Array, opts?: { maxBytes?: number }): Promise<StoredFile>
  /** Opens `key` for streaming; null when absent. */
  get(key: string): Promise<OpenedFile | null>
  /** Size in bytes of `key`; null when absent. */
  size(key: string): Promise<number | null>
  /** Removes `key`; absent keys are not an error. */
  delete(key: string): Promise<void>
  /** Keys starting with `prefix` (a folder-like prefix ending with `/`, or '' for all), sorted. */
  list(prefix: string): Promise<string[]>
}

const SEGMENT = /^[A-Za-z0-9._-]+$/

/** Throws TypeError unless `key` is a storage key as the module docstring says. */
export function assertKey(key: string): void {
  const segments = key.split('/')
  const ok = key.length > 0 && key.length <= 512 &&
    segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')
  if (!ok) throw new TypeError(`invalid storage key: ${JSON.stringify(key)}`)
}

export { createLocalStorage } from './local'
