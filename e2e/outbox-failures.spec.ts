/**
 * The outbox against the failures field systems are known for (offline-field-systems.md §2, numbered
 * there), in Chromium against the built app and the real server: answers lost after the server applied a
 * write (#1), two tabs flushing (#3), 503 and dropped connections during replay (#5, #7), reloads at every
 * phase (#8), dependent writes behind a failing parent (#12), the three states a user must tell apart
 * (#21), one entry edited in two tabs (#2). Writes are intercepted by Idempotency-Key (outbox-steps.ts)
 * and the server is checked through the API (field-api.ts).
 */
import { PG_JOURNEY } from './helpers'
import { expect, test, type Page } from '@playwright/test'
import { citizenRows, compileSurveyUI, createServiceUI, UNCONFIRMED_CHIP } from './field-ui'
import { citizensOf, documentNumber, servicesNamed } from './field-api'
import {
  CITIZEN_ADD,
  SERVICE_CREATE,
  SURVEY_COMPILE,
  WriteInterceptor,
  addCitizenByDocumentUI,
  openSyncCentre,
  overlap,
  readyFacilitator,
  serviceRow,
  syncEntries,
} from './outbox-steps'

const unique = (label: string) => `${label} ${Date.now()}`

/** The interceptor of the running test: its log is printed when the test fails. */
let current: WriteInterceptor | null = null
async function intercept(page: Page): Promise<WriteInterceptor> {
  current = await WriteInterceptor.attach(page.context())
  return current
}
// Playwright requires a destructuring pattern for the fixtures argument, even when empty
// eslint-disable-next-line no-empty-pattern
test.afterEach(({}, info) => {
  if ((process.env.F1_LOG || info.status !== info.expectedStatus) && current) {
    const t0 = current.log[0]?.start ?? 0
    console.log(current.log.map((a) => `${a.start - t0}..${a.end === null ? '?' : a.end - t0} ${a.method} ${a.path} ${a.key.slice(0, 8)} ${a.outcome} ${a.status ?? ''}${a.replayed ? ' replayed' : ''}`).join('\n'))
  }
  current = null
})

/** Chips of the open page (detail page of a service, its citizens table…). */
const chip = (page: Page, text: 'DA SINCRONIZZARE' | 'IN INVIO' | 'RICHIEDE ATTENZIONE') => page.locator('main').getByText(text, { exact: true })

