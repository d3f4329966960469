import { fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { QuestionarioLocale } from '../../src/features/campo'
import { encodeSection } from '../../src/lib/survey-sections'
import { Q1, Q2, Q3, TEMPLATE } from './fixtures'

const h = vi.hoisted(() => ({ ruolo: 'FAC', q: null as unknown, scheda: vi.fn(), istanza: vi.fn() }))

vi.mock('../../src/features/campo', () => ({
  isFieldRole: (r: string | null | undefined) => r === 'FAC' || r === 'VOL',
  SyncChip: ({ state }: { state: string }) => (state === 'confermato' ? null : <span>DA SINCRONIZZARE</span>),
  useQuestionarioCampo: () => h.q,
  useServizioCampo: () => ({ idQuestionarioTemplateSnapshot: 'tpl-1' }),
  useCampoRiferimenti: () => ({ template: null, templateSnapshot: [TEMPLATE], configurazioneMinorenni: null }),
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
import { QuestionarioCompilatoPage, StampaQuestionarioPage } from '../../src/features/questionari'
import { templatePerStampa } from '../../src/features/questionari/StampaQuestionarioPage'

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
    render(<StampaQuestionarioPage serviceId="srv-1" idQuestionario="q-1" />)
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
    render(<StampaQuestionarioPage serviceId="12" idQuestionario="q-1" />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionario di prova' })).toBeTruthy()
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
