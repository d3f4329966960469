/**
 * The sync centre's operations 'In conflitto' (issue 27 point 3): their own group and count, 'Risolvi il conflitto'
 * opens the side-by-side view under the card, a choice per field, 'Salva' sends the merged record with the server's
 * version through the outbox and the outbox empties; a delete with nothing to choose asks 'Elimina comunque'.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { closeUserDb, type OfflineDb } from '../../src/offline/db'
import { registerHandler } from '../../src/offline/handlers'
import { enqueue, listEntries } from '../../src/offline/outbox'
import type { OutboxEntry } from '../../src/offline/types'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { SyncCentre, syncResultMessage } from '../../src/features/sincronizzazione/SyncCentre'
import { indicatorItems } from '../../src/features/sincronizzazione/SyncIndicator'
import { contesto, profile } from '../ui/fixtures'
import { CF_SARA, freshDb, resetDbs, scriptedTransport, setupReplay } from '../offline/helpers'

const FAC = profile('FAC')
const rc = { codiceRuolo: 'FAC', idProgramma: 7, idProgetto: 42, idEnte: 3, cfUtente: CF_SARA }

interface Payload {
  versioneBase: number
  campi: Record<string, unknown>
}

let db: OfflineDb
let offs: (() => void)[] = []
let transport: ReturnType<typeof scriptedTransport>

beforeEach(async () => {
  localStorage.clear()
  writeAuth({ id_token: 'tok', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([FAC]), profile: FAC })
  resetSessionForTests()
  await resetDbs()
  db = await freshDb(CF_SARA)
  configureConnectivityForTests({ state: 'online' })
  transport = scriptedTransport(() => ({ idServizio: 500, versione: 3 }))
  setupReplay({ transport: transport.transport })
  for (const kind of ['servizio.modifica', 'servizio.elimina']) {
    offs.push(registerHandler<Payload, unknown>(kind, {
      send: (e, ctx) => ctx.put('servizio/500', { ...e.payload.campi, versione: e.payload.versioneBase }),
      conflict: {
        base: () => ({}), mine: (p) => p.campi, theirs: () => null,
        rebase: (p, campi, versione) => ({ ...p, campi: kind === 'servizio.elimina' ? {} : campi, versioneBase: versione }),
        automatic: kind === 'servizio.modifica',
      },
    }))
  }
})
afterEach(() => {
  offs.forEach((off) => off())
  offs = []
  closeUserDb()
  vi.restoreAllMocks()
})

async function inConflitto(kind: string, conflitto: NonNullable<OutboxEntry['conflitto']>, campi: Record<string, unknown>): Promise<OutboxEntry> {
  const e = await enqueue<Payload>({ kind, payload: { versioneBase: 1, campi }, roleContext: rc, label: 'Modifica del servizio «Corso SPID»' })
  const extra = { status: 'conflict' as const, attempts: 1, conflitto, lastError: { kind: 'conflict' as const, status: 409, errorCode: 'V01', message: 'Modificato da altri' } }
  await db.outbox.update(e.id, extra)
  return { ...e, ...extra }
}

describe('sync centre: operations in conflict', () => {
  it('shows In conflitto, opens the side-by-side view, sends the choice with the server version, and empties', async () => {
    await inConflitto('servizio.modifica', {
      base: { nomeServizio: 'Corso SPID', durataServizio: '1:00', q3: { '28': ['a'] } },
      mine: { nomeServizio: 'Dal tablet', durataServizio: '2:00', q3: { '28': ['a'] } },
      theirs: { nomeServizio: 'Dal desktop', durataServizio: '1:00', q3: { '28': ['b'] } },
      versione: 2, modificatoIl: '2026-11-28T09:05:00.000Z', corrente: {}, at: 1,
    }, { nomeServizio: 'Dal tablet', durataServizio: '2:00', q3: { '28': ['a'] } })
    render(<SyncCentre />)
    const group = await screen.findByTestId('sync-group-conflict')
    expect(within(group).getByRole('heading', { name: 'In conflitto (1)' })).toBeTruthy()
    expect(within(group).getByText('In conflitto')).toBeTruthy()
    expect(within(group).queryByRole('button', { name: /^Modifica/ })).toBeNull()
    fireEvent.click(within(group).getByRole('button', { name: /Risolvi il conflitto/ }))

    const vista = await screen.findByTestId('vista-conflitto')
    expect(within(vista).getByText('Dettagli del servizio')).toBeTruthy() // taken from the saved version, listed
    const nome = within(vista).getByRole('group', { name: 'Nome del servizio' })
    expect(within(nome).getByText('Dal tablet')).toBeTruthy()
    expect(within(nome).getByText('Dal desktop')).toBeTruthy()
    expect(within(vista).getByText(/Modificato da altri il 28-11-2026 alle 10:05/)).toBeTruthy()
    const salva = within(vista).getByRole('button', { name: 'Salva' }) as HTMLButtonElement
    expect(salva.disabled).toBe(true)
    fireEvent.click(within(nome).getByRole('radio', { name: 'Usa quella salvata' }))
    fireEvent.click(salva)

    await waitFor(async () => expect(await listEntries()).toEqual([]))
    expect(transport.calls.at(-1)?.body).toEqual({ nomeServizio: 'Dal desktop', durataServizio: '2:00', q3: { '28': ['b'] }, versione: 2 })
    expect(await screen.findByText('Tutte le operazioni sono state inviate')).toBeTruthy()
  })

  it('a delete of a record changed meanwhile asks Elimina comunque', async () => {
    const base = { nomeServizio: 'Corso SPID', q3: { '28': ['a'] } }
    await inConflitto('servizio.elimina', { base, mine: base, theirs: { ...base, q3: { '28': ['b'] } }, versione: 4, modificatoIl: null, corrente: {}, at: 1 }, {})
    render(<SyncCentre />)
    fireEvent.click(await screen.findByRole('button', { name: /Risolvi il conflitto/ }))
    const vista = await screen.findByTestId('vista-conflitto')
    expect(within(vista).getByText('Dettagli del servizio')).toBeTruthy()
    fireEvent.click(within(vista).getByRole('button', { name: 'Elimina comunque' }))
    await waitFor(async () => expect(await listEntries()).toEqual([]))
    expect(transport.calls.at(-1)?.body).toEqual({ versione: 4 })
  })

  it('the header shows N in conflitto as a warning; Sincronizza ora says what waits for a choice', () => {
    expect(indicatorItems(['1 in conflitto'])).toEqual([{ icon: 'it-warning-circle', count: '1', words: 'in conflitto', text: '1 in conflitto' }])
    expect(syncResultMessage({ ran: true, sent: 0, retrying: 0, attention: 0, stopped: null }, { open: 2, attention: 0, conflict: 2 }))
      .toEqual({ text: 'Nessuna nuova operazione da inviare. 2 operazioni sono in conflitto: apri «Risolvi il conflitto» e scegli cosa salvare.', tone: 'warning' })
  })
})
