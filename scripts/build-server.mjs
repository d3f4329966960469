#!/usr/bin/env node
// Bundles the reference server (server/main.ts and its TypeScript imports) into build/server/main.mjs
// with esbuild, npm packages left external, so `npm start` runs it on the project's Node (24 LTS) without tsx's
// on-the-fly compilation (faster start; see `npm run bench`, server_warm_start_ms).
import { build } from 'esbuild'

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/server/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
