import { describe, expect, it } from 'vitest'
import { campiBloccati, corpo, errori, formDa, opzioni } from '../../src/features/cittadini-registro/modifica'
import { erroriAbilita } from '../../src/features/minorenni/abilita'

const dettaglio = {
  id: 1, identificativoMascherato: 'RSS•••90••••••••', conCodiceFiscale: true, tipoDocumento: null, genere: 'M', fasciaDiEtaId: 2,
  titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', dataUltimoAggiornamento: '2026-01-01T00:00:00.000Z',
}
const PROVINCE = ['Roma', 'Milano']

describe('citizen edit form (registry)', () => {
  it('locks gender and age band of a citizen with fiscal code and leaves them out of the body', () => {
    const form = formDa(dettaglio)
    expect(campiBloccati(true)).toEqual(new Set(['genere', 'fasciaDiEtaId']))
    expect(errori(form, true, PROVINCE)).toEqual({})
    expect(corpo(form, true)).toEqual({ titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', cittadinanza: 'Italiana', provinciaDiDomicilio: 'Roma' })
  })

  it('requires every field, from its enumeration, and sends gender and band without fiscal code', () => {
    const form = { ...formDa({ ...dettaglio, conCodiceFiscale: false }), occupazione: '', provinciaDiDomicilio: 'Atlantide' }
    expect(errori(form, false, PROVINCE)).toEqual({ occupazione: 'Campo obbligatorio', provinciaDiDomicilio: 'Valore non valido' })
    expect(corpo({ ...form, occupazione: 'Altro', provinciaDiDomicilio: 'Milano' }, false)).toMatchObject({ genere: 'M', fasciaDiEtaId: 2, provinciaDiDomicilio: 'Milano' })
  })

  it('offers the minors band only where allowed', () => {
    expect(opzioni('fasciaDiEtaId', PROVINCE, false).map((o) => o.label)).not.toContain('14-17')
    expect(opzioni('fasciaDiEtaId', PROVINCE, true).map((o) => o.label)).toContain('14-17')
  })
})

describe('minors enablement form', () => {
  const programmi = [{ idProgramma: 7, dataInizio: '2024-02-01', dataFine: '2027-12-31' }]
  it('needs a programme and a start date from today within the programme', () => {
    expect(erroriAbilita({ idProgramma: '', dataDecorrenza: '' }, programmi, '2026-11-24')).toEqual({ idProgramma: 'Scegli il programma', dataDecorrenza: 'Campo obbligatorio' })
    expect(erroriAbilita({ idProgramma: '7', dataDecorrenza: '2026-02-30' }, programmi, '2026-11-24').dataDecorrenza).toBe('Data non valida')
    expect(erroriAbilita({ idProgramma: '7', dataDecorrenza: '2026-11-23' }, programmi, '2026-11-24').dataDecorrenza).toMatch(/passato/)
    expect(erroriAbilita({ idProgramma: '7', dataDecorrenza: '2028-01-01' }, programmi, '2026-11-24').dataDecorrenza).toMatch(/date del programma/)
    expect(erroriAbilita({ idProgramma: '7', dataDecorrenza: '2026-11-24' }, programmi, '2026-11-24')).toEqual({})
  })
})
