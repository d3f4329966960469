/**
 * offline-field-systems §2 no. 4 against the running server: concurrent identical submissions (five
 * replays of one outbox entry in parallel, same `Idempotency-Key`) give one row and the same answer, and a
 * later repeat is answered from the stored result; the same key with another body is refused (G05).
 */
import { expect, test } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { PG_JOURNEY, USERS, login } from './helpers'
import { DATA_SERVIZIO, actorOf, servicesNamed } from './field-api'
import { SEZIONI_QUESTIONARIO } from '../src/api/contract/enums'
import { encodeSection } from '../src/lib/survey-sections'

test('#4 five parallel replays of one key: one service, the same answer for all; a later repeat too', PG_JOURNEY, async ({ page, request }) => {
  await login(page, USERS.fac.cf)
  const fac = await actorOf(page, request, 'FAC')
  const sedi = await (await request.post('/api/servizio/facilitatore/sedi/dropdown', { data: fac.ids, headers: { authToken: fac.token, userRole: 'FAC' } })).json() as { id: number }[]
  const nome = `Sportello concorrente ${Date.now()}`
  const body = {
    ...fac.ids,
    idLocale: randomUUID(),
    nomeServizio: nome,
    idEnteServizio: fac.ids.idEnte,
    idSedeServizio: sedi[0]!.id,
    data: DATA_SERVIZIO,
    durataServizio: '1:00',
    tipoDiServizioPrenotato: ['Facilitazione individuale'],
    sezioneQuestionarioCompilatoQ3: encodeSection({
      id: SEZIONI_QUESTIONARIO.Q3.id,
      title: SEZIONI_QUESTIONARIO.Q3.titolo,
      answers: { '22': DATA_SERVIZIO, '23': '1:00', '24': ['Facilitazione individuale'], '25': ['Sicurezza'], '27': ['App IO'], '28': 'Identità digitale' },
    }),
  }
  const key = randomUUID()
  const headers = { authToken: fac.token, userRole: 'FAC', 'Idempotency-Key': key }
  const answers = await Promise.all(Array.from({ length: 5 }, () => request.post('/api/servizio', { data: body, headers })))
  const statuses = answers.map((r) => r.status())
  expect(statuses.every((s) => s === 201), `stati: ${statuses.join(', ')}`).toBe(true)
  const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { idServizio: number }).idServizio))
  expect(new Set(ids).size).toBe(1)
  expect(await servicesNamed(request, fac, nome)).toHaveLength(1)

  // a repeat after the fact is answered from the stored result
  const again = await request.post('/api/servizio', { data: body, headers })
  expect(again.status()).toBe(201)
  expect(((await again.json()) as { idServizio: number }).idServizio).toBe(ids[0])
  // the same key with another request is the caller's mistake
  const other = await request.post('/api/servizio', { data: { ...body, nomeServizio: `${nome} bis` }, headers })
  expect(other.status()).toBe(422)
  expect(((await other.json()) as { errorCode: string }).errorCode).toBe('G05')
  expect(await servicesNamed(request, fac, nome)).toHaveLength(1)
})
