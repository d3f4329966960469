/**
 * The reads that feed an edit, for the server tests (issue 27): `versioneLetta` reads a record the way a form
 * does and answers its `versione`, which an update or delete then sends. One reader per versioned entity; the
 * 409 V01 tests (tests/server/versioni) compare `corrente` with the same read.
 */
import { expect } from 'vitest'
import { TEST_HOST, type TestServer } from './helpers'

/** Who reads: a token, a role and the profile's ids (the actors of tests/server/field and tests/server/community). */
export interface Lettore { token: string; role: string; ids: { idProgramma: number | null; idProgetto: number | null; idEnte: number | null } }

/** The versioned entities and the read that feeds their edit. */
export type EntitaVersionata =
  | 'servizio' | 'cittadino' | 'programma' | 'progetto' | 'ente' | 'sede' | 'profilo' | 'modello' | 'ruolo' | 'minorenni'
  | 'contenuto' | 'commento'

/** Where the read is and where its `versione` sits in the answer. */
const LETTURE: Record<EntitaVersionata, (id: string) => { method: 'GET' | 'POST'; url: string; versione: (body: Record<string, unknown>) => unknown }> = {
  servizio: (id) => ({ method: 'POST', url: `/api/servizio/${id}/schedaDettaglio`, versione: (b) => (b.dettaglioServizio as Record<string, unknown>).versione }),
  cittadino: (id) => ({ method: 'POST', url: `/api/cittadino/${id}`, versione: (b) => (b.dettaglioCittadino as Record<string, unknown>).versione }),
  programma: (id) => ({ method: 'POST', url: `/api/programma/${id}`, versione: (b) => (b.dettaglioProgramma as Record<string, unknown>).versione }),
  progetto: (id) => ({ method: 'POST', url: `/api/progetto/${id}`, versione: (b) => (b.dettaglioProgetto as Record<string, unknown>).versione }),
  ente: (id) => ({ method: 'POST', url: `/api/ente/${id}`, versione: (b) => (b.dettaglioEnte as Record<string, unknown>).versione }),
  sede: (id) => ({ method: 'POST', url: `/api/sede/${id}`, versione: (b) => b.versione }),
  profilo: () => ({ method: 'POST', url: '/api/contesto', versione: (b) => b.versione }),
  modello: (id) => ({ method: 'POST', url: `/api/questionarioTemplate/${id}`, versione: (b) => b.versione }),
  ruolo: (id) => ({ method: 'GET', url: `/api/ruolo/${encodeURIComponent(id)}`, versione: (b) => b.versione }),
  // id = the programme's id: the detail by programme
  minorenni: (id) => ({ method: 'GET', url: `/api/configurazioneminorenni/dettaglio?idProgramma=${id}`, versione: (b) => b.versione }),
  // id = `${section}/${itemId}/${userId}`
  contenuto: (id) => {
    const [section, item, user] = id.split('/')
    return { method: 'GET', url: `/api/${section}/item/${item}/user/${user}`, versione: (b) => (b.items as Record<string, unknown>[])[0]?.versione }
  },
  // id = `${itemId}/${userId}/${commentId}`
  commento: (id) => {
    const [item, user, comment] = id.split('/')
    const find = (list: Record<string, unknown>[]): Record<string, unknown> | undefined => {
      for (const c of list) {
        if (String(c.id) === comment) return c
        const inner = find((c.replies ?? []) as Record<string, unknown>[])
        if (inner) return inner
      }
      return undefined
    }
    return { method: 'GET', url: `/api/item/${item}/comments/user/${user}`, versione: (b) => find(b.items as Record<string, unknown>[])?.versione }
  },
}

/** The read of `entita` `id` as `who` (200 expected): the whole answer. */
export async function letturaDi(server: TestServer, who: Lettore, entita: EntitaVersionata, id: number | string): Promise<Record<string, unknown>> {
  const r = LETTURE[entita](String(id))
  const headers = { host: TEST_HOST, authToken: who.token, userRole: who.role }
  const res = r.method === 'GET'
    ? await server.app.inject({ method: 'GET', url: r.url + (r.url.includes('?') ? '&' : '?') + profileQuery(who), headers })
    : await server.app.inject({ method: 'POST', url: r.url, headers, payload: { ...who.ids } })
  expect(res.statusCode, `${entita} ${id}: ${res.body}`).toBe(200)
  return res.json() as Record<string, unknown>
}

/** The profile ids as a query string (the GET reads of the community take them there). */
function profileQuery(who: Lettore): string {
  return Object.entries(who.ids).filter(([, v]) => v !== null).map(([k, v]) => `${k}=${String(v)}`).join('&')
}

/** The `versione` of `entita` `id` as `who` reads it (a positive integer expected). */
export async function versioneLetta(server: TestServer, who: Lettore, entita: EntitaVersionata, id: number | string): Promise<number> {
  const versione = LETTURE[entita](String(id)).versione(await letturaDi(server, who, entita, id))
  expect(Number.isInteger(versione) && (versione as number) >= 1, `${entita} ${id}: versione ${String(versione)}`).toBe(true)
  return versione as number
}
