/**
 * valibot → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) with the maintained
 * `@valibot/to-json-schema`. Named contract schemas (server/openapi/contract-names.ts) become
 * `#/components/schemas/<Name>` references; the request side is described (`typeMode: 'input'`: what the
 * caller sends, before the schema's transformations); checks JSON Schema cannot say (custom checks,
 * transformations) are left out (`errorMode: 'ignore'`).
 */
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema'
import type { GenericSchema } from 'valibot'
import { contractSchemaNames } from './contract-names'

/** A JSON Schema object as it goes in the document. */
export type JsonObject = Record<string, unknown>

const REF_PREFIX = '#/components/schemas/'

const CONFIG: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'input',
  errorMode: 'ignore',
  overrideRef: ({ referenceId }) => `${REF_PREFIX}${referenceId}`,
}

function definitions(): Record<string, GenericSchema> {
  return Object.fromEntries([...contractSchemaNames()].map(([schema, name]) => [name, schema]))
}

function clean(schema: JsonSchema): JsonObject {
  const { $schema: _s, $defs: _d, ...rest } = schema as JsonObject
  return rest
}

/** The document's schema of `schema`: a `$ref` when it is a named contract schema, else inline (with refs inside). */
export function schemaRef(schema: GenericSchema): JsonObject {
  const name = contractSchemaNames().get(schema)
  if (name) return { $ref: `${REF_PREFIX}${name}` }
  return clean(toJsonSchema(schema, { ...CONFIG, definitions: definitions() }))
}

/** Every named contract schema converted, by name (the candidates of `components/schemas`). */
export function contractComponents(): Record<string, JsonObject> {
  const converted = toJsonSchemaDefs(definitions(), CONFIG)
  return Object.fromEntries(Object.entries(converted).map(([name, schema]) => [name, clean(schema)]))
}

/** The component name a `$ref` points to, or undefined for other references. */
export function refName(ref: unknown): string | undefined {
  return typeof ref === 'string' && ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined
}

/** Names of the components `value` refers to (deep). */
export function referencedNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedNames(item, into)
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const name = key === '$ref' ? refName(child) : undefined
      if (name) into.add(name)
      else referencedNames(child, into)
    }
  }
  return into
}

/**
 * The components reachable from `roots` (transitively through their own references), so the document
 * carries the contract schemas its operations use and no others.
 */
export function reachableComponents(roots: unknown, all: Record<string, JsonObject>): Record<string, JsonObject> {
  const kept: Record<string, JsonObject> = {}
  const pending = [...referencedNames(roots)]
  while (pending.length > 0) {
    const name = pending.pop() as string
    const schema = all[name]
    if (kept[name] || !schema) continue
    kept[name] = schema
    pending.push(...referencedNames(schema))
  }
  return Object.fromEntries(Object.keys(kept).sort().map((name) => [name, kept[name] as JsonObject]))
}

/** Follows one `$ref` to its component (or returns the schema itself). */
export function resolveSchema(schema: JsonObject, components: Record<string, JsonObject>): JsonObject {
  const name = refName(schema.$ref)
  return name ? components[name] ?? schema : schema
}
