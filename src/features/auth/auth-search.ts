/**
 * Search parameters of `/auth` and `/auth/{code}` (spec 000 §2.1): the provider's `code` and `state`,
 * or its `error`. Unknown or non-string values are dropped.
 */
import * as v from 'valibot'

const Text = v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(4096)))
const AuthSearchSchema = v.object({ code: Text, state: Text, error: Text })

export type AuthSearch = v.InferOutput<typeof AuthSearchSchema>

export function parseAuthSearch(search: Record<string, unknown>): AuthSearch {
  const pick = (k: 'code' | 'state' | 'error') => {
    const r = v.safeParse(Text, typeof search[k] === 'number' ? String(search[k]) : search[k])
    return r.success ? r.output : undefined
  }
  const out: AuthSearch = {}
  const code = pick('code')
  const state = pick('state')
  const error = pick('error')
  if (code) out.code = code
  if (state) out.state = state
  if (error) out.error = error
  return v.parse(AuthSearchSchema, out)
}
