// @vitest-environment node
/**
 * The survey template lifecycle of platform-backend §2.9 as a pure state machine (server/domain/questionari/stati.ts),
 * every transition from every state, the guards and the versioning rule (issue 10 point 1).
 */
import { describe, expect, it } from 'vitest'
import type { Stato } from '../../../server/db/schema'
import { allowed, checkTransition } from '../../../server/domain/amministrazione/macchina'
import {
  guardElimina, guardNome, guardVersioneCorrente, nuovaVersione, QUESTIONARIO_TEMPLATE, type TransizioneTemplate,
} from '../../../server/domain/questionari/stati'
import { ApiError } from '../../../server/errors'

const STATES: (Stato | null)[] = [null, 'NON ATTIVO', 'ATTIVO', 'ATTIVABILE', 'TERMINATO']
const EXPECTED: Record<TransizioneTemplate, { from: (Stato | null)[]; to: string; code: string }> = {
  crea: { from: [null], to: 'NON ATTIVO', code: 'QT07' },
  modifica: { from: ['NON ATTIVO', 'ATTIVO'], to: 'same', code: 'QT02' },
  associa: { from: ['NON ATTIVO', 'ATTIVO'], to: 'ATTIVO', code: 'P07' },
  impostaDefault: { from: ['NON ATTIVO', 'ATTIVO'], to: 'same', code: 'QT02' },
  elimina: { from: ['NON ATTIVO'], to: 'deleted', code: 'QT03' },
}

describe('survey template lifecycle (§2.9)', () => {
  for (const [t, e] of Object.entries(EXPECTED) as [TransizioneTemplate, (typeof EXPECTED)[TransizioneTemplate]][]) {
    it(`${t}: allowed from ${e.from.join(', ')} only, else 409 ${e.code}`, () => {
      for (const s of STATES) {
        expect(allowed(QUESTIONARIO_TEMPLATE, t, s), `${t} from ${s}`).toBe(e.from.includes(s))
        if (e.from.includes(s)) expect(checkTransition(QUESTIONARIO_TEMPLATE, t, s)).toBe(e.to)
        else {
          try {
            checkTransition(QUESTIONARIO_TEMPLATE, t, s)
            expect.unreachable()
          } catch (err) {
            expect(err).toBeInstanceOf(ApiError)
            expect((err as ApiError).errorCode).toBe(e.code)
            expect((err as ApiError).status).toBe(409)
          }
        }
      }
    })
  }

  const f = { stato: 'NON ATTIVO' as Stato, defaultRfd: false, defaultScd: false, inUso: false, sostituito: false }
  it('refuses deleting a default or a template in use (QT03), a replaced version anything, a name in use (QT02)', () => {
    expect(guardElimina(f)).toBeNull()
    expect(guardElimina({ ...f, defaultRfd: true })).toBe('QT03')
    expect(guardElimina({ ...f, defaultScd: true })).toBe('QT03')
    expect(guardElimina({ ...f, inUso: true })).toBe('QT03')
    expect(guardVersioneCorrente({ sostituito: true }, 'QT02')).toBe('QT02')
    expect(guardVersioneCorrente({ sostituito: false }, 'QT02')).toBeNull()
    expect(guardNome(true)).toBe('QT02')
    expect(guardNome(false)).toBeNull()
  })

  it('makes a new version when the template is ATTIVO or in use, edits in place otherwise', () => {
    expect(nuovaVersione({ stato: 'NON ATTIVO', inUso: false })).toBe(false)
    expect(nuovaVersione({ stato: 'ATTIVO', inUso: false })).toBe(true)
    expect(nuovaVersione({ stato: 'NON ATTIVO', inUso: true })).toBe(true)
  })
})
