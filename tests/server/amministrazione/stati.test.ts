// @vitest-environment node
/**
 * The lifecycles of platform-backend §2.1–2.7 as pure state machines (no database): allowed transitions
 * with their catalogue codes, the guards, the CUP rules, the cascade decisions and the site validation of
 * spec 002 §5.
 */
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../server/errors'
import { allowed, checkTransition, daGiornoMeseAnno, istanteTerminazione, oggi, terminaOElimina } from '../../../server/domain/amministrazione/macchina'
import {
  avvisoCup, cascataProgetto, guardDatiProgramma, guardEliminaProgramma, guardTemplateDefault, guardTerminaProgramma, obiettiviValidi, PROGRAMMA, regolaCup,
} from '../../../server/domain/amministrazione/programma-stati'
import { guardDatiProgetto, guardEliminaProgetto, guardTerminaProgetto, PROGETTO } from '../../../server/domain/amministrazione/progetto-stati'
import {
  GESTORE_PROGETTO, GESTORE_PROGRAMMA, guardAssegnaGestoreProgetto, guardAssociaPartner, guardAssociaReferente, guardRimuoviReferente, PARTNER,
} from '../../../server/domain/amministrazione/enti-stati'
import {
  FACILITATORE, guardAssociaFacilitatore, guardTerminaFacilitatore, guardTerminaSede, ruoloPerPolicy, SEDE_PROGETTO,
} from '../../../server/domain/amministrazione/sede-stati'
import { comuneInProvincia, comuniDiProvincia } from '../../../server/domain/amministrazione/comuni'
import { primoErroreIndirizzi } from '../../../src/lib/sede-indirizzo'
import type { IndirizzoSede } from '../../../src/api/contract/gestione'

const codeOf = (fn: () => unknown) => {
  try { fn() } catch (e) { return e instanceof ApiError ? `${e.status} ${e.errorCode}` : String(e) }
  return null
}

