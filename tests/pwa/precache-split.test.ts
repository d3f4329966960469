// @vitest-environment node
import {
  chunksOfBundle,
  describeSplit,
  iconComponentName,
  iconNamesIn,
  precacheSplit,
  routeModule,
  splitPrecache,
  type ChunkInfo,
  type ManifestEntryIn,
  type SplitRules,
} from '../../sw/precache-split'

const R = '/app/src/routes/'
const NM = '/app/node_modules/'

/** A chunk of the fake build; the module ids and imports are what the split reads. */
function chunk(fileName: string, moduleIds: string[], more: Partial<ChunkInfo> = {}): ChunkInfo {
  return { fileName, isEntry: false, imports: [], dynamicImports: [], moduleIds, css: [], iconNames: [], ...more }
}

const icon = (name: string) => chunk(`assets/${name}-h.js`, [`${NM}design-react-kit/dist/Icon/assets/${name}.js`], { imports: ['assets/shell-h.js'] })

/** A build shaped like the app's: entry + shell, landing, privacy, login, a field route, the survey route, icons. */
const CHUNKS: ChunkInfo[] = [
  chunk('assets/index-h.js', ['/app/src/main.tsx', `${R}index.tsx`, `${R}area-amministrativa/servizi/index.tsx`], {
    isEntry: true,
    imports: ['assets/shell-h.js'],
    dynamicImports: ['assets/routes-h.js', 'assets/privacy-h.js', 'assets/servizi-h.js', 'assets/token-h.js', 'assets/ww-h.js', 'assets/ItUser-h.js', 'assets/ItPencil-h.js', 'assets/ItBan-h.js', 'assets/ItDelete-h.js'],
    css: ['assets/index-h.css'],
    iconNames: ['it-user'],
  }),
  chunk('assets/shell-h.js', [`${NM}react/index.js`, '/app/src/auth/session.ts']),
  chunk('assets/routes-h.js', [`${R}index.tsx?tsr-split=component`, '/app/src/features/home/Landing.tsx'], { imports: ['assets/shell-h.js', 'assets/rolecard-h.js'] }),
  chunk('assets/rolecard-h.js', ['/app/src/ui/profile/RoleCard.tsx'], { imports: ['assets/shell-h.js'] }),
  chunk('assets/privacy-h.js', [`${R}informativa-privacy-e-cookie.tsx?tsr-split=component`], { imports: ['assets/shell-h.js'] }),
  chunk('assets/ww-h.js', [`${NM}workbox-window/build/workbox-window.prod.es5.mjs`]),
  chunk('assets/servizi-h.js', [`${R}area-amministrativa/servizi/index.tsx?tsr-split=component`], {
    imports: ['assets/shell-h.js', 'assets/offline-h.js'],
    dynamicImports: ['assets/cf-h.js'],
    css: ['assets/servizi-h.css'],
    iconNames: ['it-pencil'],
  }),
  chunk('assets/offline-h.js', ['/app/src/offline/db.ts'], { imports: ['assets/dexie-h.js'] }),
  chunk('assets/dexie-h.js', [`${NM}dexie/dist/dexie.js`]),
  chunk('assets/cf-h.js', [`${NM}codice-fiscale-js/dist/codice.fiscale.commonjs2.js`]),
  chunk('assets/token-h.js', [`${R}servizi/questionario/$idQuestionario/online/$token.tsx?tsr-split=component`], {
    imports: ['assets/shell-h.js', 'assets/index-h.js', 'assets/dexie-h.js'],
    dynamicImports: ['assets/qr-h.js'],
    css: ['assets/token-h.css'],
    iconNames: ['it-ban'],
  }),
  chunk('assets/qr-h.js', [`${NM}qrcode/lib/browser.js`]),
  icon('ItUser'),
  icon('ItPencil'),
  icon('ItBan'),
  icon('ItDelete'),
]

