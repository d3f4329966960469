#!/usr/bin/env node
/**
 * One-off generator of the app icons (run once, commit the PNGs): draws the "P." monogram
 * ("Punto" + a dot) in white on #0066cc as SVG and rasterises it with the system Chromium.
 * Writes public/favicon.svg, public/icons/icon-{192,512}.png (purpose any, rounded square,
 * transparent corners), public/icons/maskable-{192,512}.png (full-bleed, artwork inside the
 * 80 % safe circle) and public/apple-touch-icon.png (180×180, opaque).
 * Usage: node scripts/make-icons.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const BLUE = '#0066cc'
// Glyph drawn on a 512 grid, centred on (256, 256): stem + bowl of a "P", and a full stop.
const glyph = (scale) => `
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)" fill="none" stroke="#fff">
    <path d="M173 376 V164 H245 A72 72 0 0 1 245 308 H173" stroke-width="56" stroke-linejoin="round"/>
    <circle cx="337" cy="346" r="30" fill="#fff" stroke="none"/>
  </g>`

const svg = ({ rounded, scale }) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <title>Punto Digitale</title>
  <rect width="512" height="512" ${rounded ? 'rx="104"' : ''} fill="${BLUE}"/>${glyph(scale)}
</svg>
`

const ANY = svg({ rounded: true, scale: 1 })
// Maskable: opaque full-bleed background, glyph shrunk so every point stays well inside the safe circle.
const MASKABLE = svg({ rounded: false, scale: 0.82 })
const APPLE = svg({ rounded: false, scale: 0.9 })

const outputs = [
  { file: 'public/icons/icon-192.png', size: 192, source: ANY, transparent: true },
  { file: 'public/icons/icon-512.png', size: 512, source: ANY, transparent: true },
  { file: 'public/icons/maskable-192.png', size: 192, source: MASKABLE, transparent: false },
  { file: 'public/icons/maskable-512.png', size: 512, source: MASKABLE, transparent: false },
  { file: 'public/apple-touch-icon.png', size: 180, source: APPLE, transparent: false },
]

mkdirSync('public/icons', { recursive: true })
writeFileSync('public/favicon.svg', ANY)

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
  for (const { file, size, source, transparent } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 })
    const body = source.replace('<svg ', `<svg width="${size}" height="${size}" `)
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${body}</body></html>`)
    await page.screenshot({ path: file, omitBackground: transparent, clip: { x: 0, y: 0, width: size, height: size } })
    await page.close()
    console.log(`wrote ${file}`)
  }
} finally {
  await browser.close()
}
