/**
 * Sync centre '/area-personale/sincronizzazione' (ARCHITECTURE.md outbox points 4 and 9): every operation
 * saved on this device and not yet confirmed by the server, by state — 'Richiede attenzione', paused for
 * the login, retry scheduled (with the next attempt time), sending, waiting — with counts, 'Sincronizza ora'
 * (disabled while the device has no network, with the reason; when the network is there but the server did
 * not answer, it probes the server first and says so if it is still unreachable), 'Esporta (JSON)' (file
 * `punto-digitale-operazioni-<date>.json`) and, per operation, 'Riprova', 'Modifica' and 'Elimina' (after a confirmation). Empty state: 'Tutte le
 * operazioni sono state inviate'. Reads the offline library only, so it works offline. A long whole field
 * sync shows its progress here too (`AllineamentoCampo`, issue 25 point 2). An operation 'In conflitto' (issue 27)
 * opens, with 'Risolvi il conflitto', the side-by-side view under its card (`ConflittoEntry`).
 */
import { Icon } from 'design-react-kit'
import { useEffect, useRef, useState } from 'react'
import { useSession } from '../../auth/session'
import { connectivity, outbox, useEntries, type OutboxEntry } from '../../offline'
import { syncCentre, useNetworkAvailable, useSyncStatus } from '../../offline/shell'

const { syncNow, storageEstimate } = syncCentre
type ReplayResult = Awaited<ReturnType<typeof syncNow>>
type StorageEstimate = NonNullable<Awaited<ReturnType<typeof storageEstimate>>>
import { countLabel } from '../../lib/plural'
import { EmptyState } from '../../ui/feedback/EmptyState'
import { DiscardEntryModal } from './DiscardEntryModal'
import { downloadText } from './download'
import { EditEntryModal } from './EditEntryModal'
import { EntryCard } from './EntryCard'
import { ConflittoEntry } from './ConflittoEntry'
import { OfflineReadiness } from './OfflineReadiness'
import { AllineamentoCampo } from '../campo'
import { exportFileName, formatTime, GROUP_ORDER, GROUP_TITLES, groupEntries } from './format'

export const EMPTY_TEXT = 'Tutte le operazioni sono state inviate'
export const OFFLINE_REASON = 'Sei offline: le operazioni restano salvate sul dispositivo e saranno inviate automaticamente appena la connessione torna.'
export const SERVER_DOWN_REASON =
  'Il server non risponde: le operazioni restano salvate sul dispositivo e saranno inviate automaticamente appena risponde. Puoi riprovare subito con «Sincronizza ora».'
export const STILL_DOWN = 'Il server non è ancora raggiungibile: le operazioni restano salvate sul dispositivo. Riprova tra poco.'

/** What is still on the device after a run: open entries and, of those, the ones needing attention. */
export interface RemainingCounts {
  open: number
  attention: number
  /** operations 'In conflitto' (issue 27), waiting for the user's choice */
  conflict?: number
}

/** Tone of the message after 'Sincronizza ora'. */
export type SyncTone = 'info' | 'success' | 'warning' | 'danger'

/**
 * The message after 'Sincronizza ora' (issue 8 point 9: say what is true): what this run sent, what
 * failed and will be retried, what now needs attention; when the run found nothing to send (the
 * automatic replay had already sent everything), 'Tutto è già sincronizzato' — or, when operations
 * still need attention, that they do. `left`: the device's counts after the run (null when unknown).
 */
