/**
 * 'Esporta i dati del cittadino' (issue 28 part 3; GDPR art. 15 right of access and art. 20 portability): everything the
 * platform holds about one citizen — registry data, consent records, services (date, site, body, project, programme,
 * the facilitator's role, never the facilitator's name), every survey with its answers decoded to the question texts
 * where the template is known, the erasure requests and the access register's rows about the citizen, their surveys
 * and their services — as ONE JSON document (`EsportazioneCittadino`, src/api/contract/diritti.ts).
 *
 * Bounded: the document is produced as a stream of text chunks ({@link esportaCittadino}, an async generator) and each
 * kind of row is read in keyset pages (`PAGINA` rows), so a citizen with thousands of services or register rows never
 * holds more than one page in memory. The fiscal code is not part of it: the platform keeps only its keyed hash.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm'
import type { EsportazioneCittadino } from '../../../src/api/contract/diritti'
import {
  cittadino, ente, fasciaDiEta, programma, progetto, questionarioCompilato, questionarioTemplate, registroAccessi, richiestaCancellazione, sede,
  servizio, servizioXCittadino, type SezioneTemplate,
} from '../../db/schema'
import type { Executor } from '../../db/types'
import { fromStored } from '../survey-codec'

/** Rows read per query. */
export const PAGINA = 200

type C = EsportazioneCittadino
const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** Question texts of a template, by section id then question id. */
function testiDomande(sezioni: readonly SezioneTemplate[]): Map<string, Map<string, string>> {
  return new Map(sezioni.map((s) => [s.id, new Map(Object.entries(s.schema?.properties ?? {}).map(([k, q]) => [q.id || k, q.title]))]))
}

/** Services of the citizen, one keyset page after service id `dopo`. */
async function paginaServizi(db: Executor, id: number, dopo: number): Promise<(C['servizi'][number] & { chiave: number })[]> {
  const rows = await db.select({
    idServizio: servizio.id, nome: servizio.nome, data: servizio.dataServizio, tipologia: servizio.tipologiaServizio, sede: sede.nome,
    ente: ente.nome, progetto: progetto.nome, programma: programma.nome, policy: programma.policy, aggiuntoIl: servizioXCittadino.dataOraCreazione,
  }).from(servizioXCittadino)
    .innerJoin(servizio, eq(servizio.id, servizioXCittadino.idServizio))
    .innerJoin(sede, eq(sede.id, servizio.idSede))
    .innerJoin(ente, eq(ente.id, servizio.idEnte))
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(and(eq(servizioXCittadino.idCittadino, id), gt(servizio.id, dopo)))
    .orderBy(asc(servizio.id)).limit(PAGINA)
  return rows.map((r) => ({
    chiave: r.idServizio, idServizio: r.idServizio, nome: r.nome, data: r.data, tipologia: r.tipologia, sede: r.sede, ente: r.ente,
    progetto: r.progetto, programma: r.programma, ruoloFacilitatore: r.policy === 'SCD' ? 'Volontario' : 'Facilitatore',
    aggiuntoIl: r.aggiuntoIl.toISOString(),
  }))
}

/** Surveys of the citizen, one keyset page after survey id `dopo`, answers decoded with `testi` (filled on demand). */
async function paginaQuestionari(db: Executor, id: number, dopo: string, testi: Map<string, { nome: string; domande: Map<string, Map<string, string>> }>) {
  const rows = await db.select({
    id: questionarioCompilato.id, idServizio: questionarioCompilato.idServizio, stato: questionarioCompilato.stato, sezioni: questionarioCompilato.sezioni,
    idTemplate: questionarioCompilato.idQuestionarioTemplate, aggiornatoIl: questionarioCompilato.dataOraAggiornamento,
  }).from(questionarioCompilato)
    .where(and(eq(questionarioCompilato.idCittadino, id), sql`${questionarioCompilato.id}::text > ${dopo}`))
    .orderBy(sql`${questionarioCompilato.id}::text`).limit(PAGINA)
  const mancanti = [...new Set(rows.map((r) => r.idTemplate))].filter((t) => !testi.has(t))
  if (mancanti.length > 0) {
    for (const t of await db.select({ id: questionarioTemplate.id, nome: questionarioTemplate.nome, sezioni: questionarioTemplate.sezioni })
      .from(questionarioTemplate).where(inArray(questionarioTemplate.id, mancanti))) testi.set(t.id, { nome: t.nome, domande: testiDomande(t.sezioni) })
  }
  return rows.map((r): C['questionari'][number] & { chiave: string } => {
    const t = testi.get(r.idTemplate)
    return {
      chiave: r.id, id: r.id, idServizio: r.idServizio, stato: r.stato, modello: t?.nome ?? null, aggiornatoIl: r.aggiornatoIl.toISOString(),
      sezioni: r.sezioni.map((stored) => {
        const d = fromStored(stored)
        const domande = t?.domande.get(d.id)
        return { id: d.id, titolo: d.title, risposte: Object.entries(d.properties).map(([k, valori]) => ({ idDomanda: k, domanda: domande?.get(k) ?? null, valori })) }
      }),
    }
  })
}

