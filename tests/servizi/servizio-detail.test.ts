import { describe, expect, it } from 'vitest'
import {
  azioniCittadino, chiCittadino, contatori, conteggioInvio, fasciaLabel, filtraCittadini, identificativoDi, rigaCittadinoDaLocale, rigaCittadinoDaServer,
  surveyRef, testoAggiunta, testoLink,
} from '../../src/features/servizi/detail/cittadini-list'
import { dettaglioDaLocale, isDataFutura, riepilogoQ3 } from '../../src/features/servizi/detail/servizio-detail'
import { cittadino, servizio, template } from './fixtures'

describe('service detail', () => {
  it('Q3 answers with the template titles, date displayed DD-MM-YYYY, competences grouped by area', () => {
    const r = riepilogoQ3(servizio().sezioneQ3Questionario, template())
    expect(r.map((q) => q.id)).toEqual(['22', '23', '24', '25', '27', '28'])
    expect(r[0]).toEqual({ id: '22', title: 'Data', values: ['10-03-2025'] })
    expect(r[3]!.groups).toEqual([{ area: 'Sicurezza', items: ['Proteggere i dispositivi (es.: impostare e gestire password, riconoscere ed evitare i messaggi di phishing)'] }])
    expect(r[5]!.values).toEqual(['Attivazione SPID'])
  })

  it('without a template: fallback titles', () => {
    const r = riepilogoQ3(servizio().sezioneQ3Questionario, null)
    expect(r.find((q) => q.id === '26')!.title).toBe('Competenze specifiche trattate')
    expect(r.find((q) => q.id === '22')!.values).toEqual(['10-03-2025'])
  })

  it('device service: editable by its creator, deletable only while NON ATTIVO', () => {
    expect(dettaglioDaLocale(servizio(), template(), 'Comune').eliminabile).toBe(true)
    expect(dettaglioDaLocale(servizio({ stato: 'ATTIVO' }), template(), 'Comune')).toMatchObject({ modificabile: true, eliminabile: false })
    expect(dettaglioDaLocale(servizio({ idServer: null }), template(), 'Comune').routeId).toBe(servizio().idLocale)
  })

  it('a future service date blocks adding citizens', () => {
    expect(isDataFutura('2025-03-11', '2025-03-10')).toBe(true)
    expect(isDataFutura('2025-03-10', '2025-03-10')).toBe(false)
  })
})

describe('citizens of a service', () => {
  const rows = [
    rigaCittadinoDaLocale(cittadino()),
    rigaCittadinoDaLocale(cittadino({ idLocale: 'c-2', idQuestionario: 'q-502', idCittadino: 502, statoQuestionario: 'COMPILATA' })),
    rigaCittadinoDaLocale(cittadino({ idLocale: 'c-3', idQuestionario: null, idCittadino: null, syncState: 'locale' })),
  ]

  it('counters and the survey-state filter', () => {
    expect(contatori(rows)).toEqual({ partecipanti: 3, compilati: 1 })
    expect(filtraCittadini(rows, ['COMPILATA']).map((r) => r.key)).toEqual(['c-2'])
    expect(filtraCittadini(rows, []).length).toBe(3)
    expect(filtraCittadini(rows, [], new Set(['q-502'])).map((r) => r.key)).toEqual(['c-2'])
    expect(filtraCittadini(rows, ['NON_COMPILATA'], new Set(['q-502']))).toEqual([])
  })

  it('actions by survey state; unsent additions use their device id', () => {
    expect(azioniCittadino(rows[0]!, '101', true)).toEqual({
      compila: '/area-amministrativa/servizi/101/cittadini/compila/q-501',
      visualizza: null,
      stampa: '/area-amministrativa/servizi/101/stampa-questionario/q-501',
      invia: true,
      inviaDiNuovo: false,
    })
    expect(azioniCittadino(rows[1]!, '101', true)).toMatchObject({ compila: null, visualizza: '/area-amministrativa/servizi/101/cittadini/compilato/q-502', invia: false })
    expect(surveyRef(rows[2]!)).toBe('c-3')
    expect(azioniCittadino(rows[2]!, 'abc', true).compila).toBe('/area-amministrativa/servizi/abc/cittadini/compila/c-3')
    const inviato = rigaCittadinoDaServer({ idCittadino: 9, idQuestionario: 'q-9', statoQuestionario: 'INVIATO', dataUltimoAggiornamento: '', genere: null, fasciaDiEta: '18-29' })
    expect(azioniCittadino(inviato, '101', true)).toMatchObject({ compila: '/area-amministrativa/servizi/101/cittadini/compila/q-9', invia: true, inviaDiNuovo: true })
    // managers: no compile, no send
    expect(azioniCittadino(inviato, '101', false)).toMatchObject({ compila: null, invia: false })
  })

  it('tells rows apart: the mask (or —), the time added, the link of a sent survey, the citizen named in the buttons', () => {
    expect(identificativoDi(rows[0]!)).toBe('RSS•••90••••••••')
    expect(identificativoDi(rigaCittadinoDaLocale(cittadino({ identificativoMascherato: null })))).toBe('—')
    expect(chiCittadino(rows[0]!)).toBe(' del cittadino RSS…90…')
    expect(chiCittadino(rigaCittadinoDaLocale(cittadino({ identificativoMascherato: null })))).toBe(' del cittadino 501')
    expect(chiCittadino(rigaCittadinoDaLocale(cittadino({ identificativoMascherato: null, idCittadino: null })))).toBe(' del cittadino in attesa di invio')
    const added = new Date(2026, 4, 12, 10, 42)
    expect(testoAggiunta(added.toISOString(), new Date(2026, 4, 12, 18, 0))).toBe('Aggiunto alle 10:42')
    expect(testoAggiunta(added.toISOString(), new Date(2026, 4, 13, 9, 0))).toBe('Aggiunto il 12-05-2026 alle 10:42')
    expect(testoAggiunta(null)).toBe('')
    const scadenza = new Date(2026, 4, 15, 10, 42).toISOString()
    expect(testoLink({ stato: 'INVIATO', scadenzaLink: scadenza }, new Date(2026, 4, 12))).toBe('Link valido fino al 15-05-2026 alle 10:42')
    expect(testoLink({ stato: 'INVIATO', scadenzaLink: scadenza }, new Date(2026, 4, 16))).toBe('Link scaduto il 15-05-2026 alle 10:42')
    expect(testoLink({ stato: 'COMPILATA', scadenzaLink: scadenza })).toBe('')
    expect(testoLink({ stato: 'INVIATO', scadenzaLink: null })).toBe('')
    const server = rigaCittadinoDaServer({
      idCittadino: 9, idQuestionario: 'q-9', statoQuestionario: 'INVIATO', dataUltimoAggiornamento: '', genere: null, fasciaDiEta: null,
      identificativoMascherato: '••••••5AB', dataOraAggiunta: added.toISOString(), scadenzaLink: scadenza,
    })
    expect(server).toMatchObject({ identificativoMascherato: '••••••5AB', dataOraAggiunta: added.toISOString(), scadenzaLink: scadenza })
  })

  it('counts what Invia questionario a tutti would send', () => {
    expect(conteggioInvio(rows)).toEqual({ daInviare: 1, soloSulDispositivo: 1, totale: 3 })
    expect(conteggioInvio([])).toEqual({ daInviare: 0, soloSulDispositivo: 0, totale: 0 })
  })

  it('age band labels', () => {
    expect(fasciaLabel(5)).toBe('14-17')
    expect(fasciaLabel(null)).toBeNull()
    expect(rows[0]!.fasciaDiEta).toBe('30-54')
  })
})
