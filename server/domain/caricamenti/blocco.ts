/**
 * The fast path of a mass upload (issue 10 point 5; platform-backend §8.2): a chunk of valid rows
 * (typically 500) applied in ONE transaction with set-based reads and multi-row writes, instead of one
 * transaction of ~16 round trips per row (applica.ts, which stays the reference and the fallback).
 *
 * The same rules as the forms, checked for the whole chunk from a few queries:
 * - the facilitator (IDFacilitatore) must be registered and serve the site IDSede for the upload's body
 *   and project (C01), the date must lie within the project (A06), the programme needs an ATTIVO
 *   template (S04), the minors rule of platform-backend §9 (U25, U26), a citizen already on the service
 *   is refused (U23); the reasons are the words of `motivo` (applica.ts), exactly as the row path says them;
 * - a service identical to one already registered (the S10 match: facilitator, site, date, duration,
 *   types, name and Q3 answers 26–28) is reused, new ones are created once per chunk; the per-job cache
 *   of services (`StatoBlocchi.servizi`) is bounded (`MAX_SERVIZI_IN_CACHE`, then read again);
 * - new citizens are inserted with random ids (drawn again on a clash), their instance gets Q1 from the
 *   citizen, Q2 'first service', Q3 of the service and, when the row has experience answers, Q4 with the
 *   state COMPILATA — what `addCittadino` + `compilaQuestionario` write for the same bodies.
 * Rows the fast path does not handle — a citizen already registered outside the facilitator's scope or
 * without a mask, or a citizen met twice in the chunk — are returned as `residue`: the caller applies
 * them afterwards one by one through applica.ts (same outcome, same order guarantee per citizen).
 * Every row's outcome (`registro_attivita_riga`) is written in the chunk's transaction: a chunk is
 * applied whole or not at all, and skips the rows already recorded (a retry); when the transaction fails
 * the caller falls back to the row path, so a bad row still fails alone.
 * No row-value IN lists (`(a, b) in ((…), …)`): PostgreSQL parses one into an OR tree as deep as the list
 * is long, and at a few hundred tuples that overflows PGlite's WebAssembly stack — the statement silently
 * answers nothing and the next one aborts the engine (`RuntimeError: Aborted()`, issue 24 point 2); the
 * tuples travel as one jsonb parameter joined as a table instead.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { cittadino, servizio, servizioXCittadino, STATO, type SezioneCompilata } from '../../db/schema'
import type { Database } from '../../db/types'
import { ApiError, badRequest, notFound } from '../../errors'
import { buildQ1, buildQ2, dropEmpty, Q2_FIRST_SERVICE } from '../questionari/istanza'
import { parseQ4 } from '../questionari/istanze'
import { decodeQ3 } from '../servizi'
import { rowsOf } from '../liste/engine'
import { citizensInScope } from '../ambito'
import { toStored, type DecodedSection } from '../survey-codec'
import { callerOf, motivo, righeRegistrate, type ContestoJob } from './applica'
import { caricaFacilitatori, caricaProgetto, caricaServizi, chiaveServizio, improntaQ3, type Facilitatore, type StatoBlocchi, type VoceBlocco } from './blocco-cache'
import { identitaDi, inserisci, inserisciCittadini, type CittadinoRow, type Identita } from './blocco-scritture'

export { dimenticaServizi, MAX_SERVIZI_IN_CACHE, nuovoStatoBlocchi, type StatoBlocchi, type VoceBlocco } from './blocco-cache'

/** Result of a chunk: rows recorded (accepted or rejected) by it, and the rows left to the row path. */
export interface EsitoBlocco { caricate: number; scartate: number; residue: VoceBlocco[] }

class Rifiuto extends Error {}

/** A row ready to write (after the in-memory checks). */
interface Piano {
  voce: VoceBlocco
  fac: Facilitatore
  chiave: string
  digest: string
  q3: SezioneCompilata
  tipologia: string
  /** the service: existing id, or the index of a new service of the chunk */
  servizio: { id: number } | { nuovo: number }
  identita: Identita
  esistente: CittadinoRow | null
  q4: DecodedSection | null
}

/**
 * Applies a chunk of valid rows (see the module comment) and records their outcomes; throws on an
 * unexpected error (the transaction is rolled back: the caller falls back to the row path).
 */
