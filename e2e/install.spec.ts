/**
 * Installability and delivery (issue 2 point 8): Chromium reports no installability errors, the
 * manifest carries the Italian identity and the icon set, and cache headers follow the SW rules.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test } from '@playwright/test'
import { installabilityErrors, waitForServiceWorkerControl } from './helpers'

interface ManifestIcon { src: string; sizes: string; type?: string; purpose?: string }

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(1, 4).toString('ascii')).toBe('PNG')
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
}

test('Chromium reports no installability errors', async ({ browserName: _ }, testInfo) => {
  // Installability is never granted to off-the-record profiles (Playwright's usual contexts report
  // 'in-incognito'), so this test opens a persistent profile of its own.
  const userDataDir = mkdtempSync(join(tmpdir(), 'pd-install-'))
  const { launchOptions, baseURL } = testInfo.project.use
  const context = await chromium.launchPersistentContext(userDataDir, { ...launchOptions, baseURL, locale: 'it-IT' })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1)
    await waitForServiceWorkerControl(page)
    await expect.poll(() => installabilityErrors(page), { timeout: 15_000 }).toEqual([])
  } finally {
    await context.close()
    rmSync(userDataDir, { recursive: true, force: true })
  }
})

test('manifest: Italian name, lang it, standalone, 192/512 icons and dedicated maskable ones', async ({ page, request }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()
  const res = await request.get(href ?? '')
  expect(res.ok()).toBe(true)
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] }
  expect(manifest.name).toBe('Punto Digitale')
  expect(manifest.short_name).toBeTruthy()
  expect(manifest.lang).toBe('it')
  expect(String(manifest.description)).toMatch(/servizi|facilitazione/i)
  expect(manifest.display).toBe('standalone')
  expect(manifest.start_url).toBe('/')
  expect(manifest.theme_color).toBe('#0066cc')
  expect(manifest.prefer_related_applications).not.toBe(true)

  const find = (size: number, purpose: string) =>
    manifest.icons.filter((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').split(' ').includes(purpose))
  for (const size of [192, 512]) {
    expect(find(size, 'any'), `icona ${size} any`).toHaveLength(1)
    expect(find(size, 'maskable'), `icona ${size} maskable`).toHaveLength(1)
  }
  expect(manifest.icons.some((i) => (i.purpose ?? '').split(' ').length > 1), 'nessuna icona "any maskable"').toBe(false)
  for (const icon of manifest.icons) {
    const r = await request.get(icon.src)
    expect(r.ok(), icon.src).toBe(true)
    const { width, height } = pngSize(await r.body())
    expect(`${width}x${height}`).toBe(icon.sizes)
  }

  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
  const appleRes = await request.get(apple ?? '/apple-touch-icon.png')
  expect(pngSize(await appleRes.body())).toEqual({ width: 180, height: 180 })
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0066cc')
  await expect(page.locator('html')).toHaveAttribute('lang', 'it')
})

test('cache headers: shell, sw.js and manifest no-cache; hashed assets immutable', async ({ request }) => {
  for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/area-personale']) {
    const res = await request.get(path, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } })
    expect(res.status(), path).toBe(200)
    expect(res.headers()['cache-control'] ?? '', path).toMatch(/no-cache/)
  }
  const html = await (await request.get('/')).text()
  // the entry is imported by index.html's inline loader (scripts/prerender-landing.ts)
  const asset = /import\("(\/assets\/[^"]+\.js)"\)/.exec(html)?.[1]
  const css = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1]
  expect(asset).toBeTruthy()
  for (const path of [asset, css].filter((p): p is string => Boolean(p))) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    expect(res.headers()['cache-control'] ?? '', path).toMatch(/immutable/)
    expect(res.headers()['cache-control'] ?? '', path).toMatch(/max-age=\d{7,}/)
  }
})
