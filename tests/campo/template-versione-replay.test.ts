// @vitest-environment node
/**
 * A template edited while a tablet is offline (issue 10 point 1, "Done when"): the field data layer
 * against the real reference server (as server-replay.test.ts). The tablet holds version 1 of the default
 * RFD template, compiles offline a survey of a service registered online and registers offline a new
 * service with a citizen and a survey; meanwhile a DTD adds a question to Q4, making version 2. The outbox
 * replays everything with its idempotency keys and role context: nothing needs attention, the survey of
 * the old service stays on version 1 (unchanged), the service first registered by the replay takes
 * version 2, and the next bootstrap brings version 2 to the tablet.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Profilo } from '../../src/api/contract/contesto'

const session = vi.hoisted(() => ({ profilo: null as Profilo | null, cf: '' }))
vi.mock('../../src/auth/session', () => {
  const state = () => ({ status: 'authenticated', user: null, profilo: session.profilo, permessi: [], isOfflineSession: false, needsProfileChoice: false })
  return { getSessionState: state, useSession: state, currentFiscalCode: () => session.cf, subscribeSession: () => () => undefined }
})

import { questionarioCompilato, questionarioTemplate, servizio } from '../../server/db/schema'
import { ApiCallError } from '../../src/api/client'
import { SEZIONI_QUESTIONARIO } from '../../src/api/contract/enums'
import { sezioneFromWire, sezioneToWire, type QuestionarioTemplateDettaglio } from '../../src/api/contract/questionario-template'
import { aggiungiCittadino, compilaQuestionario, creaServizio } from '../../src/features/campo'
import { storeSnapshot } from './helpers'
import { registerCampoHandlers } from '../../src/features/campo/handlers'
import { aggiungiDomanda, modelloDaTemplate, modificaDomanda, rimuoviDomanda, sezioniSchema, type ModelloEditor } from '../../src/lib/questionario-editor'
import { encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { closeUserDb, currentDb, openUserDb } from '../../src/offline/db'
import { getRecord } from '../../src/offline/records'
import { listEntries } from '../../src/offline/outbox'
import { runReplay } from '../../src/offline/replay'
import type { OutboxRequest } from '../../src/offline/handlers'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { createTestServer, TEST_HOST, type TestServer } from '../server/helpers'
import { actor, call, CF, fiscalCodeAged, named, type Actor } from '../server/field/fixtures'
import { setupReplay } from '../offline/helpers'
import { syncCompleta } from '../server/field/sync-helper'

const Q4 = SEZIONI_QUESTIONARIO.Q4.id

describe('a template edited while a tablet is offline', () => {
  let server: TestServer
  let sara: Actor, dtd: Actor
  let unregister: () => void

  const injectTransport = async (req: OutboxRequest): Promise<unknown> => {
    const res = await server.app.inject({
      method: req.method, url: `/api/${req.path}`,
      headers: { host: TEST_HOST, authToken: sara.token, userRole: req.roleContext.codiceRuolo, 'idempotency-key': req.idempotencyKey },
      payload: (req.body ?? {}) as object,
    })
    const body = res.body ? (JSON.parse(res.body) as { errorCode?: string; message?: string }) : null
    if (res.statusCode >= 400) throw new ApiCallError(res.statusCode, body?.errorCode ?? null, body?.message ?? 'errore', 'http')
    return body
  }
  /** What a whole field sync of Sara's profile returns (all pages, in the older one-answer shape). */
  const fetchBootstrap = async () => (await syncCompleta(server, sara)).bootstrap
  const saveTemplate = async (id: string, edit: (m: ModelloEditor) => ModelloEditor) => {
    const d = (await call(server, dtd, 'POST', `/api/questionarioTemplate/${id}`)).json() as QuestionarioTemplateDettaglio
    const m = edit(modelloDaTemplate(d['survey-name'], d['survey-description'], d['survey-sections'].map((s) => sezioneFromWire(s)!)))
    const res = await call(server, dtd, 'PUT', `/api/questionarioTemplate/${id}`, {
      // the edit sends the version of the detail it was made on (issue 27)
      body: { 'survey-name': m.nome, 'survey-description': m.descrizione, 'survey-sections': sezioniSchema(m).map(sezioneToWire), versione: d.versione },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { 'survey-id': string; nuovaVersione: boolean }
  }
  const citizen = (age: number) => ({
    codiceFiscale: fiscalCodeAged(age, 'F'), titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Libero professionista', provinciaDiDomicilio: 'Roma',
    cittadinanza: 'Italiana', nuovoCittadino: true,
  })
  const q4 = encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['Passaparola'], '1663320201383': '4' } })
  const consenso = { tipoConferimentoConsenso: 'CARTACEO' as const, dataConferimentoConsenso: '2025-05-05' }

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    dtd = await actor(server, CF.DTD, 'DTD')
    session.cf = CF.SARA
    session.profilo = {
      codiceRuolo: 'FAC', descrizioneRuolo: 'FAC', descrizioneRuoloCompleta: 'FAC', idProgramma: sara.ids.idProgramma, nomeProgramma: null,
      idProgetto: sara.ids.idProgetto, nomeProgettoBreve: null, idEnte: sara.ids.idEnte, nomeEnte: null, descrizioneEstesaEnte: null, policy: 'RFD',
    }
    const db = await openUserDb(CF.SARA)
    await Promise.all(db.tables.map((t) => t.clear()))
    unregister = registerCampoHandlers()
  })
  afterAll(async () => {
    unregister?.()
    closeUserDb()
    await server?.close()
  })

  it('replays the surveys compiled against version 1 cleanly; the old service keeps it, new services take version 2', async () => {
    const first = await fetchBootstrap()
    await storeSnapshot(first, Date.now())
    const v1 = first.template!.idQuestionarioTemplate
    const [v1Before] = await server.database.db.select().from(questionarioTemplate).where(eq(questionarioTemplate.id, v1))
    const sede = first.sedi[0]!
    const q3 = { '22': first.progetto.dataInizio!, '23': '1:00', '24': ['Facilitazione individuale'], '25': ['Sicurezza'], '28': 'SPID' }
    setupReplay({ transport: injectTransport })

    // online: a service and its citizen, on version 1
    const s1 = await creaServizio({ nome: named('Servizio in linea'), idSede: sede.id, q3 })
    const c1 = await aggiungiCittadino(s1.idLocale, citizen(41))
    expect(await runReplay(currentDb()!)).toMatchObject({ sent: 2, attention: 0 })

    // offline: its survey compiled; a new service with a citizen and a compiled survey
    configureConnectivityForTests({ state: 'offline' })
    await compilaQuestionario(c1.idLocale, q4, consenso)
    const s2 = await creaServizio({ nome: named('Servizio offline'), idSede: sede.id, q3 })
    const c2 = await aggiungiCittadino(s2.idLocale, citizen(52))
    await compilaQuestionario(c2.idLocale, q4, consenso)

    // meanwhile the DTD adds 'Gradimento' to Q4: version 2
    const titolo = named('Gradimento')
    const saved = await saveTemplate(v1, (m) => {
      const added = aggiungiDomanda(m, Q4, Date.now())
      return modificaDomanda(added, Q4, added.sezioni.find((s) => s.id === Q4)!.domande.at(-1)!.id, { titolo, tipo: 'range' })
    })
    expect(saved.nuovaVersione).toBe(true)
    const v2 = saved['survey-id']

    // back online: everything replays, nothing needs attention
    configureConnectivityForTests({ state: 'online' })
    const report = await runReplay(currentDb()!)
    expect(report, JSON.stringify(await listEntries({ includeDone: true }), null, 1)).toMatchObject({ sent: 4, attention: 0, stopped: null })

    const idS1 = (await getRecord<unknown>('servizio', s1.idLocale))!.idServer as number
    const idS2 = (await getRecord<unknown>('servizio', s2.idLocale))!.idServer as number
    const [row1] = await server.database.db.select().from(servizio).where(eq(servizio.id, idS1))
    const [row2] = await server.database.db.select().from(servizio).where(eq(servizio.id, idS2))
    expect(row1!.idQuestionarioTemplateSnapshot).toBe(v1)
    expect(row2!.idQuestionarioTemplateSnapshot).toBe(v2)
    const [i1] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.idServizio, idS1))
    const [i2] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.idServizio, idS2))
    expect(i1).toMatchObject({ stato: 'COMPILATA', idQuestionarioTemplate: v1 })
    expect(i2).toMatchObject({ stato: 'COMPILATA', idQuestionarioTemplate: v2 })
    const [v1After] = await server.database.db.select().from(questionarioTemplate).where(eq(questionarioTemplate.id, v1))
    expect(JSON.stringify(v1After!.sezioni)).toBe(JSON.stringify(v1Before!.sezioni))

    // the next bootstrap brings version 2 (and keeps version 1 for the services made with it)
    const next = await fetchBootstrap()
    expect(next.template!.idQuestionarioTemplate).toBe(v2)
    expect(JSON.stringify(next.template!.sezioniQuestionarioTemplate)).toContain(titolo)

    // leave the shared world as it was
    await saveTemplate(v2, (m) => {
      const q = m.sezioni.find((s) => s.id === Q4)!.domande.find((d) => d.titolo === titolo)!
      return rimuoviDomanda(m, Q4, q.id)
    })
  })
})