describe('programme (§2.1)', () => {
  it('allows exactly the transitions of the table, refusing the others with P03/P04/P06', () => {
    expect(allowed(PROGRAMMA, 'crea', null)).toBe(true)
    expect(allowed(PROGRAMMA, 'attiva', 'NON ATTIVO')).toBe(true)
    expect(allowed(PROGRAMMA, 'termina', 'ATTIVO')).toBe(true)
    expect(codeOf(() => checkTransition(PROGRAMMA, 'termina', 'NON ATTIVO'))).toBe('409 P03')
    expect(codeOf(() => checkTransition(PROGRAMMA, 'termina', 'TERMINATO'))).toBe('409 P03')
    expect(codeOf(() => checkTransition(PROGRAMMA, 'elimina', 'ATTIVO'))).toBe('409 P04')
    expect(checkTransition(PROGRAMMA, 'elimina', 'NON ATTIVO')).toBe('deleted')
    expect(codeOf(() => checkTransition(PROGRAMMA, 'modifica', 'TERMINATO'))).toBe('409 P06')
    expect(checkTransition(PROGRAMMA, 'modifica', 'ATTIVO')).toBe('same')
  })
  it('guards creation: unique code (P09), start not after end (P01), default template (P02)', () => {
    expect(guardDatiProgramma({ codiceUsato: true, dataInizio: '2025-01-01', dataFine: '2025-12-31' })).toBe('P09')
    expect(guardDatiProgramma({ codiceUsato: false, dataInizio: '2026-01-01', dataFine: '2025-12-31' })).toBe('P01')
    expect(guardDatiProgramma({ codiceUsato: false, dataInizio: '2025-01-01', dataFine: '2025-01-01' })).toBeNull()
    expect(guardDatiProgramma({ codiceUsato: true, dataInizio: '2025-01-01', dataFine: '2025-12-31' }, 'P06')).toBe('P09')
    expect(guardDatiProgramma({ codiceUsato: false, dataInizio: '2026-01-01', dataFine: '2025-12-31' }, 'P06')).toBe('P06')
    expect(guardTemplateDefault(false)).toBe('P02')
    expect(guardTemplateDefault(true)).toBeNull()
  })
  it('stores a termination never before the activation (issue 24 point 18)', () => {
    const now = new Date('2026-03-10T15:30:00Z') // 16:30 in Rome
    const attivato = new Date('2026-03-10T14:00:00Z')
    // today: the moment of the request, after an activation of the same afternoon (it was 12:00Z, before it)
    expect(istanteTerminazione('2026-03-10', now, attivato)).toEqual(now)
    expect(istanteTerminazione('2026-03-10', now).getTime()).toBeGreaterThan(attivato.getTime())
    // a past day: noon UTC of that day, unless the activation came later (then the activation instant)
    expect(istanteTerminazione('2026-03-05', now, new Date('2026-03-01T09:00:00Z'))).toEqual(new Date('2026-03-05T12:00:00Z'))
    expect(istanteTerminazione('2026-03-05', now, new Date('2026-03-05T16:00:00Z'))).toEqual(new Date('2026-03-05T16:00:00Z'))
    // just after midnight in Rome the UTC date is still yesterday: 'today' is the Rome day
    const notte = new Date('2026-03-10T23:30:00Z') // 00:30 on the 11th in Rome
    expect(istanteTerminazione('2026-03-11', notte)).toEqual(notte)
  })

  it('rewrites an empty or used CUP and warns', () => {
    expect(regolaCup('', 'P-1', false)).toEqual({ cup: 'cup_non_presente-P-1', manipolato: true })
    expect(regolaCup(null, 'P-1', false)).toEqual({ cup: 'cup_non_presente-P-1', manipolato: true })
    expect(regolaCup('J1', 'P-1', true)).toEqual({ cup: 'J1-P-1', manipolato: true })
    expect(regolaCup(' J1 ', 'P-1', false)).toEqual({ cup: 'J1', manipolato: false })
    expect(avvisoCup(false, 'J1')).toEqual({ warning: false, warningTitle: null, warningMessage: null })
    expect(avvisoCup(true, 'J1-P-1')).toMatchObject({ warning: true, warningTitle: 'CUP modificato' })
  })
  it('terminates only with a date not in the future; cascades on projects by state', () => {
    expect(guardTerminaProgramma({ dataTerminazione: '2026-01-02', oggi: '2026-01-01' })).toBe('P03')
    expect(guardTerminaProgramma({ dataTerminazione: '2026-01-01', oggi: '2026-01-01' })).toBeNull()
    expect(cascataProgetto('NON ATTIVO')).toBe('deleted')
    expect(cascataProgetto('ATTIVABILE')).toBe('TERMINATO')
    expect(cascataProgetto('ATTIVO')).toBe('TERMINATO')
    expect(cascataProgetto('TERMINATO')).toBe('keep')
  })
  it('deletes only when every project is NON ATTIVO without facilitators or services', () => {
    expect(guardEliminaProgramma([])).toBeNull()
    expect(guardEliminaProgramma([{ stato: 'NON ATTIVO', conFacilitatoriOServizi: false }])).toBeNull()
    expect(guardEliminaProgramma([{ stato: 'NON ATTIVO', conFacilitatoriOServizi: true }])).toBe('P04')
    expect(guardEliminaProgramma([{ stato: 'ATTIVABILE', conFacilitatoriOServizi: false }])).toBe('P04')
  })
  it('checks the targets by date: value and date together, dates ascending', () => {
    const f = (steps: { valore: number | null; data: string | null }[]) => ({ puntiFacilitazione: steps, utentiUnici: [], servizi: [], facilitatori: [] })
    expect(obiettiviValidi(null)).toBe(true)
    expect(obiettiviValidi(f([{ valore: 1, data: '2025-01-01' }, { valore: 2, data: '2025-06-01' }]))).toBe(true)
    expect(obiettiviValidi(f([{ valore: 1, data: null }]))).toBe(false)
    expect(obiettiviValidi(f([{ valore: 1, data: '2025-06-01' }, { valore: 2, data: '2025-01-01' }]))).toBe(false)
    expect(obiettiviValidi(f([{ valore: null, data: null }]))).toBe(true)
  })
})

