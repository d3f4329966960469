import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetAppConfigForTests } from '../../src/api/config'
import { AnonymousSurveyPage, MESSAGGIO_IN_CODA, MESSAGGIO_INVIATO } from '../../src/features/questionari/anonimo/AnonymousSurveyPage'
import { accodaInvio, elencaInvii, resetQueueForTests } from '../../src/features/questionari/anonimo/queue'
import { decodeSection } from '../../src/lib/survey-sections'
import { anonimo, GET_PATH, ID_Q, json, POST_PATH, stubFetch, TOKEN } from './anonimo-fixtures'
import { RISPOSTE_AGGIUNTIVE, SEZIONE_AGGIUNTIVA } from './fixtures'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const ok = () => json(200, { idQuestionarioCompilato: ID_Q, statoQuestionario: 'COMPILATA' })

beforeEach(async () => {
  localStorage.clear()
  sessionStorage.clear()
  resetAppConfigForTests()
  await resetQueueForTests()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const renderPage = () => render(<AnonymousSurveyPage idQuestionario={ID_Q} token={TOKEN} />)

/** Answers every required question of the fixture. */
function fillQ4() {
  fireEvent.click(screen.getByLabelText('Passaparola'))
  fireEvent.click(screen.getByLabelText('Sportello'))
  fireEvent.click(screen.getByLabelText('Sì, per formazione'))
  fireEvent.change(screen.getByLabelText(/In quale ambito/), { target: { value: 'Uso dello SPID' } })
  fireEvent.click(screen.getByRole('radio', { name: '4 su 5' }))
}

describe('anonymous survey page', () => {
  it('consent → Q4 → submit: the payload is Q4 encoded with the template section, with consent and an idempotency key', async () => {
    const { calls } = stubFetch({ [GET_PATH]: () => json(200, anonimo({ abilitatoConsensoTrattamentoDatiCittadino: false })), [POST_PATH]: ok })
    renderPage()
    await screen.findByRole('heading', { level: 2, name: 'Informativa sulla privacy' })
    expect(screen.getByRole('heading', { level: 1, name: 'Compila il questionario' })).toBeTruthy()
    expect(screen.getByTestId('anon-servizio').textContent).toBe('Servizio «Facilitazione SPID» del 14-03-2025')
    const get = calls.find((c) => c.method === 'GET' && c.url.pathname.includes('/anonimo'))!
    expect(get.url.searchParams.get('t')).toBe(TOKEN)
    expect(get.headers.has('authToken')).toBe(false)

    // consent is required
    fireEvent.click(screen.getByRole('button', { name: 'Avanti' }))
    expect(screen.getByText('Per continuare conferma di aver preso visione dell’informativa privacy.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Invia questionario' })).toBeNull()
    fireEvent.click(screen.getByLabelText(/Presa visione dell’informativa privacy/))
    fireEvent.click(screen.getByRole('button', { name: 'Avanti' }))
    await screen.findByRole('heading', { level: 2, name: 'Informazioni sull’esperienza' })

    // required answers are checked before sending
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    expect(screen.getByTestId('anon-riepilogo-errori').textContent).toBe('Controlla le 4 risposte evidenziate.')
    expect(document.activeElement?.id).toBe('pd-q-29-0')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    // a dependent question appears only when its flag is set
    expect(screen.queryByLabelText(/Il tuo commento/)).toBeNull()
    fireEvent.click(screen.getByLabelText(/Vuoi aggiungere un commento/))
    fireEvent.change(screen.getByLabelText(/Il tuo commento/), { target: { value: 'Tutto chiaro, grazie' } })

    fillQ4()
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    await waitFor(() => expect(screen.getByTestId('anon-status').textContent).toBe(MESSAGGIO_INVIATO))
    expect(screen.getByRole('heading', { level: 1, name: 'Questionario inviato' })).toBeTruthy()

    const post = calls.find((c) => c.method === 'POST')!
    expect(post.url.searchParams.get('t')).toBe(TOKEN)
    expect(post.headers.get('Idempotency-Key')).toMatch(UUID)
    expect(post.headers.has('authToken')).toBe(false)
    const body = JSON.parse(post.body) as { sezioneQ4Questionario: string; consensoTrattamentoDati?: boolean }
    expect(body.consensoTrattamentoDati).toBe(true)
    expect(body.sezioneQ4Questionario.startsWith('{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{\'29\'')).toBe(true)
    expect(decodeSection(body.sezioneQ4Questionario).answers).toEqual({
      '29': ['Sportello', 'Passaparola'],
      '31': ['Sì, per formazione'],
      '32': ['Uso dello SPID'],
      '40': ['true'],
      '41': ['Tutto chiaro, grazie'],
      '1663320201383': ['4'],
    })
    expect(await elencaInvii()).toEqual([])
    expect(sessionStorage.length).toBe(0) // draft and cached survey forgotten once sent
  })

  it('goes straight to Q4 when consent is already recorded, and sends no consent', async () => {
    const { calls } = stubFetch({ [GET_PATH]: () => json(200, anonimo()), [POST_PATH]: ok })
    renderPage()
    await screen.findByRole('heading', { level: 2, name: 'Informazioni sull’esperienza' })
    expect(screen.queryByText('Informativa sulla privacy')).toBeNull()
    fillQ4()
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    await waitFor(() => expect(screen.getByTestId('anon-status').textContent).toBe(MESSAGGIO_INVIATO))
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).not.toHaveProperty('consensoTrattamentoDati')
  })

  it('asks the sections the template adds after Q4 and sends their answers (issue 24 point 4)', async () => {
    const { calls } = stubFetch({ [GET_PATH]: () => json(200, anonimo({ sezioniAggiuntive: [SEZIONE_AGGIUNTIVA] })), [POST_PATH]: ok })
    renderPage()
    const sezione = await screen.findByRole('region', { name: 'Abitudini digitali' })
    expect(within(sezione).getByRole('heading', { level: 2, name: 'Abitudini digitali' })).toBeTruthy()
    fillQ4()
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    expect(screen.getByTestId('anon-riepilogo-errori').textContent).toBe('Controlla la risposta evidenziata.')
    expect(within(sezione).getByText('Scegli una risposta.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    fireEvent.click(within(sezione).getByLabelText('Ogni giorno'))
    fireEvent.change(within(sezione).getByLabelText(/Per che cosa\?/), { target: { value: 'Per lavoro' } })
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    await waitFor(() => expect(screen.getByTestId('anon-status').textContent).toBe(MESSAGGIO_INVIATO))
    const body = JSON.parse(calls.find((c) => c.method === 'POST')!.body) as { sezioniAggiuntiveQuestionario: string[] }
    expect(body.sezioniAggiuntiveQuestionario).toEqual([RISPOSTE_AGGIUNTIVE])
  })

  it.each([
    ['T02', 410, 'Link scaduto', 'Il link del questionario è scaduto: resta valido 3 giorni. Chiedi al facilitatore di inviartene uno nuovo.'],
    ['T01', 404, 'Link non valido', 'Il link del questionario non è valido. Controlla di aver aperto il link completo oppure chiedi al facilitatore di inviartene uno nuovo.'],
    ['Q02', 409, 'Questionario già compilato', 'Hai già compilato questo questionario: le risposte sono state registrate. Grazie!'],
  ])('shows %s as a friendly page', async (code, status, title, text) => {
    stubFetch({ [GET_PATH]: () => json(status, { errorCode: code, message: 'x' }) })
    renderPage()
    await screen.findByRole('heading', { level: 1, name: title })
    expect(screen.getByTestId('anon-errore').textContent).toBe(text)
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull()
    await waitFor(() => expect(document.title).toBe(`${title} – Punto Digitale`))
  })

  it('offline after loading: the submission is queued on the phone and sent on `online` with the same idempotency key', async () => {
    let network = true
    const { calls } = stubFetch({
      [GET_PATH]: () => json(200, anonimo()),
      [POST_PATH]: () => {
        if (!network) throw new TypeError('Failed to fetch')
        return ok()
      },
    })
    renderPage()
    await screen.findByRole('heading', { level: 2, name: 'Informazioni sull’esperienza' })
    network = false
    fillQ4()
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    await waitFor(() => expect(screen.getByTestId('anon-status').textContent).toBe(MESSAGGIO_IN_CODA))
    expect(screen.getByRole('heading', { level: 1, name: 'Risposte salvate sul telefono' })).toBeTruthy()

    const queued = await elencaInvii()
    expect(queued).toHaveLength(1)
    const key = queued[0]!.chiave
    expect(key).toMatch(UUID)
    expect(queued[0]).toMatchObject({ idQuestionarioCompilato: ID_Q, token: TOKEN, tentativi: 1, ultimoErrore: 'network' })
    expect(decodeSection(queued[0]!.body.sezioneQ4Questionario).answers['32']).toEqual(['Uso dello SPID'])

    network = true
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(screen.getByTestId('anon-status').textContent).toBe(MESSAGGIO_INVIATO))
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts).toHaveLength(2)
    expect(posts.map((p) => p.headers.get('Idempotency-Key'))).toEqual([key, key])
    expect(posts[1]!.body).toBe(posts[0]!.body)
    expect(await elencaInvii()).toEqual([])
  })

  it('reopening the page sends a submission still queued on the phone, without loading the survey again', async () => {
    const entry = await accodaInvio(ID_Q, TOKEN, { sezioneQ4Questionario: '{"id":"content-service-section","title":"x","properties":[{\'32\':[\'a\']}]}' })
    const { calls } = stubFetch({ [GET_PATH]: () => json(200, anonimo()), [POST_PATH]: ok })
    renderPage()
    await waitFor(() => expect(screen.getByTestId('anon-status').textContent).toBe(MESSAGGIO_INVIATO))
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('Idempotency-Key'))).toEqual([entry.chiave])
    expect(calls.some((c) => c.method === 'GET' && c.url.pathname.endsWith('/anonimo'))).toBe(false)
  })

  it('keeps the typed answers across a reload, and shows the survey again offline from the tab copy', async () => {
    stubFetch({ [GET_PATH]: () => json(200, anonimo()) })
    const first = renderPage()
    await screen.findByRole('heading', { level: 2, name: 'Informazioni sull’esperienza' })
    fireEvent.click(screen.getByLabelText('Sito internet'))
    fireEvent.change(screen.getByLabelText(/In quale ambito/), { target: { value: 'Posta elettronica' } })
    first.unmount()

    stubFetch({ [GET_PATH]: () => Promise.reject(new TypeError('Failed to fetch')) })
    renderPage()
    await screen.findByRole('heading', { level: 2, name: 'Informazioni sull’esperienza' })
    expect((screen.getByLabelText('Sito internet') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Sportello') as HTMLInputElement).checked).toBe(false)
    expect((screen.getByLabelText(/In quale ambito/) as HTMLTextAreaElement).value).toBe('Posta elettronica')
  })

  it('without network and no copy of the survey: an offline page that reloads on `online`', async () => {
    let network = false
    stubFetch({
      [GET_PATH]: () => {
        if (!network) throw new TypeError('Failed to fetch')
        return json(200, anonimo())
      },
    })
    renderPage()
    await screen.findByRole('heading', { level: 1, name: 'Sei offline' })
    // let the page's effects run (they attach the 'online' listener) before the network comes back
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    network = true
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    await screen.findByRole('heading', { level: 2, name: 'Informazioni sull’esperienza' })
  })
})
