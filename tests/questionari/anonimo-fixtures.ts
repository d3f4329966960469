/** Fixtures of the anonymous survey tests: a Q4 section like the seed's, the GET answer, a fetch stub. */
import { vi } from 'vitest'
import type { QuestionarioAnonimo, SezioneTemplateWire } from '../../src/api/contract/questionario'

export const ID_Q = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b'
export const TOKEN = 'tok_ABCdef-123'

const checkbox = (id: string, title: string, values: string[], order: number) => ({
  id,
  title,
  type: 'object' as const,
  order,
  properties: Object.fromEntries(values.map((v) => [v, { type: 'boolean' as const }])),
})

export const Q4: SezioneTemplateWire = {
  id: 'content-service-section',
  title: 'Informazioni sull’esperienza',
  schema: {
    type: 'object',
    properties: {
      '29': checkbox('29', 'Come sei venuto a conoscenza del servizio che hai prenotato?', ['Sportello', 'Passaparola', 'Sito internet'], 1),
      '31': { id: '31', title: 'Hai intenzione di ripetere l’esperienza?', type: 'string', order: 2, enum: ['Sì§ per formazione', 'Non saprei'] },
      '32': { id: '32', title: 'In quale ambito di facilitazione/ formazione sei interessato?', type: 'string', order: 3, maxLength: 600 },
      '40': { id: '40', title: 'Vuoi aggiungere un commento?', type: 'boolean', order: 4 },
      '41': { id: '41', title: 'Il tuo commento', type: 'string', order: 5, dependencyFlag: '40' },
      '1663320201383': { id: '1663320201383', title: 'Quanto sei soddisfatto del servizio ricevuto?', type: 'range', order: 6, minimum: 1, maximum: 5 },
    },
    required: ['29', '31', '32', '1663320201383', '41'],
    default: ['29', '31', '32'],
  },
  schemaui: { data: {} },
  'default-section': false,
}

export function anonimo(extra: Partial<QuestionarioAnonimo> = {}): QuestionarioAnonimo {
  return {
    idQuestionarioCompilato: ID_Q,
    abilitatoConsensoTrattamentoDatiCittadino: true,
    nomeServizio: 'Facilitazione SPID',
    dataServizio: '2025-03-14',
    idQuestionarioTemplate: 'tpl-1',
    sezioneQ4: Q4,
    sezioniAggiuntive: [],
    ...extra,
  }
}

export interface Call {
  method: string
  url: URL
  headers: Headers
  body: string
}

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** Replaces fetch: `routes` maps "METHOD /path" to a handler (a thrown error = network failure); others 404. */
export function stubFetch(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init)
    const call: Call = { method: req.method, url: new URL(req.url), headers: req.headers, body: req.method === 'GET' ? '' : await req.text() }
    calls.push(call)
    const handler = routes[`${call.method} ${call.url.pathname}`]
    return handler ? handler(call) : json(404, {})
  })
  vi.stubGlobal('fetch', fn)
  return { calls, fn }
}

export const GET_PATH = `GET /api/servizio/cittadino/questionarioCompilato/${ID_Q}/anonimo`
export const POST_PATH = `POST /api/servizio/cittadino/questionarioCompilato/${ID_Q}/compila/anonimo`
