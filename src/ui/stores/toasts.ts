/**
 * Toast store (spec 000 §3 "Toast", §9 durations): any module may push a toast; the shell renders them.
 * Durations in ms: slow 40 s, medium 25 s (default), fast 10 s.
 */
import { createStore, useStore } from '../../lib/store'

export type ToastStatus = 'info' | 'success' | 'warning' | 'error'
export const TOAST_DURATION = { slow: 40_000, medium: 25_000, fast: 10_000 } as const

export interface Toast {
  id: string
  title?: string
  message: string
  status: ToastStatus
  /** ms before auto-dismiss */
  duration: number
  closable: boolean
}

const store = createStore<Toast[]>([])
let seq = 0

/** Shows a toast; a toast with the same `id` replaces the previous one. Returns the id. */
export function showToast(t: Omit<Toast, 'id' | 'duration' | 'closable'> & Partial<Pick<Toast, 'id' | 'duration' | 'closable'>>): string {
  const id = t.id ?? `t${++seq}`
  const toast: Toast = { duration: TOAST_DURATION.medium, closable: true, ...t, id }
  store.update((toasts) => [...toasts.filter((x) => x.id !== id), toast])
  return id
}

export function dismissToast(id: string): void {
  store.update((toasts) => toasts.filter((x) => x.id !== id))
}

export const getToasts: () => Toast[] = store.get

export const subscribeToasts: (l: () => void) => () => void = store.subscribe

export function useToasts(): Toast[] {
  return useStore(store)
}
