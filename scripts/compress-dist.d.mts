/** Types of scripts/compress-dist.mjs (imported by the server tests). */

/** Extensions worth compressing (text formats). */
export declare const COMPRESSIBLE: RegExp
/** Files below this size (bytes) get no twins. */
export declare const MIN_BYTES: number

/** Totals of one run, in bytes (a file whose twin was not smaller counts its original size). */
export interface CompressTotals {
  /** candidate files compressed */
  files: number
  raw: number
  br: number
  gz: number
  /** stale twins removed */
  removed: number
}

/** Writes `.br` (quality 11) and `.gz` (level 9) twins of every candidate under `root`. */
export declare function compressDist(root: string): Promise<CompressTotals>
