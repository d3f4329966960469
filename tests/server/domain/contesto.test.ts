// @vitest-environment node
/**
 * Login context: Contesto, confermaIntegrazione (C07, U21), sceltaProfilo with the activations of
 * platform-backend §2 and its rejections (C03, C04, C05, C06). One database for the file; the tests
 * change it in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import type { DatabaseHandle } from '../../../server/db/index'
import * as s from '../../../server/db/schema'
import { buildContesto, confermaIntegrazione, sceltaProfilo } from '../../../server/domain/contesto'
import { loadPrincipal } from '../../../server/domain/principal'
import { ApiError } from '../../../server/errors'
import { ContestoSchema } from '../../../src/api/contract/contesto'
import { bodyId, openTestDatabase, programmeId, projectId } from './helpers'

let h: DatabaseHandle
beforeAll(async () => { h = await openTestDatabase() })
afterAll(async () => { await h?.close() })

const principal = async (cf: string) => (await loadPrincipal(h.db, cf))!
async function rejection(p: Promise<unknown>): Promise<{ status: number; errorCode: string }> {
  try { await p } catch (e) {
    if (e instanceof ApiError) return { status: e.status, errorCode: e.errorCode }
    throw e
  }
  throw new Error('expected a rejection')
}

describe('buildContesto', () => {
  it('answers the wire shape with roles, permissions and profiles', async () => {
    const c = await buildContesto(h.db, 'RSSLSN77R19G478N')
    expect(v.safeParse(ContestoSchema, c).success).toBe(true)
    expect(c.profiliUtente).toHaveLength(3)
    expect(c.integrazione).toBe(true)
  })

  it('rejects an unknown fiscal code with 404 U20', async () => {
    expect(await rejection(buildContesto(h.db, 'XXXXXX00X00X000X'))).toEqual({ status: 404, errorCode: 'U20' })
  })
})

describe('confermaIntegrazione', () => {
  const anna = 'LMBNNA90L43B354D'
  const body = { email: 'anna.lombardi@example.it', telefono: '3335550606' }

  it('starts with an empty context for the first-access user', async () => {
    const c = await buildContesto(h.db, anna)
    expect([c.integrazione, c.stato, c.profiliUtente.length, c.ruoli[0]?.permessi.length]).toEqual([false, 'NON ATTIVO', 0, 0])
  })

  it('requires the privacy consent (400 C07)', async () => {
    expect(await rejection(confermaIntegrazione(h.db, anna, { ...body, abilitazioneConsensoTrattamentoDatiPersonali: false })))
      .toEqual({ status: 400, errorCode: 'C07' })
  })

  it('refuses an e-mail used by another user (409 U21)', async () => {
    expect(await rejection(confermaIntegrazione(h.db, anna, { ...body, email: 'sara.romano@example.it', abilitazioneConsensoTrattamentoDatiPersonali: true })))
      .toMatchObject({ errorCode: 'U21' })
  })

  it('stores the data, activates the user and fills the profiles', async () => {
    const c = await confermaIntegrazione(h.db, anna, { ...body, abilitazioneConsensoTrattamentoDatiPersonali: true })
    expect([c.integrazione, c.stato, c.email, c.telefono]).toEqual([true, 'ATTIVO', body.email, body.telefono])
    expect(c.profiliUtente).toEqual([expect.objectContaining({ codiceRuolo: 'FAC', nomeProgettoBreve: 'Lombardia in Rete Milano' })])
    expect(c.ruoli[0]!.permessi).toContain('new.serv')
    const [row] = await h.db.select().from(s.utente).where(eq(s.utente.codiceFiscale, anna))
    expect(row!.consensoDati).toBe(true)
    expect(row!.dataOraConsensoDati).toBeInstanceOf(Date)
  })
})

describe('sceltaProfilo', () => {
  it('activates the facilitator rows of a FAC profile, and only those', async () => {
    const sara = await principal('RMNSRA92E51A944H')
    const p = sara.profili[0]!
    const res = await sceltaProfilo(h.db, sara, { codiceRuolo: 'FAC', idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte })
    expect(res.profilo).toEqual(p)
    const rows = await h.db.select().from(s.enteSedeProgettoFacilitatore)
      .where(eq(s.enteSedeProgettoFacilitatore.idFacilitatore, sara.userId))
    expect(rows).toHaveLength(2)
    for (const r of rows) expect([r.statoUtente, r.dataOraAttivazione instanceof Date]).toEqual(['ATTIVO', true])
    const others = await h.db.select().from(s.enteSedeProgettoFacilitatore)
      .where(eq(s.enteSedeProgettoFacilitatore.statoUtente, 'ATTIVO'))
    expect(others).toHaveLength(2)
  })

  it('REG choice activates programme, managing body (with history), referent row and projects with facilitators', async () => {
    const laura = await principal('CNTLRA75H61F205P')
    const p = laura.profili[0]!
    const lom = await programmeId(h.db, 'RFD-2024-LOM')
    expect(p.idProgramma).toBe(lom)
    const before = (await h.db.select().from(s.programma).where(eq(s.programma.id, lom)))[0]!
    expect([before.stato, before.statoGestoreProgramma]).toEqual(['NON ATTIVO', 'NON ATTIVO'])

    await sceltaProfilo(h.db, laura, { codiceRuolo: 'REG', idProgramma: lom, idProgetto: null, idEnte: p.idEnte })

    const after = (await h.db.select().from(s.programma).where(eq(s.programma.id, lom)))[0]!
    expect([after.stato, after.statoGestoreProgramma]).toEqual(['ATTIVO', 'ATTIVO'])
    expect(after.dataOraAttivazioneProgramma).toBeInstanceOf(Date)
    const history = await h.db.select().from(s.storicoEnteGestoreProgramma).where(eq(s.storicoEnteGestoreProgramma.idProgramma, lom))
    expect(history).toEqual([expect.objectContaining({ idEnte: p.idEnte, stato: 'ATTIVO' })])
    const [link] = await h.db.select().from(s.referenteDelegatiGestoreProgramma)
      .where(and(eq(s.referenteDelegatiGestoreProgramma.idProgramma, lom), eq(s.referenteDelegatiGestoreProgramma.idUtente, laura.userId)))
    expect(link!.statoUtente).toBe('ATTIVO')
    const milano = await projectId(h.db, 'Lombardia in Rete Milano')
    const bergamo = await projectId(h.db, 'Lombardia in Rete Bergamo')
    const projects = await h.db.select().from(s.progetto).where(eq(s.progetto.idProgramma, lom))
    expect(projects.find((x) => x.id === milano)!.stato).toBe('ATTIVABILE')
    expect(projects.find((x) => x.id === bergamo)!.stato).toBe('NON ATTIVO') // no facilitator there
    const laz = (await h.db.select().from(s.programma).where(eq(s.programma.codice, 'RFD-2024-LAZ')))[0]!
    expect(laz.stato).toBe('NON ATTIVO')

    // a second choice writes no second history row
    await sceltaProfilo(h.db, await principal('CNTLRA75H61F205P'), { codiceRuolo: 'REG', idProgramma: lom, idProgetto: null, idEnte: p.idEnte })
    expect(await h.db.select().from(s.storicoEnteGestoreProgramma).where(eq(s.storicoEnteGestoreProgramma.idProgramma, lom))).toHaveLength(1)
  })

  it('REGP choice activates the project managing body and the referent row', async () => {
    const francesca = await principal('MRTFNC80A70F839W')
    const p = francesca.profili[0]!
    await sceltaProfilo(h.db, francesca, { codiceRuolo: 'REGP', idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte })
    const [prj] = await h.db.select().from(s.progetto).where(eq(s.progetto.id, p.idProgetto!))
    expect(prj!.statoGestoreProgetto).toBe('ATTIVO')
    expect(await h.db.select().from(s.storicoEnteGestoreProgetto)).toEqual([expect.objectContaining({ idProgetto: p.idProgetto, stato: 'ATTIVO' })])
    const [link] = await h.db.select().from(s.referenteDelegatiGestoreProgetto).where(eq(s.referenteDelegatiGestoreProgetto.idUtente, francesca.userId))
    expect(link!.statoUtente).toBe('ATTIVO')
  })

  it('DEPP choice activates the partner body and the delegate row', async () => {
    const stefano = await principal('GRCSFN79L28G273B')
    const p = stefano.profili[0]!
    await sceltaProfilo(h.db, stefano, { codiceRuolo: 'DEPP', idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte })
    const [partner] = await h.db.select().from(s.entePartner)
      .where(and(eq(s.entePartner.idProgetto, p.idProgetto!), eq(s.entePartner.idEnte, p.idEnte!)))
    expect(partner!.statoEntePartner).toBe('ATTIVO')
    expect(await h.db.select().from(s.storicoEntePartner)).toHaveLength(1)
    const [link] = await h.db.select().from(s.referenteDelegatiPartner).where(eq(s.referenteDelegatiPartner.idUtente, stefano.userId))
    expect(link!.statoUtente).toBe('ATTIVO')
  })

  it('DTD choice of the unscoped profile succeeds and changes nothing', async () => {
    const giulia = await principal('FRRGLI78C54H501Q')
    const res = await sceltaProfilo(h.db, giulia, { codiceRuolo: 'DTD', idProgramma: null, idProgetto: null, idEnte: null })
    expect(res.profilo.codiceRuolo).toBe('DTD')
  })

  it('rejects a programme the REG does not manage with 403 C04', async () => {
    const laura = await principal('CNTLRA75H61F205P')
    const laz = await programmeId(h.db, 'RFD-2024-LAZ')
    expect(await rejection(sceltaProfilo(h.db, laura, { codiceRuolo: 'REG', idProgramma: laz, idProgetto: null, idEnte: await bodyId(h.db, 'Regione Lazio') })))
      .toEqual({ status: 403, errorCode: 'C04' })
    const lazRow = (await h.db.select().from(s.programma).where(eq(s.programma.id, laz)))[0]!
    expect(lazRow.stato).toBe('NON ATTIVO')
  })

  it('rejects a project the FAC does not work on with 403 C03, and a programme–project mismatch with C06', async () => {
    const sara = await principal('RMNSRA92E51A944H')
    const p = sara.profili[0]!
    const latina = await projectId(h.db, 'Lazio Digitale Latina')
    expect(await rejection(sceltaProfilo(h.db, sara, { codiceRuolo: 'FAC', idProgramma: p.idProgramma, idProgetto: latina, idEnte: p.idEnte })))
      .toEqual({ status: 403, errorCode: 'C03' })
    const lom = await programmeId(h.db, 'RFD-2024-LOM')
    expect(await rejection(sceltaProfilo(h.db, sara, { codiceRuolo: 'FAC', idProgramma: lom, idProgetto: p.idProgetto, idEnte: p.idEnte })))
      .toEqual({ status: 403, errorCode: 'C06' })
  })

  it('rejects a partner body the REPP does not represent with 403 C05, and a role not held with U06', async () => {
    const elena = await principal('MRNLNE83T45D612L')
    const p = elena.profili[0]!
    const other = await bodyId(h.db, 'Associazione Nonni Digitali APS')
    expect(await rejection(sceltaProfilo(h.db, elena, { codiceRuolo: 'REPP', idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: other })))
      .toEqual({ status: 403, errorCode: 'C05' })
    expect(await rejection(sceltaProfilo(h.db, elena, { codiceRuolo: 'REGP', idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte })))
      .toEqual({ status: 403, errorCode: 'U06' })
  })
})
