// @vitest-environment node
/**
 * Principal loading: each demo identity gets exactly its profiles, with the permissions of its roles; the links of a
 * kind of role are read only for users holding such a role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle, Executor } from '../../../server/db/index'
import { programma } from '../../../server/db/schema'
import { createPrincipalLoader, loadPrincipal } from '../../../server/domain/principal'
import { DEMO_IDENTITIES } from '../../../server/seed/identities'
import { permissionsOfRole } from '../../../server/seed/permissions-matrix'
import { openTestDatabase } from './helpers'

let h: DatabaseHandle
beforeAll(async () => { h = await openTestDatabase() })
afterAll(async () => { await h?.close() })

describe('createPrincipalLoader', () => {
  it('gives every demo identity exactly the profiles listed in identities.ts', async () => {
    const load = createPrincipalLoader(h.db)
    const codes = new Map((await h.db.select({ id: programma.id, codice: programma.codice }).from(programma)).map((p) => [p.id, p.codice]))
    for (const who of DEMO_IDENTITIES) {
      const principal = await load(who.codiceFiscale)
      expect(principal, who.codiceFiscale).not.toBeNull()
      expect(principal!.ruoli.map((r) => r.codiceRuolo).sort()).toEqual([...new Set(who.profili.map((p) => p.codiceRuolo))].sort())
      if (!who.integrazione) {
        expect(principal!.profili).toEqual([])
        for (const r of principal!.ruoli) expect(r.permessi).toEqual([])
        continue
      }
      const got = principal!.profili.map((p) => `${p.codiceRuolo}|${p.idProgramma === null ? '' : codes.get(p.idProgramma)}|${p.nomeProgettoBreve ?? ''}`).sort()
      const want = who.profili.map((p) => `${p.codiceRuolo}|${p.programma ?? ''}|${p.progetto ?? ''}`).sort()
      expect(got, who.codiceFiscale).toEqual(want)
    }
  })

  it('fills each profile as platform-backend §4.3 describes', async () => {
    const load = createPrincipalLoader(h.db)
    const sara = await load('rmnsra92e51a944h')
    expect(sara!.profili).toEqual([expect.objectContaining({
      codiceRuolo: 'FAC', descrizioneRuolo: 'FACILITATORE', descrizioneRuoloCompleta: 'FACILITATORE',
      nomeProgettoBreve: 'Lazio Digitale Roma', nomeEnte: 'Roma Capitale', policy: 'RFD',
      descrizioneEstesaEnte: 'ENTE GESTORE DI PROGETTO',
    })])
    const elena = await load('MRNLNE83T45D612L')
    expect(elena!.profili[0]).toMatchObject({ codiceRuolo: 'REPP', descrizioneRuolo: 'REFERENTE', nomeEnte: 'Istituzione Biblioteche di Roma', descrizioneEstesaEnte: 'ENTE PARTNER' })
    const paolo = await load('RCCPLA82P09L219N')
    expect(paolo!.profili[0]).toMatchObject({ codiceRuolo: 'DEG', descrizioneRuolo: 'DELEGATO', idProgetto: null, nomeEnte: 'Regione Lazio' })
    const marco = await load('BNCMRC69S02H501X')
    expect(marco!.profili).toEqual([expect.objectContaining({ codiceRuolo: 'DSCU', policy: 'SCD', idProgramma: null, idEnte: null })])
    const luca = await load('SPSLCU00B24F839F')
    expect(luca!.profili[0]).toMatchObject({ codiceRuolo: 'VOL', policy: 'SCD' })
  })

  it('loads the permissions of each role from the matrix', async () => {
    const load = createPrincipalLoader(h.db)
    const fac = (await load('RMNSRA92E51A944H'))!.ruoli.find((r) => r.codiceRuolo === 'FAC')!
    expect(fac.permessi).toEqual(permissionsOfRole('FAC'))
    expect(fac.permessi).toContain('new.serv')
    expect(fac.permessi).not.toContain('list.ruoli')
    const dtd = (await load('FRRGLI78C54H501Q'))!.ruoli[0]!
    expect(dtd.permessi).toEqual(permissionsOfRole('DTD'))
    expect(dtd.permessi).toContain('list.ruoli')
    const rossi = (await load('RSSLSN77R19G478N'))!
    expect(rossi.ruoli.map((r) => r.codiceRuolo)).toEqual(['REG', 'REGP', 'FAC'])
    const reg = rossi.ruoli.find((r) => r.codiceRuolo === 'REG')!
    expect(reg.permessi).toContain('end.prgm')
    expect(reg.permessi).not.toContain('new.serv')
  })

  it('answers null for an unknown fiscal code', async () => {
    expect(await createPrincipalLoader(h.db)('XXXXXX00X00X000X')).toBeNull()
  })

  it('reads only the links of the kinds of role the user holds', async () => {
    /** `h.db` counting the queries started through it (each `select` builder is one query). */
    const counting = () => {
      let n = 0
      const db = new Proxy(h.db, {
        get(target, key, receiver) {
          const value: unknown = Reflect.get(target, key, receiver)
          if (key !== 'select' || typeof value !== 'function') return value
          return (...args: unknown[]) => { n++; return (value as (...a: unknown[]) => unknown).apply(target, args) }
        },
      }) as Executor
      return { db, count: () => n }
    }
    const onlyFac = DEMO_IDENTITIES.find((i) => i.integrazione && i.profili.length > 0 && i.profili.every((p) => p.codiceRuolo === 'FAC'))!
    const fac = counting()
    expect((await loadPrincipal(fac.db, onlyFac.codiceFiscale))?.profili.length).toBe(onlyFac.profili.length)
    expect(fac.count()).toBe(4) // user, roles, permissions, facilitator links
    const dtd = counting()
    expect((await loadPrincipal(dtd.db, 'FRRGLI78C54H501Q'))?.profili.map((p) => p.codiceRuolo)).toEqual(['DTD'])
    expect(dtd.count()).toBe(3)
    const rossi = counting() // REG, REGP and FAC: three kinds of links
    expect((await loadPrincipal(rossi.db, 'RSSLSN77R19G478N'))?.ruoli.length).toBe(3)
    expect(rossi.count()).toBe(6)
  })
})
