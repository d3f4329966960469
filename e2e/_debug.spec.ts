import { test } from '@playwright/test'
import { USERS, login, navEntries, profileDialog, readIdToken } from './helpers'
test('debug fac', async ({ page, request }) => {
  await login(page, USERS.fac.cf)
  console.log('after login', page.url(), await profileDialog(page).count())
  await page.waitForTimeout(3000)
  console.log('after wait', page.url(), await profileDialog(page).count())
  console.log(JSON.stringify(await navEntries(page)))
  const token = await readIdToken(page)
  const res = await request.post('/api/contesto', { data: {}, headers: { authToken: token } })
  const body = await res.json()
  console.log(JSON.stringify(body.ruoli), JSON.stringify(body.profiliUtente))
  console.log(await page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage).map(([k, v]) => [k, v.slice(0, 300)])))))
})
