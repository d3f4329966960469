import { describe, expect, it } from 'vitest'
import type { SchedaProgetto } from '../../src/api/contract/gestione'
import { senzaCodiciFiscali } from '../../src/features/enti/api'
import { containsClearFiscalCode } from '../../src/lib/query-persist-rules'

const referente = (cf: string) => ({ idUtente: 1, nome: 'Rita', cognome: 'Referente', codiceFiscale: cf, codiceRuolo: 'REGP', stato: 'ATTIVO' as const })

describe('project card kept on the device for the body-in-project page', () => {
  it('leaves out the referents’ fiscal codes, so the persister keeps it', () => {
    const s = {
      dettaglioProgetto: { id: 1 },
      enteGestore: { id: 2, nome: 'Comune', stato: 'ATTIVO', referenti: [referente('RSSMRA80A01H501U')] },
      entiPartner: [{ id: 3, nome: 'Partner', stato: 'NON ATTIVO', referenti: [referente('VRDMRA58D43H501J')] }],
      sedi: [], conteggi: { puntiFacilitazione: 0, utentiUnici: 0, servizi: 0, facilitatori: 0 },
    } as unknown as SchedaProgetto
    expect(containsClearFiscalCode(JSON.stringify(s))).toBe(true)
    const out = senzaCodiciFiscali(s)
    expect(containsClearFiscalCode(JSON.stringify(out))).toBe(false)
    expect(out.entiPartner[0]!.referenti[0]).toMatchObject({ nome: 'Rita', codiceRuolo: 'REGP', codiceFiscale: '' })
    expect(senzaCodiciFiscali({ ...s, enteGestore: null }).enteGestore).toBeNull()
  })
})
