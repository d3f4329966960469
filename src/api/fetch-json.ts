/**
 * GET of a static JSON file with a timeout (ms), for the files the shell needs before any API call
 * (`/app-config.json`, `/data/errors.json`). Plain fetch keeps ky off the landing page's JavaScript.
 * Throws on network failure, timeout or a non-2xx answer.
 */
export async function fetchJson(url: string, timeoutMs: number, cache: RequestCache = 'default'): Promise<unknown> {
  const response = await fetch(url, { cache, signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`)
  return response.json()
}
