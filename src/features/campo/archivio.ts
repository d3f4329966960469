/**
 * The field window (issue 25 point 2): the device holds the services dated within the last
 * `GIORNI_FINESTRA_CAMPO` days and those with a survey still open; older ones are read online on demand —
 * the list `GET /campo/archivio` (pages of 50, newest first; the screens read it with TanStack Query) and
 * one service `GET /campo/servizio/{id}`, which is then stored on the device like the synced ones (it works
 * offline too until the next whole sync, which removes it as it is outside the window).
 */
import { useEffect, useRef, useState } from 'react'
import { GIORNI_FINESTRA_CAMPO, type CampoArchivio } from '../../api/contract/campo'
import { toWireDate } from '../../lib/dates'
import { useOfflineQuery, userDb } from '../../offline'
import { syncKey, type ProfiloCampo } from './records'
import { profiloCampoCorrente, profiloParams, statoSync, storeServizio } from './sync'
import { isUuid } from '../../lib/route-params'

/** Local 'YYYY-MM-DD' of `GIORNI_FINESTRA_CAMPO` days before `now` (the window's first day as the device computes it). */
export function inizioFinestra(now: Date = new Date()): string {
  return toWireDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - GIORNI_FINESTRA_CAMPO))
}

/** React: the window's first day ('YYYY-MM-DD'): the server's, from the last sync, else computed on the device. */
export function useFinestraCampo(): { dal: string; giorni: number } {
  const p = profiloCampoCorrente()
  const dal = useOfflineQuery(`campo:finestra:${p ? syncKey(p) : ''}`, async (db) => (p ? (await statoSync(db, p)).finestraDal : null))
  return { dal: dal ?? inizioFinestra(), giorni: GIORNI_FINESTRA_CAMPO }
}

function requireProfilo(): ProfiloCampo {
  const p = profiloCampoCorrente()
  if (!p) throw new Error('Nessun profilo da facilitatore o volontario')
  return p
}

/** `GET /campo/archivio`: one page of the profile's services dated before `prima` (`cursore` null: the first). */
export async function fetchArchivioCampo(prima: string, cursore: string | null, signal?: AbortSignal): Promise<CampoArchivio> {
  const p = requireProfilo()
  const [{ apiGet }, { CampoArchivioSchema }] = await Promise.all([import('../../api/client'), import('../../api/contract/campo')])
  return apiGet('campo/archivio', CampoArchivioSchema, {
    silent: true, background: true, signal, headers: { userRole: p.codiceRuolo },
    searchParams: { ...profiloParams(p), prima, ...(cursore ? { cursore } : {}) },
  })
}

/**
 * `GET /campo/servizio/{id}` for the current profile, stored on the device. Resolves 'caricato', or
 * 'non-trovato' when the server does not know it for this profile (404 or refused).
 * Rejects on network errors.
 */
export async function caricaServizioCampo(idServizio: number | string): Promise<'caricato' | 'non-trovato'> {
  const p = requireProfilo()
  const db = userDb.current()
  if (!db) throw new Error('Nessun database del dispositivo')
  const [{ apiGet, ApiCallError }, { CampoServizioSchema }] = await Promise.all([import('../../api/client'), import('../../api/contract/campo')])
  try {
    const s = await apiGet(`campo/servizio/${encodeURIComponent(idServizio)}`, CampoServizioSchema, {
      silent: true, background: true, headers: { userRole: p.codiceRuolo }, searchParams: profiloParams(p),
    })
    if (userDb.current() !== db) return 'non-trovato'
    return (await storeServizio(db, p, s)) ? 'caricato' : 'non-trovato'
  } catch (e) {
    if (e instanceof ApiCallError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 408 && e.status !== 429) return 'non-trovato'
    throw e
  }
}

/** State of a service fetched on demand: not asked, being read, stored, unknown to the server, failed. */
export type StatoServizioRemoto = 'no' | 'caricamento' | 'caricato' | 'non-trovato' | 'errore'

/**
 * React: when `manca` (the service is not on the device) and `id` is a server id or a device id, fetches it once
 * (online only: `online` false leaves it 'no') and stores it; the device reads then show it. Returns the
 * state and `riprova` (asks again after an error).
 */
export function useServizioSuRichiesta(id: string, manca: boolean, online: boolean): { stato: StatoServizioRemoto; riprova: () => void } {
  const [stato, setStato] = useState<{ id: string; s: StatoServizioRemoto }>({ id, s: 'no' })
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const current = stato.id === id ? stato.s : 'no'
  // a server id, or a device id: a service created here that the field sync has since dropped as out of the window
  const ask = manca && (/^\d{1,15}$/.test(id) || isUuid(id)) && online && current === 'no'
  useEffect(() => {
    if (!ask) return
    setStato({ id, s: 'caricamento' })
    const done = (s: StatoServizioRemoto) => {
      if (mounted.current) setStato((prev) => (prev.id === id ? { id, s } : prev))
    }
    caricaServizioCampo(isUuid(id) ? id : Number(id)).then(done, () => done('errore'))
  }, [ask, id])
  return { stato: ask ? 'caricamento' : current, riprova: () => setStato({ id, s: 'no' }) }
}
