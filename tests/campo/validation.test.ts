import { readFileSync } from 'node:fs'
import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { aggiungiCittadino, CampoInputError, compilaQuestionario, creaServizio } from '../../src/features/campo'
import { MESSAGGI } from '../../src/features/campo/common'
import { validaConsenso, validaServizio, verificaEta } from '../../src/features/campo/validation'
import { toWireDate } from '../../src/lib/dates'
import { listEntries } from '../../src/offline/outbox'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { decodeSection, encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { resetDbs } from '../offline/helpers'
import { FAC, login, riferimenti, servizioInput, storeRiferimenti } from './helpers'

const catalogue = JSON.parse(readFileSync('public/data/errors.json', 'utf8')) as { errors: Record<string, { descrizione: string }> }

beforeEach(async () => {
  localStorage.clear()
  await resetDbs()
  configureConnectivityForTests({ state: 'offline' })
  await login(FAC)
})

const refused = async (p: Promise<unknown>, message: string) => {
  await expect(p).rejects.toBeInstanceOf(CampoInputError)
  await expect(p).rejects.toThrow(message)
}

describe('service form checks', () => {
  it('refuse, with an Italian message and nothing queued, each invalid field', async () => {
    await storeRiferimenti()
    await refused(creaServizio(servizioInput({ nome: '   ' })), 'Indica il nome del servizio.')
    await refused(creaServizio(servizioInput({ nome: 'x'.repeat(201) })), 'Il nome del servizio può avere al massimo 200 caratteri.')
    await refused(creaServizio(servizioInput({ idSede: 99 })), 'La sede indicata non è tra le sedi del tuo profilo.')
    await refused(creaServizio(servizioInput({}, { '22': '2025-02-30' })), 'Indica una data valida per il servizio')
    await refused(creaServizio(servizioInput({}, { '22': '2024-12-31' })), catalogue.errors.A06!.descrizione)
    await refused(creaServizio(servizioInput({}, { '22': '2027-01-01' })), catalogue.errors.A06!.descrizione)
    await refused(creaServizio(servizioInput({}, { '23': '1:75' })), 'Indica la durata del servizio nel formato hh:mm')
    await refused(creaServizio(servizioInput({}, { '23': '' })), 'Indica la durata del servizio nel formato hh:mm')
    await refused(creaServizio(servizioInput({}, { '24': [] })), 'Seleziona almeno un tipo di servizio.')
    await refused(creaServizio(servizioInput({}, { '28': 'a'.repeat(601) })), 'il limite massimo di caratteri è di 600')
    expect(await listEntries()).toEqual([])
    await expect(creaServizio(servizioInput({ nome: 'x'.repeat(200) }, { '22': '2026-12-31', '23': '120:05', '28': 'a'.repeat(600) }))).resolves.toMatchObject({ nomeSede: 'Biblioteca civica' })
  })

  it('the catalogue texts are the ones of public/data/errors.json', () => {
    expect(MESSAGGI.dataFuoriProgetto).toBe(catalogue.errors.A06!.descrizione)
    expect(MESSAGGI.senzaQuestionario).toBe(catalogue.errors.S04!.descrizione)
    expect(MESSAGGI.servizioAttivo).toBe(catalogue.errors.S07!.descrizione)
    expect(MESSAGGI.identificazione).toBe(catalogue.errors.U08!.descrizione)
    expect(MESSAGGI.giaAssociato).toBe(catalogue.errors.U23!.descrizione)
    expect(MESSAGGI.maggiorenne).toBe(catalogue.errors.U25!.descrizione)
    expect(MESSAGGI.almeno14).toBe(catalogue.errors.U26!.descrizione)
    expect(MESSAGGI.sezioneQ4).toBe(catalogue.errors.A04!.descrizione)
    expect(MESSAGGI.risposteQ4).toBe(catalogue.errors.A05!.descrizione)
    expect(MESSAGGI.giaCompilato).toBe(catalogue.errors.Q02!.descrizione)
  })

  it('without a programme template no service can be created (S04); without reference data the server decides dates and sites', async () => {
    await storeRiferimenti({ template: null })
    await refused(creaServizio(servizioInput()), catalogue.errors.S04!.descrizione)
    expect(() => validaServizio(servizioInput({ idSede: 99 }, { '22': '2019-01-01' }), null)).not.toThrow()
  })

  it('encodes Q3 in the contract encoding with the normalised date, duration and types', () => {
    const v = validaServizio(servizioInput({}, { '22': ' 2025-03-12 ', '24': ['Facilitazione individuale', ' ', 'Altro'], '28': 'Uso dello SPID, della CIE' }), riferimenti())
    expect(v.sezioneQ3).toMatch(/^\{"id":"anagraphic-service-section","title":"Informazioni sul servizio","properties":\[\{'22':\['2025-03-12'\]\}/)
    expect(decodeSection(v.sezioneQ3).answers).toMatchObject({ '22': ['2025-03-12'], '23': ['1:30'], '24': ['Facilitazione individuale', 'Altro'], '25': ['Sicurezza'], '28': ['Uso dello SPID, della CIE'] })
    expect(v.tipologiaServizio).toEqual(['Facilitazione individuale', 'Altro'])
  })
})

describe('citizen and survey checks', () => {
  beforeEach(() => storeRiferimenti())

  it('identification, data and age rules', async () => {
    const s = await creaServizio(servizioInput())
    const dati = { titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: false }
    await refused(aggiungiCittadino(s.idLocale, dati), catalogue.errors.U08!.descrizione)
    await refused(aggiungiCittadino(s.idLocale, { ...dati, codiceFiscale: 'RSSMRA80A01H501X' }), 'Codice fiscale non valido.')
    await refused(aggiungiCittadino(s.idLocale, { codiceFiscale: 'BNCMRC69S02H501X', nuovoCittadino: false }), MESSAGGI.datiCittadino)
    await refused(aggiungiCittadino(s.idLocale, { ...dati, tipoDocumento: 'Patente', numeroDocumento: 'AB1', fasciaDiEtaId: 1 }), MESSAGGI.numeroDocumento)
    await refused(aggiungiCittadino(s.idLocale, { ...dati, tipoDocumento: 'Patente', numeroDocumento: 'AB12345' }), MESSAGGI.fasciaDiEta)
    // minors: not enabled for the programme
    await refused(aggiungiCittadino(s.idLocale, { ...dati, tipoDocumento: 'Patente', numeroDocumento: 'AB12345', fasciaDiEtaId: 5 }), catalogue.errors.U25!.descrizione)
    expect((await listEntries()).map((e) => e.kind)).toEqual(['servizio.crea'])
  })

  it('the minors rule follows the programme configuration', () => {
    const oggi = '2025-06-01'
    expect(() => verificaEta(40, 2, null, oggi)).not.toThrow()
    expect(() => verificaEta(16, 5, null, oggi)).toThrow(MESSAGGI.maggiorenne)
    expect(() => verificaEta(16, 5, { dataAbilitazione: '2025-01-01', dataDecorrenza: '2025-07-01' }, oggi)).toThrow(MESSAGGI.maggiorenne)
    expect(() => verificaEta(16, 5, { dataAbilitazione: '2025-01-01', dataDecorrenza: '2025-05-01' }, oggi)).not.toThrow()
    expect(() => verificaEta(12, 4, { dataAbilitazione: '2025-01-01', dataDecorrenza: '2025-05-01' }, oggi)).toThrow(MESSAGGI.almeno14)
    expect(() => verificaEta(12, 4, undefined, oggi)).toThrow(MESSAGGI.almeno14)
    expect(() => verificaEta(null, 5, undefined, oggi)).not.toThrow()
  })

  it('a survey needs a readable Q4 section with at least one answer', async () => {
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, { codiceFiscale: 'BNCMRC69S02H501X', titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: false })
    await refused(compilaQuestionario(c.idLocale, 'non una sezione'), catalogue.errors.A04!.descrizione)
    await refused(compilaQuestionario(c.idLocale, encodeSection({ ...sectionHeader('Q3'), answers: { '22': '2025-03-12' } })), catalogue.errors.A04!.descrizione)
    await refused(compilaQuestionario(c.idLocale, encodeSection({ ...sectionHeader('Q4'), answers: {} })), catalogue.errors.A05!.descrizione)
    await refused(compilaQuestionario('sconosciuto', encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['TV'] } })), MESSAGGI.cittadinoNonTrovato)
  })

  it('a survey needs the consent while the citizen has none recorded: a type of the list and a date not after today', async () => {
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, { codiceFiscale: 'BNCMRC69S02H501X', titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: false })
    const q4 = encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['TV'] } })
    await refused(compilaQuestionario(c.idLocale, q4), MESSAGGI.consensoMancante)
    await refused(compilaQuestionario(c.idLocale, q4, { tipoConferimentoConsenso: 'VERBALE' as 'CARTACEO', dataConferimentoConsenso: '2025-03-10' }), MESSAGGI.consensoMancante)
    await refused(compilaQuestionario(c.idLocale, q4, { tipoConferimentoConsenso: 'EMAIL', dataConferimentoConsenso: '2025-02-30' }), MESSAGGI.consensoData)
    const domani = new Date(Date.now() + 86_400_000)
    await refused(compilaQuestionario(c.idLocale, q4, { tipoConferimentoConsenso: 'EMAIL', dataConferimentoConsenso: toWireDate(domani) }), MESSAGGI.consensoData)
    expect((await listEntries()).map((e) => e.kind)).toEqual(['servizio.crea', 'cittadino.aggiungi'])
    await compilaQuestionario(c.idLocale, q4, { tipoConferimentoConsenso: 'EMAIL', dataConferimentoConsenso: toWireDate(new Date()) })
    expect((await listEntries()).at(-1)!.payload).toMatchObject({ consensoTrattamentoDatiRequest: { tipoConferimentoConsenso: 'EMAIL' } })
  })

  it('the consent check on its own: optional once recorded, required before', () => {
    expect(validaConsenso(null, false, '2025-06-01')).toBeNull()
    expect(() => validaConsenso(null, true, '2025-06-01')).toThrow(MESSAGGI.consensoMancante)
    expect(() => validaConsenso({ tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '' }, true, '2025-06-01')).toThrow(MESSAGGI.consensoData)
    expect(validaConsenso({ tipoConferimentoConsenso: 'ONLINE', dataConferimentoConsenso: '2025-06-01' }, false, '2025-06-01')).toEqual({ tipoConferimentoConsenso: 'ONLINE', dataConferimentoConsenso: '2025-06-01' })
  })

  it('another role than FAC/VOL cannot write field data', async () => {
    await login({ ...FAC, codiceRuolo: 'DTD', idProgramma: null, idProgetto: null, idEnte: null })
    await refused(creaServizio(servizioInput()), MESSAGGI.profilo)
  })
})
