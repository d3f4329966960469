// @vitest-environment node
/**
 * Issue 14 point 6: the repository's `publiccode.yml` (Developers Italia catalogue) is valid against the
 * standard's published JSON Schema (SchemaStore, vendored in tests/fixtures/publiccode/, see its README),
 * and meets what the schema does not check: an Italian and an English description, each with a long
 * description and non-empty features, the version of package.json and a release date not in the future,
 * the Node.js the project runs on. Negative cases prove the validator catches invalid documents.
 */
import { readFileSync } from 'node:fs'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'

// ajv-formats is CommonJS: its default export arrives as the module object or as the function
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule)

type Doc = Record<string, unknown>
interface PackageJson { version: string; engines: { node: string } }

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')

/** The parsed publiccode.yml (the yaml package refuses duplicated keys). */
const loadPubliccode = (): Doc => parse(read('publiccode.yml')) as Doc

const pkg = JSON.parse(read('package.json')) as PackageJson

/** `doc` deep-copied, for the negative cases to change. */
const copy = (doc: Doc): Doc => structuredClone(doc)

/** A JSON Schema error as `instancePath keyword` (e.g. `/developmentStatus enum`), for readable assertions. */
const describeErrors = (errors: ErrorObject[] | null | undefined) => (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword}`)

/**
 * What the schema leaves open and the catalogue entry must still meet, as readable problems ([] = none):
 * both `it` and `en` descriptions with localisedName, shortDescription, a longDescription and a non-empty
 * features list of non-blank strings; `softwareVersion` equal to package.json's version; `releaseDate` a
 * real date not in the future; `it` among the available languages; Node.js required at the version of
 * package.json's `engines.node` (`>=X`).
 */
function catalogueProblems(doc: Doc, pkgJson: PackageJson, today = new Date()): string[] {
  const problems: string[] = []
  const description = (doc.description ?? {}) as Record<string, Record<string, unknown>>
  for (const lang of ['it', 'en']) {
    const d = description[lang]
    if (!d) {
      problems.push(`description.${lang} missing`)
      continue
    }
    for (const key of ['localisedName', 'shortDescription', 'longDescription']) {
      if (typeof d[key] !== 'string' || !(d[key] as string).trim()) problems.push(`description.${lang}.${key} missing`)
    }
    const features = d.features
    if (!Array.isArray(features) || features.length === 0) problems.push(`description.${lang}.features empty`)
    else features.forEach((f, i) => { if (typeof f !== 'string' || !f.trim()) problems.push(`description.${lang}.features[${i}] empty`) })
  }
  if (doc.softwareVersion !== pkgJson.version) problems.push(`softwareVersion ${String(doc.softwareVersion)} is not package.json's ${pkgJson.version}`)
  const release = typeof doc.releaseDate === 'string' ? new Date(`${doc.releaseDate}T00:00:00Z`) : null
  if (!release || Number.isNaN(release.getTime())) problems.push('releaseDate missing or invalid')
  else if (release.getTime() > today.getTime()) problems.push(`releaseDate ${String(doc.releaseDate)} is in the future`)
  const languages = (doc.localisation as { availableLanguages?: unknown[] } | undefined)?.availableLanguages ?? []
  if (!languages.includes('it')) problems.push('localisation.availableLanguages lacks it')
  const open = ((doc.dependsOn as { open?: { name: string; versionMin?: unknown }[] } | undefined)?.open ?? [])
  const node = open.find((d) => d.name === 'Node.js')
  const engine = /^>=\s*(\S+)$/.exec(pkgJson.engines.node)?.[1]
  if (!node || String(node.versionMin) !== engine) problems.push(`dependsOn.open Node.js versionMin is not package.json's engines.node (${pkgJson.engines.node})`)
  return problems
}

