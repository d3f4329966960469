/**
 * Whether the survey links can be created now: the browser says online and the API probe has not failed
 * (ARCHITECTURE outbox point 7). A React hook shared by 'Invia questionario' and '… a tutti'.
 */
import { useSyncExternalStore } from 'react'
import { useConnectivity } from '../../../api/connectivity'

function subscribeOnline(cb: () => void): () => void {
  window.addEventListener('online', cb)
  window.addEventListener('offline', cb)
  return () => {
    window.removeEventListener('online', cb)
    window.removeEventListener('offline', cb)
  }
}
const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

/** Online unless the browser says offline or the API probe failed. */
export function useOnline(): boolean {
  const navOnline = useSyncExternalStore(subscribeOnline, browserOnline, () => true)
  const probe = useConnectivity()
  return navOnline && probe !== 'offline'
}
