/**
 * The field flow by keyboard only (issue 15), at 1280 and 375 px: after the login (mouse allowed there),
 * Tab, Shift+Tab, Enter, Space, the arrow keys and Escape create a service, add a citizen and compile their
 * survey. At each step the focused element is asserted (Tab never drops focus on `<body>`), and after each
 * navigation the page title ("Pagina – Sezione – Punto Digitale") and focus on the new page's h1; focus
 * stays inside the phone menu and the add-citizen dialog while they are open, and goes back to what opened
 * them; the skip links keep working; in the blue bands of the header the focus ring is a ≥ 3:1 outline
 * that nothing clips; at 320 px with 200 % text the avatar and the form's first label do not overlap.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { DESKTOP, PHONE, USERS, login } from './helpers'
import { freshFiscalCode } from './field-ui'

const SUFFIX = ' – Punto Digitale'

/**
 * The latest date on or before today whose day equals its month (1 January, 2 February … 12 December), typed as
 * ddmmyyyy: the same whatever order the browser's date field uses, and always within the field window (at most 33
 * days ago), so the service stays on the device after the sync (an older one is dropped and read online again).
 */
const GIORNO_UGUALE_MESE = (() => {
  const today = new Date()
  for (let i = 0; ; i++) {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i)
    if (d.getDate() === d.getMonth() + 1) return `${String(d.getDate()).padStart(2, '0')}${String(d.getMonth() + 1).padStart(2, '0')}${d.getFullYear()}`
  }
})()

/** True when `target` (which must exist) has focus. */
async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement)
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `max` times; focus must never fall
 * on `<body>` on the way.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await target.waitFor({ state: 'attached' })
  for (let i = 0; i < max && !(await isFocused(target)); i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    expect(await page.evaluate(() => document.activeElement === document.body || !document.activeElement), 'focus su <body>').toBe(false)
  }
  await expect(target).toBeFocused()
}

/** Title and focus after a navigation: `title` + suffix, focus on the page's h1 (named `h1` when given). */
async function expectArrived(page: Page, title: string | RegExp, h1?: string | RegExp): Promise<void> {
  await expect(page).toHaveTitle(typeof title === 'string' ? title + SUFFIX : title)
  const heading = page.locator('#main-content h1')
  if (h1) await expect(heading).toHaveText(h1)
  await expect(heading).toBeFocused()
}

/** Focusable elements of `container` reachable with Tab (rendered, not disabled). */
function tabbableCount(container: Locator): Promise<number> {
  return container.evaluate((c) =>
    [...c.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])')]
      .filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && c.querySelector(`input[type=radio][name="${el.name}"]:checked`))).length,
  )
}

/** Focus is (or comes, e.g. after an opening transition) inside `container`. */
async function expectFocusInside(container: Locator, label: string): Promise<void> {
  await expect.poll(() => container.evaluate((c) => c.contains(document.activeElement)), { message: label }).toBe(true)
}

/** Tab and Shift+Tab, more times than `container` has stops, never take focus out of it. */
async function expectFocusContained(page: Page, container: Locator, label: string): Promise<void> {
  const presses = (await tabbableCount(container)) + 2
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key)
      expect(await container.evaluate((c) => c.contains(document.activeElement)), `${label}: focus dentro dopo ${i + 1} × ${key}`).toBe(true)
    }
  }
}

function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!)
}
function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/**
 * The focused `control` in a blue band of the header: an outline of at least 2px, ≥ 3:1 against the colour
 * under it (the control's own background, else the band's), drawn wholly inside the band and the viewport.
 */
async function expectBandFocusRing(control: Locator, name: string): Promise<void> {
  await expect(control).toBeFocused()
  const ring = await control.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number)
    const cs = getComputedStyle(el)
    const band = el.closest('.it-header-slim-wrapper, .it-header-center-wrapper, .it-header-navbar-wrapper')!
    const own = rgb(cs.backgroundColor)
    // a ring drawn inside the control lies on its background (unless transparent), one outside on the band
    const inside = parseFloat(cs.outlineOffset) < 0 && !(own.length === 4 && own[3] === 0)
    const under = inside ? own : rgb(getComputedStyle(band).backgroundColor)
    const r = el.getBoundingClientRect()
    const b = band.getBoundingClientRect()
    const grow = parseFloat(cs.outlineOffset) + parseFloat(cs.outlineWidth)
    return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), color: rgb(cs.outlineColor), under, top: r.top - grow, bottom: r.bottom + grow, bandTop: Math.max(0, b.top), bandBottom: b.bottom }
  })
  expect(ring.style, `${name}: contorno del focus`).toBe('solid')
  expect(ring.width, `${name}: spessore del contorno`).toBeGreaterThanOrEqual(2)
  expect(contrast(ring.color, ring.under), `${name}: contrasto del contorno`).toBeGreaterThanOrEqual(3)
  expect(ring.top, `${name}: contorno tagliato in alto`).toBeGreaterThanOrEqual(ring.bandTop - 0.5)
  expect(ring.bottom, `${name}: contorno tagliato in basso`).toBeLessThanOrEqual(ring.bandBottom + 0.5)
}

