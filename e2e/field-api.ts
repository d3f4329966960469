/**
 * Direct API calls of the end-to-end tests (arrange and verify what the UI did): an actor is a logged-in
 * page's ID token plus the ids of one of its profiles, read from `POST /api/contesto`. Requests go
 * through Playwright's `APIRequestContext` (not the page), so they work while the page is offline.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { CampoBootstrap, CampoSyncPagina } from '../src/api/contract/campo'
import { SEZIONI_QUESTIONARIO } from '../src/api/contract/enums'
import { toWireDate } from '../src/lib/dates'
import { encodeSection } from '../src/lib/survey-sections'
import { readIdToken } from './helpers'

export interface ApiActor {
  token: string
  codiceRuolo: string
  ids: { idProgramma: number | null; idProgetto: number | null; idEnte: number | null }
}

interface ProfiloWire { codiceRuolo: string; idProgramma: number | null; idProgetto: number | null; idEnte: number | null }

/** The actor of the page's logged user in its first profile of `codiceRuolo`. */
export async function actorOf(page: Page, request: APIRequestContext, codiceRuolo: string): Promise<ApiActor> {
  const token = await readIdToken(page)
  const res = await request.post('/api/contesto', { data: {}, headers: { authToken: token } })
  expect(res.status(), await res.text()).toBe(200)
  const contesto = (await res.json()) as { profiliUtente: ProfiloWire[] }
  const p = contesto.profiliUtente.find((x) => x.codiceRuolo === codiceRuolo)
  if (!p) throw new Error(`nessun profilo ${codiceRuolo}`)
  return { token, codiceRuolo, ids: { idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte } }
}

/** A JSON call as `who` (authToken + userRole headers, profile ids merged into the body). */
export async function callAs<T = unknown>(request: APIRequestContext, who: ApiActor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: Record<string, unknown> = {}, expected = [200, 201]): Promise<T> {
  const res = await request.fetch(`/api/${path}`, {
    method,
    headers: { authToken: who.token, userRole: who.codiceRuolo },
    ...(method === 'GET' ? {} : { data: { ...who.ids, ...body } }),
  })
  const text = await res.text()
  expect(expected, `${method} ${path}: ${res.status()} ${text}`).toContain(res.status())
  return (text ? JSON.parse(text) : null) as T
}

/**
 * What a whole field sync of `who`'s profile holds (`GET /campo/sync` page by page, issue 25 point 2): the
 * services and survey instances of every page (a record repeated on a later page replaces the earlier copy).
 */
export async function fieldSyncAs(request: APIRequestContext, who: ApiActor): Promise<Pick<CampoBootstrap, 'servizi' | 'questionari'>> {
  const servizi = new Map<number, CampoBootstrap['servizi'][number]>()
  const questionari = new Map<string, CampoBootstrap['questionari'][number]>()
  const ids = Object.entries(who.ids).filter(([, v]) => v !== null).map(([k, v]) => `${k}=${v}`)
  let cursore: string | null = null
  for (let n = 0; n < 500; n++) {
    const query = [...ids, ...(cursore ? [`cursore=${encodeURIComponent(cursore)}`] : [])].join('&')
    const page: CampoSyncPagina = await callAs<CampoSyncPagina>(request, who, 'GET', `campo/sync?${query}`)
    for (const x of page.servizi) servizi.set(x.id, x)
    for (const q of page.questionari) questionari.set(q.idQuestionarioCompilato, q)
    if (page.completo) return { servizi: [...servizi.values()], questionari: [...questionari.values()] }
    cursore = page.cursore
  }
  throw new Error('sync non completato')
}

/**
 * A service date ten days ago ('YYYY-MM-DD'): inside every seeded project and inside the field window (issue
 * 25 point 2: the device holds the services of the last 90 days and those with open surveys, so a service
 * dated earlier leaves the device at its next whole sync).
 */
export const DATA_SERVIZIO = toWireDate(new Date(Date.now() - 10 * 86_400_000))

/** Creates a service through the API (date inside every seeded project and the field window) and returns its id. */
export async function createServiceApi(request: APIRequestContext, who: ApiActor, nome: string, data = DATA_SERVIZIO): Promise<number> {
  const { idServizio } = await callAs<{ idServizio: number }>(request, who, 'POST', 'servizio', await serviceBody(request, who, nome, data))
  return idServizio
}

/** Creates services named `nomi` (a few requests at a time); returns their ids in the same order. */
export async function createServicesApi(request: APIRequestContext, who: ApiActor, nomi: readonly string[], data = DATA_SERVIZIO): Promise<number[]> {
  const base = await serviceBody(request, who, '', data)
  const ids: number[] = []
  for (let i = 0; i < nomi.length; i += 8) {
    const batch = nomi.slice(i, i + 8).map((nome) => callAs<{ idServizio: number }>(request, who, 'POST', 'servizio', { ...base, nomeServizio: nome }))
    ids.push(...(await Promise.all(batch)).map((r) => r.idServizio))
  }
  return ids
}

