/**
 * End-to-end tests in Debian's Chromium against the built app served by the real server
 * (fresh PGlite data folder per run, or PostgreSQL when DATABASE_URL is set).
 */
import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 18080)
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // never retried: a test passes every time or it is a bug (delivery issue 7)
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'it-IT',
    // the app ends transitions at once under reduced motion: what a test sees is settled, never mid-fade
    reducedMotion: 'reduce',
    actionTimeout: 20_000,
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(PORT), HOST: '127.0.0.1' },
  },
})
