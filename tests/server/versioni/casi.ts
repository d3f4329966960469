/**
 * The editable entities of issue 27, one case each, for tests/server/versioni: how to make a fresh record, the read
 * that feeds its edit (tests/server/versioni-letture.ts), its update and delete requests (with or without the
 * `versione` they were based on) and its database row (to check that a refused write changed nothing).
 */
import { eq } from 'drizzle-orm'
import {
  cittadino, communityCategory, communityComment, communityItem, configurazioneMinorenni, ente, programma, progetto, questionarioTemplate, ruolo,
  sede, servizio, utente,
} from '../../../server/db/schema'
import type { TestServer } from '../helpers'
import { call, createService, DEMOGRAFICA, fiscalCodeAged, named, RUN, servizioBody, type Actor } from '../field/fixtures'
import { registraCittadino } from '../scenari'
import type { EntitaVersionata } from '../versioni-letture'

/** What every case works with: the server, its actors and Sara's first site. */
export interface Scena {
  server: TestServer
  dtd: Actor
  sara: Actor
  reg: Actor
  luca: Actor
  idSede: number
}

/** A write: method, path and JSON body (the actor's profile ids are merged in by the runner). */
export interface Richiesta { method: 'POST' | 'PUT' | 'DELETE'; url: string; body: Record<string, unknown> }

/** One editable entity. `id` is the record's id in the write paths; `lettura` the id its read takes. */
export interface Caso {
  entita: EntitaVersionata
  /** who reads and edits it */
  chi: (s: Scena) => Actor
  crea: (s: Scena) => Promise<{ id: number | string; lettura: number | string }>
  aggiorna: (s: Scena, id: number | string, versione: number | undefined) => Promise<Richiesta> | Richiesta
  elimina?: (s: Scena, id: number | string, versione: number | undefined) => Richiesta
  riga: (s: Scena, id: number | string) => Promise<unknown>
}

