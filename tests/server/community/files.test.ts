// @vitest-environment node
/** File checks of the community (server/domain/community/files.ts): name rule, listed types, content by magic bytes. */
import { describe, expect, it } from 'vitest'
import { attachmentDisposition, checkFile, checkFileName } from '../../../server/domain/community/files'

const MB10 = 10 * 1024 * 1024
const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0x20)])

describe('community files', () => {
  it('accepts one dot only, before the extension', () => {
    expect(checkFileName('Guida.PDF')).toBe('pdf')
    for (const bad of ['guida.v2.pdf', 'guida', '.pdf', '../x.pdf', 'a/b.pdf', 'a\\b.pdf', 'x.toolongext']) {
      expect(() => checkFileName(bad), bad).toThrowError(expect.objectContaining({ errorCode: 'CO03' }))
    }
  })

  it('checks the content against the extension', () => {
    expect(checkFile('attachment', 'a.pdf', bytes(0x25, 0x50, 0x44, 0x46, 0x2d), MB10).mime).toBe('application/pdf')
    expect(checkFile('attachment', 'a.docx', bytes(0x50, 0x4b, 0x03, 0x04), MB10).ext).toBe('docx')
    expect(checkFile('attachment', 'a.doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), MB10).ext).toBe('doc')
    expect(checkFile('attachment', 'a.csv', new TextEncoder().encode('a;b\r\n1;è\r\n'), MB10).ext).toBe('csv')
    expect(checkFile('cover', 'c.png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), MB10).mime).toBe('image/png')
    // an executable renamed .pdf, or .txt; a real .exe; a PDF as a cover; a binary as text
    const exe = bytes(0x4d, 0x5a, 0x90, 0x00)
    expect(() => checkFile('attachment', 'a.pdf', exe, MB10)).toThrowError(expect.objectContaining({ errorCode: 'CO04' }))
    expect(() => checkFile('attachment', 'a.txt', exe, MB10)).toThrowError(expect.objectContaining({ errorCode: 'CO04' }))
    expect(() => checkFile('attachment', 'a.exe', exe, MB10)).toThrowError(expect.objectContaining({ errorCode: 'CO04' }))
    expect(() => checkFile('cover', 'a.pdf', bytes(0x25, 0x50, 0x44, 0x46, 0x2d), MB10)).toThrowError(expect.objectContaining({ errorCode: 'CO04' }))
    expect(() => checkFile('attachment', 'a.txt', new Uint8Array([0x41, 0x00, 0x42]), MB10)).toThrowError(expect.objectContaining({ errorCode: 'CO04' }))
  })

  it('refuses empty and oversized files', () => {
    expect(() => checkFile('attachment', 'a.pdf', new Uint8Array(), MB10)).toThrowError(expect.objectContaining({ errorCode: 'CO05' }))
    expect(() => checkFile('attachment', 'a.pdf', bytes(0x25, 0x50, 0x44, 0x46, 0x2d), 10)).toThrowError(expect.objectContaining({ errorCode: 'CO05' }))
  })

  it('writes an attachment disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Attività "2026".pdf')).toBe(`attachment; filename="Attivita _2026_.pdf"; filename*=UTF-8''Attivit%C3%A0%20%222026%22.pdf`)
  })
})