export async function applicaBlocco(db: Database, ctx: ContestoJob, tutte: VoceBlocco[], stato: StatoBlocchi): Promise<EsitoBlocco> {
  return db.transaction(async (tx) => {
    if (ctx.asyncCommit) await tx.execute(sql`set local synchronous_commit = off`)
    // rows already recorded (a retried chunk whose first try committed) are not applied again
    const registrate = await righeRegistrate(tx, ctx.idRegistro, tutte.map((v) => v.numero))
    const voci = registrate.size === 0 ? tutte : tutte.filter((v) => !registrate.has(v.numero))
    const p = await caricaProgetto(tx, ctx, stato)
    await caricaFacilitatori(tx, ctx, voci, stato)
    const scartate: { numero: number; note: string; valori: Record<string, string> }[] = []
    const residue: VoceBlocco[] = []
    const pronte: Omit<Piano, 'servizio' | 'esistente'>[] = []
    const chiavi = new Map<string, [number, number, string, string, string, string]>()
    const identitaViste = new Set<string>()

    // 1. in-memory checks, in the order of the row path (createServizio, addCittadino, compilaQuestionario)
    for (const voce of voci) {
      const { riga } = voce
      const body = riga.servizio
      try {
        const fac = stato.facilitatori.get(riga.cfFacilitatore)
        if (!fac) throw new Rifiuto('il facilitatore (IDFacilitatore) non è registrato sulla piattaforma')
        if (!stato.sedi.get(fac.userId)?.has(body.idSedeServizio)) throw notFound('C01')
        if (!p.found) throw notFound('C01')
        if (body.data < p.inizio || body.data > p.fine) throw badRequest('A06')
        const q3 = decodeQ3(body.sezioneQuestionarioCompilatoQ3)
        if (!p.templateId) throw new ApiError(409, 'S04')
        const identita = identitaDi(riga, ctx.citizenHashSecret)
        const idKey = identita.cfHash ?? `${identita.tipoDocumento}\u0001${identita.docHash}`
        if (identitaViste.has(idKey)) {
          residue.push(voce)
          continue
        }
        identitaViste.add(idKey)
        const q4 = riga.questionario ? parseQ4(riga.questionario.sezioneQ4Questionario) : null
        const tipologia = body.tipoDiServizioPrenotato.join(', ')
        const chiave = chiaveServizio(fac.userId, body.idSedeServizio, body.data, body.durataServizio, tipologia, body.nomeServizio)
        chiavi.set(chiave, [fac.userId, body.idSedeServizio, body.data, body.durataServizio, tipologia, body.nomeServizio])
        pronte.push({ voce, fac, chiave, digest: improntaQ3(q3), q3: toStored(q3), tipologia, identita, q4 })
      } catch (err) {
        if (err instanceof Rifiuto) scartate.push({ numero: voce.numero, note: err.message, valori: voce.valori })
        else if (err instanceof ApiError && err.status < 500) scartate.push({ numero: voce.numero, note: motivo(err), valori: voce.valori })
        else throw err
      }
    }

    // 2. set-based reads: services under the rows' keys, citizens by identity, their links and scope
    await caricaServizi(tx, ctx, chiavi, stato)
    const cfHashes = pronte.flatMap((r) => (r.identita.cfHash ? [r.identita.cfHash] : []))
    const docHashes = pronte.flatMap((r) => (r.identita.docHash ? [r.identita.docHash] : []))
    const trovati = cfHashes.length + docHashes.length === 0 ? [] : await tx.select().from(cittadino).where(sql`${cfHashes.length > 0 ? inArray(cittadino.codiceFiscaleHash, cfHashes) : sql`false`} or ${docHashes.length > 0 ? inArray(cittadino.numeroDocumentoHash, docHashes) : sql`false`}`)
    const perCf = new Map(trovati.filter((c) => c.codiceFiscaleHash).map((c) => [c.codiceFiscaleHash as string, c]))
    const perDoc = new Map(trovati.filter((c) => c.numeroDocumentoHash).map((c) => [`${c.tipoDocumento}\u0001${c.numeroDocumentoHash}`, c]))
    const esistenteDi = (r: (typeof pronte)[number]) => (r.identita.cfHash ? perCf.get(r.identita.cfHash) : perDoc.get(`${r.identita.tipoDocumento}\u0001${r.identita.docHash}`)) ?? null
    // scope of the citizens found, per facilitator (citizensInScope of each facilitator's caller)
    const inScope = new Set<string>()
    const perFac = new Map<number, { fac: Facilitatore; ids: number[] }>()
    for (const r of pronte) {
      const c = esistenteDi(r)
      if (!c) continue
      const entry = perFac.get(r.fac.userId) ?? { fac: r.fac, ids: [] }
      entry.ids.push(c.id)
      perFac.set(r.fac.userId, entry)
    }
    for (const { fac, ids } of perFac.values()) {
      for (const id of await citizensInScope(tx, callerOf(fac, ctx), ids)) inScope.add(`${fac.userId}:${id}`)
    }

    const piani: Piano[] = []
    const nuoviServizi: { chiave: string; digest: string; r: (typeof pronte)[number] }[] = []
    const nuoviPerChiave = new Map<string, number>()
    for (const r of pronte) {
      const { voce } = r
      try {
        const esistente = esistenteDi(r)
        if (esistente && (!inScope.has(`${r.fac.userId}:${esistente.id}`) || esistente.identificativoMascherato === null)) {
          residue.push(voce)
          continue
        }
        const derivato = voce.riga.derivato
        const age = r.identita.cfHash && derivato ? derivato.age : null
        const band = age !== null ? null : esistente ? esistente.fasciaDiEtaId : r.identita.fascia
        const minor = age !== null ? age < 18 : band === 5
        if (minor && !p.minori) throw badRequest('U25')
        if (minor && age !== null && age < 14) throw badRequest('U26')
        const known = stato.servizi.get(r.chiave)?.get(r.digest)
        let target: Piano['servizio']
        if (known !== undefined) target = { id: known }
        else {
          const k = `${r.chiave}\u0002${r.digest}`
          let index = nuoviPerChiave.get(k)
          if (index === undefined) {
            index = nuoviServizi.length
            nuoviServizi.push({ chiave: r.chiave, digest: r.digest, r })
            nuoviPerChiave.set(k, index)
          }
          target = { nuovo: index }
        }
        piani.push({ ...r, servizio: target, esistente })
      } catch (err) {
        if (err instanceof ApiError && err.status < 500) scartate.push({ numero: voce.numero, note: motivo(err), valori: voce.valori })
        else throw err
      }
    }

    // a known citizen already on a service it is added to again: U23
    const coppie = piani.filter((x) => x.esistente && 'id' in x.servizio)
    if (coppie.length > 0) {
      // one jsonb parameter joined as a table, not a row-value IN list (see caricaServizi)
      const coppieJson = JSON.stringify(coppie.map((x) => ({ c: x.esistente!.id, s: (x.servizio as { id: number }).id })))
      const links = (await rowsOf(tx, sql`select sc.id_cittadino as c, sc.id_servizio as s from ${servizioXCittadino} sc
        join jsonb_to_recordset(${coppieJson}::jsonb) as k(c bigint, s int) on sc.id_cittadino = k.c and sc.id_servizio = k.s`))
        .map((l) => ({ c: Number(l.c), s: Number(l.s) }))
      const linked = new Set(links.map((l) => `${l.c}:${l.s}`))
      for (let i = piani.length - 1; i >= 0; i--) {
        const x = piani[i]!
        if (x.esistente && 'id' in x.servizio && linked.has(`${x.esistente.id}:${x.servizio.id}`)) {
          scartate.push({ numero: x.voce.numero, note: motivo(new ApiError(409, 'U23')), valori: x.voce.valori })
          piani.splice(i, 1)
        }
      }
    }

    // 3. writes: new services (ids drawn first), their types, new citizens, links, instances, outcomes
    const idNuovi = nuoviServizi.length === 0 ? [] : (await rowsOf(tx,
      sql`select nextval(pg_get_serial_sequence('servizio', 'id'))::int as id from generate_series(1, ${nuoviServizi.length}::int)`)).map((r) => Number(r.id))
    if (nuoviServizi.length > 0) {
      await inserisci(tx, 'servizio', ['id int', 'nome text', 'data_servizio date', 'durata_servizio text', 'tipologia_servizio text', 'stato text',
        'id_ente int', 'id_sede int', 'id_progetto int', 'id_facilitatore int', 'sezione_q3_compilato jsonb', 'id_questionario_template_snapshot uuid',
        'cod_inserimento text'], nuoviServizi.map(({ r }, i) => ({
        id: idNuovi[i]!, nome: r.voce.riga.servizio.nomeServizio, data_servizio: r.voce.riga.servizio.data, durata_servizio: r.voce.riga.servizio.durataServizio,
        tipologia_servizio: r.tipologia, stato: STATO.ATTIVO, id_ente: ctx.idEnte, id_sede: r.voce.riga.servizio.idSedeServizio, id_progetto: ctx.idProgetto,
        id_facilitatore: r.fac.userId, sezione_q3_compilato: r.q3, id_questionario_template_snapshot: p.templateId, cod_inserimento: ctx.codInserimento,
      })))
      await inserisci(tx, 'tipologia_servizio', ['titolo text', 'id_servizio int'],
        nuoviServizi.flatMap(({ r }, i) => r.voce.riga.servizio.tipoDiServizioPrenotato.map((titolo) => ({ titolo, id_servizio: idNuovi[i]! }))))
      nuoviServizi.forEach(({ chiave, digest }, i) => {
        const digests = stato.servizi.get(chiave) ?? new Map<string, number>()
        digests.set(digest, idNuovi[i]!)
        stato.servizi.set(chiave, digests)
        stato.conteggio++
      })
    }
    const idServizio = (x: Piano) => ('id' in x.servizio ? x.servizio.id : idNuovi[x.servizio.nuovo]!)
    // existing services that now get a citizen: NON ATTIVO → ATTIVO (activateServizio)
    const riusati = [...new Set(piani.flatMap((x) => ('id' in x.servizio ? [x.servizio.id] : [])))]
    if (riusati.length > 0) {
      await tx.update(servizio).set({ stato: STATO.ATTIVO, dataOraAggiornamento: new Date() })
        .where(and(inArray(servizio.id, riusati), eq(servizio.stato, STATO.NON_ATTIVO)))
    }
    const citizens = await inserisciCittadini(tx, ctx, piani.filter((x) => !x.esistente))
    const cittadinoDi = (x: Piano) => x.esistente ?? citizens.get(x)!
    if (piani.length > 0) {
      await inserisci(tx, 'servizio_x_cittadino', ['id_cittadino bigint', 'id_servizio int', 'cod_inserimento text'],
        piani.map((x) => ({ id_cittadino: cittadinoDi(x).id, id_servizio: idServizio(x), cod_inserimento: ctx.codInserimento })))
      const istanze: Record<string, unknown>[] = []
      for (const x of piani) {
        const c = cittadinoDi(x)
        const q2 = x.esistente ? await buildQ2(tx, c.id, idServizio(x), callerOf(x.fac, ctx)) : Q2_FIRST_SERVICE
        const sezioni: SezioneCompilata[] = [toStored(dropEmpty(buildQ1(c))), toStored(q2), x.q3]
        if (x.q4) sezioni.push(toStored(x.q4))
        istanze.push({
          id: randomUUID(), id_questionario_template: p.templateId, id_cittadino: c.id, id_facilitatore: x.fac.userId, id_sede: x.voce.riga.servizio.idSedeServizio,
          id_ente: ctx.idEnte, id_progetto: ctx.idProgetto, id_servizio: idServizio(x), cod_inserimento: ctx.codInserimento,
          stato: x.q4 ? 'COMPILATA' : 'NON_COMPILATA', sezioni,
        })
      }
      await inserisci(tx, 'questionario_compilato', ['id uuid', 'id_questionario_template uuid', 'id_cittadino bigint', 'id_facilitatore int', 'id_sede int',
        'id_ente int', 'id_progetto int', 'id_servizio int', 'cod_inserimento text', 'stato text', 'sezioni jsonb'], istanze)
    }
    await inserisci(tx, 'registro_attivita_riga', ['id_registro_attivita int', 'numero_riga int', 'esito text', 'note text', 'id_servizio int',
      'servizio_nuovo boolean', 'questionario_compilato boolean', 'valori jsonb'], [
      ...piani.map((x) => ({
        id_registro_attivita: ctx.idRegistro, numero_riga: x.voce.numero, esito: 'CARICATA', id_servizio: idServizio(x),
        servizio_nuovo: 'nuovo' in x.servizio && nuoviServizi[x.servizio.nuovo]!.r.voce === x.voce, questionario_compilato: x.q4 !== null,
      })),
      ...scartate.map((r) => ({
        id_registro_attivita: ctx.idRegistro, numero_riga: r.numero, esito: 'SCARTATA', note: r.note, servizio_nuovo: false, questionario_compilato: false, valori: r.valori,
      })),
    ])
    return { caricate: piani.length, scartate: scartate.length, residue }
  })
}
