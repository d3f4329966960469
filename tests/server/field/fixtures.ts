/**
 * Shared fixtures of the field-work server tests: demo actors (a token, the role and its profile ids),
 * a JSON call with extra headers, the Q3 section of a service, a service body, and citizens' fiscal codes
 * computed with codice-fiscale-js for birth dates relative to today.
 */
import m from 'codice-fiscale-js'
import type { LightMyRequestResponse } from 'fastify'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import type { ServizioBody } from '../../../src/api/contract/servizio'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { encodeSection } from '../../../server/domain/survey-codec'
import { TEST_HOST, type TestServer } from '../helpers'

const CodiceFiscale = (m as unknown as { CodiceFiscale?: typeof m }).CodiceFiscale ?? m

/**
 * A suffix unique to this test run: names and identities made by the tests carry it, so the suites also
 * pass on a shared, persistent PostgreSQL database (DATABASE_URL) run after run and file beside file.
 */
export const RUN = Math.random().toString(36).slice(2, 8).toUpperCase()
/** `name` with the run suffix. */
export const named = (name: string) => `${name} ${RUN}`
const randomLetters = (n: number) => Array.from({ length: n }, () => 'BCDFGHLMNPRSTVZ'[Math.floor(Math.random() * 15)]).join('')
/** A document number unique to the call (5–10 characters). */
export const documentNumber = () => `D${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`

/** Demo identities of server/seed/identities.ts. */
export const CF = {
  DTD: 'FRRGLI78C54H501Q', DSCU: 'BNCMRC69S02H501X', REG_LOM: 'CNTLRA75H61F205P', DEG_LAZ: 'RCCPLA82P09L219N',
  REGP_ROMA: 'MRTFNC80A70F839W', REPP_ROMA: 'MRNLNE83T45D612L', DEPP_MILANO: 'GRCSFN79L28G273B', DEGP_PUGLIA: 'GLLDVD86D17A662S',
  SARA: 'RMNSRA92E51A944H', MATTEO: 'DLCMTT95C15A662J', LUCA: 'SPSLCU00B24F839F', ALESSANDRO: 'RSSLSN77R19G478N', MOD: 'CLMCHR88M48L736C',
} as const

export interface Ids { idProgramma: number | null; idProgetto: number | null; idEnte: number | null }
export interface Actor { cf: string; role: string; token: string; ids: Ids; userId: number }

/** An actor with a fresh token and the ids of its (first) profile of `role`. */
export async function actor(server: TestServer, cf: string, role: string): Promise<Actor> {
  const principal = await createPrincipalLoader(server.database.db)(cf)
  if (!principal) throw new Error(`no user ${cf}`)
  const p = principal.profili.find((x) => x.codiceRuolo === role)
  if (!p) throw new Error(`${cf} has no ${role} profile`)
  return { cf, role, token: await server.signIdToken(cf), ids: { idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte }, userId: principal.userId }
}

export interface CallOptions { body?: unknown; headers?: Record<string, string>; query?: string }

/** A JSON call as `who` (authToken + userRole headers, profile ids merged into object bodies). */
export function call(server: TestServer, who: Actor | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: TEST_HOST, ...opts.headers }
  if (who) {
    headers.authToken = who.token
    headers.userRole = who.role
  }
  const payload = method === 'GET' ? undefined : who && (opts.body === undefined || (typeof opts.body === 'object' && opts.body !== null && !Array.isArray(opts.body)))
    ? { ...who.ids, ...(opts.body as object | undefined) }
    : opts.body
  return server.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) })
}

export interface Q3Options {
  data?: string
  durata?: string
  tipi?: string[]
  competenze?: string[]
  dettaglio?: string[]
  ambiti?: string[]
  descrizione?: string
}

/** The Q3 section string (contract encoding) of a service. */
export function q3Section(o: Q3Options = {}): string {
  return encodeSection({
    id: SEZIONI_QUESTIONARIO.Q3.id,
    title: SEZIONI_QUESTIONARIO.Q3.titolo,
    properties: {
      '22': [o.data ?? '2025-03-10'],
      '23': [o.durata ?? '1:30'],
      '24': o.tipi ?? ['Facilitazione individuale'],
      '25': o.competenze ?? ['Sicurezza'],
      '26': o.dettaglio ?? ['Proteggere i dispositivi (es.: impostare e gestire password, riconoscere ed evitare i messaggi di phishing)'],
      '27': o.ambiti ?? ['App IO', 'Sistemi di pagamenti elettronici (pagoPA)'],
      '28': [o.descrizione ?? 'Configurazione dell’app IO, con attivazione delle notifiche'],
    },
  })
}

/** A valid create/update body for `who` at site `idSede`. */
export function servizioBody(who: Actor, idSede: number, over: Partial<ServizioBody> & { q3?: Q3Options } = {}): Record<string, unknown> {
  const { q3, ...rest } = over
  const data = rest.data ?? q3?.data ?? '2025-03-10'
  const tipi = rest.tipoDiServizioPrenotato ?? q3?.tipi ?? ['Facilitazione individuale']
  return {
    nomeServizio: 'Sportello SPID e app IO',
    idEnteServizio: who.ids.idEnte,
    idSedeServizio: idSede,
    data,
    durataServizio: rest.durataServizio ?? '1:30',
    tipoDiServizioPrenotato: tipi,
    sezioneQuestionarioCompilatoQ3: q3Section({ ...q3, data, tipi }),
    ...rest,
  }
}

/** The first site of the facilitator's profile (via the sites dropdown). */
export async function firstSite(server: TestServer, who: Actor): Promise<number> {
  const res = await call(server, who, 'POST', '/api/servizio/facilitatore/sedi/dropdown')
  const list = res.json() as { id: number; nome: string }[]
  if (!list[0]) throw new Error(`no site for ${who.cf}`)
  return list[0].id
}

/** Creates a service and returns its id (throws when the answer is not 201). */
export async function createService(server: TestServer, who: Actor, over: Parameters<typeof servizioBody>[2] = {}): Promise<number> {
  const res = await call(server, who, 'POST', '/api/servizio', { body: servizioBody(who, await firstSite(server, who), over) })
  if (res.statusCode !== 201) throw new Error(`create ${who.cf}: ${res.statusCode} ${res.body}`)
  return (res.json() as { idServizio: number }).idServizio
}

/** A valid fiscal code (random surname) of someone born `years` years and `extraDays` days before today (Rome). */
export function fiscalCodeAged(years: number, gender: 'M' | 'F' = 'F', extraDays = 20, name = 'Giulia'): string {
  const d = new Date()
  d.setUTCFullYear(d.getUTCFullYear() - years)
  d.setUTCDate(d.getUTCDate() - extraDays)
  return CodiceFiscale.compute({
    name, surname: randomLetters(6), gender, day: d.getUTCDate(), month: d.getUTCMonth() + 1, year: d.getUTCFullYear(),
    birthplace: 'Roma', birthplaceProvincia: 'RM',
  })
}

/** The omocodic variants of a code. */
export function omocodie(cf: string): string[] {
  return CodiceFiscale.getOmocodie(cf)
}

/** Demographics of a new citizen. */
export const DEMOGRAFICA = {
  titoloDiStudio: 'Laurea (3 anni)',
  occupazione: 'Libero professionista',
  provinciaDiDomicilio: 'Roma',
  cittadinanza: 'Italiana',
} as const