/** The service's current `versione` (issue 27: an update or delete sends it), read as the device reads it. */
export async function serviceVersionApi(request: APIRequestContext, who: ApiActor, idServizio: number): Promise<number> {
  const q = Object.entries(who.ids).filter(([, v]) => v !== null).map(([k, v]) => `${k}=${v}`).join('&')
  const { servizio } = await callAs<{ servizio: { versione: number } }>(request, who, 'GET', `campo/servizio/${idServizio}?${q}`)
  return servizio.versione
}

/** Renames a service through the API (another session's edit, on the service's current version). */
export async function renameServiceApi(request: APIRequestContext, who: ApiActor, idServizio: number, nome: string, data = DATA_SERVIZIO): Promise<void> {
  const versione = await serviceVersionApi(request, who, idServizio)
  await callAs(request, who, 'PUT', `servizio/${idServizio}`, { ...(await serviceBody(request, who, nome, data)), versione })
}

/** Deletes a service through the API (another session's delete, on the service's current version). */
export async function deleteServiceApi(request: APIRequestContext, who: ApiActor, idServizio: number): Promise<void> {
  await callAs(request, who, 'DELETE', `servizio/${idServizio}`, { versione: await serviceVersionApi(request, who, idServizio) })
}

/** The body of a service's creation or edit (the profile's first site). */
async function serviceBody(request: APIRequestContext, who: ApiActor, nome: string, data: string): Promise<Record<string, unknown>> {
  const sedi = await callAs<{ id: number }[]>(request, who, 'POST', 'servizio/facilitatore/sedi/dropdown')
  const idSede = sedi[0]?.id
  if (!idSede) throw new Error('nessuna sede')
  const q3 = encodeSection({
    id: SEZIONI_QUESTIONARIO.Q3.id,
    title: SEZIONI_QUESTIONARIO.Q3.titolo,
    answers: {
      '22': data,
      '23': '1:00',
      '24': ['Facilitazione individuale'],
      '25': ['Sicurezza'],
      '26': ['Proteggere i dispositivi (es.: impostare e gestire password, riconoscere ed evitare i messaggi di phishing)'],
      '27': ['App IO'],
      '28': 'Attivazione dell’app IO',
    },
  })
  return {
    nomeServizio: nome,
    idEnteServizio: who.ids.idEnte,
    idSedeServizio: idSede,
    data,
    durataServizio: '1:00',
    tipoDiServizioPrenotato: ['Facilitazione individuale'],
    sezioneQuestionarioCompilatoQ3: q3,
  }
}

/** Adds a citizen by document number; returns the survey instance id. */
export async function addCitizenByDocumentApi(request: APIRequestContext, who: ApiActor, idServizio: number, numeroDocumento: string): Promise<string> {
  const r = await callAs<{ id: number; idQuestionario: string }>(request, who, 'POST', `servizio/cittadino/${idServizio}`, {
    nuovoCittadino: true,
    codiceFiscaleNonDisponibile: true,
    tipoDocumento: 'Carta di Identità',
    numeroDocumento,
    genere: 'Preferisco non rispondere',
    fasciaDiEtaId: 3,
    titoloDiStudio: 'Laurea (3 anni)',
    occupazione: 'Libero professionista',
    provinciaDiDomicilio: 'Roma',
    cittadinanza: 'Italiana',
  })
  return r.idQuestionario
}

export interface CittadiniServizio {
  cittadini: { idCittadino: number; idQuestionario: string; statoQuestionario: string }[]
  numeroCittadini: number
  numeroQuestionariCompilati: number
}

/** The citizens of a service as the server has them. */
export function citizensOf(request: APIRequestContext, who: ApiActor, idServizio: number): Promise<CittadiniServizio> {
  return callAs<CittadiniServizio>(request, who, 'POST', `servizio/cittadino/all/${idServizio}?currPage=0&pageSize=1000`, {})
}

export interface ServizioRiga { id: number; idLocale: string | null; nome: string; stato: string }

/** Every service the actor sees whose name contains `nome`. */
export async function servicesNamed(request: APIRequestContext, who: ApiActor, nome: string): Promise<ServizioRiga[]> {
  const r = await callAs<{ servizi: ServizioRiga[] }>(request, who, 'POST', 'servizio/all?currPage=0&pageSize=1000', { filtroRequest: { criterioRicerca: nome } })
  return r.servizi.filter((s) => s.nome.includes(nome))
}

/** A document number unique to the call (5–10 characters). */
export function documentNumber(): string {
  return `E${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`
}
