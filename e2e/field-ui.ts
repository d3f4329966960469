/**
 * Field-work steps through the real UI (issue 3), shared by the offline end-to-end tests: create a
 * service, add a citizen (fiscal code, omocodic code, document number), compile a survey, read the sync
 * state a list shows. Each step waits for what the user would see before going on.
 */
import { chromium, expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { loadCodiceFiscale } from '../src/lib/fiscal-code'
import { USERS, login, setTicked, waitForOfflineSet, waitForServiceWorkerControl } from './helpers'
import { DATA_SERVIZIO, actorOf, type ApiActor } from './field-api'
import type { APIRequestContext } from '@playwright/test'

/** Valid fiscal code (born 1958, Rome), an omocodic code (born 1990, Naples) and the base of the latter. */
export const CF_VALIDO = 'VRDMRA58D43H501J'
export const CF_OMOCODICO = 'SPSGNN90P15F83VX'

const CONSONANTS = 'BCDFGHLMNPRSTVZ'
const MONTHS = 'ABCDEHLMPRST'

/**
 * A valid fiscal code no earlier run has used (random consonant name and surname, born 1960–1995 in Rome,
 * checksum by codice-fiscale-js): a test that adds "a new citizen" finds no citizen with it, on its first
 * run and on any rerun against the same database.
 */
export async function freshFiscalCode(): Promise<string> {
  const CodiceFiscale = await loadCodiceFiscale()
  const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
  const year = String(60 + Math.floor(Math.random() * 36))
  const day = 1 + Math.floor(Math.random() * 28) + (Math.random() < 0.5 ? 40 : 0)
  const base = `${pick(CONSONANTS, 6)}${year}${pick(MONTHS, 1)}${String(day).padStart(2, '0')}H501`
  return base + CodiceFiscale.getCheckCode(base)
}

/**
 * Waits until the device holds the field reference data (template, sites, project dates) of `cf`'s profile
 * with role `ruolo`: the `campo:riferimenti:` entry of the user's database. The list page appears before the
 * field bootstrap has finished; going offline earlier leaves 'Crea servizio' saying "Dati non ancora
 * disponibili su questo dispositivo", as it should. The database name is computed in the page as the app
 * does (src/lib/device-owner.ts): `pd-` + the first 16 hex digits of PBKDF2-SHA256(fiscal code, the device
 * salt of `pd-device`, 100 000 iterations).
 * Then waits for the field's offline set (pages, codice-fiscale-js, icons: fetched by the service worker
 * after the login, 'Pronto per lavorare offline' in the sync centre).
 */
export async function waitForFieldData(page: Page, cf: string, ruolo = 'FAC'): Promise<void> {
  const prefix = `campo:riferimenti:${ruolo}:`
  await expect.poll(() => page.evaluate(async ({ cf, prefix }) => {
    const openDb = (name: string) => new Promise<IDBDatabase | null>((resolve) => {
      const open = indexedDB.open(name)
      open.onerror = () => resolve(null)
      open.onsuccess = () => resolve(open.result)
    })
    const names = (await indexedDB.databases()).map((d) => d.name)
    if (!names.includes('pd-device')) return false
    const device = await openDb('pd-device')
    if (!device) return false
    const salt = await new Promise<string | null>((resolve) => {
      if (!device.objectStoreNames.contains('kv')) return resolve(null)
      const get = device.transaction('kv', 'readonly').objectStore('kv').get('salt')
      get.onsuccess = () => resolve(typeof get.result?.value === 'string' ? get.result.value : null)
      get.onerror = () => resolve(null)
    })
    device.close()
    if (!salt) return false
    const subtle = crypto.subtle
    const material = await subtle.importKey('raw', new TextEncoder().encode(cf.trim().toUpperCase()), 'PBKDF2', false, ['deriveBits'])
    const saltBytes = new Uint8Array((salt.match(/../g) ?? []).map((x) => parseInt(x, 16)))
    const bits = new Uint8Array(await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: saltBytes, iterations: 100_000 }, material, 256))
    const dbName = `pd-${Array.from(bits.slice(0, 8), (x) => x.toString(16).padStart(2, '0')).join('')}`
    if (!names.includes(dbName)) return false
    const db = await openDb(dbName)
    if (!db) return false
    if (!db.objectStoreNames.contains('cache')) {
      db.close()
      return false
    }
    return new Promise<boolean>((resolve) => {
      const keys = db.transaction('cache', 'readonly').objectStore('cache').getAllKeys()
      keys.onsuccess = () => {
        db.close()
        resolve(keys.result.some((k) => String(k).startsWith(prefix)))
      }
      keys.onerror = () => {
        db.close()
        resolve(false)
      }
    })
  }, { cf, prefix }), { message: 'dati di campo sul dispositivo', timeout: 20_000 }).toBe(true)
  await waitForOfflineSet(page, 'field')
}

