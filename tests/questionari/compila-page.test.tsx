import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { QuestionarioLocale } from '../../src/features/campo'
import { Q1_SECTION } from '../../server/seed/questionnaire/q1-citizen'
import type { QuestionarioTemplate, SezioneTemplateWire } from '../../src/api/contract/questionario'
import { encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { Q1, Q1_CON_CONSENSO, Q2, Q3, RISPOSTE_AGGIUNTIVE, TEMPLATE, TEMPLATE_CON_SEZIONE } from './fixtures'

const h = vi.hoisted(() => ({
  ruolo: 'FAC',
  q: null as unknown,
  compila: vi.fn(),
  template: null as unknown,
}))

vi.mock('../../src/features/campo', () => ({
  isFieldRole: (r: string | null | undefined) => r === 'FAC' || r === 'VOL',
  SyncChip: ({ state }: { state: string }) => (state === 'confermato' ? null : <span>DA SINCRONIZZARE</span>),
  useQuestionarioCampo: () => h.q,
  useServizioCampo: () => null,
  useCampoRiferimenti: () => ({ template: null, templateSnapshot: [h.template ?? TEMPLATE], configurazioneMinorenni: null }),
  compilaQuestionario: h.compila,
}))
vi.mock('../../src/auth/session', () => ({
  useSession: () => ({ profilo: { codiceRuolo: h.ruolo } }),
  getSessionState: () => ({ profilo: { codiceRuolo: h.ruolo, idProgramma: 1, idProgetto: 2, idEnte: 3 } }),
}))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn() }))

import { navigateTo } from '../../src/auth/navigation'
import { CompilaQuestionarioPage } from '../../src/features/questionari/CompilaQuestionarioPage'
import { isAnyFormDirty, resetDirtyForms } from '../../src/pwa/dirty-forms'
import { getToasts } from '../../src/ui/stores/toasts'

const istanza = (over: Partial<QuestionarioLocale> = {}): QuestionarioLocale => ({
  idCittadinoServizioLocale: 'add-1',
  idQuestionario: 'q-1',
  idServizioLocale: 'srv-loc',
  idQuestionarioTemplate: 'tpl-1',
  statoQuestionario: 'NON_COMPILATA',
  sezioneQ1Questionario: Q1_CON_CONSENSO,
  sezioneQ2Questionario: Q2,
  sezioneQ3Questionario: Q3,
  sezioneQ4Questionario: null,
  syncState: 'confermato',
  ...over,
})

const stepTitle = () => screen.getByTestId('titolo-step').textContent

beforeEach(() => {
  h.ruolo = 'FAC'
  h.q = istanza()
  h.template = null
  h.compila.mockReset()
  h.compila.mockResolvedValue(undefined)
  vi.mocked(navigateTo).mockClear()
  resetDirtyForms()
})