/** Marks the document so a later check can tell that no reload happened since. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(window as unknown as { __pdNoReload?: boolean }).__pdNoReload = true
  })
}
async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __pdNoReload?: boolean }).__pdNoReload === true)
}

test('#1 answer lost after the server applied the service: the replay repeats the same key and the server keeps one row', PG_JOURNEY, async ({ page, request }) => {
  test.setTimeout(90_000)
  const w = await intercept(page)
  const fac = await readyFacilitator(page, request)
  const nome = unique('Servizio risposta persa')
  // the first creation reaches the server, the answer never reaches the device
  w.decide = (a, log) => (SERVICE_CREATE.test(a.path) && log.every((x) => !SERVICE_CREATE.test(x.path)) ? 'lose-answer' : 'pass')
  await createServiceUI(page, { nome })
  await markDocument(page)
  // the automatic retry may follow within a second: wait for the first attempt, not for it to be the only one
  await expect.poll(() => w.to(SERVICE_CREATE).length).toBeGreaterThanOrEqual(1)
  await expect.poll(() => w.to(SERVICE_CREATE)[0]?.outcome).toBe('lost-answer')
  expect(w.to(SERVICE_CREATE)[0]?.status).toBe(201)
  // applied on the server although the device never got the answer
  expect(await servicesNamed(request, fac, nome)).toHaveLength(1)

  // automatic retry (backoff, or the probe once the API answers again), no user action
  await expect.poll(() => w.to(SERVICE_CREATE).filter((a) => a.outcome === 'passed').length, { timeout: 45_000 }).toBe(1)
  const [lost, replay] = w.to(SERVICE_CREATE)
  expect(replay?.key, 'same Idempotency-Key on the repeat').toBe(lost?.key)
  expect(replay?.replayed, 'the server answered the stored result (Idempotent-Replayed)').toBe(true)
  expect(replay?.status).toBe(lost?.status)
  await expect(chip(page, 'DA SINCRONIZZARE')).toHaveCount(0, { timeout: 10_000 })
  await expect(chip(page, 'IN INVIO')).toHaveCount(0)
  expect(await servicesNamed(request, fac, nome)).toHaveLength(1)
  expect(w.to(SERVICE_CREATE)).toHaveLength(2)
  expect(await stillSameDocument(page), 'recovered without a reload').toBe(true)
})

test('#3 single flight across tabs: two tabs online with queued entries never send one key twice at the same time', async ({ page, request }) => {
  test.setTimeout(120_000)
  const context = page.context()
  const w = await intercept(page)
  w.delayMs = 1_500 // every write stays open 1.5 s: the two tabs' triggers overlap the run
  const fac = await readyFacilitator(page, request)
  const other = await context.newPage()
  await openSyncCentre(other)

  await context.setOffline(true)
  const nome = unique('Servizio due schede')
  await createServiceUI(page, { nome })
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenByDocumentUI(page, documentNumber())
  await addCitizenByDocumentUI(page, documentNumber())
  await expect(citizenRows(page)).toHaveCount(2)
  // the other tab sees the same queue
  await expect(syncEntries(other)).toHaveCount(3, { timeout: 15_000 })
  expect(w.log).toHaveLength(0)

  // both tabs on the sync centre (header link: no reload)
  await page.getByRole('link', { name: /^Sincronizzazione:/ }).click()
  await expect(syncEntries(page)).toHaveCount(3)

  // back online: both tabs get 'online' and try to flush; while the first write is in flight both users
  // press 'Sincronizza ora' too — the tab not holding the flusher lock must say so and send nothing
  await context.setOffline(false)
  await expect.poll(() => w.log.length, { timeout: 20_000 }).toBeGreaterThan(0)
  await Promise.all([page, other].map((p) => p.getByRole('button', { name: 'Sincronizza ora' }).click({ timeout: 10_000 })))
  await expect
    .poll(async () => (await Promise.all([page, other].map((p) => p.getByTestId('sync-message').textContent()))).join(' | '), { timeout: 20_000 })
    .toMatch(/già in invio da un.altra scheda/)
  await expect
    .poll(async () => {
      const s = await servicesNamed(request, fac, nome)
      if (s.length !== 1) return [s.length, -1]
      return [1, (await citizensOf(request, fac, s[0]!.id)).numeroCittadini]
    }, { timeout: 45_000 })
    .toEqual([1, 2])
  await expect(other.getByText('Tutte le operazioni sono state inviate')).toBeVisible({ timeout: 20_000 })

  const keys = w.byKey()
  expect(keys.size, 'one key per operation').toBe(3)
  for (const [key, attempts] of keys) {
    for (let i = 0; i < attempts.length; i++)
      for (let j = i + 1; j < attempts.length; j++) expect(overlap(attempts[i]!, attempts[j]!), `key ${key} in flight twice at once`).toBe(false)
    expect(attempts.map((a) => a.outcome), `key ${key}`).toEqual(['passed'])
  }
  // whole runs never overlap either: at most one write of this user in flight at any time
  const all = w.log
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) expect(overlap(all[i]!, all[j]!), 'two writes in flight at once').toBe(false)
  await other.close()
})

test('#5 #7 503 and dropped answers during replay keep every entry; after recovery they are sent without a reload, once', async ({ page, request }) => {
  test.setTimeout(120_000)
  const w = await intercept(page)
  const fac = await readyFacilitator(page, request)
  // service creation: two 503, then one dropped connection, then the server is back
  let serverBack = false
  w.decide = (a, log) => {
    if (!SERVICE_CREATE.test(a.path)) return 'pass'
    const n = log.filter((x) => SERVICE_CREATE.test(x.path)).length
    if (n < 2) return '503'
    if (n === 2) return 'abort'
    return serverBack ? 'pass' : '503'
  }
  const nome = unique('Servizio 503')
  await createServiceUI(page, { nome })
  await markDocument(page)
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenByDocumentUI(page, documentNumber())
  await expect.poll(() => w.to(SERVICE_CREATE).map((a) => a.outcome), { timeout: 20_000 }).toEqual(['fulfilled-503', 'fulfilled-503', 'aborted'])
  serverBack = true

  // nothing lost, nothing sent out of turn: the sync centre (reached by the header link, no reload) lists both
  await page.getByRole('link', { name: /^Sincronizzazione:/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sincronizzazione' })).toBeVisible()
  await expect(syncEntries(page)).toHaveCount(2)
  const service = syncEntries(page).filter({ hasText: 'Creazione servizio' })
  await expect(service).toHaveAttribute('data-status', 'failed-retry')
  await expect(service).toContainText('Tentativi3')
  await expect(service.getByTestId('sync-entry-error')).toContainText(/Connessione assente|non raggiungibile/)
  await expect(syncEntries(page).filter({ hasText: 'Aggiunta cittadino' })).toHaveAttribute('data-status', /pending|failed-retry/)
  expect(w.to(CITIZEN_ADD)).toHaveLength(0)
  expect(await servicesNamed(request, fac, nome)).toHaveLength(0)

  // the API comes back: the probe notices within 30 s and the queue flushes by itself
  await expect
    .poll(async () => {
      const s = await servicesNamed(request, fac, nome)
      if (s.length !== 1) return [s.length, -1]
      return [1, (await citizensOf(request, fac, s[0]!.id)).numeroCittadini]
    }, { timeout: 50_000 })
    .toEqual([1, 1])
  await expect(page.getByText('Tutte le operazioni sono state inviate')).toBeVisible({ timeout: 15_000 })
  expect(await stillSameDocument(page), 'sent without a reload').toBe(true)
  const services = w.to(SERVICE_CREATE)
  expect(services.map((a) => a.outcome)).toEqual(['fulfilled-503', 'fulfilled-503', 'aborted', 'passed'])
  expect(new Set(services.map((a) => a.key)).size, 'one Idempotency-Key across the attempts').toBe(1)
  expect(w.to(CITIZEN_ADD).map((a) => a.outcome)).toEqual(['passed'])
})

test('#8a reload while queued offline: the entry survives and is sent once when back online', async ({ page, request }) => {
  test.setTimeout(90_000)
  const w = await intercept(page)
  const fac = await readyFacilitator(page, request)
  const nome = unique('Servizio ricarica offline')
  await page.context().setOffline(true)
  await createServiceUI(page, { nome })
  await expect(chip(page, 'DA SINCRONIZZARE')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible({ timeout: 15_000 })
  await expect(chip(page, 'DA SINCRONIZZARE')).toBeVisible()
  await openSyncCentre(page)
  await expect(syncEntries(page)).toHaveCount(1)
  await expect(syncEntries(page).first()).toHaveAttribute('data-status', 'pending')
  expect(w.log).toHaveLength(0)

  await page.context().setOffline(false)
  await expect.poll(async () => (await servicesNamed(request, fac, nome)).length, { timeout: 20_000 }).toBe(1)
  await expect(page.getByText('Tutte le operazioni sono state inviate')).toBeVisible({ timeout: 15_000 })
  expect(w.to(SERVICE_CREATE).map((a) => a.outcome)).toEqual(['passed'])
})

test('#8b reload while the request is in flight: the entry goes back to pending and is sent once', async ({ page, request }) => {
  test.setTimeout(90_000)
  const w = await intercept(page)
  const fac = await readyFacilitator(page, request)
  const nome = unique('Servizio ricarica in invio')
  w.decide = (a, log) => (SERVICE_CREATE.test(a.path) && log.every((x) => !SERVICE_CREATE.test(x.path)) ? 'hold' : 'pass')
  await createServiceUI(page, { nome })
  await expect.poll(() => w.to(SERVICE_CREATE).map((a) => a.outcome)).toEqual(['held'])
  await expect(chip(page, 'IN INVIO')).toBeVisible()

  await page.reload()
  w.dropHeld() // the reload cancelled the held request: it never reached the server
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible({ timeout: 15_000 })
  await expect.poll(async () => (await servicesNamed(request, fac, nome)).length, { timeout: 30_000 }).toBe(1)
  await expect(chip(page, 'IN INVIO')).toHaveCount(0, { timeout: 10_000 })
  await expect(chip(page, 'DA SINCRONIZZARE')).toHaveCount(0)
  const attempts = w.to(SERVICE_CREATE)
  expect(attempts.map((a) => a.outcome)).toEqual(['aborted', 'passed'])
  expect(attempts[1]?.key).toBe(attempts[0]?.key)
  expect(attempts[1]?.replayed, 'the first attempt never reached the server').toBe(false)
  await page.waitForTimeout(3_000)
  expect(await servicesNamed(request, fac, nome)).toHaveLength(1)
  expect(w.to(SERVICE_CREATE)).toHaveLength(2)
})

test('#8c reload after confirmation: nothing is sent again', async ({ page, request }) => {
  test.setTimeout(90_000)
  const w = await intercept(page)
  const fac = await readyFacilitator(page, request)
  const nome = unique('Servizio ricarica confermato')
  await createServiceUI(page, { nome })
  await expect.poll(async () => (await servicesNamed(request, fac, nome)).length, { timeout: 20_000 }).toBe(1)
  await expect(chip(page, 'DA SINCRONIZZARE').or(chip(page, 'IN INVIO'))).toHaveCount(0, { timeout: 10_000 })
  expect(w.to(SERVICE_CREATE).map((a) => a.outcome)).toEqual(['passed'])

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible({ timeout: 15_000 })
  await openSyncCentre(page)
  await expect(page.getByText('Tutte le operazioni sono state inviate')).toBeVisible()
  await page.getByRole('button', { name: 'Sincronizza ora' }).click()
  await expect(page.getByTestId('sync-message')).toContainText(/Tutto è già sincronizzato|già in invio/, { timeout: 15_000 })
  await page.waitForTimeout(2_000)
  expect(w.log, 'no write after the reload').toHaveLength(1)
  expect(await servicesNamed(request, fac, nome)).toHaveLength(1)
})

test('#12 out of order: while the service creation fails, its citizen and survey wait; then all arrive in order', async ({ page, request }) => {
  test.setTimeout(120_000)
  const w = await intercept(page)
  const fac = await readyFacilitator(page, request)
  w.decide = (a, log) => (SERVICE_CREATE.test(a.path) && log.filter((x) => SERVICE_CREATE.test(x.path)).length < 2 ? '503' : 'pass')
  const nome = unique('Servizio fuori ordine')
  await page.context().setOffline(true)
  await createServiceUI(page, { nome })
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenByDocumentUI(page, documentNumber())
  await compileSurveyUI(page, 0)
  await page.context().setOffline(false)

  await expect
    .poll(async () => {
      const s = await servicesNamed(request, fac, nome)
      if (s.length !== 1) return [s.length, -1, -1]
      const c = await citizensOf(request, fac, s[0]!.id)
      return [1, c.numeroCittadini, c.numeroQuestionariCompilati]
    }, { timeout: 45_000 })
    .toEqual([1, 1, 1])
  const [servizio] = await servicesNamed(request, fac, nome)

  const services = w.to(SERVICE_CREATE)
  const citizens = w.to(CITIZEN_ADD)
  const surveys = w.to(SURVEY_COMPILE)
  expect(services.map((a) => a.outcome)).toEqual(['fulfilled-503', 'fulfilled-503', 'passed'])
  expect(citizens.map((a) => a.outcome)).toEqual(['passed'])
  expect(surveys.map((a) => a.outcome)).toEqual(['passed'])
  const serviceOk = services[2]!
  // no dependent request before the service was created, and the dependents carry the server's id
  expect(citizens[0]!.start).toBeGreaterThanOrEqual(serviceOk.end ?? Infinity)
  expect(surveys[0]!.start).toBeGreaterThanOrEqual(citizens[0]!.end ?? Infinity)
  expect(citizens[0]!.path).toBe(`/api/servizio/cittadino/${servizio!.id}`)
  const order = w.log.map((a) => (SERVICE_CREATE.test(a.path) ? 'servizio' : CITIZEN_ADD.test(a.path) ? 'cittadino' : 'questionario'))
  expect(order).toEqual(['servizio', 'servizio', 'servizio', 'cittadino', 'questionario'])
  await expect(citizenRows(page).filter({ hasText: UNCONFIRMED_CHIP })).toHaveCount(0, { timeout: 15_000 })
})

test('#21 three distinct states: saved on the device, sending, confirmed by the server', async ({ page, request }) => {
  test.setTimeout(90_000)
  const w = await intercept(page)
  const fac = await readyFacilitator(page, request)
  w.decide = (a) => (SERVICE_CREATE.test(a.path) ? 'hold' : 'pass')
  const nome = unique('Servizio tre stati')

  // 1. saved on the device
  await page.context().setOffline(true)
  await createServiceUI(page, { nome })
  await expect(chip(page, 'DA SINCRONIZZARE')).toBeVisible()
  await expect(chip(page, 'IN INVIO')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Sincronizzazione:.*1 in attesa/ })).toBeVisible()

  // 2. sending (the request is held open)
  await page.context().setOffline(false)
  await expect.poll(() => w.to(SERVICE_CREATE).map((a) => a.outcome), { timeout: 20_000 }).toEqual(['held'])
  await expect(chip(page, 'IN INVIO')).toBeVisible()
  await expect(chip(page, 'DA SINCRONIZZARE')).toHaveCount(0)
  expect(await servicesNamed(request, fac, nome)).toHaveLength(0)

  // 3. confirmed: no chip, the server has the row
  await w.releaseHeld()
  await expect(chip(page, 'IN INVIO')).toHaveCount(0, { timeout: 10_000 })
  await expect(chip(page, 'DA SINCRONIZZARE')).toHaveCount(0)
  await expect(chip(page, 'RICHIEDE ATTENZIONE')).toHaveCount(0)
  expect(await servicesNamed(request, fac, nome)).toHaveLength(1)
  await expect(page.getByRole('link', { name: /^Sincronizzazione:/ })).toHaveCount(0)
  expect(w.to(SERVICE_CREATE).map((a) => a.outcome)).toEqual(['passed'])
})

test('#2 one entry edited in two tabs through the sync centre: the stale edit is refused explicitly, one write reaches the server, and the device shows what the server has', async ({ page, request }) => {
  test.setTimeout(120_000)
  const context = page.context()
  const w = await intercept(page)
  const fac = await readyFacilitator(page, request)
  const base = unique('Servizio due modifiche')
  await context.setOffline(true)
  await createServiceUI(page, { nome: base })
  const other = await context.newPage()
  await openSyncCentre(other)
  await openSyncCentre(page)
  for (const p of [page, other]) await expect(syncEntries(p)).toHaveCount(1)

  // both tabs open 'Modifica' on the same entry, then save different names (first this tab, then the other)
  const edit = async (p: Page) => {
    await syncEntries(p).first().getByRole('button', { name: /^Modifica/ }).click()
    const dialog = p.getByRole('dialog').filter({ hasText: 'Modifica operazione' })
    await expect(dialog).toBeVisible()
    return dialog
  }
  const d1 = await edit(page)
  const d2 = await edit(other)
  await d1.getByLabel('Nome servizio', { exact: true }).fill(`${base} A`)
  await d1.getByRole('button', { name: 'Salva' }).click()
  await expect(d1).toBeHidden()
  // the other tab's dialog was opened on the old version: its save is refused, explicitly, and A's edit stays
  await d2.getByLabel('Nome servizio', { exact: true }).fill(`${base} B`)
  await d2.getByRole('button', { name: 'Salva' }).click()
  await expect(d2.getByText(/cambiata nel frattempo/)).toBeVisible()
  await d2.getByRole('button', { name: /^(Annulla|Chiudi)$/ }).first().click()
  await expect(d2).toBeHidden()
  for (const p of [page, other]) await expect(syncEntries(p)).toHaveCount(1)

  await context.setOffline(false)
  await expect.poll(async () => (await servicesNamed(request, fac, base)).length, { timeout: 30_000 }).toBe(1)
  await page.waitForTimeout(3_000)
  const rows = await servicesNamed(request, fac, base)
  expect(rows, 'one service on the server').toHaveLength(1)
  expect(w.to(SERVICE_CREATE).filter((a) => a.outcome === 'passed'), 'one write').toHaveLength(1)
  const onServer = rows[0]!.nome
  expect(onServer, 'the first saved edit is the one sent').toBe(`${base} A`)
  // the device's copy must not disagree with the server about what was sent
  await page.goto('/area-amministrativa/servizi')
  await expect(serviceRow(page, base)).toBeVisible({ timeout: 15_000 })
  await expect(serviceRow(page, base), 'the list shows the name the server has').toContainText(onServer)
  await other.close()
})