/** Ticks a checkbox or radio by its label (see {@link setTicked}). */
export async function tick(scope: Page | Locator, name: string | RegExp): Promise<void> {
  await setTicked(scope, name, true)
}

export interface NewService {
  nome: string
  /** 'YYYY-MM-DD' */
  data?: string
}

/** 'Crea servizio' from the services list; resolves on the new service's detail page. */
export async function createServiceUI(page: Page, s: NewService): Promise<void> {
  await page.goto('/area-amministrativa/servizi')
  await page.getByRole('link', { name: 'Crea servizio' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Crea servizio' })).toBeVisible()
  const main = page.locator('main')
  await main.getByRole('textbox', { name: 'Nome', exact: true }).fill(s.nome)
  const sede = main.getByRole('combobox', { name: 'Sede', exact: true })
  if (await sede.isEnabled()) await sede.selectOption({ index: 1 })
  await main.getByRole('textbox', { name: 'Data', exact: true }).fill(s.data ?? DATA_SERVIZIO)
  await main.getByRole('textbox', { name: 'Durata', exact: true }).fill('1:30')
  await tick(main, 'Facilitazione individuale')
  await tick(main, 'Sicurezza')
  const competenza = main.getByRole('group', { name: /Sicurezza/ }).getByRole('checkbox').first()
  await expect(competenza).toBeVisible()
  const compId = await competenza.getAttribute('id')
  await main.locator(`label[for="${compId}"]`).click()
  await tick(main, 'App IO')
  await main.getByLabel(/Descrivi i dettagli del servizio/).fill('Attivazione di SPID e dell’app IO')
  await closeToasts(page)
  await main.getByRole('button', { name: 'Crea servizio' }).click()
  await expect(page.getByRole('heading', { level: 1, name: s.nome })).toBeVisible({ timeout: 15_000 })
}

export type CitizenId = { cf: string } | { documento: string }

/**
 * Step 1 of 'Aggiungi cittadino' with the identifier typed: 'Cerca'/'Prosegui', then on to step 2 — directly
 * (one match, or offline) or through 'Aggiungi nuovo cittadino' (online, no match). Never clicks the step-1
 * button twice: it stays on screen, disabled, while the search runs.
 */
export async function searchToStep2(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: /^(Prosegui|Cerca)$/ }).click()
  const create = dialog.getByRole('button', { name: 'Aggiungi nuovo cittadino' })
  const step2 = dialog.getByText(/Passo 2 di 2/)
  await expect(step2.or(create).first()).toBeVisible()
  if (!(await step2.isVisible())) await create.click()
  await expect(step2).toBeVisible()
}