export function syncResultMessage(r: ReplayResult, left: RemainingCounts | null = null): { text: string; tone: SyncTone } {
  if (r.stopped === 'offline') return { text: 'Server non raggiungibile: le operazioni restano salvate e saranno inviate appena possibile.', tone: 'danger' }
  if (r.stopped === 'auth') return { text: 'La sessione è scaduta: accedi di nuovo per inviare le operazioni salvate. Nessun dato andrà perso.', tone: 'danger' }
  if (r.stopped === 'error' || r.stopped === 'closed') return { text: 'Invio interrotto: nessun dato è andato perso. Riprova tra poco.', tone: 'danger' }
  if (!r.ran) return { text: 'Le operazioni sono già in invio da un’altra scheda di Punto Digitale.', tone: 'info' }
  if (r.sent === 0 && r.retrying === 0 && r.attention === 0) {
    if (left && (left.conflict ?? 0) > 0) {
      const n = left.conflict ?? 0
      return {
        text: `Nessuna nuova operazione da inviare. ${countLabel(n, 'operazione è', 'operazioni sono')} in conflitto: apri «Risolvi il conflitto» e scegli cosa salvare.`,
        tone: 'warning',
      }
    }
    if (left && left.attention > 0) {
      const n = left.attention
      return {
        text: `Nessuna nuova operazione da inviare. ${countLabel(n, 'operazione richiede', 'operazioni richiedono')} attenzione: correggi${n === 1 ? 'la' : 'le'} o elimina${n === 1 ? 'la' : 'le'} qui sotto.`,
        tone: 'warning',
      }
    }
    if (left && left.open > 0) return { text: `Nessuna operazione inviata: ${countLabel(left.open, 'operazione resta', 'operazioni restano')} in attesa sul dispositivo.`, tone: 'warning' }
    return { text: 'Tutto è già sincronizzato: non ci sono operazioni da inviare.', tone: 'success' }
  }
  const sent = r.sent > 0 ? countLabel(r.sent, 'operazione inviata', 'operazioni inviate') : 'nessuna operazione inviata'
  if (r.retrying === 0 && r.attention === 0) return { text: `Sincronizzazione completata: ${sent}.`, tone: 'success' }
  const parts = [sent]
  if (r.retrying > 0) parts.push(`${countLabel(r.retrying, 'non inviata: sarà ritentata', 'non inviate: saranno ritentate')} automaticamente`)
  if (r.attention > 0) parts.push(`${r.attention} ${r.attention === 1 ? 'richiede' : 'richiedono'} attenzione`)
  return { text: `Sincronizzazione terminata: ${parts.join(', ')}.`, tone: 'warning' }
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toLocaleString('it-IT', { maximumFractionDigits: 1 })

export function SyncCentre() {
  const entries = useEntries()
  const status = useSyncStatus()
  const { user } = useSession()
  const profiles = user?.profiliUtente ?? []
  const network = useNetworkAvailable()
  const unreachable = status.connectivity === 'offline'
  // no network on the device: nothing to try; network but no answer from the server: a new probe may succeed
  const offline = unreachable && !network
  const serverDown = unreachable && network
  const [message, setMessage] = useState<{ text: string; tone: SyncTone } | null>(null)
  const [syncing, setSyncing] = useState(false)
  const [busyId, setBusyId] = useState<string | null>(null)
  const [editing, setEditing] = useState<OutboxEntry | null>(null)
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null)
  const [resolving, setResolving] = useState<string | null>(null)
  const [storage, setStorage] = useState<StorageEstimate | null>(null)
  const messageRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let alive = true
    void storageEstimate().then((s) => {
      if (alive) setStorage(s)
    })
    return () => {
      alive = false
    }
  }, [entries?.length])

  const say = (text: string, tone: SyncTone = 'info', focus = false) => {
    setMessage({ text, tone })
    if (focus) setTimeout(() => messageRef.current?.focus(), 0)
  }

  const sync = async () => {
    setSyncing(true)
    try {
      if (serverDown) {
        say('Verifica della connessione al server…')
        if ((await connectivity.check()) !== 'online') {
          say(STILL_DOWN, 'danger', true)
          return
        }
      }
      say('Invio in corso…')
      const r = await syncNow()
      const left = await outbox.counts().catch(() => null)
      const m = syncResultMessage(r, left)
      say(m.text, m.tone)
    } finally {
      setSyncing(false)
    }
  }

  const retry = async (e: OutboxEntry) => {
    setBusyId(e.id)
    try {
      await outbox.retry(e.id)
      say(unreachable ? 'Operazione rimessa in coda: sarà inviata quando torna la connessione.' : 'Operazione rimessa in coda: invio in corso.', 'success')
    } catch (err) {
      say(err instanceof Error ? err.message : 'Operazione non riuscita.', 'danger')
    } finally {
      setBusyId(null)
    }
  }

  const exportAll = async () => {
    try {
      downloadText(exportFileName(), await outbox.export())
      say(`File ${exportFileName()} scaricato. Contiene dati personali dei cittadini: conservalo con cura ed eliminalo quando non serve più.`, 'success')
    } catch (err) {
      say(err instanceof Error ? err.message : 'Esportazione non riuscita.', 'danger')
    }
  }

  const groups = entries ? groupEntries(entries) : null
  const open = entries?.filter((e) => e.status !== 'done') ?? []
  const dependentsOf = (id: string) => open.filter((d) => d.dependsOn.includes(id)).length
  const counts: Array<[string, number]> = groups ? GROUP_ORDER.map((g) => [GROUP_TITLES[g], groups[g].length]) : []
  const reasonId = 'pd-sync-offline-reason'

  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="sync-centre">
      <h1 className="mb-3">Sincronizzazione</h1>
      <p className="lead">
        Le operazioni fatte sul campo restano salvate su questo dispositivo finché il server non le conferma. Qui vedi quelle non ancora
        inviate e puoi correggere quelle che richiedono attenzione.
      </p>

      <section aria-labelledby="pd-sync-summary" className="mb-4">
        <h2 id="pd-sync-summary" className="h4 mb-3">
          Riepilogo
        </h2>
        <dl className="row mb-2">
          <div className="col-12 col-sm-6 col-lg-4 mb-2">
            <dt className="small text-secondary fw-normal">Connessione al server</dt>
            <dd className="mb-0 fw-semibold" data-testid="sync-connectivity">
              {offline ? 'Offline' : serverDown ? 'Server non raggiungibile' : status.connectivity === 'online' ? 'Online' : 'Verifica in corso'}
            </dd>
          </div>
          <div className="col-12 col-sm-6 col-lg-4 mb-2">
            <dt className="small text-secondary fw-normal">Ultima sincronizzazione</dt>
            <dd className="mb-0 fw-semibold">{status.lastSyncAt ? formatTime(status.lastSyncAt) : 'Mai'}</dd>
          </div>
          {storage && (
            <div className="col-12 col-sm-6 col-lg-4 mb-2">
              <dt className="small text-secondary fw-normal">Spazio usato sul dispositivo</dt>
              <dd className="mb-0 fw-semibold">{`${mb(storage.usage)} MB di ${mb(storage.quota)} MB`}</dd>
            </div>
          )}
          {counts.map(([label, n]) => (
            <div className="col-6 col-sm-4 col-lg mb-2" key={label}>
              <dt className="small text-secondary fw-normal">{label}</dt>
              <dd className="mb-0 fw-semibold" data-testid={`sync-count-${label}`}>
                {n}
              </dd>
            </div>
          ))}
        </dl>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button
            type="button"
            className="btn btn-primary d-inline-flex align-items-center gap-2"
            onClick={() => void sync()}
            disabled={offline || syncing}
            aria-describedby={unreachable ? reasonId : undefined}
          >
            <Icon icon="it-refresh" color="white" size="sm" aria-hidden />
            Sincronizza ora
          </button>
          <button type="button" className="btn btn-outline-primary d-inline-flex align-items-center gap-2" onClick={() => void exportAll()} disabled={!entries}>
            <Icon icon="it-download" color="primary" size="sm" aria-hidden />
            Esporta (JSON)
          </button>
        </div>
        {unreachable && (
          <p id={reasonId} className="small mt-2 mb-0" data-testid="sync-offline-reason">
            {offline ? OFFLINE_REASON : SERVER_DOWN_REASON}
          </p>
        )}
        <div ref={messageRef} tabIndex={-1} role="status" aria-live="polite" className="mt-3" data-testid="sync-message">
          {message && <div className={`alert alert-${message.tone} mb-0`}>{message.text}</div>}
        </div>
      </section>

      <AllineamentoCampo />
      <OfflineReadiness />

      {!entries ? (
        <p role="status">Caricamento delle operazioni…</p>
      ) : open.length === 0 ? (
        <EmptyState text={EMPTY_TEXT}>Non ci sono operazioni in attesa su questo dispositivo.</EmptyState>
      ) : (
        GROUP_ORDER.filter((g) => groups && groups[g].length > 0).map((g) => (
          <section key={g} aria-labelledby={`pd-sync-group-${g}`} className="mb-4" data-testid={`sync-group-${g}`}>
            <h2 id={`pd-sync-group-${g}`} className="h4 mb-3">
              {`${GROUP_TITLES[g]} (${groups?.[g].length ?? 0})`}
            </h2>
            {groups?.[g].map((e) => (
              <div key={e.id}>
                <EntryCard
                  entry={e}
                  profiles={profiles}
                  busy={busyId === e.id}
                  onRetry={(x) => void retry(x)}
                  onEdit={setEditing}
                  onDiscard={setDiscarding}
                  onResolve={(x) => setResolving(x.id)}
                />
                {resolving === e.id && e.status === 'conflict' && (
                  <ConflittoEntry
                    entry={e}
                    onClose={() => setResolving(null)}
                    onSaved={(text) => {
                      setResolving(null)
                      say(text, 'success', true)
                      if (!unreachable) void syncNow({ force: false })
                    }}
                  />
                )}
              </div>
            ))}
          </section>
        ))
      )}

      {editing && (
        <EditEntryModal
          key={editing.id}
          entry={editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null)
            say(text, 'success')
            if (!unreachable) void syncNow({ force: false })
          }}
        />
      )}
      {discarding && (
        <DiscardEntryModal
          key={discarding.id}
          entry={discarding}
          dependents={dependentsOf(discarding.id)}
          onClose={() => setDiscarding(null)}
          onDiscarded={(text) => {
            setDiscarding(null)
            say(text, 'success', true)
          }}
        />
      )}
    </div>
  )
}
