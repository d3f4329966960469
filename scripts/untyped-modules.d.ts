/**
 * Typings of the build scripts' packages that ship none: only what scripts/font-subsets.ts and
 * scripts/prerender-landing-worker.ts use.
 */
declare module 'subset-font' {
  /** A font (`buffer`) reduced to the glyphs of `text`, in `targetFormat` (default: the input's). */
  export default function subsetFont(buffer: Buffer, text: string, options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' }): Promise<Buffer>
}

declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; pretendToBeVisual?: boolean })
    readonly window: Window & typeof globalThis
  }
}
