// @vitest-environment node
/**
 * Issue 27 point 5, server side: the field sync records (server/domain/campo.ts, campo-sync.ts) carry each service's
 * and citizen's `versione`, so the device stores it with the record and its outbox update sends it; after an edit the
 * incremental sync brings the new version. The raw pages are read (the contract schema of src/ does not list the
 * field yet: the client's part of the issue).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, firstSite, named, servizioBody, type Actor } from '../field/fixtures'
import { registraCittadino } from '../scenari'
import { syncPage } from '../field/sync-helper'

interface PaginaGrezza {
  servizi: { id: number; versione?: number }[]
  cittadini: { idCittadino: number; versione?: number }[]
  cursore: string
  completo: boolean
}

describe('field sync records carry versione (issue 27 point 5)', () => {
  let server: TestServer
  let sara: Actor
  let idSede: number

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    idSede = await firstSite(server, sara)
  })
  afterAll(() => server?.close())

  /** Every raw page of a sync from `cursore` (a whole sync without one). */
  async function pagine(cursore?: string): Promise<PaginaGrezza[]> {
    const out: PaginaGrezza[] = []
    for (let c = cursore; ;) {
      const res = await syncPage(server, sara, c)
      expect(res.statusCode, res.body).toBe(200)
      const p = res.json() as PaginaGrezza
      out.push(p)
      if (p.completo) return out
      c = p.cursore
    }
  }

  it('sends the version of every service and citizen, and the new one after an edit', async () => {
    const idServizio = await createService(server, sara, { nomeServizio: named('Servizio sul campo versionato'), data: new Date().toISOString().slice(0, 10) })
    const idCittadino = await registraCittadino(server, sara, idServizio, { codiceFiscale: fiscalCodeAged(52, 'F') })
    const whole = await pagine()
    const servizi = whole.flatMap((p) => p.servizi)
    const cittadini = whole.flatMap((p) => p.cittadini)
    expect(servizi.length).toBeGreaterThan(0)
    expect(servizi.every((s) => Number.isInteger(s.versione) && s.versione! >= 1)).toBe(true)
    expect(cittadini.every((c) => Number.isInteger(c.versione) && c.versione! >= 1)).toBe(true)
    const servizio = servizi.find((s) => s.id === idServizio)!
    const cittadino = cittadini.find((c) => c.idCittadino === idCittadino)!
    expect(servizio.versione).toBe(1)
    expect(cittadino.versione).toBe(1)

    // the device edits both with the versions it stored; the incremental sync brings the new ones
    const upd = await call(server, sara, 'PUT', `/api/servizio/${idServizio}`, {
      body: { ...servizioBody(sara, idSede, { nomeServizio: named('Rinominato sul campo'), data: new Date().toISOString().slice(0, 10) }), versione: servizio.versione },
    })
    expect(upd.statusCode, upd.body).toBe(200)
    const reg = await call(server, sara, 'PUT', `/api/cittadino/${idCittadino}`, { body: { ...DEMOGRAFICA, provinciaDiDomicilio: 'Milano', versione: cittadino.versione } })
    expect(reg.statusCode, reg.body).toBe(200)
    const after = await pagine(whole.at(-1)!.cursore)
    expect(after.flatMap((p) => p.servizi).find((s) => s.id === idServizio)?.versione).toBe(2)
    expect(after.flatMap((p) => p.cittadini).find((c) => c.idCittadino === idCittadino)?.versione).toBe(2)

    // a second device still on version 1 is refused with the current record, which it then merges
    const stale = await call(server, sara, 'PUT', `/api/servizio/${idServizio}`, { body: { ...servizioBody(sara, idSede), versione: 1 } })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ errorCode: 'V01', corrente: { dettaglioServizio: { idServizio, versione: 2, nomeServizio: named('Rinominato sul campo') } } })
  })

  it('answers a replayed update (same Idempotency-Key) with the stored answer, not a 409', async () => {
    const idServizio = await createService(server, sara, { nomeServizio: named('Servizio ripetuto') })
    const key = crypto.randomUUID()
    const send = () => call(server, sara, 'PUT', `/api/servizio/${idServizio}`, {
      body: { ...servizioBody(sara, idSede, { nomeServizio: named('Ripetuto') }), versione: 1 }, headers: { 'idempotency-key': key },
    })
    const first = await send()
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ idServizio, versione: 2 })
    const again = await send()
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toBe(first.body)
  })
})
