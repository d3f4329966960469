/**
 * Prompt-to-update: when a new sw.js is deployed, the open page shows 'È disponibile una nuova
 * versione'; 'Aggiorna' activates it and reloads the page once, now controlled by the new worker.
 * A "deployment" is simulated by appending a comment to the served sw.js (STATIC_DIR or dist/; restored afterwards).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { waitForServiceWorkerControl } from './helpers'

const root = fileURLToPath(new URL('..', import.meta.url))
const swPath = join(resolve(root, process.env.STATIC_DIR ?? 'dist'), 'sw.js')

test('a waiting service worker shows the update prompt; Aggiorna reloads into it', async ({ page }) => {
  await page.goto('/')
  await waitForServiceWorkerControl(page)
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
  expect(await page.getByText('È disponibile una nuova versione').count()).toBe(0)

  const original = readFileSync(swPath, 'utf8')
  try {
    writeFileSync(swPath, `${original}\n// e2e update ${Date.now()}\n`)
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      await reg?.update()
    })
    const prompt = page.getByText('È disponibile una nuova versione')
    await expect(prompt).toBeVisible({ timeout: 30_000 })
    const reloaded = page.waitForEvent('load', { timeout: 20_000 })
    await page.getByRole('button', { name: 'Aggiorna' }).click()
    await reloaded
    let extraLoads = 0
    page.on('load', () => extraLoads++)
    await page.waitForTimeout(2_000)
    expect(extraLoads, 'nessun ciclo di ricarica').toBe(0)
    await expect(prompt).toBeHidden()
    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      return { controller: navigator.serviceWorker.controller?.scriptURL, waiting: Boolean(reg?.waiting) }
    })
    expect(state.controller).toBe(before)
    expect(state.waiting).toBe(false)
  } finally {
    writeFileSync(swPath, original)
  }
})