/** The register's rows about the citizen (by id), their surveys and their services, one keyset page after row `dopo`. */
async function paginaRegistro(db: Executor, id: number, dopo: number) {
  const about = or(
    and(eq(registroAccessi.entita, 'cittadino'), eq(registroAccessi.idEntita, String(id))),
    and(eq(registroAccessi.entita, 'servizio'), sql`${registroAccessi.idEntita} in (select id_servizio::text from servizio_x_cittadino where id_cittadino = ${id})`),
    and(eq(registroAccessi.entita, 'questionario'), sql`${registroAccessi.idEntita} in (select id::text from questionario_compilato where id_cittadino = ${id})`),
  )
  const rows = await db.select({
    id: registroAccessi.id, quando: registroAccessi.quando, ruolo: registroAccessi.codiceRuolo, entita: registroAccessi.entita,
    idEntita: registroAccessi.idEntita, azione: registroAccessi.azione, esito: registroAccessi.esito,
  }).from(registroAccessi).where(and(about, gt(registroAccessi.id, dopo))).orderBy(asc(registroAccessi.id)).limit(PAGINA)
  return rows.map((r) => ({ chiave: r.id, quando: r.quando.toISOString(), ruolo: r.ruolo, entita: r.entita, idEntita: r.idEntita, azione: r.azione, esito: r.esito }))
}

/** Emits `[item,item,…]` of every page of `leggi` (keyset on `chiave`), counting the items in `conta`. */
async function* lista<K, T extends { chiave: K }>(leggi: (dopo: K) => Promise<T[]>, inizio: K, conta: { n: number }): AsyncGenerator<string> {
  yield '['
  let dopo = inizio
  let primo = true
  for (;;) {
    const page = await leggi(dopo)
    for (const { chiave: _chiave, ...item } of page) {
      yield (primo ? '' : ',') + JSON.stringify(item)
      primo = false
      conta.n++
    }
    if (page.length < PAGINA) break
    dopo = page[page.length - 1]!.chiave
  }
  yield ']'
}

/** The citizen's row (export header), or null when it does not exist. */
async function intestazione(db: Executor, id: number): Promise<Omit<C, 'servizi' | 'questionari' | 'registroAccessi' | 'richiesteCancellazione'> | null> {
  const [c] = await db.select({ c: cittadino, fascia: fasciaDiEta.fascia }).from(cittadino).leftJoin(fasciaDiEta, eq(fasciaDiEta.id, cittadino.fasciaDiEtaId))
    .where(eq(cittadino.id, id))
  if (!c) return null
  const r = c.c
  return {
    formato: 'punto-digitale/dati-cittadino@1',
    generatoIl: new Date().toISOString(),
    cittadino: {
      id: r.id, identificativoMascherato: r.identificativoMascherato, conCodiceFiscale: r.codiceFiscaleHash !== null, tipoDocumento: r.tipoDocumento,
      genere: r.genere, fasciaDiEta: c.fascia, titoloDiStudio: r.titoloDiStudio, occupazione: r.occupazione, cittadinanza: r.cittadinanza,
      provinciaDiDomicilio: r.provinciaDiDomicilio, registratoIl: r.dataOraCreazione.toISOString(), aggiornatoIl: r.dataOraAggiornamento.toISOString(),
      anonimizzatoIl: iso(r.anonimizzatoIl),
    },
    consensi: r.tipoConferimentoConsenso ? [{ tipo: r.tipoConferimentoConsenso, data: iso(r.dataConferimentoConsenso) }] : [],
  }
}

/** What {@link esportaCittadino} counted, for the register's row (filled while the stream is read). */
export interface ConteggioEsportazione { righe: number }

/**
 * The export of citizen `id` as a stream of JSON text (module comment), or null when the citizen does not exist (the
 * caller checked its scope). `conteggio.righe` ends as the number of rows exported (services, surveys, register rows).
 */
export async function esportaCittadino(db: Executor, id: number, conteggio: ConteggioEsportazione): Promise<AsyncGenerator<string> | null> {
  const testa = await intestazione(db, id)
  if (!testa) return null
  const richieste = await db.select({ id: richiestaCancellazione.id, stato: richiestaCancellazione.stato, richiestaIl: richiestaCancellazione.richiestaIl, decisaIl: richiestaCancellazione.decisaIl })
    .from(richiestaCancellazione).where(eq(richiestaCancellazione.idCittadino, id)).orderBy(asc(richiestaCancellazione.id)).limit(PAGINA)
  async function* documento(): AsyncGenerator<string> {
    const testi = new Map<string, { nome: string; domande: Map<string, Map<string, string>> }>()
    const servizi = { n: 0 }
    const questionari = { n: 0 }
    const registro = { n: 0 }
    yield JSON.stringify(testa).slice(0, -1)
    yield ',"servizi":'
    yield* lista<number, Awaited<ReturnType<typeof paginaServizi>>[number]>((dopo) => paginaServizi(db, id, dopo), 0, servizi)
    yield ',"questionari":'
    yield* lista<string, Awaited<ReturnType<typeof paginaQuestionari>>[number]>((dopo) => paginaQuestionari(db, id, dopo, testi), '', questionari)
    yield `,"richiesteCancellazione":${JSON.stringify(richieste.map((r) => ({ id: r.id, stato: r.stato, richiestaIl: r.richiestaIl.toISOString(), decisaIl: iso(r.decisaIl) })))}`
    yield ',"registroAccessi":'
    yield* lista<number, Awaited<ReturnType<typeof paginaRegistro>>[number]>((dopo) => paginaRegistro(db, id, dopo), 0, registro)
    yield '}'
    conteggio.righe = servizi.n + questionari.n + registro.n
  }
  return documento()
}