describe('project (§2.2)', () => {
  it('goes NON ATTIVO → ATTIVABILE → ATTIVO → TERMINATO with PR02/PR03/PR04/PR07', () => {
    expect(checkTransition(PROGETTO, 'rendiAttivabile', 'NON ATTIVO')).toBe('ATTIVABILE')
    expect(checkTransition(PROGETTO, 'attiva', 'ATTIVABILE')).toBe('ATTIVO')
    expect(codeOf(() => checkTransition(PROGETTO, 'attiva', 'NON ATTIVO'))).toBe('409 PR07')
    expect(codeOf(() => checkTransition(PROGETTO, 'attiva', 'ATTIVO'))).toBe('409 PR07')
    expect(checkTransition(PROGETTO, 'termina', 'ATTIVABILE')).toBe('TERMINATO')
    expect(codeOf(() => checkTransition(PROGETTO, 'termina', 'NON ATTIVO'))).toBe('409 PR03')
    expect(codeOf(() => checkTransition(PROGETTO, 'elimina', 'ATTIVABILE'))).toBe('409 PR02')
    expect(codeOf(() => checkTransition(PROGETTO, 'modifica', 'TERMINATO'))).toBe('409 PR04')
  })
  it('guards dates (PR01), termination date (PR03) and deletion of a project with work (PR02)', () => {
    const base = { dataInizio: '2025-01-01', dataFine: '2025-12-31', inizioProgramma: '2024-01-01', fineProgramma: '2027-12-31', statoProgramma: 'ATTIVO' }
    expect(guardDatiProgetto(base)).toBeNull()
    expect(guardDatiProgetto({ ...base, dataInizio: '2026-01-01' })).toBe('PR01')
    expect(guardDatiProgetto({ ...base, dataFine: '2028-01-01' })).toBe('PR01')
    expect(guardDatiProgetto({ ...base, statoProgramma: 'TERMINATO' })).toBe('PR01')
    expect(guardTerminaProgetto({ dataTerminazione: '2099-01-01', oggi: oggi() })).toBe('PR03')
    expect(guardEliminaProgetto({ conFacilitatoriOServizi: true })).toBe('PR02')
  })
})

