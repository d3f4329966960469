/**
 * S3-compatible driver of the file storage (server/storage/index.ts), used when `S3_BUCKET` is set
 * (server/config.ts): AWS SDK v3, uploads streamed with `@aws-sdk/lib-storage` (multipart beyond 5 MB),
 * so a put replaces the object only once the whole body has arrived (an aborted multipart upload
 * leaves the previous object untouched). The size cap is enforced while streaming: beyond `maxBytes`
 * the upload is aborted and FileTooLargeError thrown. Keys are the storage keys, unchanged.
 */
import { createHash } from 'node:crypto'
import { Readable, Transform } from 'node:stream'
import {
  DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NoSuchKey, NotFound, S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { S3Config } from '../config'
import { assertKey, FileTooLargeError, type FileStorage, type OpenedFile, type StoredFile } from './index'

/** True for the SDK's "no such object" failures (404 of HEAD/GET). */
function isMissing(err: unknown): boolean {
  if (err instanceof NoSuchKey || err instanceof NotFound) return true
  const status = (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
  return status === 404
}

/** A FileStorage on the bucket of `config`; `client` may be passed (tests). */
export function createS3Storage(config: S3Config, client?: S3Client): FileStorage {
  const s3 = client ?? new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  })
  const Bucket = config.bucket

  async function put(key: string, body: Readable | Uint8Array, opts: { maxBytes?: number } = {}): Promise<StoredFile> {
    assertKey(key)
    const hash = createHash('sha256')
    let size = 0
    let tooLarge = false
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length
        if (opts.maxBytes !== undefined && size > opts.maxBytes) {
          tooLarge = true
          return done(new FileTooLargeError(opts.maxBytes))
        }
        hash.update(chunk)
        done(null, chunk)
      },
    })
    const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)])
    source.on('error', (err) => meter.destroy(err))
    source.pipe(meter)
    const upload = new Upload({ client: s3, params: { Bucket, Key: key, Body: meter }, leavePartsOnError: false })
    try {
      await upload.done()
    } catch (err) {
      if (tooLarge) throw new FileTooLargeError(opts.maxBytes as number)
      throw err
    }
    return { key, size, sha256: hash.digest('hex') }
  }

  async function size(key: string): Promise<number | null> {
    assertKey(key)
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket, Key: key }))
      return head.ContentLength ?? 0
    } catch (err) {
      if (isMissing(err)) return null
      throw err
    }
  }

  async function get(key: string): Promise<OpenedFile | null> {
    assertKey(key)
    try {
      const out = await s3.send(new GetObjectCommand({ Bucket, Key: key }))
      if (!(out.Body instanceof Readable)) throw new Error('S3 body is not a Node stream')
      return { stream: out.Body, size: out.ContentLength ?? 0 }
    } catch (err) {
      if (isMissing(err)) return null
      throw err
    }
  }

  async function list(prefix: string): Promise<string[]> {
    const keys: string[] = []
    let token: string | undefined
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }))
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key)
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys.sort()
  }

  return {
    driver: 's3',
    put,
    get,
    size,
    delete: async (key) => {
      assertKey(key)
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    list,
  }
}
