/**
 * 'Invia questionario a tutti' (issue 8 point 3): the reasons it is disabled, the confirmation, the one
 * request, the device copies marked INVIATO, and the printable sheet of QR codes (kept in memory only).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/api/write', () => ({ write: vi.fn() }))
vi.mock('../../src/features/campo', () => ({ registraLinkInviati: vi.fn(async () => undefined) }))
vi.mock('../../src/auth/session', () => ({
  getSessionState: () => ({ profilo: { codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100 } }),
}))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn() }))

import { write } from '../../src/api/write'
import { navigateTo } from '../../src/auth/navigation'
import { registraLinkInviati } from '../../src/features/campo'
import { InviaATuttiButton, StampaLinkPage } from '../../src/features/questionari/invia'
import { getFoglioLink, setFoglioLink } from '../../src/features/questionari/invia/foglio-link'
import {
  MOTIVO_CITTADINI_NON_INVIATI, MOTIVO_NESSUN_CITTADINO, MOTIVO_OFFLINE, MOTIVO_SERVIZIO_NON_INVIATO, MOTIVO_TUTTI_COMPILATI, motivoInviaATutti,
  testoConfermaInviaATutti,
} from '../../src/features/questionari/invia/link'
import { configureConnectivityForTests } from '../../src/api/connectivity'

const SCADENZA = new Date(2026, 4, 15, 10, 42).toISOString()
const risposta = {
  questionari: [
    { idQuestionario: 'q-1', idCittadino: 11, identificativoMascherato: 'RSS•••90••••••••', link: '/servizi/questionario/q-1/online/tok1', token: 'tok1', scadenza: SCADENZA },
    { idQuestionario: 'q-2', idCittadino: 12, identificativoMascherato: null, link: '/servizi/questionario/q-2/online/tok2', token: 'tok2', scadenza: SCADENZA },
  ],
}

beforeEach(() => {
  vi.mocked(write).mockReset()
  vi.mocked(navigateTo).mockClear()
  vi.mocked(registraLinkInviati).mockClear()
  configureConnectivityForTests({ state: 'unknown' })
})
afterEach(() => vi.unstubAllGlobals())

describe('reasons and confirmation', () => {
  it('says why it cannot send yet', () => {
    const c = (daInviare: number, soloSulDispositivo = 0, totale = daInviare + soloSulDispositivo) => ({ daInviare, soloSulDispositivo, totale })
    expect(motivoInviaATutti(null, true, c(2))).toBe(MOTIVO_SERVIZIO_NON_INVIATO)
    expect(motivoInviaATutti(5, false, c(2))).toBe(MOTIVO_OFFLINE)
    expect(motivoInviaATutti(5, true, c(0, 2))).toBe(MOTIVO_CITTADINI_NON_INVIATI)
    expect(motivoInviaATutti(5, true, c(0, 0, 0))).toBe(MOTIVO_NESSUN_CITTADINO)
    expect(motivoInviaATutti(5, true, c(0, 0, 3))).toBe(MOTIVO_TUTTI_COMPILATI)
    expect(motivoInviaATutti(5, true, c(1, 1))).toBeNull()
  })

  it('explains what the confirmation does, in the singular and the plural', () => {
    const singolare = testoConfermaInviaATutti({ daInviare: 1, soloSulDispositivo: 1, totale: 2 })
    expect(singolare[0]).toContain('per il cittadino che non ha ancora compilato')
    expect(singolare[2]).toBe('1 cittadino aggiunto su questo dispositivo non è ancora sul server: non riceverà il link.')
    const plural = testoConfermaInviaATutti({ daInviare: 3, soloSulDispositivo: 2, totale: 6 })
    expect(plural[0]).toContain('per i 3 cittadini che non hanno ancora compilato')
    expect(plural[1]).toContain('il link precedente non sarà più valido')
    expect(plural[2]).toBe('2 cittadini aggiunti su questo dispositivo non sono ancora sul server: non riceveranno il link.')
  })
})

describe('InviaATuttiButton', () => {
  it('is disabled with its reason while the service is only on the device', () => {
    render(<InviaATuttiButton serviceRouteId="loc-1" idServizio={null} nomeServizio="Sportello" daInviare={0} soloSulDispositivo={2} totale={2} />)
    const button = screen.getByRole('button', { name: 'Invia questionario a tutti' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(screen.getByTestId('invia-a-tutti-motivo').textContent).toBe(MOTIVO_SERVIZIO_NON_INVIATO)
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('invia-a-tutti-motivo').id)
  })

  it('after the confirmation sends one request, marks the surveys INVIATO on the device and opens the sheet', async () => {
    vi.mocked(write).mockResolvedValue(risposta)
    render(<InviaATuttiButton serviceRouteId="101" idServizio={101} nomeServizio="Sportello SPID" daInviare={2} soloSulDispositivo={0} totale={3} />)
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario a tutti' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/per i 2 cittadini che non hanno ancora compilato/)).toBeTruthy()
    expect(write).not.toHaveBeenCalled()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea i link' }))
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/area-amministrativa/servizi/101/stampa-link'))
    expect(vi.mocked(write).mock.calls).toHaveLength(1)
    // the chosen profile's ids go first in the body (write's default, tests/api/write.test.ts)
    expect(vi.mocked(write).mock.calls[0]?.[0]).toMatchObject({ method: 'post', path: 'servizio/cittadino/servizio/101/questionarioCompilato/inviaATutti', toast: 'catalogue', invalidate: [] })
    expect(vi.mocked(write).mock.calls[0]?.[0].withProfile).toBeUndefined()
    expect(registraLinkInviati).toHaveBeenCalledWith([{ idQuestionario: 'q-1', scadenza: SCADENZA }, { idQuestionario: 'q-2', scadenza: SCADENZA }])
    expect(getFoglioLink('101')).toMatchObject({ nomeServizio: 'Sportello SPID', questionari: risposta.questionari })
    expect(getFoglioLink('102')).toBeNull()
  })
})

describe('StampaLinkPage', () => {
  it('prints one card per citizen: masked identity, QR code, link and expiry', async () => {
    setFoglioLink({ serviceRouteId: '101', nomeServizio: 'Sportello SPID', creatoIl: new Date(2026, 4, 12, 10, 42).toISOString(), questionari: risposta.questionari })
    const print = vi.fn()
    vi.stubGlobal('print', print)
    render(<StampaLinkPage serviceId="101" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Sportello SPID' })).toBeTruthy()
    const cards = screen.getAllByTestId('foglio-link-scheda')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).getByRole('heading', { level: 2 }).textContent).toContain('RSS•••90••••••••')
    expect(await within(cards[0]!).findByRole('img', { name: 'Codice QR del questionario del cittadino RSS…90…' })).toBeTruthy()
    expect(cards[0]!.textContent).toContain(`${window.location.origin}/servizi/questionario/q-1/online/tok1`)
    expect(cards[0]!.textContent).toContain('Valido fino al 15-05-2026 alle 10:42')
    expect(await within(cards[1]!).findByRole('img', { name: 'Codice QR del questionario del cittadino 12' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Stampa' }))
    expect(print).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('link', { name: 'Torna al servizio' }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/cittadini')
  })

  it('after a reload (nothing in memory) says the links are not kept and how to make new ones', () => {
    render(<StampaLinkPage serviceId="999" />)
    expect(screen.getByText('Nessun link da stampare')).toBeTruthy()
    expect(screen.queryAllByTestId('foglio-link-scheda')).toHaveLength(0)
  })
})