describe('publiccode.yml', () => {
  let validate: ValidateFunction

  beforeAll(() => {
    const schema = JSON.parse(read('tests/fixtures/publiccode/publiccode.schema.json')) as Doc
    // strict: the schema may not use keywords ajv does not know; all its formats (uri, email, date) checked
    const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false })
    addFormats(ajv)
    validate = ajv.compile(schema)
  })

  it('is valid against the published publiccode.yml JSON Schema', () => {
    const ok = validate(loadPubliccode())
    expect(describeErrors(validate.errors), JSON.stringify(validate.errors, null, 2)).toEqual([])
    expect(ok).toBe(true)
  })

  it('describes the product in Italian and English, at package.json\'s version, with the Node.js it runs on', () => {
    const doc = loadPubliccode()
    expect(catalogueProblems(doc, pkg)).toEqual([])
    const description = doc.description as Record<string, { longDescription: string; features: string[] }>
    for (const lang of ['it', 'en']) {
      expect(description[lang]!.longDescription.length).toBeGreaterThanOrEqual(150)
      expect(description[lang]!.features.length).toBeGreaterThanOrEqual(5)
    }
    // the same features in both languages
    expect(description.it!.features.length).toBe(description.en!.features.length)
    expect(doc).toMatchObject({ platforms: ['web'], softwareType: 'standalone/web', localisation: { availableLanguages: ['it'] } })
    const open = (doc.dependsOn as { open: { name: string; versionMin?: string; optional?: boolean }[] }).open
    expect(open.find((d) => d.name === 'PostgreSQL')).toMatchObject({ versionMin: '15' })
    expect(open.filter((d) => d.optional).map((d) => d.name)).toEqual(expect.arrayContaining(['S3-compatible object storage', 'SMTP server']))
  })

  describe('the validator catches an invalid document', () => {
    it('refuses what the schema forbids', () => {
      const cases: [string, (doc: Doc) => void, string][] = [
        ['no legal section', (d) => { delete d.legal }, '/ required'],
        ['an unknown development status', (d) => { d.developmentStatus = 'finished' }, '/developmentStatus enum'],
        ['an unknown top-level key', (d) => { d.licence = 'MIT' }, '/ additionalProperties'],
        ['a long description under 150 characters', (d) => { (d.description as Record<string, Doc>).en!.longDescription = 'Too short.' }, '/description/en/longDescription minLength'],
        ['a short description over 150 characters', (d) => { (d.description as Record<string, Doc>).it!.shortDescription = 'x'.repeat(151) }, '/description/it/shortDescription maxLength'],
        ['a release date that is not a date', (d) => { d.releaseDate = '24/11/2026' }, '/releaseDate format'],
        ['a repository URL that is not a URI', (d) => { d.url = 'not a url' }, '/url format'],
        ['a lower-case country section', (d) => { d.it = d.IT; delete d.IT }, '/ additionalProperties'],
      ]
      for (const [what, change, expected] of cases) {
        const doc = copy(loadPubliccode())
        change(doc)
        expect(validate(doc), what).toBe(false)
        expect(describeErrors(validate.errors), what).toContain(expected)
      }
    })

    it('refuses what only the catalogue rules catch', () => {
      const noEnglish = copy(loadPubliccode())
      delete (noEnglish.description as Doc).en
      expect(validate(noEnglish)).toBe(true) // the schema alone accepts one language
      expect(catalogueProblems(noEnglish, pkg)).toEqual(['description.en missing'])

      const blankFeature = copy(loadPubliccode())
      ;(blankFeature.description as Record<string, Doc>).it!.features = ['Lavoro offline', '  ']
      expect(catalogueProblems(blankFeature, pkg)).toEqual(['description.it.features[1] empty'])

      expect(catalogueProblems(loadPubliccode(), { ...pkg, version: '9.9.9' })).toEqual([expect.stringContaining('is not package.json\'s 9.9.9')])
      expect(catalogueProblems(loadPubliccode(), { ...pkg, engines: { node: '>=26' } })).toEqual([expect.stringContaining('engines.node')])
      const release = new Date(`${String(loadPubliccode().releaseDate)}T00:00:00Z`)
      expect(catalogueProblems(loadPubliccode(), pkg, new Date(release.getTime() - 86_400_000))).toEqual([expect.stringContaining('in the future')])
    })
  })
})