describe('managing and partner bodies, referents (§2.3, §2.4, §2.7)', () => {
  it('cancels a NON ATTIVO managing body, terminates an ATTIVO one (EN17–EN20)', () => {
    expect(checkTransition(GESTORE_PROGRAMMA, 'cancella', 'NON ATTIVO')).toBe('unlinked')
    expect(codeOf(() => checkTransition(GESTORE_PROGRAMMA, 'cancella', 'ATTIVO'))).toBe('409 EN17')
    expect(codeOf(() => checkTransition(GESTORE_PROGETTO, 'cancella', 'ATTIVO'))).toBe('409 EN18')
    expect(codeOf(() => checkTransition(GESTORE_PROGRAMMA, 'termina', 'NON ATTIVO'))).toBe('409 EN19')
    expect(codeOf(() => checkTransition(GESTORE_PROGETTO, 'termina', 'NON ATTIVO'))).toBe('409 EN20')
    expect(codeOf(() => checkTransition(GESTORE_PROGRAMMA, 'assegna', 'NON ATTIVO'))).toBe('409 P05')
    expect(guardAssegnaGestoreProgetto({ giaPartner: true, statoProgetto: 'NON ATTIVO' })).toBe('EN27')
  })
  it('partners: EN26 managing body, EN27 already partner, EN16 cancel, EN21 terminate', () => {
    expect(guardAssociaPartner({ eGestore: true, giaPartner: false, statoProgetto: 'ATTIVO' })).toBe('EN26')
    expect(guardAssociaPartner({ eGestore: false, giaPartner: true, statoProgetto: 'ATTIVO' })).toBe('EN27')
    expect(guardAssociaPartner({ eGestore: false, giaPartner: false, statoProgetto: 'ATTIVO' })).toBeNull()
    expect(codeOf(() => checkTransition(PARTNER, 'cancella', 'ATTIVO'))).toBe('409 EN16')
    expect(codeOf(() => checkTransition(PARTNER, 'termina', 'NON ATTIVO'))).toBe('409 EN21')
  })
  it('referents: role of the kind, body linked, not twice; the last ATTIVO referent stays (EN22/EN23)', () => {
    const ok = { codiceRuolo: 'REG', enteCollegato: true, statoEnte: 'ATTIVO', giaAssociato: false, statoEntita: 'ATTIVO' }
    expect(guardAssociaReferente('gestoreProgramma', ok)).toBeNull()
    expect(guardAssociaReferente('gestoreProgramma', { ...ok, codiceRuolo: 'REGP' })).toBe('EN11')
    expect(guardAssociaReferente('gestoreProgetto', { ...ok, codiceRuolo: 'REGP', enteCollegato: false })).toBe('EN12')
    expect(guardAssociaReferente('partner', { ...ok, codiceRuolo: 'DEPP', giaAssociato: true })).toBe('EN04')
    expect(guardRimuoviReferente('gestoreProgramma', { codiceRuolo: 'REG', stato: 'ATTIVO', altriReferentiAttivi: 0 })).toBe('EN22')
    expect(guardRimuoviReferente('gestoreProgetto', { codiceRuolo: 'REGP', stato: 'ATTIVO', altriReferentiAttivi: 0 })).toBe('EN23')
    expect(guardRimuoviReferente('gestoreProgramma', { codiceRuolo: 'DEG', stato: 'ATTIVO', altriReferentiAttivi: 0 })).toBeNull()
    expect(guardRimuoviReferente('gestoreProgramma', { codiceRuolo: 'REG', stato: 'NON ATTIVO', altriReferentiAttivi: 0 })).toBeNull()
  })
  it('decides the cascade of a dependent link', () => {
    expect(terminaOElimina('ATTIVO')).toBe('TERMINATO')
    expect(terminaOElimina('NON ATTIVO')).toBe('deleted')
    expect(terminaOElimina('TERMINATO')).toBe('keep')
    expect(daGiornoMeseAnno('31-12-2025')).toBe('2025-12-31')
  })
})

