// @vitest-environment node
/**
 * The S3-compatible storage driver (server/storage/s3.ts) against a local S3-compatible server started
 * here (`moto_server`, Debian package python3-moto, installed by .ci/run): the FileStorage contract
 * (put, get, size, list, delete, size cap keeping the previous object, streamed multipart upload) and
 * the app choosing the driver from `S3_*` for a community attachment. Skipped, saying why, only when
 * the `moto_server` binary is absent on this machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { Readable } from 'node:stream'
import { buffer, text } from 'node:stream/consumers'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { S3Config } from '../../../server/config'
import { createS3Storage } from '../../../server/storage/s3'
import { FileTooLargeError } from '../../../server/storage/index'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { apiCall, createTestServer } from '../helpers'

const MOTO = spawnSync('sh', ['-c', 'command -v moto_server'], { encoding: 'utf8' }).stdout.trim()
if (!MOTO) console.warn('SKIPPED tests/server/storage/s3.test.ts: `moto_server` (Debian package python3-moto) is not installed here; CI installs it')

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => resolve(port))
    })
  })
}

describe.skipIf(!MOTO)('S3 storage driver (moto_server)', () => {
  let proc: ChildProcess
  let config: S3Config
  let client: S3Client

  beforeAll(async () => {
    const port = await freePort()
    proc = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' })
    config = { bucket: 'punto-test', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'test', secretAccessKey: 'test', forcePathStyle: true }
    client = new S3Client({ region: config.region, endpoint: config.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } })
    // wait until the server answers (state, not time: bounded number of attempts)
    for (let attempt = 0; ; attempt++) {
      try {
        await client.send(new CreateBucketCommand({ Bucket: config.bucket }))
        break
      } catch (err) {
        if (attempt > 150) throw err
        await new Promise((r) => setTimeout(r, 200))
      }
    }
  }, 60_000)
  afterAll(() => { proc?.kill() })

  it('stores, measures, streams back, lists and deletes', async () => {
    const files = createS3Storage(config, client)
    expect(files.driver).toBe('s3')
    const stored = await files.put('opendata/2026-11.csv', Readable.from([Buffer.from('a;b\r\n'), Buffer.from('1;2\r\n')]))
    expect(stored).toMatchObject({ key: 'opendata/2026-11.csv', size: 10 })
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(await files.size('opendata/2026-11.csv')).toBe(10)
    expect(await text((await files.get('opendata/2026-11.csv'))!.stream)).toBe('a;b\r\n1;2\r\n')
    await files.put('opendata/2026-10.csv', new TextEncoder().encode('x'))
    await files.put('covers/1.webp', new Uint8Array([1, 2]))
    expect(await files.list('opendata/')).toEqual(['opendata/2026-10.csv', 'opendata/2026-11.csv'])
    await files.delete('opendata/2026-11.csv')
    await files.delete('opendata/never-there.csv')
    expect(await files.get('opendata/2026-11.csv')).toBeNull()
    expect(await files.size('opendata/2026-11.csv')).toBeNull()
    await expect(files.get('../x')).rejects.toBeInstanceOf(TypeError)
  })

  it('refuses a body beyond maxBytes and keeps the previous object', async () => {
    const files = createS3Storage(config, client)
    await files.put('a/b.bin', new Uint8Array([7, 7, 7, 7]))
    const big = Readable.from([Buffer.alloc(6), Buffer.alloc(6)])
    await expect(files.put('a/b.bin', big, { maxBytes: 10 })).rejects.toBeInstanceOf(FileTooLargeError)
    expect([...await buffer((await files.get('a/b.bin'))!.stream)]).toEqual([7, 7, 7, 7])
  })

  it('streams a multipart upload (12 MB in chunks)', async () => {
    const files = createS3Storage(config, client)
    const chunk = Buffer.alloc(1024 * 1024, 0x61)
    const stored = await files.put('big/file.bin', Readable.from(Array.from({ length: 12 }, () => chunk)))
    expect(stored.size).toBe(12 * 1024 * 1024)
    expect(await files.size('big/file.bin')).toBe(12 * 1024 * 1024)
  })

  it('is the app storage when S3_BUCKET is set: a community attachment lands in the bucket', async () => {
    const server = await createTestServer({ env: {
      S3_BUCKET: config.bucket, S3_ENDPOINT: config.endpoint as string, S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'test', S3_SECRET_ACCESS_KEY: 'test', S3_FORCE_PATH_STYLE: 'true',
    } })
    try {
      expect(server.app.storage.driver).toBe('s3')
      const principal = await createPrincipalLoader(server.database.db)('CLMCHR88M48L736C')
      const token = await server.signIdToken('CLMCHR88M48L736C')
      const call = (url: string, body: unknown) => apiCall(server.app, { url, token, role: 'MOD', body })
      const cats = await apiCall(server.app, { method: 'GET', url: '/api/category/retrieve?term_type=document_categories', token, role: 'MOD' })
      const category = (cats.json() as { items: { id: number }[] }).items[0]!.id
      const created = await call('/api/document/item/create', { title: 'Documento su S3', program: 'public', intervention: 'public', category, description: 'Testo' })
      const id = (created.json() as { id: number }).id
      const pdf = Buffer.from('%PDF-1.7\n%%EOF\n')
      const up = await call(`/api/item/${id}/file/upload`, { type: 'attachment', filename: 'doc.pdf', content: pdf.toString('base64') })
      expect(up.statusCode, up.body).toBe(200)
      expect((await server.app.storage.list(`community/items/${id}/`)).length).toBe(1)
      const down = await apiCall(server.app, { method: 'GET', url: `/api/item/${id}/attachment`, token, role: 'MOD' })
      expect(down.statusCode).toBe(200)
      expect(down.rawPayload.equals(pdf)).toBe(true)
      expect(principal).not.toBeNull()
    } finally {
      await server.close()
    }
  })
})
