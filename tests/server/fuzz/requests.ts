/**
 * The request generators of the route fuzzer (tests/server/fuzz/routes.test.ts; security issue 6, item 9): JSON
 * text with raw fragments and plain `__proto__` keys, path segments, the contract's valid-shaped body of each
 * route, the nasty scalars, structures and survey sections, and the mutations that poison a valid body.
 */
import fc from 'fast-check'
import { encodeSection } from '../../../server/domain/survey-codec'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { DEMOGRAFICA, q3Section, type Actor } from '../field/fixtures'

export const NUL = '\u0000'
export const UNREGISTERED_CF = 'LMBNNA90L43B354D'

/** A fragment of JSON text inserted as is (deep nesting, huge numbers, huge arrays). */
export class Raw {
  constructor(readonly text: string) {}
}
/** An object written as its list of entries, so that keys like `__proto__` stay plain keys in the text. */
export class Entries {
  constructor(readonly entries: [string, unknown][]) {}
}

/** JSON text of a value made of plain values, {@link Raw} fragments and {@link Entries} objects. */
export function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text
  if (value instanceof Entries) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`
  if (value !== null && typeof value === 'object') return jsonText(new Entries(Object.entries(value)))
  return JSON.stringify(value) ?? 'null'
}

/** `encodeURIComponent`, or an encoded lone surrogate when the string holds one (which it cannot encode). */
export function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

/** Section text (contract encoding) with one question id and answer written by hand. */
export const rawSection = (sectionId: string, questionId: string, answer: string) =>
  `{"id":${JSON.stringify(sectionId)},"title":"x","properties":[{'${questionId}':['${answer}']}]}`

/** Everything the valid-shaped bodies and path parameters refer to, made in `beforeAll`. */
export interface World {
  actors: Actor[]
  unregistered: Actor
  sites: Map<string, number>
  serviceIds: number[]
  instanceIds: string[]
  anonymous: { id: string; token: string }
  fiscalCodes: string[]
}

/** The valid-shaped body of a route for `who` (the contract's payload), or the profile ids by default. */
export function validBody(method: string, url: string, who: Actor, world: World, pick: number): Record<string, unknown> {
  const ids = { ...who.ids }
  const site = world.sites.get(who.cf) ?? 1
  const q4 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: { '29': ['Passaparola'], '1663320201383': [String(1 + (pick % 5))] } })
  const key = `${method} ${url}`
  switch (key) {
    case 'POST /api/servizio':
    case 'PUT /api/servizio/:id':
      return {
        ...ids, nomeServizio: `Fuzz ${pick}`, idEnteServizio: who.ids.idEnte, idSedeServizio: site, data: '2025-05-0' + (1 + (pick % 9)),
        durataServizio: '1:00', tipoDiServizioPrenotato: ['Facilitazione individuale'],
        sezioneQuestionarioCompilatoQ3: q3Section({ data: '2025-05-0' + (1 + (pick % 9)), durata: '1:00' }),
        ...(pick % 2 === 0 ? { idLocale: crypto.randomUUID() } : {}),
      }
    case 'POST /api/servizio/all':
    case 'POST /api/servizio/download':
    case 'POST /api/servizio/tipologiaServizio/dropdown':
    case 'POST /api/servizio/stati/dropdown':
      return { ...ids, filtroRequest: { criterioRicerca: pick % 2 ? 'Fuzz' : String(world.serviceIds[0]), tipologiaServizio: ['Facilitazione individuale'], stato: ['ATTIVO'] } }
    case 'POST /api/servizio/cittadino':
      return { ...ids, criterioRicerca: world.fiscalCodes[pick % world.fiscalCodes.length], tipoDocumento: pick % 3 ? 'CF' : 'NUM_DOC', idServizio: world.serviceIds[0] }
    case 'POST /api/servizio/cittadino/:idServizio':
      return pick % 3 === 0
        ? { ...ids, nuovoCittadino: false, idCittadino: pick }
        : { ...ids, nuovoCittadino: pick % 2 === 0, codiceFiscale: world.fiscalCodes[pick % world.fiscalCodes.length], ...DEMOGRAFICA }
    case 'POST /api/servizio/cittadino/all/:idServizio':
      return { ...ids, filtroRequest: { criterioRicerca: pick % 2 ? '1' : world.fiscalCodes[0], statiQuestionario: ['NON_COMPILATA', 'COMPILATA'] } }
    case 'POST /api/servizio/cittadino/questionarioCompilato/:id/compila':
      return { ...ids, sezioneQ4Questionario: q4, titoloDiStudioDaAggiornare: DEMOGRAFICA.titoloDiStudio, provinciaDiDomicilioDaAggiornare: 'Roma' }
    case 'POST /api/servizio/cittadino/questionarioCompilato/:id/compila/anonimo':
      return { sezioneQ4Questionario: q4, consensoTrattamentoDati: pick % 2 === 0 }
    case 'POST /api/contesto/confermaIntegrazione':
      return { nome: 'Anna', cognome: 'Lombardi', email: `anna.${pick}@example.it`, telefono: '3331234567', abilitazioneConsensoTrattamentoDatiPersonali: true }
    case 'POST /api/contesto/sceltaProfilo':
      return { codiceRuolo: who.role, ...who.ids }
    default:
      return ids
  }
}

/** Values that break naive code: wrong types, edge numbers, NUL, lone surrogates, prototype names, unicode. */
export const nastyScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -0, -1, 1.5, -2.5, 2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 40, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e300, -1e300,
    '', ' ', '0', '-1', '1.5', '1e3', '0x10', '2147483648', '9007199254740993', 'NaN', 'Infinity', 'null', 'true', '{}', '[]',
    NUL, `a${NUL}b`, `${NUL}${NUL}`, '\ud800', '\udfff', 'a\udc00b', '😀', 'e\u0301', '\u202e', '\ufeff', '\\', '\\u0000', "' OR '1'='1", '%00',
    '__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty',
    new Raw('99999999999999999999999999'), new Raw('1e400'), new Raw('-1e400'), new Raw('1E-400'), new Raw('123456789012345678901234567890.5'),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}${NUL}`),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((b) => new Raw(b.toString())),
)