/**
 * Walks a form with Tab from the current focus up to `until`, answering what is empty as a user would: Space
 * on the first choice of a group with none, ArrowDown on a select with no value, text typed in empty
 * fields ('Durata' 1:30, dates: the latest day-equals-month date, e.g. 11 November); then focus is on `until`.
 */
async function fillByKeyboard(page: Page, until: Locator, max = 80): Promise<void> {
  await until.waitFor({ state: 'attached' })
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab')
    if (await isFocused(until)) return
    const f = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null
      if (!el || el === document.body) return null
      const group = el.closest('fieldset')
      const type = el instanceof HTMLInputElement ? el.type : el.tagName.toLowerCase()
      const label = (el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '').trim()
      const groupChecked = !!group?.querySelector('input:checked') || (el instanceof HTMLInputElement && el.type === 'radio' && !!document.querySelector(`input[name="${el.name}"]:checked`))
      return { tag: el.tagName, type, value: 'value' in el ? el.value : '', readOnly: 'readOnly' in el && el.readOnly, label, groupChecked }
    })
    expect(f, 'focus su <body>').not.toBeNull()
    if (!f || f.readOnly) continue
    if (f.type === 'checkbox' || f.type === 'radio') {
      if (!f.groupChecked) await page.keyboard.press('Space')
    } else if (f.tag === 'SELECT') {
      if (!f.value) await page.keyboard.press('ArrowDown')
    } else if (f.type === 'date') {
      // day = month: the same date whatever order the browser's date field uses
      if (!f.value) await page.keyboard.type(GIORNO_UGUALE_MESE)
    } else if (f.tag === 'TEXTAREA' || f.tag === 'INPUT') {
      if (!f.value) await page.keyboard.type(/durata/i.test(f.label) ? '1:30' : f.type === 'number' ? '3' : 'Servizi online del Comune')
    }
  }
  await expect(until).toBeFocused()
}

/**
 * At 320 px with the text at 200 % (the root font size doubled, as a browser's text-size setting does):
 * the avatar's initials stay inside their circle and the first label of the open form does not overlap
 * what precedes its field (WCAG 1.4.4). Back to 375 px and normal text after.
 */
async function expectLargeTextLayout(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 })
  const style = await page.addStyleTag({ content: 'html { font-size: 200% !important; }' })
  // measured until the layout settles (the resize and the larger text are laid out, the form has rendered all its
  // fields): a one-shot measure on a loaded machine could read a frame in between; a real overlap never settles
  const measure = () => page.evaluate(() => {
    const overlap = (a: DOMRect, b: DOMRect) => a.bottom > b.top && b.bottom > a.top && a.right > b.left && b.right > a.left
    const avatar = document.querySelector('header .pd-avatar')!
    const text = document.createRange()
    text.selectNodeContents(avatar)
    const t = text.getBoundingClientRect()
    const c = avatar.getBoundingClientRect()
    const label = document.querySelector('#main-content form .form-group > label')!
    const before = label.parentElement!.previousElementSibling!
    return {
      initialsInside: t.left >= c.left - 0.5 && t.right <= c.right + 0.5 && t.top >= c.top - 0.5 && t.bottom <= c.bottom + 0.5,
      labelOverlaps: overlap(label.getBoundingClientRect(), before.getBoundingClientRect()),
    }
  })
  await expect
    .poll(measure, { message: "iniziali dell'avatar dentro il cerchio; prima etichetta del modulo non sovrapposta a ciò che la precede", timeout: 10_000 })
    .toEqual({ initialsInside: true, labelOverlaps: false })
  await style.evaluate((el) => (el as Element).remove())
  await page.setViewportSize(PHONE)
}

