/**
 * A parser of the Prometheus text exposition format (version 0.0.4) for the metrics tests: samples as
 * `{name, labels, value}` (comments skipped), and lookups by name and a subset of labels.
 */

export interface Sample { name: string; labels: Record<string, string>; value: number }

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g
const NUMBER: Record<string, number> = { '+Inf': Infinity, '-Inf': -Infinity, NaN: Number.NaN }

/** The samples of an exposition; throws on a line that is neither a comment nor a sample. */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const m = SAMPLE.exec(line)
    if (!m) throw new Error(`not a Prometheus sample: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, k, v] of (m[2] ?? '').matchAll(LABEL)) labels[k!] = v!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
    samples.push({ name: m[1]!, labels, value: NUMBER[m[3]!] ?? Number(m[3]) })
  }
  return samples
}

/** The samples named `name` whose labels include `labels`. */
export function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
}

/** The one sample named `name` with `labels` (undefined when none; throws when several). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = find(samples, name, labels)
  if (found.length > 1) throw new Error(`${found.length} samples ${name} ${JSON.stringify(labels)}`)
  return found[0]?.value
}
