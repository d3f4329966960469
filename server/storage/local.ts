/**
 * Local-disk driver of the file storage (server/storage/index.ts): files under `root` (by default
 * `DATA_DIR/files`), folders mode 700 and files mode 600 like the rest of `DATA_DIR`. A put writes to a
 * temporary file beside the target and renames it into place, so readers never see half a file.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir'
import { assertKey, FileTooLargeError, type FileStorage, type OpenedFile, type StoredFile } from './index'

/** A FileStorage keeping its files under `root` (created on first write). */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertKey(key)
    return join(root, ...key.split('/'))
  }

  async function put(key: string, body: Readable | Uint8Array, opts: { maxBytes?: number } = {}): Promise<StoredFile> {
    const target = pathOf(key)
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE })
    const temp = `${target}.${randomUUID()}.part`
    const hash = createHash('sha256')
    let size = 0
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length
        if (opts.maxBytes !== undefined && size > opts.maxBytes) return done(new FileTooLargeError(opts.maxBytes))
        hash.update(chunk)
        done(null, chunk)
      },
    })
    const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)])
    try {
      await pipeline(source, meter, createWriteStream(temp, { mode: PRIVATE_FILE_MODE }))
      await rename(temp, target)
    } catch (err) {
      await rm(temp, { force: true })
      throw err
    }
    return { key, size, sha256: hash.digest('hex') }
  }

  async function size(key: string): Promise<number | null> {
    try {
      const s = await stat(pathOf(key))
      return s.isFile() ? s.size : null
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
  }

  async function get(key: string): Promise<OpenedFile | null> {
    const bytes = await size(key)
    if (bytes === null) return null
    return { stream: createReadStream(pathOf(key)), size: bytes }
  }

  async function list(prefix: string): Promise<string[]> {
    const found: string[] = []
    const walk = async (dir: string): Promise<void> => {
      let entries
      try {
        entries = await readdir(dir, { withFileTypes: true })
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
        throw err
      }
      for (const e of entries) {
        const full = join(dir, e.name)
        if (e.isDirectory()) await walk(full)
        else if (e.isFile() && !e.name.endsWith('.part')) found.push(relative(root, full).split(sep).join('/'))
      }
    }
    await walk(root)
    return found.filter((k) => k.startsWith(prefix)).sort()
  }

  return {
    driver: 'local',
    put,
    get,
    size,
    delete: async (key) => { await rm(pathOf(key), { force: true }) },
    list,
  }
}