/** From the page just loaded after the login to 'Elenco servizi', through the main navigation. */
async function toServicesDesktop(page: Page): Promise<void> {
  const header = page.locator('header')
  // the skip link goes to the content, and the route does not change
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Vai al contenuto principale' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('#main-content')).toBeFocused()
  // back up into the header: every control of the blue bands shows a ring that nothing hides
  const slim = [
    [header.getByRole('button', { name: 'Assistenza' }), 'Assistenza'],
    // no 'Chat' button: the end-to-end server has no CHAT_URL, and without a chat the button is not shown
    [header.getByRole('button', { name: /^Notifiche/ }), 'Notifiche'],
    [header.getByRole('button', { name: /Menu utente di/ }), 'menu utente'],
    [header.getByRole('link', { name: 'Cerca nel sito' }), 'Cerca'],
  ] as const
  await tabTo(page, slim[0][0], { back: true })
  for (const [control, name] of slim) {
    await tabTo(page, control)
    await expectBandFocusRing(control, name)
  }
  const area = header.getByRole('button', { name: 'Area amministrativa' })
  await tabTo(page, area)
  await expectBandFocusRing(area, 'Area amministrativa')
  await page.keyboard.press('Enter')
  await expect(area).toHaveAttribute('aria-expanded', 'true')
  const servizi = header.getByRole('link', { name: 'Servizi', exact: true })
  await tabTo(page, servizi)
  await page.keyboard.press('Enter')
}

/** The same on a phone, through the burger menu: first in the tab order of its row, modal while open. */
async function toServicesPhone(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Mostra o nascondi il menu' })
  // 'Vai alla navigazione' leads to the menu's toggle, where the navigation is on a phone
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Vai alla navigazione' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toggle).toBeFocused()
  // the toggle comes right after the top bar, before the brand it stands left of
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: /vai alla home/ })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(toggle).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(page.locator('header').getByRole('button', { name: /Menu utente di/ })).toBeFocused()
  await page.keyboard.press('Tab')

  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const menu = page.getByRole('dialog', { name: 'Menu di navigazione' })
  await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused()
  await expectFocusContained(page, menu, 'menu del telefono')
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(toggle).toBeFocused()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')

  await page.keyboard.press('Space')
  await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused()
  const area = menu.getByRole('button', { name: 'Area amministrativa' })
  await tabTo(page, area)
  await page.keyboard.press('Enter')
  await expect(area).toHaveAttribute('aria-expanded', 'true')
  const servizi = menu.getByRole('link', { name: 'Servizi', exact: true })
  await tabTo(page, servizi)
  await page.keyboard.press('Enter')
  await expect(menu).toBeHidden()
}

