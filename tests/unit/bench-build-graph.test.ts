// @vitest-environment node
/**
 * The JavaScript of each working page in `npm run bench` (bench/build-graph.ts, issue 24 point 24), read from Vite's
 * build manifest: the entry's static closure plus the page's route chunks and what they import statically, plus
 * the chunks the page imports as it opens; its other dynamic imports are on demand; every other route is not
 * the page's; a route missing from the manifest fails.
 */
import { describe, expect, it } from 'vitest'
import { pageChunks, PAGES, type BuildManifest } from '../../bench/build-graph'

const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_shell-B.js'], dynamicImports: ['src/routes/bacheca/index.tsx?tsr-split=component', 'src/routes/area-dati/report-dati.tsx?tsr-split=component', 'src/routes/index.tsx?tsr-split=component'] },
  '_shell-B.js': { file: 'assets/shell-B.js' },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-C.js', imports: ['_shell-B.js', '_RoleCard-D.js'] },
  '_RoleCard-D.js': { file: 'assets/RoleCard-D.js' },
  'src/routes/bacheca/index.tsx?tsr-split=component': { file: 'assets/bacheca-E.js', imports: ['index.html', '_community-F.js'] },
  '_community-F.js': { file: 'assets/community-F.js', imports: ['_shell-B.js'], dynamicImports: ['_editor-G.js'] },
  '_editor-G.js': { file: 'assets/editor-G.js', imports: ['_pm-H.js'] },
  '_pm-H.js': { file: 'assets/pm-H.js' },
  'src/routes/area-dati/report-dati.tsx?tsr-split=component': { file: 'assets/report-dati-I.js', imports: ['index.html'], dynamicImports: ['_report-charts-J.js'] },
  '_report-charts-J.js': { file: 'assets/report-charts-J.js' },
}

describe('page JavaScript from the chunk graph', () => {
  it("counts the entry's static closure and the page's own chunks; its dynamic imports are on demand", () => {
    const bacheca = PAGES.find((p) => p.name === 'bacheca')!
    expect(pageChunks(MANIFEST, bacheca)).toEqual({
      files: ['assets/index-A.js', 'assets/shell-B.js', 'assets/bacheca-E.js', 'assets/community-F.js'],
      onDemand: ['assets/editor-G.js', 'assets/pm-H.js'],
    })
  })

  it("adds what a page imports as it opens (the report's charts), never another route's chunks", () => {
    const report = PAGES.find((p) => p.name === 'report')!
    const { files, onDemand } = pageChunks(MANIFEST, report)
    expect(files).toEqual(['assets/index-A.js', 'assets/shell-B.js', 'assets/report-dati-I.js', 'assets/report-charts-J.js'])
    expect(onDemand).toEqual([])
    expect(files).not.toContain('assets/routes-C.js')
  })

  it('fails when a page has no route module in the manifest', () => {
    expect(() => pageChunks(MANIFEST, PAGES.find((p) => p.name === 'servizi')!)).toThrow(/nessun modulo per src\/routes\/area-amministrativa\/servizi\/index\.tsx/)
  })
})
