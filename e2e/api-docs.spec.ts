/**
 * The API reference page (issue 14 point 5): `/api/docs` opens in the browser under the server's CSP (no
 * violation reported), is accessible (axe, WCAG 2.1 AA and best practices), reachable by keyboard (skip link,
 * table of contents) and links the OpenAPI document it is rendered from.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { AXE_TAGS, DESKTOP } from './helpers'

test('the API reference page is readable, accessible and keyboard-usable under the CSP', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()) })
  page.on('pageerror', (e) => problems.push(e.message))
  await page.setViewportSize(DESKTOP)
  await page.goto('/api/docs')

  await expect(page.getByRole('heading', { level: 1, name: /Punto Digitale/ })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Servizi', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: 'POST /api/servizio', exact: true })).toBeAttached()
  await expect(page.getByRole('table', { name: 'Campi di ServizioBody' })).toBeAttached()

  // keyboard: the skip link comes first and moves to the content; the index links reach an operation
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#contenuto$/)
  await page.getByRole('navigation', { name: 'Indice delle operazioni' }).getByRole('link', { name: 'POST /api/servizio', exact: true }).click()
  await expect(page).toHaveURL(/#postServizio$/)

  // axe on the header, the index, the first topic, the errors and the first schemas: every other topic and
  // schema comes from the same templates (the whole page, ~200 operations, would cost a minute per run)
  const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS)
    .exclude('main > section[aria-labelledby^="tag-"]:not(:first-child)')
    .exclude('section[aria-labelledby="schemi"] > section.op:nth-of-type(n+4)')
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
  expect(problems).toEqual([])

  const json = await page.request.get('/api/openapi.json')
  expect(json.ok()).toBe(true)
  expect((await json.json() as { openapi: string }).openapi).toBe('3.1.0')
})
