/**
 * 'Monitoraggio dei caricamenti massivi' (`/area-dati/monitoraggio-caricamenti-massivi`; platform-frontend
 * §7.2; spec 002 §2, §3 job row, §8 job states), as the national platform shows it: the four counters
 * (Enti, Caricamenti, Servizi caricati, Cittadini caricati; it-IT numbers) over the filtered rows, the
 * 'Ricerca avanzata' (Ente, Intervento, Programma, Progetto on the list's filters; Data inizio / Data fine
 * kept in the URL as `dal` / `al`), the table by day, body and project (monitoraggio.tsx) and, from a
 * row's 'Vedi i caricamenti', that row's jobs (DettaglioGruppo: states with the failure tooltip, report
 * download of the completed ones). The link 'Vai al caricamento dati' leads to the upload page.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useId, useMemo, useState } from 'react'
import type { MonitoraggioRiga } from '../../api/contract/caricamenti'
import { QueryProvider } from '../../api/query'
import { useSession } from '../../auth/session'
import { AppLink } from '../../ui/AppLink'
import { ListScreen } from '../../ui/list/ListScreen'
import { listPageQuery, ServerList } from '../../ui/list/ServerList'
import { parseListSearch } from '../../ui/list/list-state'
import { useListUrlState } from '../../ui/list/useListUrlState'
import { riepilogoMonitoraggioQuery } from './api'
import { DettaglioGruppo } from './DettaglioGruppo'
import { EMPTY_MONITORAGGIO, FILTRI_MONITORAGGIO, filtroMonitoraggio, monitoraggioDefinition, type Giorni } from './monitoraggio'
import './caricamenti.css'

export const UPLOAD_PATH = '/gestione-configurazioni/caricamenti-massivi'

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)

/** The days of the URL's `search` (`dal`, `al`: YYYY-MM-DD, else none). */
const giorniDi = (search: Record<string, unknown>): Giorni => ({ dal: isDay(search.dal) ? search.dal : '', al: isDay(search.al) ? search.al : '' })

/** The reads of the page for the URL's `search` (the counters and the table's page), also read by its route loader. */
export function monitoraggioReads(search: Record<string, unknown>) {
  const giorni = giorniDi(search)
  return [
    riepilogoMonitoraggioQuery(filtroMonitoraggio(parseListSearch(search, FILTRI_MONITORAGGIO), giorni)),
    listPageQuery(monitoraggioDefinition(giorni, () => undefined), search),
  ]
}

export function MonitoraggioPage() {
  const session = useSession()
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> })
  const giorni = giorniDi(search)
  const [gruppo, setGruppo] = useState<MonitoraggioRiga | null>(null)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile or the days change
  const definition = useMemo(() => monitoraggioDefinition(giorni, setGruppo), [session.profilo, giorni.dal, giorni.al])
  return (
    <ListScreen title="Monitoraggio dei caricamenti massivi" testId="monitoraggio-caricamenti-page"
      description="I caricamenti massivi di servizi, cittadini e questionari per giorno, ente e progetto, con il loro esito."
      cta={<AppLink to={UPLOAD_PATH} className="btn btn-primary">Vai al caricamento dati</AppLink>}>
      <QueryProvider>
        <Contatori giorni={giorni} />
        <Giornate giorni={giorni} />
        <ServerList definition={definition} />
        {gruppo && <DettaglioGruppo key={gruppo.chiave} gruppo={gruppo} onClose={() => setGruppo(null)} />}
      </QueryProvider>
    </ListScreen>
  )
}

/** The four counters over the rows the filters select (same URL state as the table). */
function Contatori({ giorni }: { giorni: Giorni }) {
  const [state] = useListUrlState({ filters: FILTRI_MONITORAGGIO })
  const filtro = filtroMonitoraggio(state, giorni)
  const riepilogo = useQuery(riepilogoMonitoraggioQuery(filtro))
  const r = riepilogo.data
  const n = (v: number | undefined) => (v === undefined ? '—' : v.toLocaleString('it-IT'))
  return (
    <section aria-label="Riepilogo dei caricamenti massivi" className="mb-4">
      <dl className="pd-upload-counters" data-testid="monitoraggio-contatori">
        <div><dt>Enti</dt><dd data-testid="monitoraggio-enti">{n(r?.numeroEnti)}</dd></div>
        <div><dt>Caricamenti</dt><dd data-testid="monitoraggio-caricamenti">{n(r?.numeroCaricamenti)}</dd></div>
        <div><dt>Servizi caricati</dt><dd data-testid="monitoraggio-servizi">{n(r?.serviziCaricati)}</dd></div>
        <div><dt>Cittadini caricati</dt><dd data-testid="monitoraggio-cittadini">{n(r?.cittadiniCaricati)}</dd></div>
      </dl>
      {r?.numeroCaricamenti === 0 && <p className="mt-3 mb-0">{EMPTY_MONITORAGGIO}</p>}
    </section>
  )
}

/** 'Data inizio' / 'Data fine' of the advanced search, in the URL (`dal`, `al`); a change goes back to page 1. */
function Giornate({ giorni }: { giorni: Giorni }) {
  const navigate = useNavigate()
  const id = useId()
  const set = (days: Partial<Giorni>) => {
    void navigate({
      to: '.', replace: true,
      search: (prev: Record<string, unknown>) => {
        const { pagina: _page, ...rest } = prev
        const next = { ...rest }
        for (const [key, value] of Object.entries(days)) next[key] = isDay(value) ? value : undefined
        return next
      },
    } as never)
  }
  return (
    <fieldset className="d-flex flex-wrap gap-3 mb-3 align-items-end">
      <legend className="h6 mb-2">Periodo dei caricamenti</legend>
      <div>
        <label htmlFor={`${id}-dal`} className="form-label">Data inizio</label>
        <input id={`${id}-dal`} type="date" className="form-control" value={giorni.dal} max={giorni.al || undefined}
          onChange={(e) => set({ dal: e.target.value })} />
      </div>
      <div>
        <label htmlFor={`${id}-al`} className="form-label">Data fine</label>
        <input id={`${id}-al`} type="date" className="form-control" value={giorni.al} min={giorni.dal || undefined}
          onChange={(e) => set({ al: e.target.value })} />
      </div>
      {(giorni.dal || giorni.al) && (
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => set({ dal: '', al: '' })}>Cancella le date</button>
      )}
    </fieldset>
  )
}
