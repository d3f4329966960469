import { fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { QuestionarioLocale } from '../../src/features/campo'
import { Q1_SECTION } from '../../server/seed/questionnaire/q1-citizen'
import type { QuestionarioTemplate, SezioneTemplateWire } from '../../src/api/contract/questionario'
import { encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { Q1, Q2, Q3, RISPOSTE_AGGIUNTIVE, TEMPLATE, TEMPLATE_CON_SEZIONE } from './fixtures'

const h = vi.hoisted(() => ({ ruolo: 'FAC', q: null as unknown, scheda: vi.fn(), istanza: vi.fn(), template: null as unknown }))

vi.mock('../../src/features/campo', () => ({
  isFieldRole: (r: string | null | undefined) => r === 'FAC' || r === 'VOL',
  SyncChip: ({ state }: { state: string }) => (state === 'confermato' ? null : <span>DA SINCRONIZZARE</span>),
  useQuestionarioCampo: () => h.q,
  useServizioCampo: () => ({ idQuestionarioTemplateSnapshot: 'tpl-1' }),
  useCampoRiferimenti: () => ({ template: null, templateSnapshot: [h.template ?? TEMPLATE], configurazioneMinorenni: null }),
  compilaQuestionario: vi.fn(),
}))
vi.mock('../../src/auth/session', () => ({
  useSession: () => ({ profilo: { codiceRuolo: h.ruolo } }),
  getSessionState: () => ({ profilo: { codiceRuolo: h.ruolo, idProgramma: 1, idProgetto: null, idEnte: null } }),
}))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn() }))
vi.mock('../../src/features/questionari/online', () => ({
  questionarioCompilatoQuery: (id: string) => ({ queryKey: ['test', 'compilato', id], queryFn: () => h.istanza(id), retry: false }),
  schedaServizioQuery: (id: string) => ({ queryKey: ['test', 'scheda', id], queryFn: () => h.scheda(id), retry: false }),
}))

import { queryClient } from '../../src/api/query'
import { QuestionarioCompilatoPage } from '../../src/features/questionari/QuestionarioCompilatoPage'
import { StampaQuestionarioPage, templatePerStampa } from '../../src/features/questionari/StampaQuestionarioPage'

const Q4 = encodeSection({ id: 'content-service-section', title: 'Informazioni sull’esperienza', answers: { '29': ['Sportello', 'Telefono'], '1663320201383': '5' } })

const istanza = (over: Partial<QuestionarioLocale> = {}): QuestionarioLocale => ({
  idCittadinoServizioLocale: 'add-1', idQuestionario: 'q-1', idServizioLocale: 'srv-loc', idQuestionarioTemplate: 'tpl-1',
  statoQuestionario: 'COMPILATA', sezioneQ1Questionario: Q1, sezioneQ2Questionario: Q2, sezioneQ3Questionario: Q3,
  sezioneQ4Questionario: Q4, syncState: 'locale', ...over,
})

beforeEach(() => {
  queryClient.clear()
  h.ruolo = 'FAC'
  h.q = istanza()
  h.template = null
  h.scheda.mockReset()
  h.istanza.mockReset()
})