/** Structures that break naive code: deep nesting, huge arrays and strings, random JSON, prototype keys. */
export const nastyStructure: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 60, max: 6000 }).map((depth) => new Raw('['.repeat(depth) + ']'.repeat(depth))),
  fc.integer({ min: 60, max: 6000 }).map((depth) => new Raw('{"a":'.repeat(depth) + '{}' + '}'.repeat(depth))),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => new Raw(`[${Array.from({ length: n }, (_, i) => String(i)).join(',')}]`)),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => new Raw(`[${'"Facilitazione individuale",'.repeat(n - 1)}"ATTIVO"]`)),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype').map((k) => new Entries([[k, new Entries([['polluted', true]])]])),
  fc.array(nastyScalar, { maxLength: 5 }),
)

/** Section strings (Q3/Q4 fields): reserved question ids, NUL answers, deep arrays inside, broken encodings. */
export const nastySection: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(
    fc.constantFrom(SEZIONI_QUESTIONARIO.Q3.id, SEZIONI_QUESTIONARIO.Q4.id, 'x'),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '29', '26', '', `2${NUL}9`, '\ud800'),
    fc.constantFrom('Passaparola', `a${NUL}b`, '\udfff', '😀', '§§'),
  ).map(([s, q, a]) => rawSection(s, q, a)),
  fc.integer({ min: 10, max: 9000 }).map((depth) => `{"id":"${SEZIONI_QUESTIONARIO.Q4.id}","properties":[{"29":${'['.repeat(depth)}${']'.repeat(depth)}}]}`),
  fc.integer({ min: 10, max: 9000 }).map((depth) => '['.repeat(depth)),
  fc.constantFrom('{', '{}', '[]', 'null', '%', '%E0%A4%A', `{"id":"${SEZIONI_QUESTIONARIO.Q4.id}","properties":{"29":{"a":{"b":[1,2,{"c":null}]}}}}`),
  fc.string({ unit: 'binary', maxLength: 50 }),
)

export type Mutation =
  | { kind: 'set'; path: readonly string[]; value: unknown }
  | { kind: 'taint'; path: readonly string[]; how: number }
  | { kind: 'delete'; path: readonly string[] }
  | { kind: 'extra'; key: string; value: unknown }

export const EDGE_NUMBERS: unknown[] = [2 ** 31, 2 ** 32, 2 ** 40, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, -1, 0, 1.5, 1e300, new Raw('1e400'), new Raw('123456789012345678901234567890')]

/**
 * A value of the same shape as `value` but poisoned (`how` picks the variant): a string gets a NUL or a
 * lone surrogate, a number becomes an edge number (beyond 32 or 53 bits, negative, float, infinite), an
 * array gets a poisoned item or becomes huge, anything else becomes a string with a NUL. Such values pass
 * the type checks of a shallow validation and reach the deepest code.
 */
export function taint(value: unknown, how: number): unknown {
  if (typeof value === 'string') {
    const at = how % (value.length + 1)
    const poison = ['\u0000', '\ud800', '\udfff', `\u0000${value}`][how % 4] as string
    return value.slice(0, at) + poison + value.slice(at)
  }
  if (typeof value === 'number') return EDGE_NUMBERS[how % EDGE_NUMBERS.length]
  if (Array.isArray(value)) {
    const first = value[0] ?? 'x'
    if (how % 3 === 0) return new Raw(`[${Array.from({ length: 20_000 }, () => JSON.stringify(first)).join(',')}]`)
    return [...value, taint(first, how >> 2)]
  }
  return `x\u0000${how}`
}

/** Applies mutations to a copy of `body`; `extra` keys are appended as raw entries (prototype names stay keys). */
export function mutate(body: Record<string, unknown>, mutations: Mutation[]): Entries {
  const copy = structuredClone(body)
  const extras: [string, unknown][] = []
  for (const m of mutations) {
    if (m.kind === 'extra') {
      extras.push([m.key, m.value])
      continue
    }
    let target: Record<string, unknown> = copy
    for (const step of m.path.slice(0, -1)) {
      const next = target[step]
      if (next === null || typeof next !== 'object' || Array.isArray(next)) break
      target = next as Record<string, unknown>
    }
    const last = m.path[m.path.length - 1] ?? ''
    if (m.kind === 'delete') delete target[last]
    else if (m.kind === 'taint') target[last] = taint(target[last], m.how)
    else target[last] = m.value
  }
  return new Entries([...Object.entries(copy), ...extras])
}

/** Every key path of a body (nested objects included), the mutation targets. */
export function keyPaths(body: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(body).flatMap(([k, v]) => {
    const here = [...prefix, k]
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? [here, ...keyPaths(v as Record<string, unknown>, here)] : [here]
  })
}

export const SECTION_FIELDS = new Set(['sezioneQuestionarioCompilatoQ3', 'sezioneQ4Questionario', 'sezioneQ1Questionario'])
