import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { closeUserDb, type OfflineDb } from '../../src/offline/db'
import { enqueue, listEntries } from '../../src/offline/outbox'
import { syncNow } from '../../src/offline/sync'
import { type OutboxEntry } from '../../src/offline/types'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { SyncCentre, syncResultMessage } from '../../src/features/sincronizzazione/SyncCentre'
import { contesto, profile } from '../ui/fixtures'
import { CF_SARA, freshDb, httpError, registerTestHandlers, resetDbs, scriptedTransport, setupReplay } from '../offline/helpers'

// the Sara of the fixtures is a facilitator of programme 7, project 42, body 3
const FAC = profile('FAC')
const rc = { codiceRuolo: 'FAC', idProgramma: 7, idProgetto: 42, idEnte: 3, cfUtente: CF_SARA }

let db: OfflineDb
let offHandlers: () => void = () => undefined

beforeEach(async () => {
  localStorage.clear()
  writeAuth({ id_token: 'tok', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([FAC]), profile: FAC })
  resetSessionForTests()
  await resetDbs()
  db = await freshDb(CF_SARA)
  configureConnectivityForTests({ state: 'online' })
  offHandlers = registerTestHandlers()
})
afterEach(() => {
  offHandlers()
  closeUserDb()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function addService(nome: string, extra: Partial<OutboxEntry> = {}): Promise<OutboxEntry> {
  const e = await enqueue({
    kind: 'servizio.crea',
    payload: { idLocale: `s-${nome}`, nomeServizio: nome, data: '2025-03-12', codiceFiscale: 'SPSLCU00B24F839F' },
    roleContext: rc,
    label: `Servizio «${nome}»`,
    record: { tipo: 'servizio', idLocale: `s-${nome}`, data: { nomeServizio: nome, sede: 'Biblioteca' } },
  })
  if (Object.keys(extra).length) await db.outbox.update(e.id, extra)
  return { ...e, ...extra }
}

const refused = { status: 'attention' as const, attempts: 1, lastError: { kind: 'validation' as const, status: 400, errorCode: 'S02', message: 'La data del servizio è fuori dal progetto' } }

describe('sync centre', () => {
  it('lists the operations by state with their details, and the empty state once all are sent', async () => {
    await addService('Corso SPID')
    await addService('Corso PEC', refused)
    const next = new Date(2025, 2, 12, 10, 30).getTime()
    await addService('Corso CIE', { status: 'failed-retry', attempts: 2, nextAttemptAt: next, lastError: { kind: 'server', status: 500, message: 'Errore temporaneo del server' } })
    render(<SyncCentre />)

    const attention = await screen.findByTestId('sync-group-attention')
    expect(within(attention).getByRole('heading', { name: 'Richiede attenzione (1)' })).toBeTruthy()
    const pec = within(attention).getByRole('article', { name: 'Servizio «Corso PEC»' })
    expect(pec.textContent).toContain('Creazione servizio')
    expect(pec.textContent).toContain('Facilitatore – Lazio Digitale Roma')
    expect(within(pec).getByTestId('sync-entry-error').textContent).toContain('La data del servizio è fuori dal progetto (codice S02) [HTTP 400]')
    expect(within(pec).getByRole('button', { name: 'Riprova Servizio «Corso PEC»' })).toBeTruthy()
    expect(within(pec).getByRole('button', { name: 'Modifica Servizio «Corso PEC»' })).toBeTruthy()

    const retrying = screen.getByTestId('sync-group-failed-retry')
    expect(retrying.textContent).toContain('Prossimo tentativo')
    expect(retrying.textContent).toContain('12-03-2025 10:30')
    // a 5xx may have reached the server: it can be retried or discarded, not edited
    expect(within(retrying).queryByRole('button', { name: /Modifica/ })).toBeNull()

    const pending = screen.getByTestId('sync-group-pending')
    expect(within(pending).getByRole('heading', { name: 'In attesa di invio (1)' })).toBeTruthy()
    expect(within(pending).queryByRole('button', { name: /Riprova/ })).toBeNull()
    expect(screen.getByTestId('sync-count-Richiede attenzione').textContent).toBe('1')

    await act(() => db.outbox.toCollection().modify({ status: 'done' }))
    await screen.findByText('Tutte le operazioni sono state inviate')
  })

  it("'Riprova' puts a refused operation back in the queue with a new idempotency key", async () => {
    const e = await addService('Corso PEC', refused)
    render(<SyncCentre />)
    fireEvent.click(await screen.findByRole('button', { name: 'Riprova Servizio «Corso PEC»' }))
    await waitFor(async () => expect((await db.outbox.get(e.id))?.status).toBe('pending'))
    expect((await db.outbox.get(e.id))?.idempotencyKey).not.toBe(e.idempotencyKey)
    await screen.findByText(/Operazione rimessa in coda/)
  })

  it("'Elimina' asks first, says the data will be lost, and discards only on confirmation", async () => {
    const e = await addService('Corso PEC', refused)
    render(<SyncCentre />)
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina Servizio «Corso PEC»' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByTestId('discard-warning').textContent).toContain('I dati di questa operazione andranno persi')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await db.outbox.get(e.id)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Elimina Servizio «Corso PEC»' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Elimina definitivamente' }))
    await screen.findByText('Tutte le operazioni sono state inviate')
    expect(await db.outbox.get(e.id)).toBeUndefined()
    // the local copy that never reached the server goes with it
    expect(await db.records.get(['servizio', 's-Corso PEC'])).toBeUndefined()
  })

  it("'Modifica' edits the plain fields, masks the fiscal code, and re-queues the operation", async () => {
    const e = await addService('Corso PEC', refused)
    render(<SyncCentre />)
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica Servizio «Corso PEC»' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByLabelText(/Id locale/)).toBeNull()
    expect(dialog.textContent).toContain('SPS***********9F')
    expect(dialog.textContent).not.toContain('SPSLCU00B24F839F')
    const cf = within(dialog).getByLabelText('Codice fiscale: nuovo valore') as HTMLInputElement
    expect(cf.value).toBe('')
    fireEvent.change(within(dialog).getByLabelText('Nome servizio'), { target: { value: 'Corso PEC avanzato' } })
    const data = within(dialog).getByLabelText('Data') as HTMLInputElement
    expect(data.value).toBe('12-03-2025')
    fireEvent.change(data, { target: { value: '20-03-2025' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }))
    await screen.findByText('Operazione modificata: sarà inviata di nuovo.')

    const saved = await db.outbox.get(e.id)
    expect(saved?.status).toBe('pending')
    expect(saved?.payload).toEqual({ idLocale: 's-Corso PEC', nomeServizio: 'Corso PEC avanzato', data: '2025-03-20', codiceFiscale: 'SPSLCU00B24F839F' })
    expect(saved?.idempotencyKey).not.toBe(e.idempotencyKey)
    expect((await db.records.get(['servizio', 's-Corso PEC']))?.data).toEqual({ nomeServizio: 'Corso PEC avanzato', sede: 'Biblioteca' })
  })

  it("'Esporta (JSON)' downloads every operation as punto-digitale-operazioni-<date>.json", async () => {
    await addService('Corso SPID')
    let blob: Blob | null = null
    vi.stubGlobal('URL', Object.assign(Object.create(URL) as typeof URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:x'), revokeObjectURL: () => undefined }))
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    render(<SyncCentre />)
    await screen.findByTestId('sync-group-pending')
    fireEvent.click(screen.getByRole('button', { name: 'Esporta (JSON)' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]?.download).toMatch(/^punto-digitale-operazioni-\d{4}-\d{2}-\d{2}\.json$/)
    const doc = JSON.parse(await (blob as unknown as Blob).text()) as { formato: string; entries: OutboxEntry[] }
    expect(doc.formato).toBe('punto-digitale/outbox')
    expect(doc.entries.map((x) => x.label)).toEqual(['Servizio «Corso SPID»'])
  })

  it("'Sincronizza ora' is disabled offline with the reason, and sends the queue when online", async () => {
    await addService('Corso SPID')
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    configureConnectivityForTests({ state: 'offline' })
    const { transport, calls } = scriptedTransport(() => ({ idServizio: 77 }))
    setupReplay({ transport })
    configureConnectivityForTests({ state: 'offline' })
    const view = render(<SyncCentre />)
    await screen.findByTestId('sync-group-pending')
    const button = screen.getByRole('button', { name: 'Sincronizza ora' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(screen.getByTestId('sync-offline-reason').textContent).toContain('Sei offline')
    expect(button.getAttribute('aria-describedby')).toBe('pd-sync-offline-reason')
    view.unmount()

    onLine.mockReturnValue(true)
    configureConnectivityForTests({ state: 'online' })
    render(<SyncCentre />)
    await screen.findByTestId('sync-group-pending')
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizza ora' }))
    await screen.findByText('Sincronizzazione completata: 1 operazione inviata.')
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST servizio'])
    await screen.findByText('Tutte le operazioni sono state inviate')
    expect(await listEntries()).toEqual([])
  })

  it("with the network there but the server silent, 'Sincronizza ora' probes first: still down → says so and sends nothing; back → sends", async () => {
    await addService('Corso SPID')
    const { transport, calls } = scriptedTransport(() => ({ idServizio: 77 }))
    setupReplay({ transport })
    let up = false
    const probe = vi.fn(async () => (up ? new Response(JSON.stringify({ status: 'ok' }), { status: 200 }) : new Response('', { status: 503 })))
    configureConnectivityForTests({ fetch: probe as unknown as typeof fetch, state: 'offline' })
    render(<SyncCentre />)
    await screen.findByTestId('sync-group-pending')
    const button = screen.getByRole('button', { name: 'Sincronizza ora' }) as HTMLButtonElement
    expect(button.disabled).toBe(false)
    expect(screen.getByTestId('sync-offline-reason').textContent).toContain('Il server non risponde')
    expect(screen.getByText('Server non raggiungibile')).toBeTruthy()

    fireEvent.click(button)
    await screen.findByText(/Il server non è ancora raggiungibile/)
    expect(probe).toHaveBeenCalledTimes(1)
    expect(calls).toEqual([])
    expect(await listEntries()).toHaveLength(1)

    up = true
    fireEvent.click(button)
    await screen.findByText('Sincronizzazione completata: 1 operazione inviata.')
    expect(probe).toHaveBeenCalledTimes(2)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST servizio'])
  })

  it('reports a refusal after Sincronizza ora as needing attention', async () => {
    await addService('Corso SPID')
    const { transport } = scriptedTransport(() => httpError(400, 'S02', 'Data fuori dal progetto'))
    setupReplay({ transport })
    render(<SyncCentre />)
    await screen.findByTestId('sync-group-pending')
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizza ora' }))
    await screen.findByText('Sincronizzazione terminata: nessuna operazione inviata, 1 richiede attenzione.')
    const attention = await screen.findByTestId('sync-group-attention')
    expect(attention.textContent).toContain('Data fuori dal progetto (errore S02)')
  })

  it("after the automatic replay sent everything, 'Sincronizza ora' says all is already synchronised (issue 8 point 9)", async () => {
    await addService('Corso SPID')
    await addService('Corso PEC')
    const { transport, calls } = scriptedTransport(() => ({ idServizio: 77 }))
    setupReplay({ transport })
    render(<SyncCentre />)
    await screen.findByTestId('sync-group-pending')
    // the automatic replay (not the button) sends both
    await act(async () => {
      await syncNow({ force: false })
    })
    await screen.findByText('Tutte le operazioni sono state inviate')
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizza ora' }))
    await screen.findByText('Tutto è già sincronizzato: non ci sono operazioni da inviare.')
    expect(screen.queryByText(/0 operazioni inviate/)).toBeNull()
    expect(calls).toHaveLength(2)
  })

  it('with an operation left needing attention, nothing new to send is said as such', async () => {
    await addService('Corso PEC', refused)
    const { transport, calls } = scriptedTransport(() => ({ idServizio: 77 }))
    setupReplay({ transport })
    render(<SyncCentre />)
    await screen.findByTestId('sync-group-attention')
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizza ora' }))
    await screen.findByText('Nessuna nuova operazione da inviare. 1 operazione richiede attenzione: correggila o eliminala qui sotto.')
    expect(calls).toEqual([])
  })
})

describe("message after 'Sincronizza ora'", () => {
  const run = (r: Partial<Parameters<typeof syncResultMessage>[0]>) => ({ sent: 0, retrying: 0, attention: 0, stopped: null, ran: true, ...r })
  it('counts what was sent, retried and refused, in the right number', () => {
    expect(syncResultMessage(run({ sent: 3 }), { open: 0, attention: 0 })).toEqual({ text: 'Sincronizzazione completata: 3 operazioni inviate.', tone: 'success' })
    expect(syncResultMessage(run({ sent: 1 })).text).toBe('Sincronizzazione completata: 1 operazione inviata.')
    expect(syncResultMessage(run({ sent: 2, retrying: 1, attention: 2 }), { open: 3, attention: 2 })).toEqual({
      text: 'Sincronizzazione terminata: 2 operazioni inviate, 1 non inviata: sarà ritentata automaticamente, 2 richiedono attenzione.',
      tone: 'warning',
    })
    expect(syncResultMessage(run({ retrying: 2 })).text).toBe('Sincronizzazione terminata: nessuna operazione inviata, 2 non inviate: saranno ritentate automaticamente.')
  })
  it('nothing to send: all synchronised, or what is still waiting', () => {
    expect(syncResultMessage(run({}), { open: 0, attention: 0 })).toEqual({ text: 'Tutto è già sincronizzato: non ci sono operazioni da inviare.', tone: 'success' })
    expect(syncResultMessage(run({}), { open: 2, attention: 2 }).text).toBe('Nessuna nuova operazione da inviare. 2 operazioni richiedono attenzione: correggile o eliminale qui sotto.')
    expect(syncResultMessage(run({}), { open: 1, attention: 0 }).text).toBe('Nessuna operazione inviata: 1 operazione resta in attesa sul dispositivo.')
    expect(syncResultMessage(run({ ran: false })).text).toBe('Le operazioni sono già in invio da un’altra scheda di Punto Digitale.')
    expect(syncResultMessage(run({ stopped: 'offline' })).tone).toBe('danger')
  })
})