/** 'Aggiungi cittadino' on the open service's 'Cittadini' tab, through both steps of the modal. */
export async function addCitizenUI(page: Page, who: CitizenId): Promise<void> {
  await closeToasts(page)
  await page.getByRole('button', { name: 'Aggiungi cittadino' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  if ('cf' in who) {
    await tick(dialog, 'Codice fiscale')
    await dialog.getByRole('textbox', { name: /Codice fiscale/ }).fill(who.cf.toLowerCase())
  } else {
    await tick(dialog, 'Numero documento')
    await dialog.getByRole('textbox', { name: /Numero documento/ }).fill(who.documento)
  }
  await searchToStep2(dialog)
  if ('documento' in who) {
    await dialog.getByLabel('Tipo documento').selectOption('Carta di Identità')
    await dialog.getByLabel('Fascia di età').selectOption({ label: '30-54' })
  }
  await completeStep2(dialog)
}

/** Step 2 of 'Aggiungi cittadino': the citizen's details (first options, province Roma), 'Aggiungi', dialog closed. */
export async function completeStep2(dialog: Locator): Promise<void> {
  await dialog.getByLabel(/Titolo di studio/).selectOption({ index: 1 })
  await dialog.getByLabel('Stato occupazionale').selectOption({ index: 1 })
  const provincia = dialog.getByLabel('Provincia di domicilio')
  if ((await provincia.evaluate((e) => e.tagName)) === 'SELECT') await provincia.selectOption({ label: 'Roma' })
  else await provincia.fill('Roma')
  await dialog.getByLabel('Cittadinanza').selectOption({ index: 1 })
  await dialog.getByRole('button', { name: /^(Aggiungi|Aggiungi cittadino|Salva)$/ }).click()
  await expect(dialog).toBeHidden({ timeout: 15_000 })
}

/** Closes the toasts on screen (a user would: they sit over the bottom-right corner for up to 40 s). */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Chiudi notifica' })
  while (await close.count()) await close.first().click()
}

/** Rows of the citizens table of the open service (one per citizen). */
export function citizenRows(page: Page): Locator {
  return page.locator('main table tbody tr')
}

/** Text of the chips of a row the server has not confirmed yet (SyncChip: unsent, being sent, needing attention). */
export const UNCONFIRMED_CHIP = /DA SINCRONIZZARE|IN INVIO|RICHIEDE ATTENZIONE/

/** The consent types of the compilation's step Q1 (issue 8), with their labels. */
export type ConsensoUI = 'Cartaceo' | 'Email' | 'Online'

/**
 * On step Q1 of the compilation (already shown): chooses the consent type `consenso` when the wizard asks
 * it (the citizen has none recorded; the date is left at today). Step Q1 may also hold the corrections of
 * the citizen's data: they are left as they are. True when the consent was asked.
 */
export async function recordConsentUI(page: Page, consenso: ConsensoUI = 'Cartaceo'): Promise<boolean> {
  await expect(page.getByTestId('titolo-step')).toBeVisible()
  const gruppoConsenso = page.getByRole('group', { name: 'Consenso al trattamento dei dati personali' })
  if (!(await gruppoConsenso.isVisible())) return false
  await tick(gruppoConsenso, consenso)
  return true
}

/**
 * Compiles the survey of the `index`-th citizen: the consent at step Q1 when the wizard asks it
 * ({@link recordConsentUI}), every Q4 question answered, 'Invia questionario'.
 */
export async function compileSurveyUI(page: Page, index: number, consenso: ConsensoUI = 'Cartaceo'): Promise<void> {
  await citizenRows(page).nth(index).getByRole('link', { name: /Compila questionario/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Compilazione questionario' })).toBeVisible()
  await recordConsentUI(page, consenso)
  const next = page.getByRole('button', { name: 'Step successivo' })
  for (let i = 0; i < 3 && (await next.isVisible()); i += 1) await next.click()
  const main = page.locator('main')
  const groups = main.locator('fieldset')
  for (let i = 0; i < (await groups.count()); i += 1) {
    const g = groups.nth(i)
    if (!(await g.isVisible())) continue
    const choice = g.getByRole('radio').or(g.getByRole('checkbox'))
    if (!(await choice.count())) continue
    const star = g.getByRole('radio', { name: /^4/ })
    const target = (await star.count()) ? star.first() : choice.first()
    const id = await target.getAttribute('id')
    if (id) await main.locator(`label[for="${id}"]`).first().click()
    else await target.check({ force: true })
  }
  for (const box of await main.getByRole('textbox').all()) if (await box.isVisible() && await box.isEditable()) await box.fill('Servizi online del Comune')
  for (const sel of await main.getByRole('combobox').all()) if (await sel.isVisible()) await sel.selectOption({ index: 1 })
  await closeToasts(page)
  await page.getByRole('button', { name: 'Invia questionario' }).click()
  await expect(page).toHaveURL(/\/cittadini$/, { timeout: 15_000 })
}

/** Launches Chromium on a persistent profile folder (a browser that can be closed and reopened). */
export function launchPersistent(dir: string, baseURL: string, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    baseURL,
    viewport,
    locale: 'it-IT',
    reducedMotion: 'reduce',
  })
}

/** Logs in as the facilitator Sara Romano, waits for the service worker, opens the services list. */
export async function readyFacilitator(page: Page, request: APIRequestContext): Promise<ApiActor> {
  await login(page, USERS.fac.cf)
  await waitForServiceWorkerControl(page)
  const fac = await actorOf(page, request, 'FAC')
  await page.goto('/area-amministrativa/servizi')
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
  await waitForFieldData(page, USERS.fac.cf)
  return fac
}
