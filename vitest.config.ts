/** Unit, client-module and server tests (vitest 4 on Node 20). Server tests set `// @vitest-environment node`. */
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { fileURLToPath } from 'node:url'

const nm = (p: string) => fileURLToPath(new URL('./node_modules/' + p, import.meta.url))

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: false, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }), react()],
  resolve: {
    alias: [
      { find: /^design-react-kit$/, replacement: nm('design-react-kit/dist/index.js') },
      { find: /^bootstrap-italia$/, replacement: nm('bootstrap-italia/dist/bootstrap-italia.esm.js') },
      // the shell's icon modules (src/ui/ShellIcon.tsx), as vite.config.ts resolves them
      { find: /^design-react-kit-icons\/(It[A-Za-z0-9]+)$/, replacement: nm('design-react-kit/dist/Icon/assets/$1.js') },
    ],
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    globals: true,
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // vitest's default is cores − 1, one file at a time on the 2-core CI machine: two files side by side
    // took the suite from 11 to 5 minutes there (measured with the database template), with no test slower
    // than its timeout
    maxWorkers: 2,
    css: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    server: { deps: { inline: ['design-react-kit', 'bootstrap-italia'] } },
  },
})
