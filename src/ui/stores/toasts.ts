/**
 * Toast store (spec 000 §3 "Toast", §9 durations): any module may push a toast; the shell renders them.
 * Durations in ms: slow 40 s, medium 25 s (default), fast 10 s.
 */
import { useSyncExternalStore } from 'react'

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

let toasts: Toast[] = []
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())
let seq = 0

/** Shows a toast; a toast with the same `id` replaces the previous one. Returns the id. */
export function showToast(t: Omit<Toast, 'id' | 'duration' | 'closable'> & Partial<Pick<Toast, 'id' | 'duration' | 'closable'>>): string {
  const id = t.id ?? `t${++seq}`
  const toast: Toast = { duration: TOAST_DURATION.medium, closable: true, ...t, id }
  toasts = [...toasts.filter((x) => x.id !== id), toast]
  emit()
  return id
}

export function dismissToast(id: string): void {
  toasts = toasts.filter((x) => x.id !== id)
  emit()
}

export function getToasts(): Toast[] {
  return toasts
}

export function subscribeToasts(l: () => void): () => void {
  listeners.add(l)
  return () => listeners.delete(l)
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts)
}
