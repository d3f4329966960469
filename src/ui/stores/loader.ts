/**
 * Loader overlay as a counter (spec 000 §4 "Loader"): each call raises it, completion lowers it;
 * the overlay shows while it is above zero.
 */
import { useSyncExternalStore } from 'react'

let count = 0
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function loaderStart(): void {
  count += 1
  emit()
}

export function loaderEnd(): void {
  count = Math.max(0, count - 1)
  emit()
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
  return count
}

export function useLoaderCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    getLoaderCount,
    getLoaderCount,
  )
}
