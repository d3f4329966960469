/**
 * The check of a chosen cover or attachment in the dialog, before anything is sent (issue 24 points 1
 * and 6; src/lib/community-files.ts, the rule the server applies too): type by the leading bytes, size
 * (a file over 10 MB is refused without being read or encoded), name; and the linear base64 check the
 * upload schema uses on multi-megabyte strings.
 */
import { describe, expect, it } from 'vitest'
import { checkChosenFile } from '../../src/features/community/api'
import { base64DecodedBytes, isBase64, MAX_FILE_BYTES } from '../../src/lib/community-files'

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const file = (parts: BlobPart[], name: string) => new File(parts, name)

describe('a chosen file is checked before it is sent', () => {
  it('refuses an SVG renamed .png, an executable renamed .pdf, an .exe, and names with two dots', async () => {
    expect(await checkChosenFile('cover', file(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'foto.png'))).toBe('Il contenuto del file non corrisponde al formato .png.')
    expect(await checkChosenFile('attachment', file([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], 'guida.pdf'))).toBe('Il contenuto del file non corrisponde al formato .pdf.')
    expect(await checkChosenFile('attachment', file([new Uint8Array([0x4d, 0x5a])], 'setup.exe'))).toMatch(/^Formato non ammesso/)
    expect(await checkChosenFile('cover', file(['%PDF-1.7'], 'guida.pdf'))).toBe('Formato non ammesso. Formati consentiti: jpg, jpeg, png.')
    expect(await checkChosenFile('attachment', file(['%PDF-1.7'], 'guida.v2.pdf'))).toMatch(/un solo punto/)
    expect(await checkChosenFile('attachment', file([], 'vuoto.pdf'))).toBe('Il file è vuoto.')
  })

  it('takes a real PNG and PDF up to 10 MB, refuses 10.1 MB with the limit in the message', async () => {
    expect(await checkChosenFile('cover', file([new Uint8Array([...PNG, 0, 0])], 'foto.png'))).toBeNull()
    const pdf = (size: number) => {
      const b = new Uint8Array(size)
      b.set([0x25, 0x50, 0x44, 0x46, 0x2d])
      return file([b], 'guida.pdf')
    }
    expect(await checkChosenFile('attachment', pdf(Math.round(9.9 * 1024 * 1024)))).toBeNull()
    expect(await checkChosenFile('attachment', pdf(MAX_FILE_BYTES))).toBeNull()
    expect(await checkChosenFile('attachment', pdf(Math.round(10.1 * 1024 * 1024)))).toBe('Il file supera la dimensione massima di 10 MB.')
  })

  it('checks base64 without recursion on a multi-megabyte string, and tells its size from the length', () => {
    const big = Buffer.alloc(Math.round(9.9 * 1024 * 1024), 7).toString('base64')
    expect(isBase64(big)).toBe(true)
    expect(base64DecodedBytes(big)).toBe(Math.round(9.9 * 1024 * 1024))
    expect(base64DecodedBytes(Buffer.from('ab').toString('base64'))).toBe(2)
    for (const bad of ['abc', 'ab=c', 'a===', 'ab c', 'ab\nc', '====', 'ab-_']) expect(isBase64(bad), bad).toBe(false)
    expect(isBase64('')).toBe(true)
    expect(isBase64('YWI=')).toBe(true)
  })
})
