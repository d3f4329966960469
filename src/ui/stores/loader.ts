/**
 * Loader overlay as a counter (spec 000 §4 "Loader"): each call raises it, completion lowers it;
 * the overlay shows while it is above zero.
 */
import { createStore, useStore } from '../../lib/store'

const count = createStore(0)

export function loaderStart(): void {
  count.update((n) => n + 1)
}

export function loaderEnd(): void {
  count.update((n) => Math.max(0, n - 1))
}

/** Runs `fn` with the loader raised, lowering it whatever the outcome. */
export async function withLoader<T>(fn: () => Promise<T>): Promise<T> {
  loaderStart()
  try {
    return await fn()
  } finally {
    loaderEnd()
  }
}

export function getLoaderCount(): number {
  return count.get()
}

export function useLoaderCount(): number {
  return useStore(count)
}
