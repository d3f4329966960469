/**
 * Lighthouse part of `npm run bench` (delivery issue 7 point 5): the performance category of `/` on the
 * built server, in Debian's Chromium started by chrome-launcher, mobile (Lighthouse's default config:
 * emulated phone, simulated slow 4G and 4x CPU slowdown) and desktop (Lighthouse's desktop config),
 * `runs` runs each, every run in a fresh browser profile (cold HTTP cache, no service worker).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse'

/** Figures of one Lighthouse run; times in ms, transfer in bytes. */
export interface LighthouseRun {
  /** performance score, 0–100 */
  perf: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** `total-byte-weight`: bytes transferred by the page load (headers included) */
  totalBytes: number
  /** Lighthouse's CPU benchmark of this machine at run time (higher is faster; ~1000+ is a typical desktop) */
  benchmarkIndex: number
}

export type FormFactor = 'mobile' | 'desktop'

/** Chromium flags for a headless, quiet browser (the project's usual set). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * One Lighthouse run of `url` (performance category only) in a freshly launched Chromium at `chromePath`.
 * Rejects when Lighthouse returns no result or reports a runtime error (e.g. the page did not load).
 */
export async function lighthouseRun(url: string, formFactor: FormFactor, chromePath: string): Promise<LighthouseRun> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'pd-lh-'))
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' })
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }
    const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined
    const result = await lighthouse(url, flags, config)
    if (!result) throw new Error('Lighthouse non ha restituito risultati')
    const { lhr } = result
    // BENCH_LH_REPORTS=<dir>: keep every report (JSON) to read its long tasks and script costs
    const reports = process.env.BENCH_LH_REPORTS
    if (reports) {
      mkdirSync(reports, { recursive: true })
      writeFileSync(join(reports, `${formFactor}-${Date.now()}.json`), JSON.stringify(lhr))
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const value = (id: string) => {
      const v = lhr.audits[id]?.numericValue
      if (typeof v !== 'number') throw new Error(`Lighthouse: valore mancante per ${id}`)
      return v
    }
    return {
      perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      totalBytes: value('total-byte-weight'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    }
  } finally {
    chrome.kill()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

/**
 * `runs` sequential runs of one form factor (see {@link lighthouseRun}). A run that fails (Lighthouse's
 * occasional NO_NAVSTART / NO_FCP on a busy machine) is repeated, at most `attempts` times in all; the
 * failure is reported through `onRetry`. Rejects with the last error when a run never succeeds.
 */
export async function lighthouseRuns(url: string, formFactor: FormFactor, chromePath: string, runs = 3, attempts = 3, onRetry?: (error: unknown) => void): Promise<LighthouseRun[]> {
  const out: LighthouseRun[] = []
  for (let i = 0; i < runs; i++) {
    for (let attempt = 1; ; attempt++) {
      try {
        out.push(await lighthouseRun(url, formFactor, chromePath))
        break
      } catch (error) {
        if (attempt >= attempts) throw error
        onRetry?.(error)
      }
    }
  }
  return out
}
