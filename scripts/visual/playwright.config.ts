/**
 * Screenshot comparison of every page (scripts/visual/visual.spec.ts): NOT part of `npm test`.
 *
 *   VISUAL_ROOT=/path/to/other/checkout VISUAL_OUT=.tmp/visual/before npx playwright test -c scripts/visual
 *   VISUAL_OUT=.tmp/visual/after npx playwright test -c scripts/visual
 *   node scripts/visual/compare.mjs .tmp/visual/before .tmp/visual/after
 *
 * VISUAL_ROOT is a checkout already built with `npm run build` (default: this one); VISUAL_PORT (default
 * 18640) the port its server listens on, on a fresh PGlite folder.
 */
import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.VISUAL_PORT ?? 18640)

export default defineConfig({
  testDir: '.',
  testMatch: 'visual.spec.ts',
  timeout: 300_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results/visual',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    reducedMotion: 'reduce',
    actionTimeout: 20_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--font-render-hinting=none'],
    },
  },
  webServer: {
    command: 'node scripts/visual/server.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/api/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(PORT), HOST: '127.0.0.1' },
  },
})