let seq = 0
/** A name unique in the run. */
const unico = (base: string) => `${base} ${RUN}-${++seq}`
/** `{versione}` when given (an omitted version is the 428 V02 case). */
const conVersione = (versione: number | undefined) => (versione === undefined ? {} : { versione })
/** The answer's JSON of a create (201 expected, with `versione: 1`: a creation answers the first version). */
async function creato(res: Awaited<ReturnType<typeof call>>): Promise<Record<string, unknown>> {
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`)
  const json = res.json() as Record<string, unknown>
  if (json.versione !== 1) throw new Error(`create without versione 1: ${res.body}`)
  return json
}
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

const programmaBody = () => ({
  codice: unico('V27').replace(/ /g, '-'), nome: unico('Programma versionato'), nomeBreve: 'Versioni', policy: 'RFD', bando: 'Bando 2025',
  cup: '', dataInizio: '2025-01-01', dataFine: '2029-12-31',
  obiettivi: { puntiFacilitazione: [], utentiUnici: [], servizi: [], facilitatori: [] },
})
async function nuovoProgramma(s: Scena): Promise<number> {
  return (await creato(await call(s.server, s.dtd, 'POST', '/api/programma', { body: programmaBody() }))).idProgrammaCreato as number
}
const sedeBody = (nome: string) => ({
  nome, descrizione: 'Sportello', indirizzi: [{
    via: 'Via Principe Amedeo', civico: '10', comune: 'Roma', provincia: 'RM', cap: '00185', fasceOrarie: { lun: { apertura1: '09:00', chiusura1: '13:00' } },
  }],
})
async function categoria(s: Scena): Promise<number> {
  const [c] = await s.server.database.db.select({ id: communityCategory.id }).from(communityCategory).where(eq(communityCategory.type, 'board_categories')).limit(1)
  if (!c) throw new Error('no board category')
  return c.id
}
const itemBody = (category: number, title: string) => ({ title, program: 'public', intervention: 'public', category, description: '<p>Testo</p>' })
async function nuovoContenuto(s: Scena): Promise<number> {
  return (await creato(await call(s.server, s.reg, 'POST', '/api/board/item/create', { body: itemBody(await categoria(s), unico('Avviso').slice(0, 50)) }))).id as number
}
const db = (s: Scena) => s.server.database.db

export const CASI: Caso[] = [
  {
    entita: 'servizio', chi: (s) => s.sara,
    crea: async (s) => { const id = await createService(s.server, s.sara, { nomeServizio: unico('Servizio versionato') }); return { id, lettura: id } },
    aggiorna: (s, id, v) => ({ method: 'PUT', url: `/api/servizio/${id}`, body: { ...servizioBody(s.sara, s.idSede, { nomeServizio: named(`Rinominato ${id}`) }), ...conVersione(v) } }),
    elimina: (_s, id, v) => ({ method: 'DELETE', url: `/api/servizio/${id}`, body: conVersione(v) }),
    riga: async (s, id) => db(s).select().from(servizio).where(eq(servizio.id, Number(id))),
  },
  {
    entita: 'cittadino', chi: (s) => s.sara,
    crea: async (s) => {
      const idServizio = await createService(s.server, s.sara, { nomeServizio: unico('Servizio del cittadino') })
      const id = await registraCittadino(s.server, s.sara, idServizio, { codiceFiscale: fiscalCodeAged(30 + (seq++ % 40), 'M') })
      return { id, lettura: id }
    },
    aggiorna: (_s, id, v) => ({ method: 'PUT', url: `/api/cittadino/${id}`, body: { ...DEMOGRAFICA, provinciaDiDomicilio: 'Milano', ...conVersione(v) } }),
    riga: async (s, id) => db(s).select().from(cittadino).where(eq(cittadino.id, Number(id))),
  },
  {
    entita: 'programma', chi: (s) => s.dtd,
    crea: async (s) => { const id = await nuovoProgramma(s); return { id, lettura: id } },
    aggiorna: async (s, id, v) => {
      const [row] = await db(s).select({ codice: programma.codice }).from(programma).where(eq(programma.id, Number(id)))
      return { method: 'PUT', url: `/api/programma/${id}`, body: { ...programmaBody(), codice: row!.codice, nome: `Rinominato ${id} ${RUN}`, ...conVersione(v) } }
    },
    elimina: (_s, id, v) => ({ method: 'DELETE', url: `/api/programma/${id}`, body: conVersione(v) }),
    riga: async (s, id) => db(s).select().from(programma).where(eq(programma.id, Number(id))),
  },
  {
    entita: 'progetto', chi: (s) => s.dtd,
    crea: async (s) => {
      const idProgramma = await nuovoProgramma(s)
      const res = await call(s.server, s.dtd, 'POST', `/api/progetto?idProgramma=${idProgramma}`, { body: { nome: unico('Progetto'), nomeBreve: 'Prg', dataInizio: '2025-02-01', dataFine: '2026-12-31' } })
      const id = (await creato(res)).idProgettoCreato as number
      return { id, lettura: id }
    },
    aggiorna: (_s, id, v) => ({ method: 'PUT', url: `/api/progetto/${id}`, body: { nome: `Progetto rinominato ${id}`, nomeBreve: 'Prg', dataInizio: '2025-03-01', dataFine: '2026-12-31', ...conVersione(v) } }),
    elimina: (_s, id, v) => ({ method: 'DELETE', url: `/api/progetto/${id}`, body: conVersione(v) }),
    riga: async (s, id) => db(s).select().from(progetto).where(eq(progetto.id, Number(id))),
  },
  {
    entita: 'ente', chi: (s) => s.dtd,
    crea: async (s) => {
      const body = { nome: unico('Ente versionato'), nomeBreve: 'Ente', partitaIva: String(Math.floor(1e10 + Math.random() * 8e10)), tipologia: 'Comune', indirizzoPec: '' }
      const id = (await creato(await call(s.server, s.dtd, 'POST', '/api/ente', { body }))).id as number
      return { id, lettura: id }
    },
    aggiorna: async (s, id, v) => {
      const [row] = await db(s).select().from(ente).where(eq(ente.id, Number(id)))
      return { method: 'PUT', url: `/api/ente/${id}`, body: { nome: row!.nome, nomeBreve: 'Ente', partitaIva: row!.partitaIva, tipologia: 'Comune', sedeLegale: `Via ${id}`, indirizzoPec: '', ...conVersione(v) } }
    },
    riga: async (s, id) => db(s).select().from(ente).where(eq(ente.id, Number(id))),
  },
  {
    entita: 'sede', chi: (s) => s.dtd,
    crea: async (s) => { const id = (await creato(await call(s.server, s.dtd, 'POST', '/api/sede', { body: sedeBody(unico('Sede versionata')) }))).id as number; return { id, lettura: id } },
    aggiorna: async (s, id, v) => {
      const [row] = await db(s).select({ nome: sede.nome }).from(sede).where(eq(sede.id, Number(id)))
      const body = sedeBody(row!.nome)
      return { method: 'PUT', url: `/api/sede/${id}`, body: { ...body, descrizione: `Sportello ${id}`, indirizzi: [{ ...body.indirizzi[0]!, civico: '12' }], ...conVersione(v) } }
    },
    riga: async (s, id) => db(s).select().from(sede).where(eq(sede.id, Number(id))),
  },
  {
    entita: 'profilo', chi: (s) => s.luca,
    crea: async (s) => ({ id: s.luca.userId, lettura: s.luca.userId }),
    aggiorna: (_s, _id, v) => ({
      method: 'POST', url: '/api/utente/profilo',
      body: { nome: 'Luca', cognome: 'Esposito', email: `luca.${RUN.toLowerCase()}.${++seq}@example.it`, telefono: '3331234567', prefissoTelefono: '+39', ...conVersione(v) },
    }),
    riga: async (s, id) => db(s).select().from(utente).where(eq(utente.id, Number(id))),
  },
  {
    entita: 'modello', chi: (s) => s.dtd,
    crea: async (s) => {
      const skeleton = (await call(s.server, s.dtd, 'POST', '/api/questionarioTemplate/nuovo', { body: {} })).json() as { 'survey-sections': unknown[] }
      const body = { 'survey-name': unico('Modello versionato'), 'survey-description': 'Descrizione', 'survey-sections': skeleton['survey-sections'] }
      const id = (await creato(await call(s.server, s.dtd, 'POST', '/api/questionarioTemplate', { body })))['survey-id'] as string
      return { id, lettura: id }
    },
    aggiorna: async (s, id, v) => {
      const d = (await call(s.server, s.dtd, 'POST', `/api/questionarioTemplate/${id}`, { body: {} })).json() as Record<string, unknown>
      return { method: 'PUT', url: `/api/questionarioTemplate/${id}`, body: { 'survey-name': d['survey-name'], 'survey-description': `Descrizione ${id}`, 'survey-sections': d['survey-sections'], ...conVersione(v) } }
    },
    elimina: (_s, id, v) => ({ method: 'DELETE', url: `/api/questionarioTemplate/${id}`, body: conVersione(v) }),
    riga: async (s, id) => db(s).select().from(questionarioTemplate).where(eq(questionarioTemplate.id, String(id))),
  },
  {
    entita: 'ruolo', chi: (s) => s.dtd,
    crea: async (s) => {
      const codice = (await creato(await call(s.server, s.dtd, 'POST', '/api/ruolo', { body: { nome: unico('RUOLO V'), gruppi: ['VIS.DSHB'] } }))).codice as string
      return { id: codice, lettura: codice }
    },
    aggiorna: (_s, id, v) => ({ method: 'PUT', url: `/api/ruolo/${encodeURIComponent(String(id))}`, body: { nome: String(id), gruppi: ['VIS.DSHB', 'VIS.CONF.MIN'], ...conVersione(v) } }),
    elimina: (_s, id, v) => ({ method: 'DELETE', url: `/api/ruolo/${encodeURIComponent(String(id))}`, body: conVersione(v) }),
    riga: async (s, id) => db(s).select().from(ruolo).where(eq(ruolo.codice, String(id))),
  },
  {
    entita: 'minorenni', chi: (s) => s.dtd,
    crea: async (s) => {
      const idProgramma = await nuovoProgramma(s)
      const res = await call(s.server, s.dtd, 'POST', '/api/configurazioneminorenni/salva', { body: { idProgramma, dataDecorrenza: inDays(30) } })
      return { id: `${(await creato(res)).id as number}/${idProgramma}`, lettura: idProgramma }
    },
    aggiorna: (_s, id, v) => {
      const [conf, idProgramma] = String(id).split('/').map(Number)
      return { method: 'POST', url: '/api/configurazioneminorenni/salva', body: { id: conf, idProgramma, dataDecorrenza: inDays(40), ...conVersione(v) } }
    },
    elimina: (_s, id, v) => ({ method: 'POST', url: '/api/configurazioneminorenni/elimina', body: { id: Number(String(id).split('/')[0]), ...conVersione(v) } }),
    riga: async (s, id) => db(s).select().from(configurazioneMinorenni).where(eq(configurazioneMinorenni.id, Number(String(id).split('/')[0]))),
  },
  {
    entita: 'contenuto', chi: (s) => s.reg,
    crea: async (s) => { const id = await nuovoContenuto(s); return { id, lettura: `board/${id}/${s.reg.userId}` } },
    aggiorna: async (s, id, v) => ({ method: 'POST', url: `/api/board/item/${id}/update`, body: { ...itemBody(await categoria(s), `Avviso modificato ${id}`), ...conVersione(v) } }),
    elimina: (_s, id, v) => ({ method: 'POST', url: `/api/item/${id}/delete`, body: conVersione(v) }),
    riga: async (s, id) => db(s).select().from(communityItem).where(eq(communityItem.id, Number(id))),
  },
  {
    entita: 'commento', chi: (s) => s.reg,
    crea: async (s) => {
      const item = await nuovoContenuto(s)
      const id = (await creato(await call(s.server, s.reg, 'POST', `/api/item/${item}/comment`, { body: { comment_body: 'Primo commento' } }))).id as number
      return { id, lettura: `${item}/${s.reg.userId}/${id}` }
    },
    aggiorna: (_s, id, v) => ({ method: 'POST', url: `/api/comment/${id}/update`, body: { comment_body: `Commento modificato ${id}`, ...conVersione(v) } }),
    elimina: (_s, id, v) => ({ method: 'POST', url: `/api/comment/${id}/delete`, body: conVersione(v) }),
    riga: async (s, id) => db(s).select().from(communityComment).where(eq(communityComment.id, Number(id))),
  },
]