const FILES = [
  'index.html', 'manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png', 'assets/titillium-h.woff2', 'data/errors.json', 'data/province.json',
  'assets/index-h.css', 'assets/servizi-h.css', 'assets/token-h.css', ...CHUNKS.map((c) => c.fileName),
]
const ENTRIES: ManifestEntryIn[] = FILES.map((url) => ({ url, revision: url.includes('-h.') ? null : 'r1', size: 100 }))

const RULES: SplitRules = {
  core: [...['index', 'informativa-privacy-e-cookie'].map(routeModule), /[\\/]node_modules[\\/]workbox-window[\\/]/],
  sets: { survey: [routeModule('servizi/questionario/$idQuestionario/online/$token')] },
  coreFiles: [/^index\.html$/, /\.woff2$/, /\.(?:png|svg)$/, /^manifest\.webmanifest$/, /^data\/errors\.json$/],
}

const setsOf = (manifest: Array<{ url: string; sets?: string[] }>) => Object.fromEntries(manifest.map((e) => [e.url, e.sets ?? 'core']))

describe('precache split', () => {
  const result = splitPrecache(ENTRIES, CHUNKS, RULES)
  const sets = setsOf(result.manifest)

  it('precaches at install the shell, the anonymous routes with their static imports, the lazy modules they load and the icons they name', () => {
    const core = result.manifest.filter((e) => !e.sets).map((e) => e.url).sort()
    expect(core).toEqual(
      [
        'assets/ItUser-h.js', 'assets/index-h.css', 'assets/index-h.js', 'assets/privacy-h.js', 'assets/rolecard-h.js', 'assets/routes-h.js',
        'assets/shell-h.js', 'assets/titillium-h.woff2', 'assets/ww-h.js', 'data/errors.json', 'favicon.svg', 'icons/icon-192.png', 'index.html', 'manifest.webmanifest',
      ].sort(),
    )
    expect(result.core).toEqual({ count: core.length, bytes: core.length * 100 })
  })

  it("leaves to the 'field' set everything else: field routes, codice-fiscale-js, Dexie, every other icon, their CSS, province.json", () => {
    for (const url of ['assets/servizi-h.js', 'assets/servizi-h.css', 'assets/offline-h.js', 'assets/cf-h.js', 'assets/ItPencil-h.js', 'assets/ItDelete-h.js', 'data/province.json']) {
      expect(sets[url], url).toEqual(['field'])
    }
    // nothing lost, nothing twice
    expect(result.manifest.map((e) => e.url).sort()).toEqual([...FILES].sort())
  })

  it("puts the survey route, its static and dynamic imports, its CSS and its icons in the 'survey' set (and in 'field')", () => {
    for (const url of ['assets/token-h.js', 'assets/token-h.css', 'assets/dexie-h.js', 'assets/qr-h.js', 'assets/ItBan-h.js']) {
      expect(sets[url], url).toEqual(['field', 'survey'])
    }
    // the entry it imports is core, never part of a set; the entry's dynamic imports (other routes) are not followed
    expect(sets['assets/index-h.js']).toBe('core')
    expect(sets['assets/servizi-h.js']).toEqual(['field'])
    expect(result.sets.survey).toEqual({ count: 5, bytes: 500 })
    expect(result.sets.field!.count).toBe(FILES.length - result.core.count)
  })

  it('keeps the entries as they were, with the sets added', () => {
    const province = result.manifest.find((e) => e.url === 'data/province.json')
    expect(province).toEqual({ url: 'data/province.json', revision: 'r1', size: 100, sets: ['field'] })
    expect(ENTRIES.find((e) => e.url === 'data/province.json')).not.toHaveProperty('sets')
  })

  it('lets the graph place the CSS chunks import; the rules place the rest', () => {
    const more = [...ENTRIES, { url: 'assets/linked-h.css', revision: null, size: 1 }]
    const split = setsOf(splitPrecache(more, CHUNKS, { ...RULES, coreFiles: [...RULES.coreFiles, /\.css$/] }).manifest)
    expect(split['assets/linked-h.css']).toBe('core')
    expect(split['assets/servizi-h.css']).toEqual(['field'])
    expect(split['assets/token-h.css']).toEqual(['field', 'survey'])
    expect(setsOf(splitPrecache(more, CHUNKS, RULES).manifest)['assets/linked-h.css']).toEqual(['field'])
  })

  it('fails when a rule matches no chunk (a renamed route must not fall silently out of a set)', () => {
    expect(() => splitPrecache(ENTRIES, CHUNKS, { ...RULES, core: [routeModule('legal')] })).toThrow(/legal/)
    expect(() => splitPrecache(ENTRIES, CHUNKS, { ...RULES, sets: { survey: [routeModule('questionario')] } })).toThrow(/survey/)
    expect(() => splitPrecache(ENTRIES, CHUNKS, { ...RULES, sets: { field: [routeModule('index')] } })).toThrow(/field/)
  })

  it('describes the split for the build log', () => {
    expect(describeSplit(result)).toMatch(/^precache split: at install 14 files \(1\.4 KiB\); set 'field' \d+ files .*; set 'survey' 5 files \(0\.5 KiB\)$/)
  })
})