describe('Compilazione questionario', () => {
  it('opens at step 4 when Q1–Q3 are filled and moves through the read-only steps', () => {
    render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Compilazione questionario' })).toBeTruthy()
    expect(stepTitle()).toBe('Informazioni sull’esperienza')
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
    fireEvent.click(screen.getByRole('button', { name: 'Step precedente' }))
    expect(stepTitle()).toBe('Informazioni sul servizio')
    // issue 8 point 6: Q3's date as DD-MM-YYYY in the wizard
    expect(screen.getByText('12-03-2026')).toBeTruthy()
    expect(screen.queryByText('2026-03-12')).toBeNull()
    expect(screen.getByText('Navigare in rete')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Invia questionario' })).toBeNull()
    // issue 8 point 10: each read-only step says truthfully where its data come from
    const intro = () => screen.getByTestId('intro-step').textContent
    expect(intro()).toBe('Dati del servizio, inseriti alla sua creazione: sono gli stessi per tutti i cittadini del servizio e non si modificano qui.')
    fireEvent.click(screen.getByRole('button', { name: 'Step precedente' }))
    expect(intro()).toMatch(/^Queste risposte non vengono chieste al cittadino: le ricava il sistema/)
    fireEvent.click(screen.getByRole('button', { name: 'Step precedente' }))
    expect(intro()).toBe('Dati raccolti all’aggiunta del cittadino: non modificabili.')
    expect(stepTitle()).toBe('Informazioni anagrafiche (modello)')
    expect(screen.getByText('Codice fiscale disponibile ma non visualizzabile')).toBeTruthy()
    expect(screen.queryByText('Codice fiscale non disponibile')).toBeNull()
    expect((screen.getByRole('button', { name: 'Step precedente' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25')
    fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
    expect(stepTitle()).toBe('Informazioni sulla prenotazione')
    expect(screen.getByRole('button', { name: 'Step successivo' })).toBeTruthy()
  })

  it('opens at step 1 when Q2 is still empty', () => {
    h.q = istanza({ sezioneQ2Questionario: '{}' })
    render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    expect(stepTitle()).toBe('Informazioni anagrafiche (modello)')
    const current = screen.getByTestId('step-indicator').querySelector('[aria-current="step"]')
    expect(current?.textContent).toContain('Informazioni anagrafiche (modello)')
  })

  it('refuses to send with required answers missing, then sends the encoded Q4 and goes back to the citizens', async () => {
    render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    expect(isAnyFormDirty()).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    expect(await screen.findByText('3 risposte da controllare.')).toBeTruthy()
    expect(screen.getByText('Seleziona almeno una risposta')).toBeTruthy()
    expect(h.compila).not.toHaveBeenCalled()

    fireEvent.click(screen.getByLabelText('Sito internet'))
    fireEvent.click(screen.getByLabelText('Sportello'))
    expect(isAnyFormDirty()).toBe(true)
    fireEvent.click(screen.getByLabelText('Sì, per facilitazione'))
    // the dependent question appears with the flag and becomes required
    expect(screen.queryByLabelText(/^Quale supporto\?/)).toBeNull()
    expect(screen.getByLabelText('Perché no?')).toBeTruthy()
    fireEvent.click(screen.getByLabelText('Hai bisogno di altro supporto?'))
    expect(screen.queryByLabelText('Perché no?')).toBeNull()
    fireEvent.change(screen.getByLabelText('Quale supporto?*'), { target: { value: 'Uso dello SPID' } })
    fireEvent.change(screen.getByLabelText('In quale ambito sei interessato?'), { target: { value: 'PEC, firma digitale' } })
    expect(screen.getByText('19 / 600 caratteri')).toBeTruthy()
    const rating = screen.getByRole('group', { name: /Quanto sei soddisfatto/ })
    fireEvent.click(within(rating).getByLabelText(/4 stelle su 5/))

    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    await waitFor(() => expect(h.compila).toHaveBeenCalledTimes(1))
    expect(h.compila).toHaveBeenCalledWith(
      'add-1',
      `{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{'29':['Sportello','Sito internet']},{'31':['Sì§ per facilitazione']},{'32':['PEC§ firma digitale']},{'40':['true']},{'41':['Uso dello SPID']},{'1663320201383':['4']}]}`,
      null,
      undefined,
      [],
    )
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/area-amministrativa/servizi/srv-1/cittadini'))
    expect(getToasts().some((t) => t.title === 'Questionario compilato')).toBe(true)
    // the form marks itself clean on the render after the send (an effect), not before navigateTo returns
    await waitFor(() => expect(isAnyFormDirty()).toBe(false))
  })

  it('asks a section the template adds after Q4 under its own heading, checks it and sends its answers (issue 24 point 4)', async () => {
    h.template = TEMPLATE_CON_SEZIONE
    render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    const sezione = screen.getByRole('region', { name: 'Abitudini digitali' })
    expect(within(sezione).getByRole('heading', { level: 3, name: 'Abitudini digitali' })).toBeTruthy()
    fireEvent.click(screen.getByLabelText('Telefono'))
    fireEvent.click(screen.getByLabelText('Non saprei'))
    fireEvent.click(within(screen.getByRole('group', { name: /Quanto sei soddisfatto/ })).getByLabelText(/5 stelle su 5/))
    // its required question is checked with Q4's
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    expect(await screen.findByText('Una risposta da controllare.')).toBeTruthy()
    expect(within(sezione).getByText('Seleziona una risposta')).toBeTruthy()
    expect(h.compila).not.toHaveBeenCalled()
    fireEvent.click(within(sezione).getByLabelText('Ogni giorno'))
    fireEvent.change(within(sezione).getByLabelText('Per che cosa?'), { target: { value: 'Per lavoro' } })
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    await waitFor(() => expect(h.compila).toHaveBeenCalledTimes(1))
    expect(h.compila.mock.calls[0]?.[4]).toEqual([RISPOSTE_AGGIUNTIVE])
  })

  it('keeps the answers and shows the message when saving fails', async () => {
    h.compila.mockRejectedValue(new Error('Memoria del dispositivo piena: il dato non è stato salvato.'))
    render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    fireEvent.click(screen.getByLabelText('Telefono'))
    fireEvent.click(screen.getByLabelText('Non saprei'))
    fireEvent.click(within(screen.getByRole('group', { name: /Quanto sei soddisfatto/ })).getByLabelText(/5 stelle su 5/))
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    expect(await screen.findByText('Memoria del dispositivo piena: il dato non è stato salvato.')).toBeTruthy()
    expect((screen.getByLabelText('Telefono') as HTMLInputElement).checked).toBe(true)
    expect(navigateTo).not.toHaveBeenCalled()
    expect(isAnyFormDirty()).toBe(true)
  })

  it('asks the consent at step Q1 when the citizen has none: type and date required, date not in the future, then sent with Q4', async () => {
    h.q = istanza({ sezioneQ1Questionario: Q1 })
    render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    expect(stepTitle()).toBe('Informazioni anagrafiche (modello)')
    const consenso = screen.getByRole('group', { name: 'Consenso al trattamento dei dati personali' })
    const tipo = within(consenso).getByRole('group', { name: 'Come ha dato il consenso il cittadino?*' })
    expect(within(tipo).getAllByRole('radio').map((r) => r.parentElement!.textContent)).toEqual(['Cartaceo', 'Email', 'Online'])
    const data = screen.getByLabelText('Data del consenso*') as HTMLInputElement
    expect(data.value).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(data.max).toBe(data.value)
    // nothing chosen: it stays at step Q1 and says why
    fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
    expect(stepTitle()).toBe('Informazioni anagrafiche (modello)')
    expect(screen.getByText('Indica come il cittadino ha dato il consenso')).toBeTruthy()
    expect(document.activeElement?.getAttribute('name')).toBe('pd-consenso-tipo')
    fireEvent.click(screen.getByLabelText('Cartaceo'))
    expect(isAnyFormDirty()).toBe(true)
    fireEvent.change(data, { target: { value: '2999-01-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
    expect(screen.getByText('La data del consenso non può essere successiva a oggi')).toBeTruthy()
    expect(data.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(data, { target: { value: '2026-01-15' } })
    fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
    expect(stepTitle()).toBe('Informazioni sulla prenotazione')
    fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
    fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
    fireEvent.click(screen.getByLabelText('Telefono'))
    fireEvent.click(screen.getByLabelText('Non saprei'))
    fireEvent.click(within(screen.getByRole('group', { name: /Quanto sei soddisfatto/ })).getByLabelText(/5 stelle su 5/))
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    await waitFor(() => expect(h.compila).toHaveBeenCalledTimes(1))
    expect(h.compila.mock.calls[0]![2]).toEqual({ tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2026-01-15' })
  })

  it('does not ask the consent again once recorded (Q1 with 18–19)', () => {
    render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    expect(screen.queryByRole('group', { name: 'Consenso al trattamento dei dati personali' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Step precedente' }))
    fireEvent.click(screen.getByRole('button', { name: 'Step precedente' }))
    fireEvent.click(screen.getByRole('button', { name: 'Step precedente' }))
    expect(screen.queryByRole('group', { name: 'Consenso al trattamento dei dati personali' })).toBeNull()
  })

  it('managers cannot compile: notice and link to the read-only view', () => {
    h.ruolo = 'REG'
    render(<CompilaQuestionarioPage serviceId="12" idQuestionarioCompilato="q-1" />)
    expect(screen.getByText('Compilazione non consentita')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Visualizza questionario' }).getAttribute('href')).toBe('/area-amministrativa/servizi/12/cittadini/compilato/q-1')
    expect(screen.queryByRole('button', { name: 'Invia questionario' })).toBeNull()
  })

  it('a compiled survey is not compiled again', () => {
    h.q = istanza({ statoQuestionario: 'COMPILATA' })
    render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
    expect(screen.getByText('Il questionario è già stato compilato.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Invia questionario' })).toBeNull()
  })

  describe('step Q1: correcting the citizen’s data (issue 8 point 5)', () => {
    /** The default template with the seed's Q1 (questions 1–10 with their enumerations). */
    const withSeedQ1: QuestionarioTemplate = { ...TEMPLATE, sezioniQuestionarioTemplate: [Q1_SECTION as SezioneTemplateWire, ...TEMPLATE.sezioniQuestionarioTemplate.slice(1)] }
    const q1Documento = encodeSection({
      ...sectionHeader('Q1'),
      answers: {
        '1': 'Codice fiscale non presente', '2': ['true'], '3': 'Passaporto', '5': 'Preferisco non rispondere', '6': '30-54', '7': 'Laurea (3 anni)', '8': 'Imprenditore', '9': 'Roma', '10': 'Italiana',
        '18': 'Cartaceo', '19': '2026-01-15',
      },
    })
    /** The same citizen before their consent is recorded (no 18–19). */
    const q1DocumentoSenzaConsenso = encodeSection({
      ...sectionHeader('Q1'),
      answers: { '1': 'Codice fiscale non presente', '2': ['true'], '3': 'Passaporto', '5': 'Preferisco non rispondere', '6': '30-54', '7': 'Laurea (3 anni)', '8': 'Imprenditore', '9': 'Roma', '10': 'Italiana' },
    })

    it('lets the data be corrected, checks them before leaving the step, and sends only the changes with Q4', async () => {
      h.template = withSeedQ1
      h.q = istanza({ sezioneQ1Questionario: q1Documento })
      render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
      // open at Q4: go back to Q1
      for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Step precedente' }))
      expect(stepTitle()).toBe('Informazioni anagrafiche')
      expect(screen.getByText('Codice fiscale non presente')).toBeTruthy()
      const titolo = screen.getByRole('combobox', { name: 'Titolo di studio (livello più alto raggiunto)' }) as HTMLSelectElement
      expect(titolo.value).toBe('Laurea (3 anni)')
      expect((screen.getByLabelText('Preferisco non rispondere') as HTMLInputElement).checked).toBe(true)

      // a recorded value cannot be erased
      fireEvent.change(titolo, { target: { value: '' } })
      expect(isAnyFormDirty()).toBe(true)
      fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
      expect(stepTitle()).toBe('Informazioni anagrafiche')
      expect(screen.getByTestId('errori-q1').textContent).toBe('Un dato da controllare.')
      expect(screen.getByText('Il dato è già registrato e non si può cancellare: scegli una delle voci dell’elenco.')).toBeTruthy()
      expect(titolo.getAttribute('aria-invalid')).toBe('true')
      expect(document.activeElement).toBe(titolo)

      fireEvent.change(titolo, { target: { value: 'Dottorato, Master di II livello o titoli equiparati' } })
      expect(screen.queryByTestId('errori-q1')).toBeNull()
      fireEvent.change(screen.getByRole('combobox', { name: 'Provincia di domicilio' }), { target: { value: 'Rieti' } })
      fireEvent.click(screen.getByLabelText('F'))
      fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
      expect(stepTitle()).toBe('Informazioni sulla prenotazione')
      fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
      fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))

      fireEvent.click(screen.getByLabelText('Telefono'))
      fireEvent.click(screen.getByLabelText('Non saprei'))
      fireEvent.click(within(screen.getByRole('group', { name: /Quanto sei soddisfatto/ })).getByLabelText(/5 stelle su 5/))
      fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
      await waitFor(() => expect(h.compila).toHaveBeenCalledTimes(1))
      expect(h.compila.mock.calls[0]![0]).toBe('add-1')
      // the consent is recorded already: not asked, not sent
      expect(h.compila.mock.calls[0]![2]).toBeNull()
      expect(h.compila.mock.calls[0]![3]).toEqual({
        genereDaAggiornare: 'F', titoloDiStudioDaAggiornare: 'Dottorato, Master di II livello o titoli equiparati', provinciaDiDomicilioDaAggiornare: 'Rieti',
      })
    })

    it('without a recorded consent step Q1 offers both the corrections and the consent; both are checked and sent', async () => {
      h.template = withSeedQ1
      h.q = istanza({ sezioneQ1Questionario: q1DocumentoSenzaConsenso })
      render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
      // opens at step Q1 (the consent is missing), with the correctable fields and the consent group
      expect(stepTitle()).toBe('Informazioni anagrafiche')
      const titolo = screen.getByRole('combobox', { name: 'Titolo di studio (livello più alto raggiunto)' }) as HTMLSelectElement
      const consenso = screen.getByRole('group', { name: 'Consenso al trattamento dei dati personali' })
      // a wrong correction and no consent: both shown, the correction (first on the page) focused
      fireEvent.change(titolo, { target: { value: '' } })
      fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
      expect(stepTitle()).toBe('Informazioni anagrafiche')
      expect(screen.getByTestId('errori-q1').textContent).toBe('Un dato da controllare.')
      expect(within(consenso).getByText('Indica come il cittadino ha dato il consenso')).toBeTruthy()
      expect(document.activeElement).toBe(titolo)
      // correction fixed, consent still missing: the consent's first option is focused
      fireEvent.change(titolo, { target: { value: 'Dottorato, Master di II livello o titoli equiparati' } })
      fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
      expect(stepTitle()).toBe('Informazioni anagrafiche')
      expect(document.activeElement?.getAttribute('name')).toBe('pd-consenso-tipo')
      fireEvent.click(within(consenso).getByLabelText('Email'))
      fireEvent.change(within(consenso).getByLabelText('Data del consenso*'), { target: { value: '2026-01-15' } })
      fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
      expect(stepTitle()).toBe('Informazioni sulla prenotazione')
      fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
      fireEvent.click(screen.getByRole('button', { name: 'Step successivo' }))
      // arriving at Q4 does not send it: no errors yet, focus on the step's heading
      expect(stepTitle()).toBe('Informazioni sull’esperienza')
      expect(screen.queryByTestId('errori-q4')).toBeNull()
      expect(document.activeElement).toBe(screen.getByTestId('titolo-step'))
      fireEvent.click(screen.getByLabelText('Telefono'))
      fireEvent.click(screen.getByLabelText('Non saprei'))
      fireEvent.click(within(screen.getByRole('group', { name: /Quanto sei soddisfatto/ })).getByLabelText(/5 stelle su 5/))
      fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
      await waitFor(() => expect(h.compila).toHaveBeenCalledTimes(1))
      expect(h.compila.mock.calls[0]![2]).toEqual({ tipoConferimentoConsenso: 'EMAIL', dataConferimentoConsenso: '2026-01-15' })
      expect(h.compila.mock.calls[0]![3]).toEqual({ titoloDiStudioDaAggiornare: 'Dottorato, Master di II livello o titoli equiparati' })
    })

    it('a citizen with a fiscal code: gender and age band stay read-only, the rest is correctable', () => {
      h.template = withSeedQ1
      h.q = istanza({ sezioneQ2Questionario: '{}' })
      render(<CompilaQuestionarioPage serviceId="srv-1" idQuestionarioCompilato="q-1" />)
      expect(stepTitle()).toBe('Informazioni anagrafiche')
      expect(screen.getByText(/Genere e fascia di età derivano dal codice fiscale/)).toBeTruthy()
      expect(screen.queryByRole('radio', { name: 'F' })).toBeNull()
      expect(screen.getByText('30-54')).toBeTruthy()
      expect(screen.getByRole('combobox', { name: 'Stato occupazionale' })).toBeTruthy()
    })
  })
})
