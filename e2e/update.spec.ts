/**
 * Prompt-to-update: when a new sw.js is deployed, the open page shows 'È disponibile una nuova
 * versione'; 'Aggiorna' activates it and reloads the page once, now controlled by the new worker.
 * A "deployment" is simulated by editing the served sw.js (STATIC_DIR or dist/; restored afterwards).
 * A facilitator's offline set follows the update (delivery issue 7, item 3): the new version fetches the
 * files that changed while it installs, before it is offered, and drops the old ones when it takes over.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { DESKTOP, USERS, chooseProfile, login, profileDialog, waitForOfflineSet, waitForServiceWorkerControl } from './helpers'

const root = fileURLToPath(new URL('..', import.meta.url))
const swPath = join(resolve(root, process.env.STATIC_DIR ?? 'dist'), 'sw.js')

/**
 * "Deploys" a new sw.js as the build would: the file and its brotli/gzip twins (scripts/compress-dist.mjs;
 * the server sends a twin to a browser that accepts it, so editing sw.js alone deploys nothing).
 */
function deploySw(text: string): void {
  writeFileSync(swPath, text)
  if (existsSync(`${swPath}.br`)) writeFileSync(`${swPath}.br`, brotliCompressSync(Buffer.from(text)))
  if (existsSync(`${swPath}.gz`)) writeFileSync(`${swPath}.gz`, gzipSync(Buffer.from(text)))
}

test('a waiting service worker shows the update prompt; Aggiorna reloads into it', async ({ page }) => {
  await page.goto('/')
  await waitForServiceWorkerControl(page)
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
  expect(await page.getByText('È disponibile una nuova versione').count()).toBe(0)

  const original = readFileSync(swPath, 'utf8')
  try {
    deploySw(`${original}\n// e2e update ${Date.now()}\n`)
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
    deploySw(original)
  }
})

test("a facilitator's offline set follows an update: what changed is fetched before the prompt, the old copy dropped after", async ({ page, context }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(DESKTOP)
  await login(page, USERS.fac.cf)
  if (await profileDialog(page).isVisible()) await chooseProfile(page, /facilitatore/i)
  await waitForServiceWorkerControl(page)
  await waitForOfflineSet(page, 'field')
  const provinceKeys = () => page.evaluate(async () =>
    (await (await caches.open('pd-offline-sets')).keys()).map((r) => new URL(r.url)).filter((u) => u.pathname === '/data/province.json').map((u) => u.search))

  const original = readFileSync(swPath, 'utf8')
  const province = /"revision":"([0-9a-f]+)","sets":\["field"\],"url":"data\/province\.json"/
  const before = province.exec(original)?.[1]
  expect(before, 'province.json nell\'insieme field di sw.js').toBeTruthy()
  expect(await provinceKeys()).toEqual([`?__WB_REVISION__=${before}`])
  try {
    // the new version changes province.json (another revision) and nothing else
    deploySw(original.replace(province, '"revision":"e2e-update","sets":["field"],"url":"data/province.json"'))
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      await reg?.update()
    })
    await expect(page.getByText('È disponibile una nuova versione')).toBeVisible({ timeout: 30_000 })
    // installed = the changed file is already on the device, next to the copy the running version uses
    expect((await provinceKeys()).sort()).toEqual([`?__WB_REVISION__=${before}`, '?__WB_REVISION__=e2e-update'].sort())

    const reloaded = page.waitForEvent('load', { timeout: 20_000 })
    await page.getByRole('button', { name: 'Aggiorna' }).click()
    await reloaded
    await expect.poll(provinceKeys, { timeout: 10_000 }).toEqual(['?__WB_REVISION__=e2e-update'])
    await waitForOfflineSet(page, 'field', 10_000)

    await context.setOffline(true)
    await page.goto('/area-amministrativa/servizi')
    await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
    await context.setOffline(false)
  } finally {
    deploySw(original)
  }
})