describe('files left out of the precache (issue 24 point 27)', () => {
  const editor = chunk('assets/editor-h.js', [`${NM}@tiptap/core/dist/index.js`, `${NM}prosemirror-view/dist/index.js`], { imports: ['assets/shell-h.js'] })
  const ON_DEMAND = [/[\\/]node_modules[\\/](?:@tiptap|prosemirror-[a-z]+)[\\/]/]
  const entriesWith = (extra: string[]) => [...ENTRIES, ...extra.map((url) => ({ url, revision: null, size: 1000 }))]

  it('leaves out a chunk loaded only on demand (dynamic imports only), and the stylesheets index.html inlines', () => {
    const community = chunk('assets/community-h.js', ['/app/src/features/community/ListPage.tsx'], { imports: ['assets/shell-h.js'], dynamicImports: ['assets/editor-h.js'] })
    const r = splitPrecache(entriesWith(['assets/editor-h.js', 'assets/community-h.js']), [...CHUNKS, community, editor],
      { ...RULES, onDemand: ON_DEMAND, inlined: () => ['assets/index-h.css'] })
    const urls = r.manifest.map((e) => e.url)
    expect(urls).not.toContain('assets/editor-h.js')
    expect(urls).not.toContain('assets/index-h.css')
    expect(urls).toContain('assets/community-h.js')
    expect(r.skipped).toEqual({ count: 2, bytes: 1100, files: ['assets/index-h.css', 'assets/editor-h.js'] })
    expect(r.keptOnDemand).toEqual([])
    expect(describeSplit(r)).toContain('not precached 2 files (1.1 KiB: assets/index-h.css, assets/editor-h.js)')
  })

  it('keeps an on-demand chunk that a page imports statically (that page must open offline), and says why', () => {
    const community = chunk('assets/community-h.js', ['/app/src/features/community/ListPage.tsx'], { imports: ['assets/shell-h.js', 'assets/editor-h.js'] })
    const r = splitPrecache(entriesWith(['assets/editor-h.js', 'assets/community-h.js']), [...CHUNKS, community, editor], { ...RULES, onDemand: ON_DEMAND })
    expect(setsOf(r.manifest)['assets/editor-h.js']).toEqual(['field'])
    expect(r.keptOnDemand).toEqual([{ file: 'assets/editor-h.js', importers: ['assets/community-h.js'] }])
    expect(describeSplit(r)).toContain('assets/editor-h.js is on demand but precached: imported statically by assets/community-h.js')
  })

  it('fails when the on-demand rule matches no chunk', () => {
    expect(() => splitPrecache(ENTRIES, CHUNKS, { ...RULES, onDemand: ON_DEMAND })).toThrow(/onDemand/)
  })
})