describe('sites and facilitators (§2.5, §2.6, spec 002 §5)', () => {
  it('site: terminate only when another ATTIVO site keeps a facilitator, unless the project is NON ATTIVO (EN09)', () => {
    expect(guardTerminaSede({ statoProgetto: 'ATTIVO', altraSedeAttivaConFacilitatore: false })).toBe('EN09')
    expect(guardTerminaSede({ statoProgetto: 'ATTIVO', altraSedeAttivaConFacilitatore: true })).toBeNull()
    expect(guardTerminaSede({ statoProgetto: 'NON ATTIVO', altraSedeAttivaConFacilitatore: false })).toBeNull()
    expect(codeOf(() => checkTransition(SEDE_PROGETTO, 'termina', 'TERMINATO'))).toBe('409 EN09')
  })
  it('facilitator: role from policy, EN07 rules, EN08 for the last active one', () => {
    expect(ruoloPerPolicy('RFD')).toBe('FAC')
    expect(ruoloPerPolicy('SCD')).toBe('VOL')
    const ok = { sedeEsiste: true, statoSede: 'NON ATTIVO', statoProgetto: 'NON ATTIVO', ruoloChiamante: 'DTD', ruoloEnte: 'gestore' as const, altroRuoloValido: false, giaAssociato: false }
    expect(guardAssociaFacilitatore(ok)).toBeNull()
    expect(guardAssociaFacilitatore({ ...ok, sedeEsiste: false })).toBe('EN07')
    expect(guardAssociaFacilitatore({ ...ok, ruoloChiamante: 'REPP' })).toBe('EN07')
    expect(guardAssociaFacilitatore({ ...ok, ruoloChiamante: 'REGP', ruoloEnte: 'partner' })).toBe('EN07')
    expect(guardAssociaFacilitatore({ ...ok, altroRuoloValido: true })).toBe('EN07')
    expect(guardAssociaFacilitatore({ ...ok, giaAssociato: true })).toBe('EN07')
    expect(guardAssociaFacilitatore({ ...ok, statoProgetto: 'TERMINATO' })).toBe('EN07')
    expect(guardTerminaFacilitatore({ stato: 'ATTIVO', altriAttiviNelProgetto: 0, statoProgetto: 'ATTIVO' })).toBe('EN08')
    expect(guardTerminaFacilitatore({ stato: 'ATTIVO', altriAttiviNelProgetto: 1, statoProgetto: 'ATTIVO' })).toBeNull()
    expect(guardTerminaFacilitatore({ stato: 'NON ATTIVO', altriAttiviNelProgetto: 0, statoProgetto: 'ATTIVABILE' })).toBeNull()
    expect(checkTransition(FACILITATORE, 'termina', 'NON ATTIVO')).toBe('TERMINATO')
  })
  it('validates the addresses with the rules of the form (src/lib/sede-indirizzo.ts): fields, CAP, comune in province, windows, one opening', () => {
    const addr = (o: Partial<IndirizzoSede> = {}): IndirizzoSede => ({ via: 'Via Roma', civico: '1', comune: 'Latina', provincia: 'LT', cap: '04100', cancellato: false, fasceOrarie: { lun: { apertura1: '09:00', chiusura1: '13:00' } }, ...o })
    const primo = (indirizzi: IndirizzoSede[]) => primoErroreIndirizzi(indirizzi, comuniDiProvincia)
    expect(primo([addr()])).toBeNull()
    expect(primo([addr({ cap: '4100' })])).toMatch(/CAP/)
    expect(primo([addr({ via: ' ' })])).toMatch(/via/)
    expect(primo([addr({ comune: 'Milano' })])).toMatch(/non appartiene/)
    expect(primo([addr({ provincia: 'ZZ' })])).toMatch(/non appartiene/)
    expect(primo([addr({ fasceOrarie: {} })])).toMatch(/almeno un orario/)
    expect(primo([addr({ cancellato: true })])).toMatch(/almeno un indirizzo/)
    expect(primo([addr({ fasceOrarie: { lun: { apertura1: '09:00' } } })])).toMatch(/^Orari di Lunedì: .*chiusura/)
    expect(primo([addr({ fasceOrarie: { mar: { apertura1: '13:00', chiusura1: '09:00' } } })])).toMatch(/seguire/)
    expect(primo([addr({ fasceOrarie: { lun: { apertura1: '09:00', chiusura1: '13:00', apertura2: '12:00', chiusura2: '18:00' } } })])).toMatch(/seconda fascia/)
    expect(primo([addr(), addr({ cap: '' })])).toBe('Indica il CAP (indirizzo 2).')
    // a deleted address is not checked
    expect(primo([addr(), addr({ cancellato: true, cap: '' })])).toBeNull()
    expect(comuneInProvincia('roma', 'rm')).toBe(true)
    expect(comuneInProvincia('Forlì', 'FC')).toBe(true)
  })
})

describe('error catalogue', () => {
  it('has an Italian title and description for every code the lifecycle modules answer', async () => {
    const { readdirSync, readFileSync } = await import('node:fs')
    const dir = new URL('../../../server/domain/amministrazione/', import.meta.url)
    const catalogue = (JSON.parse(readFileSync(new URL('../../../public/data/errors.json', import.meta.url), 'utf8')) as { errors: Record<string, { titolo: string; descrizione: string }> }).errors
    const codes = new Set<string>()
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      for (const m of readFileSync(new URL(f, dir), 'utf8').matchAll(/'([A-Z]{1,2}\d{2})'/g)) codes.add(m[1]!)
    }
    expect(codes.size).toBeGreaterThan(30)
    for (const c of codes) expect(catalogue[c], c).toMatchObject({ titolo: expect.any(String), descrizione: expect.any(String) })
  })
})
