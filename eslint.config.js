// Lint: typescript-eslint recommended + React hooks rules, on app, SW, server, tests and e2e; the client's layers and the features' boundaries.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const FEATURES = fileURLToPath(new URL('./src/features/', import.meta.url))

/** `{ feature, rest }` of a path inside src/features ('servizi', 'list/ServiziPage'), null outside it. */
function inFeatures(path) {
  const rel = relative(FEATURES, path).split(sep).join('/')
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null
  const [feature, ...rest] = rel.split('/')
  return { feature, rest: rest.join('/') }
}

/**
 * Features stand side by side (issue 26 point 3): a module of src/features/X imports another feature Y only
 * through its entry (`features/Y`, `features/Y/index`), by static import, re-export or dynamic `import()`;
 * what many features use lives in ui/ or lib/. tests/unit/layers.test.ts checks every file the same way.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "a feature imports another feature only through its index.ts" },
    schema: [],
    messages: { deep: "features/{{from}} imports '{{spec}}', an internal of features/{{to}}: import features/{{to}} (its index.ts), or move what is shared to ui/ or lib/" },
  },
  create(context) {
    const from = inFeatures(context.filename)
    if (!from) return {}
    const check = (source) => {
      const spec = source?.type === 'Literal' ? source.value : null
      if (typeof spec !== 'string' || !spec.startsWith('.')) return
      const to = inFeatures(resolve(dirname(context.filename), spec))
      if (!to || to.feature === from.feature || to.rest === '' || /^index(?:\.tsx?)?$/.test(to.rest)) return
      context.report({ node: source, messageId: 'deep', data: { from: from.feature, to: to.feature, spec } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

const UPPER_LAYERS = { group: ['**/features/**', '**/routes/**'], message: 'ui/, lib/, api/, auth/, offline/ e pwa/ non importano features/ né routes/' }

/** Outside src/offline, the library is imported through src/offline (index.ts, for features) or src/offline/shell only. */
const OFFLINE_INTERNALS = {
  group: ['**/offline/*', '!**/offline/index', '!**/offline/shell'],
  message: "la libreria offline si importa da src/offline (index.ts) o da src/offline/shell, non dai suoi file interni",
}

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'data/**', 'drizzle/**', 'src/routeTree.gen.ts', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // lower layers never import upper ones (dynamic imports: tests/unit/layers.test.ts)
    files: ['src/{lib,api,auth,offline,pwa,ui}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [UPPER_LAYERS] }],
    },
  },
  {
    // the offline library is used through its two entries only (issue 26 point 5; tests/unit/layers.test.ts)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/offline/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [OFFLINE_INTERNALS] }],
    },
  },
  {
    // (the rule's options are replaced, not merged, by a later block: both pattern groups for the lower layers)
    files: ['src/{lib,api,auth,pwa,ui}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [UPPER_LAYERS, OFFLINE_INTERNALS] }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { features: { rules: { boundaries: featureBoundaries } } },
    rules: { 'features/boundaries': 'error' },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
)