async function walk(page: Page, phone: boolean): Promise<void> {
  test.setTimeout(120_000)
  // an error the app catches (its error page) is logged to the console: print it, to tell why a step failed
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) console.log(`[console] ${m.text().slice(0, 2000)}`)
  })
  await login(page, USERS.fac.cf)
  // keyboard only from here: the pointer left where the login clicked could hover a header control and change the
  // colours its focus ring is measured against — park it on the page's bottom edge, away from every band
  const viewport = page.viewportSize()
  await page.mouse.move((viewport?.width ?? 1280) / 2, (viewport?.height ?? 800) - 1)
  // back from the identity provider, the app went on from '/auth' to the home page: focus on its h1
  await expectArrived(page, 'Home', /Ciao Sara/)
  // a page loaded (not navigated to) leaves focus at the start of the document
  await page.reload()
  await expect(page).toHaveTitle('Home' + SUFFIX)
  await expect(page.locator('#main-content h1')).not.toBeFocused()
  await expect(page.locator('body')).toBeFocused()

  await (phone ? toServicesPhone(page) : toServicesDesktop(page))
  await expectArrived(page, 'Elenco servizi – Area amministrativa', 'Elenco servizi')

  // 'Crea servizio', filled by keyboard
  const main = page.locator('main')
  await tabTo(page, main.getByRole('link', { name: 'Crea servizio' }))
  await page.keyboard.press('Enter')
  await expectArrived(page, 'Crea servizio – Servizi', 'Crea servizio')
  await main.locator('form .form-group > label').first().waitFor()
  if (phone) await expectLargeTextLayout(page)
  const nome = `Sportello tastiera ${phone ? 'telefono' : 'desktop'} ${Date.now()}`
  const nomeField = main.getByRole('textbox', { name: 'Nome', exact: true })
  await tabTo(page, nomeField)
  await page.keyboard.type(nome)
  await fillByKeyboard(page, main.getByRole('button', { name: 'Crea servizio' }))
  await page.keyboard.press('Enter')
  await expectArrived(page, `${nome} – Servizi`, nome)

  // its 'Cittadini' tab
  const tabCittadini = main.getByRole('link', { name: 'Cittadini', exact: true })
  await tabTo(page, tabCittadini)
  await page.keyboard.press('Enter')
  await expectArrived(page, `Cittadini – ${nome} – Servizi`, nome)

  // 'Aggiungi cittadino': a dialog named by its title, holding focus, closed by Escape
  const add = main.getByRole('button', { name: 'Aggiungi cittadino' })
  await tabTo(page, add)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Aggiungi cittadino al servizio', exact: true })
  await expect(dialog).toBeVisible()
  await expectFocusInside(dialog, 'finestra Aggiungi cittadino aperta')
  await expectFocusContained(page, dialog, 'finestra Aggiungi cittadino')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(add).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  const cf = dialog.getByRole('textbox', { name: /Codice fiscale/ })
  await tabTo(page, cf)
  await page.keyboard.type(await freshFiscalCode())
  await page.keyboard.press('Enter')
  // not found online: the dialog says so and offers to add the citizen
  await expect(dialog.getByText('Nessun cittadino trovato.')).toBeFocused({ timeout: 15_000 })
  await tabTo(page, dialog.getByRole('button', { name: 'Aggiungi nuovo cittadino' }))
  await page.keyboard.press('Enter')
  await expect(dialog.getByText(/Passo 2 di 2/)).toBeVisible()
  await expect(dialog.locator('select:focus, input:focus')).toHaveCount(1)
  await page.keyboard.press('ArrowDown')
  await fillByKeyboard(page, dialog.getByRole('button', { name: 'Aggiungi', exact: true }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden({ timeout: 15_000 })
  await expect(add).toBeFocused()

  // 'Compila questionario' of the new row (on a phone the row is an accordion item: Enter opens it)
  if (phone) {
    const row = main.locator('details').first()
    await tabTo(page, row.locator('summary'))
    await page.keyboard.press('Enter')
    await expect(row).toHaveAttribute('open', '')
  }
  await tabTo(page, main.getByRole('link', { name: /Compila questionario/ }).first())
  await page.keyboard.press('Enter')
  await expectArrived(page, `Compilazione questionario – ${nome} – Servizi`, 'Compilazione questionario')

  // step Q1 asks the consent while none is recorded (issue 8): Tab to its first option, Space chooses it
  // (the date stays today); the corrections of Q1 are left as recorded
  const consenso = main.getByRole('group', { name: 'Consenso al trattamento dei dati personali' })
  if (await consenso.isVisible()) {
    const cartaceo = consenso.getByRole('radio', { name: 'Cartaceo' })
    await tabTo(page, cartaceo)
    await page.keyboard.press('Space')
    await expect(cartaceo).toBeChecked()
  }
  // then 'Step successivo' up to Q4 (each step moves focus to its heading)
  const next = main.getByRole('button', { name: 'Step successivo' })
  for (let step = 0; step < 3 && (await next.isVisible()); step += 1) {
    await tabTo(page, next)
    await page.keyboard.press('Enter')
    await expect(main.getByTestId('titolo-step')).toBeFocused()
  }
  // Q4 answered by keyboard (Space on choices, an arrow in the star rating), then sent with Enter
  const send = main.getByRole('button', { name: 'Invia questionario' })
  await fillByKeyboard(page, send)
  const star = main.locator('.pd-rating input:checked')
  if (await star.count()) {
    await tabTo(page, star, { back: true })
    await page.keyboard.press('ArrowRight')
    await expect(main.locator('.pd-rating input:focus')).toBeChecked()
    await tabTo(page, send)
  }
  await page.keyboard.press('Enter')
  await expectArrived(page, `Cittadini – ${nome} – Servizi`, nome)
  await expect(main.getByText(/COMPILAT/i).first()).toBeVisible()
}

test('the field flow by keyboard only at 1280 px', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await walk(page, false)
})

test('the field flow by keyboard only at 375 px', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await walk(page, true)
})