describe('read-only survey', () => {
  it('shows the four sections decoded with the template labels (device data)', () => {
    render(<QuestionarioCompilatoPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    for (const t of ['Informazioni anagrafiche (modello)', 'Informazioni sulla prenotazione', 'Informazioni sul servizio', 'Informazioni sull’esperienza']) {
      expect(screen.getByRole('heading', { level: 2, name: t })).toBeTruthy()
    }
    expect(screen.getByTestId('stato-questionario').textContent).toBe('COMPILATA')
    expect(screen.getByText('DA SINCRONIZZARE')).toBeTruthy()
    const q4 = screen.getByRole('region', { name: 'Informazioni sull’esperienza' })
    expect(within(q4).getByText('Sportello')).toBeTruthy()
    expect(within(q4).getByText('Telefono')).toBeTruthy()
    expect(within(q4).getByText('5 su 5')).toBeTruthy()
    expect(within(q4).getAllByText('Nessuna risposta').length).toBeGreaterThan(0)
  })

  it('shows the answers to a section the template adds after Q4 (issue 24 point 4)', () => {
    h.template = TEMPLATE_CON_SEZIONE
    h.q = istanza({ sezioniAggiuntiveQuestionario: [RISPOSTE_AGGIUNTIVE] })
    render(<QuestionarioCompilatoPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    const sezione = screen.getByRole('region', { name: 'Abitudini digitali' })
    expect(within(sezione).getByText('Quanto spesso usi internet?')).toBeTruthy()
    expect(within(sezione).getByText('Ogni giorno')).toBeTruthy()
    expect(within(sezione).getByText('Per lavoro')).toBeTruthy()
  })

  it('says when Q4 is not compiled yet', () => {
    h.q = istanza({ statoQuestionario: 'NON_COMPILATA', sezioneQ4Questionario: null })
    render(<QuestionarioCompilatoPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    expect(screen.getByText('Il questionario non è ancora stato compilato.')).toBeTruthy()
    expect(screen.getByTestId('stato-questionario').textContent).toBe('NON COMPILATA')
  })

  it('managers read the instance and the card online', async () => {
    h.ruolo = 'DTD'
    h.istanza.mockResolvedValue({ ...istanza(), idQuestionarioCompilato: 'q-9', idServizio: 12, idCittadino: 3, dataOraAggiornamento: '2026-03-12T10:00:00Z' })
    h.scheda.mockResolvedValue({ questionarioTemplateSnapshot: TEMPLATE })
    render(<QuestionarioCompilatoPage serviceId="12" idQuestionarioCompilato="q-9" />)
    expect(await screen.findByRole('heading', { level: 2, name: 'Informazioni anagrafiche (modello)' })).toBeTruthy()
    expect(h.istanza).toHaveBeenCalledWith('q-9')
    expect(h.scheda).toHaveBeenCalledWith('12')
    expect(screen.getByText('Codice fiscale disponibile ma non visualizzabile')).toBeTruthy()
  })

  it('managers see a retry notice when the instance cannot be read', async () => {
    h.ruolo = 'DTD'
    h.istanza.mockRejectedValue(new Error('403'))
    h.scheda.mockResolvedValue({ questionarioTemplateSnapshot: TEMPLATE })
    render(<QuestionarioCompilatoPage serviceId="12" idQuestionarioCompilato="q-9" />)
    expect(await screen.findByText('Questionario non disponibile')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy()
  })
})

describe('printable survey', () => {
  it('prints every question of the template with empty boxes and a Stampa button', () => {
    const print = vi.fn()
    vi.stubGlobal('print', print)
    // the blank print is its own action ('Stampa questionario vuoto'); a citizen's id prints their answers (below)
    render(<StampaQuestionarioPage serviceId="srv-1" idQuestionario="modello" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Questionario di prova' })).toBeTruthy()
    // the four sections, then the consent the citizen signs
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toHaveLength(5)
    expect(screen.getAllByRole('heading', { level: 2 }).at(-1)!.textContent).toBe('Consenso al trattamento dei dati personali')
    const consenso = screen.getByTestId('consenso-da-firmare')
    expect(consenso.textContent).toContain('Regolamento (UE) 2016/679')
    expect(consenso.textContent).toContain('/informativa-privacy-e-cookie')
    expect(within(consenso).getByText('Firma del cittadino')).toBeTruthy()
    expect(screen.getByText('Come sei venuto a conoscenza del servizio che hai prenotato?*')).toBeTruthy()
    expect(screen.getByText('Sito internet')).toBeTruthy()
    // fields hidden from survey forms and hidden questions are not printed
    expect(screen.queryByText('Codice fiscale non disponibile')).toBeNull()
    expect(screen.queryByText('Tipo documento')).toBeNull()
    expect(screen.queryByText('Competenze (2)')).toBeNull()
    expect(document.querySelectorAll('input, select, textarea')).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Stampa' }))
    expect(print).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Stampa' }).className).toContain('pd-no-print')
    vi.unstubAllGlobals()
  })

  it('managers print the card snapshot', async () => {
    h.ruolo = 'REG'
    h.scheda.mockResolvedValue({ questionarioTemplateSnapshot: TEMPLATE })
    render(<StampaQuestionarioPage serviceId="12" idQuestionario="modello" />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionario di prova' })).toBeTruthy()
    expect(h.istanza).not.toHaveBeenCalled()
  })

  it("a citizen's survey prints THAT citizen's answers, read-only, from the device (issue 8 point 4)", () => {
    h.q = istanza({ idCittadino: 7 })
    const { container } = render(<StampaQuestionarioPage serviceId="srv-1" idQuestionario="q-1" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Questionario di prova' })).toBeTruthy()
    const who = screen.getByTestId('stampa-cittadino')
    expect(within(who).getByText('Cittadino 7')).toBeTruthy()
    expect(within(who).getByText('Stato del questionario: COMPILATA')).toBeTruthy()
    // Q1–Q3 as recorded, Q4 as compiled: chosen options marked, dates DD-MM-YYYY, level-2 competences by label
    expect(screen.getByText('Codice fiscale disponibile ma non visualizzabile')).toBeTruthy()
    expect(screen.getByText('12-03-2026')).toBeTruthy()
    expect(screen.getByText('Navigare in rete')).toBeTruthy()
    const q4 = screen.getByRole('region', { name: 'Informazioni sull’esperienza' })
    expect(within(q4).getByText('Sportello').tagName).toBe('STRONG')
    expect(within(q4).getByText('Telefono').tagName).toBe('STRONG')
    expect(within(q4).getByText('Sito internet').tagName).toBe('LI')
    expect(q4.querySelector('[data-question="1663320201383"] .pd-print-checked')?.parentElement?.textContent).toContain('5')
    expect(container.querySelectorAll('input, select, textarea')).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Stampa' })).toBeTruthy()
  })

  it("the consent recorded shows in Q1 through the shared renderer (18–19, date DD-MM-YYYY), and the citizen's print still carries the text to sign", () => {
    h.template = { ...TEMPLATE, sezioniQuestionarioTemplate: [Q1_SECTION as SezioneTemplateWire, ...TEMPLATE.sezioniQuestionarioTemplate.slice(1)] } satisfies QuestionarioTemplate
    h.q = istanza({
      sezioneQ1Questionario: encodeSection({
        ...sectionHeader('Q1'),
        answers: { '1': 'Codice fiscale disponibile ma non visualizzabile', '5': 'F', '6': '30-54', '18': 'Cartaceo', '19': '2026-01-15' },
      }),
    })
    const view = render(<StampaQuestionarioPage serviceId="srv-1" idQuestionario="q-1" />)
    const tipo = document.querySelector('[data-question="18"]')!
    expect(tipo.textContent).toContain('Modalità del consenso al trattamento dei dati personali')
    expect(within(tipo as HTMLElement).getByText('Cartaceo').tagName).toBe('STRONG')
    expect(document.querySelector('[data-question="19"]')!.textContent).toContain('15-01-2026')
    expect(document.querySelector('[data-question="19"]')!.textContent).not.toContain('2026-01-15')
    expect(screen.getByTestId('consenso-da-firmare')).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 2 }).at(-1)!.textContent).toBe('Consenso al trattamento dei dati personali')
    view.unmount()
    // the read-only view reads them the same way
    render(<QuestionarioCompilatoPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    expect(screen.getByText('Modalità del consenso al trattamento dei dati personali')).toBeTruthy()
    expect(screen.getByText('15-01-2026')).toBeTruthy()
    expect(screen.getByText('Cartaceo')).toBeTruthy()
  })

  it('prints a section the template adds after Q4: blank on the blank form, with the answers on a citizen’s (issue 24 point 4)', () => {
    h.template = TEMPLATE_CON_SEZIONE
    const blank = render(<StampaQuestionarioPage serviceId="srv-1" idQuestionario="modello" />)
    const vuota = screen.getByRole('region', { name: 'Abitudini digitali' })
    expect(within(vuota).getByText('Quanto spesso usi internet?*')).toBeTruthy()
    expect(within(vuota).getByText('Per che cosa?')).toBeTruthy()
    blank.unmount()
    h.q = istanza({ sezioniAggiuntiveQuestionario: [RISPOSTE_AGGIUNTIVE] })
    render(<StampaQuestionarioPage serviceId="srv-1" idQuestionario="q-1" />)
    const piena = screen.getByRole('region', { name: 'Abitudini digitali' })
    expect(within(piena).getByText('Per lavoro')).toBeTruthy()
  })

  it('a survey not compiled yet prints Q1–Q3 filled in and Q4 blank, to fill by hand', () => {
    h.q = istanza({ statoQuestionario: 'NON_COMPILATA', sezioneQ4Questionario: null })
    render(<StampaQuestionarioPage serviceId="srv-1" idQuestionario="add-1" />)
    expect(screen.getByText('Cittadino in attesa di invio al server')).toBeTruthy()
    const q4 = screen.getByRole('region', { name: 'Informazioni sull’esperienza' })
    expect(within(q4).getByText('Sezione non ancora compilata: da compilare a mano.')).toBeTruthy()
    expect(q4.querySelectorAll('.pd-print-checked')).toHaveLength(0)
    expect(within(q4).getAllByText('Spazio per la risposta').length).toBeGreaterThan(0)
    expect(screen.getByText('Codice fiscale disponibile ma non visualizzabile')).toBeTruthy()
  })

  it("managers print a citizen's answers read online, or are told when they cannot be read", async () => {
    h.ruolo = 'REG'
    h.istanza.mockResolvedValue({ ...istanza(), idQuestionarioCompilato: 'q-9', idServizio: 12, idCittadino: 3, dataOraAggiornamento: '2026-03-12T10:00:00Z' })
    h.scheda.mockResolvedValue({ questionarioTemplateSnapshot: TEMPLATE, dettaglioServizio: { nomeServizio: 'Uso dello SPID', dataServizio: '2026-03-12' } })
    const view = render(<StampaQuestionarioPage serviceId="12" idQuestionario="q-9" />)
    expect(await screen.findByText('Cittadino 3')).toBeTruthy()
    expect(screen.getByText('Servizio «Uso dello SPID» del 12-03-2026')).toBeTruthy()
    expect(screen.getByText('Sportello').tagName).toBe('STRONG')
    expect(h.istanza).toHaveBeenCalledWith('q-9')
    view.unmount()

    queryClient.clear()
    h.istanza.mockRejectedValue(new Error('403'))
    render(<StampaQuestionarioPage serviceId="12" idQuestionario="q-8" />)
    expect(await screen.findByText('Questionario del cittadino non disponibile')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Stampa questionario vuoto' }).getAttribute('href')).toBe('/area-amministrativa/servizi/12/stampa-questionario/modello')
  })

  it('finds the template by survey, by template id, by service, else the ATTIVO one', () => {
    const other = { ...TEMPLATE, idQuestionarioTemplate: 'tpl-2' }
    const rif = { template: other, templateSnapshot: [TEMPLATE] }
    expect(templatePerStampa(rif, 'q-1', 'tpl-1', null)).toBe(TEMPLATE)
    expect(templatePerStampa(rif, 'tpl-1', null, null)).toBe(TEMPLATE)
    expect(templatePerStampa(rif, 'x', null, 'tpl-1')).toBe(TEMPLATE)
    expect(templatePerStampa(rif, 'x', null, null)).toBe(other)
    expect(templatePerStampa(null, 'x', null, null)).toBeNull()
  })
})
