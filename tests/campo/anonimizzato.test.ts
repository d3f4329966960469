/**
 * Issue 28 on the device: a survey queued offline for a citizen the server has meanwhile anonymised (point 2: end of
 * the retention period, 410 CS01) or erased on request (part 3, art. 17: 410 DP01). The outbox parks it as 'Richiede
 * attenzione' with the catalogue's Italian reason, never sends it again by itself, and never drops it silently — not
 * even when the next sync removes the citizen's survey from the device (the entry and its record stay until the user
 * decides).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { aggiungiCittadino, compilaQuestionario, creaServizio } from '../../src/features/campo'
import { registerCampoHandlers, KIND } from '../../src/features/campo/handlers'
import { storePagina } from '../../src/features/campo/sync'
import { currentDb } from '../../src/offline/db'
import { getRecord } from '../../src/offline/records'
import { listEntries } from '../../src/offline/outbox'
import { runReplay } from '../../src/offline/replay'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { httpError, resetDbs, setupReplay } from '../offline/helpers'
import { bootstrap, FAC, fakeApi, login, pagina, servizioInput, storeRiferimenti } from './helpers'

/** The two reasons a citizen leaves the server: end of retention (CS01) and erasure on request (DP01). */
const CASI = [
  { perche: 'anonymised at the end of its retention period', codice: 'CS01', messaggio: 'Il cittadino è stato anonimizzato per fine del periodo di conservazione.' },
  { perche: 'erased on request (art. 17)', codice: 'DP01', messaggio: 'Il cittadino è stato cancellato su sua richiesta.' },
] as const
const Q4 = encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['Passaparola'] } })
const cittadinoCf = { codiceFiscale: 'BNCMRC69S02H501X', titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true }

let unregister: () => void = () => undefined
beforeEach(async () => {
  localStorage.clear()
  await resetDbs()
  configureConnectivityForTests({ state: 'offline' })
  await login(FAC)
  await storeRiferimenti()
  unregister = registerCampoHandlers()
})
afterEach(() => unregister())

describe.each(CASI)('a survey queued for a citizen $perche meanwhile', ({ codice, messaggio }) => {
  it(`is parked with the Italian reason (${codice}), never sent again automatically, never dropped`, async () => {
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, cittadinoCf)
    // the service and the addition reach the server; the survey stays queued (the device goes offline again)
    const api = fakeApi({ fail: (req) => (req.path.endsWith('/compila') ? httpError(410, codice, messaggio) : null) })
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    await compilaQuestionario(c.idLocale, Q4, { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-03-10' })
    await runReplay(currentDb()!)

    const entries = await listEntries()
    const compila = entries.find((e) => e.kind === KIND.questionarioCompila)!
    expect(compila.status).toBe('attention')
    expect(compila.lastError?.message).toBe(`${messaggio} (errore ${codice})`)
    const sent = api.calls.filter((x) => x.path.endsWith('/compila')).length
    expect(sent).toBe(1)

    // later replays (reconnections, the background sync) do not send it again
    await runReplay(currentDb()!)
    await runReplay(currentDb()!)
    expect(api.calls.filter((x) => x.path.endsWith('/compila'))).toHaveLength(sent)

    // the next sync removes the citizen's survey from the device: the parked entry and its record stay
    const idServer = (await getRecord('cittadino-servizio', c.idLocale))!.idServer
    expect(idServer).toBeTruthy()
    await storePagina(currentDb()!, FAC, pagina(bootstrap(), { modalita: 'incrementale', riferimenti: null, rimossi: { servizi: [], questionari: [String(idServer)] } }), Date.now())
    expect(await getRecord('cittadino-servizio', c.idLocale)).toBeTruthy()
    expect((await listEntries()).find((e) => e.id === compila.id)).toMatchObject({ status: 'attention', lastError: { message: `${messaggio} (errore ${codice})` } })
  })
})
