import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterEach, describe, expect, it } from 'vitest'
import { assertKey, createLocalStorage, FileTooLargeError } from '../../../server/storage/index'

const roots: string[] = []
function storage() {
  const root = mkdtempSync(join(tmpdir(), 'pd-storage-'))
  roots.push(root)
  return { root, files: createLocalStorage(join(root, 'files')) }
}
afterEach(() => { for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true }) })

describe('local file storage', () => {
  it('stores, measures, streams back, lists and deletes', async () => {
    const { files, root } = storage()
    const stored = await files.put('opendata/2026-11.csv', Readable.from([Buffer.from('a;b\r\n'), Buffer.from('1;2\r\n')]))
    expect(stored).toMatchObject({ key: 'opendata/2026-11.csv', size: 10 })
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(await files.size('opendata/2026-11.csv')).toBe(10)
    const opened = await files.get('opendata/2026-11.csv')
    expect(await text(opened!.stream)).toBe('a;b\r\n1;2\r\n')
    await files.put('opendata/2026-10.csv', new TextEncoder().encode('x'))
    await files.put('covers/1.webp', new Uint8Array([1, 2]))
    expect(await files.list('opendata/')).toEqual(['opendata/2026-10.csv', 'opendata/2026-11.csv'])
    expect(statSync(join(root, 'files', 'opendata', '2026-11.csv')).mode & 0o077).toBe(0)
    await files.delete('opendata/2026-11.csv')
    await files.delete('opendata/never-there.csv')
    expect(await files.get('opendata/2026-11.csv')).toBeNull()
    expect(await files.size('opendata/2026-11.csv')).toBeNull()
  })

  it('refuses a body beyond maxBytes and keeps what was stored before, with no partial file left', async () => {
    const { files, root } = storage()
    await files.put('a/b.bin', new Uint8Array(4))
    const big = Readable.from([Buffer.alloc(6), Buffer.alloc(6)])
    await expect(files.put('a/b.bin', big, { maxBytes: 10 })).rejects.toBeInstanceOf(FileTooLargeError)
    expect(await files.size('a/b.bin')).toBe(4)
    expect(readdirSync(join(root, 'files', 'a'))).toEqual(['b.bin'])
  })

  it('accepts only server-chosen keys: no traversal, no empty or odd segments', () => {
    for (const bad of ['', '../x', 'a/../b', 'a//b', '/abs', 'a/./b', 'spazio nome.pdf', 'a\\b', 'x'.repeat(513)]) {
      expect(() => assertKey(bad), bad).toThrow(TypeError)
    }
    for (const good of ['a', 'covers/12/cover-1200.webp', 'opendata/2026-11.csv']) expect(() => assertKey(good)).not.toThrow()
  })
})
