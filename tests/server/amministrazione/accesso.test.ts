// @vitest-environment node
/**
 * Per-id checks of platform-backend §4.4 (server/domain/amministrazione/accesso.ts) on the seeded world, for
 * every kind of role: programmes, projects, bodies and sites inside or outside the caller's profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../../server/db/index'
import { checkEnte, checkProgetto, checkProgramma, checkSede } from '../../../server/domain/amministrazione/accesso'
import { createPrincipalLoader } from '../../../server/domain/principal'
import type { Caller } from '../../../server/domain/profile'
import { ApiError } from '../../../server/errors'
import { sede } from '../../../server/db/schema'
import { eq } from 'drizzle-orm'
import { bodyId, openTestDatabase, programmeId, projectId } from '../domain/helpers'
import { CF } from '../field/fixtures'

describe('per-id checks (A02)', () => {
  let h: DatabaseHandle
  const ids: Record<string, number> = {}
  const callers: Record<string, Caller> = {}

  const outcome = async (p: Promise<unknown>) => {
    try { await p; return 'ok' } catch (e) { return e instanceof ApiError ? e.errorCode : String(e) }
  }

  beforeAll(async () => {
    h = await openTestDatabase()
    const db = h.db
    ids.laz = await programmeId(db, 'RFD-2024-LAZ')
    ids.scd = await programmeId(db, 'SCD-2024-NAZ')
    ids.roma = await projectId(db, 'Lazio Digitale Roma')
    ids.latina = await projectId(db, 'Lazio Digitale Latina')
    ids.regioneLazio = await bodyId(db, 'Regione Lazio')
    ids.romaCapitale = await bodyId(db, 'Roma Capitale')
    ids.biblio = await bodyId(db, 'Istituzione Biblioteche di Roma')
    ids.nonni = await bodyId(db, 'Associazione Nonni Digitali APS')
    ids.anci = await bodyId(db, 'Associazione Nazionale Comuni Italiani')
    ids.comuneLatina = await bodyId(db, 'Comune di Latina')
    const site = async (nome: string) => (await db.select({ id: sede.id }).from(sede).where(eq(sede.nome, nome)))[0]!.id
    ids.esquilino = await site('Punto Digitale Roma Esquilino')
    ids.torBella = await site('Punto Digitale Roma Tor Bella Monaca')
    ids.latinaCentro = await site('Punto Digitale Latina Centro')
    const load = createPrincipalLoader(db)
    for (const [key, cf, role] of [['dtd', CF.DTD, 'DTD'], ['dscu', CF.DSCU, 'DSCU'], ['deg', CF.DEG_LAZ, 'DEG'], ['regp', CF.REGP_ROMA, 'REGP'],
      ['repp', CF.REPP_ROMA, 'REPP'], ['fac', CF.SARA, 'FAC'], ['mod', CF.MOD, 'MOD']] as const) {
      const principal = (await load(cf))!
      const profilo = principal.profili.find((p) => p.codiceRuolo === role)!
      callers[key] = { principal, codiceRuolo: role, profilo }
    }
  })
  afterAll(() => h?.close())

  it('programme: DTD all, DSCU SCD only, scoped roles their profile programme; 404 for an unknown one', async () => {
    const db = h.db
    expect(await outcome(checkProgramma(db, callers.dtd!, ids.laz!))).toBe('ok')
    expect(await outcome(checkProgramma(db, callers.dscu!, ids.laz!))).toBe('A02')
    expect(await outcome(checkProgramma(db, callers.dscu!, ids.scd!))).toBe('ok')
    expect(await outcome(checkProgramma(db, callers.deg!, ids.laz!))).toBe('ok')
    expect(await outcome(checkProgramma(db, callers.deg!, ids.scd!))).toBe('A02')
    expect(await outcome(checkProgramma(db, callers.fac!, ids.laz!))).toBe('ok')
    expect(await outcome(checkProgramma(db, callers.fac!, ids.scd!))).toBe('A02')
    expect(await outcome(checkProgramma(db, callers.dtd!, 999999))).toBe('C01')
  })

  it('project: REG/DEG the projects of their programme, project roles their profile project, MOD none', async () => {
    const db = h.db
    expect(await outcome(checkProgetto(db, callers.deg!, ids.latina!))).toBe('ok')
    expect(await outcome(checkProgetto(db, callers.regp!, ids.roma!))).toBe('ok')
    expect(await outcome(checkProgetto(db, callers.regp!, ids.latina!))).toBe('A02')
    expect(await outcome(checkProgetto(db, callers.fac!, ids.roma!))).toBe('ok')
    expect(await outcome(checkProgetto(db, callers.dscu!, ids.roma!))).toBe('A02')
    expect(await outcome(checkProgetto(db, callers.mod!, ids.roma!))).toBe('A02')
  })

  it('body: DSCU bodies of SCD programmes, REG/DEG bodies of the programme, REGP bodies of the project, REPP/FAC their own body', async () => {
    const db = h.db
    expect(await outcome(checkEnte(db, callers.dscu!, ids.anci!))).toBe('ok')
    expect(await outcome(checkEnte(db, callers.dscu!, ids.regioneLazio!))).toBe('A02')
    expect(await outcome(checkEnte(db, callers.deg!, ids.regioneLazio!))).toBe('ok')
    expect(await outcome(checkEnte(db, callers.deg!, ids.comuneLatina!))).toBe('ok')
    expect(await outcome(checkEnte(db, callers.deg!, ids.biblio!))).toBe('ok')
    expect(await outcome(checkEnte(db, callers.deg!, ids.anci!))).toBe('A02')
    expect(await outcome(checkEnte(db, callers.regp!, ids.romaCapitale!))).toBe('ok')
    expect(await outcome(checkEnte(db, callers.regp!, ids.nonni!))).toBe('ok')
    expect(await outcome(checkEnte(db, callers.regp!, ids.comuneLatina!))).toBe('A02')
    expect(await outcome(checkEnte(db, callers.repp!, ids.biblio!))).toBe('ok')
    expect(await outcome(checkEnte(db, callers.repp!, ids.nonni!))).toBe('A02')
    expect(await outcome(checkEnte(db, callers.fac!, ids.romaCapitale!))).toBe('ok')
    expect(await outcome(checkEnte(db, callers.mod!, ids.romaCapitale!))).toBe('A02')
  })

  it('site: used in the scope (programme, project, own body for partners, own sites for facilitators)', async () => {
    const db = h.db
    expect(await outcome(checkSede(db, callers.deg!, ids.latinaCentro!))).toBe('ok')
    expect(await outcome(checkSede(db, callers.dscu!, ids.latinaCentro!))).toBe('A02')
    expect(await outcome(checkSede(db, callers.regp!, ids.torBella!))).toBe('ok')
    expect(await outcome(checkSede(db, callers.regp!, ids.latinaCentro!))).toBe('A02')
    expect(await outcome(checkSede(db, callers.repp!, ids.torBella!))).toBe('ok')
    expect(await outcome(checkSede(db, callers.repp!, ids.esquilino!))).toBe('A02')
    expect(await outcome(checkSede(db, callers.fac!, ids.esquilino!))).toBe('ok')
    expect(await outcome(checkSede(db, callers.fac!, ids.torBella!))).toBe('A02')
  })
})