describe('route and icon patterns', () => {
  it('routeModule matches the route file and its split component only', () => {
    const index = routeModule('index')
    expect(index.test(`${R}index.tsx`)).toBe(true)
    expect(index.test(`${R}index.tsx?tsr-split=component`)).toBe(true)
    expect(index.test(`${R}area-amministrativa/index.tsx`)).toBe(false)
    expect(index.test(`${R}index.tsx.map`)).toBe(false)
    const code = routeModule('auth_.$code')
    expect(code.test(`${R}auth_.$code.tsx?tsr-split=component`)).toBe(true)
    expect(code.test(`${R}auth_x$code.tsx`)).toBe(false)
    expect(routeModule('servizi/questionario/$idQuestionario/online/$token').test('C:\\app\\src\\routes\\servizi\\questionario\\$idQuestionario\\online\\$token.tsx')).toBe(true)
  })

  it('maps icon names to design-react-kit component names and finds them in code', () => {
    expect(iconComponentName('it-arrow-left')).toBe('ItArrowLeft')
    expect(iconComponentName('it-pa')).toBe('ItPa')
    expect(iconComponentName('it-file-pdf-ext')).toBe('ItFilePdfExt')
    expect(iconNamesIn('a=`it-user`;b="it-ban",c=\'it-arrow-left\';d="it-";e="fit-content";f="it-user"')).toEqual(['it-user', 'it-ban', 'it-arrow-left'])
  })
})

describe('chunk graph from the bundle', () => {
  const bundle = {
    'assets/index-h.js': {
      type: 'chunk', fileName: 'assets/index-h.js', isEntry: true, imports: ['assets/shell-h.js'], dynamicImports: ['assets/ItUser-h.js'],
      moduleIds: ['/app/src/main.tsx', `${NM}design-react-kit/dist/Icon/assets/index.js`],
      modules: { '/app/src/main.tsx': { code: 'h(Icon,{icon:"it-search"})' }, [`${NM}design-react-kit/dist/Icon/assets/index.js`]: { code: '"it-android":!0,"it-apple":!0' } },
      viteMetadata: { importedCss: new Set(['assets/index-h.css']) },
    },
    'assets/index-h.css': { type: 'asset', fileName: 'assets/index-h.css' },
  }

  it('reads imports, modules, CSS and the icons named outside the icon catalogue', () => {
    expect(chunksOfBundle(bundle)).toEqual([
      {
        fileName: 'assets/index-h.js', isEntry: true, imports: ['assets/shell-h.js'], dynamicImports: ['assets/ItUser-h.js'],
        moduleIds: ['/app/src/main.tsx', `${NM}design-react-kit/dist/Icon/assets/index.js`], css: ['assets/index-h.css'], iconNames: ['it-search'],
      },
    ])
  })

  it('precacheSplit: the plugin records the graph, the transform splits the manifest with it', () => {
    const split = precacheSplit({ core: [/main\.tsx/], sets: {}, coreFiles: [/^index\.html$/] })
    expect(() => split.transform([])).toThrow(/pd-precache-split/)
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    split.plugin.generateBundle({}, bundle)
    const out = split.transform([
      { url: 'index.html', revision: 'r', size: 1 },
      { url: 'assets/index-h.js', revision: null, size: 2 },
      { url: 'assets/index-h.css', revision: null, size: 3 },
      { url: 'data/province.json', revision: 'p', size: 4 },
    ])
    expect(out.warnings).toEqual([])
    expect(setsOf(out.manifest)).toEqual({ 'index.html': 'core', 'assets/index-h.js': 'core', 'assets/index-h.css': 'core', 'data/province.json': ['field'] })
    vi.restoreAllMocks()
  })

  it('a build that failed before its bundle reports its own error, not a missing chunk graph (issue 24 point 26)', () => {
    const rules = { core: [/main\.tsx/], sets: {}, coreFiles: [/^index\.html$/] }
    const cause = new Error('pre-render of / failed (signal SIGTERM): Error: boom')
    const failedTransform = precacheSplit(rules)
    failedTransform.plugin.buildEnd(cause)
    expect(() => failedTransform.transform([])).toThrow(/build failed before the chunk graph was recorded: pre-render of \/ failed \(signal SIGTERM\): Error: boom/)
    const failedRender = precacheSplit(rules)
    failedRender.plugin.buildEnd()
    failedRender.plugin.renderError(cause)
    expect(() => failedRender.transform([])).toThrow(/pre-render of \/ failed/)
  })
})
