/**
 * The save step of the programme and project form pages (platform-backend §2.1–2.2): sends the create or
 * update (a failure becomes an Error carrying the catalogue's Italian message, which the form shows), refreshes
 * the lists and cards, confirms with a success toast and, when the server rewrote the CUP, its warning toast.
 */
import type { Avviso } from '../../../api/contract/gestione'
import { showToast } from '../../../ui/stores/toasts'
import { messaggioErrore } from '../../../api/error-message'

/** `call`'s answer once saved, refreshed and confirmed with `messaggio` (see the module comment). */
export async function salva<T extends Avviso>(call: () => Promise<T>, messaggio: string): Promise<T> {
  let out: T
  try {
    out = await call()
  } catch (err) {
    throw new Error(await messaggioErrore(err), { cause: err })
  }
  showToast({ status: 'success', message: messaggio })
  if (out.warning) showToast({ status: 'warning', title: out.warningTitle ?? 'Attenzione', message: out.warningMessage ?? '' })
  return out
}
