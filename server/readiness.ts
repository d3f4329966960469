/**
 * Readiness checks (`GET /api/health/ready`, server/routes/health.ts; issue 14 point 3). A check
 * resolves to undefined when it passes, or to the `status` the probe answers with 503
 * (`'starting'`, `'database-unreachable'`…; another part adds `'stopping'` while draining). Checks run in
 * order; the first failing one answers.
 */

/** The statuses of a failing readiness probe (others may be added by later checks). */
export type NotReadyStatus = 'starting' | 'migrating' | 'database-unreachable' | (string & {})

/** One check: undefined = passes, otherwise the status to answer with 503. */
export type ReadinessCheck = () => NotReadyStatus | undefined | Promise<NotReadyStatus | undefined>

/** The first failing check's status, or undefined when every check passes. */
export async function firstFailure(checks: readonly ReadinessCheck[]): Promise<NotReadyStatus | undefined> {
  for (const check of checks) {
    const status = await check()
    if (status !== undefined) return status
  }
  return undefined
}

export interface DatabaseCheckOptions {
  /** a ping slower than this counts as unreachable (ms, default 1000) */
  timeoutMs?: number
  /** a result is reused for this long after it is known (ms, default 1000): probes stay cheap */
  cacheMs?: number
  /** the clock (tests) */
  now?: () => number
}

/**
 * The database check: `ping` (a `SELECT 1`) within `timeoutMs`, else `'database-unreachable'`. One
 * ping at a time: concurrent probes share the one in flight, and its result is reused for `cacheMs`.
 */
export function databaseCheck(ping: () => Promise<unknown>, opts: DatabaseCheckOptions = {}): ReadinessCheck {
  const timeoutMs = opts.timeoutMs ?? 1000
  const cacheMs = opts.cacheMs ?? 1000
  const now = opts.now ?? Date.now
  let known: { ok: boolean; at: number } | undefined
  let inFlight: Promise<boolean> | undefined

  const probe = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs) })
    try {
      return await Promise.race([ping().then(() => true, () => false), timedOut])
    } finally {
      clearTimeout(timer)
    }
  }

  return async () => {
    if (!known || now() - known.at >= cacheMs) {
      inFlight ??= probe().then((ok) => {
        known = { ok, at: now() }
        inFlight = undefined
        return ok
      })
      await inFlight
    }
    return known?.ok ? undefined : 'database-unreachable'
  }
}
