/**
 * Field writes: each stores the local copy and its outbox entry in one device transaction (ARCHITECTURE.md
 * outbox point 1) with the current role context, and resolves once saved (not once sent).
 * Errors: `CampoInputError` (Italian message, nothing stored), `StorageFullError` (device full),
 * `NoUserDbError` (nobody logged in).
 *
 * Dependencies: a write on a service whose creation (or last edit) is still unsent depends on that entry;
 * a survey compilation depends on its citizen's unsent addition; the handlers take the server ids from
 * the parents' results (handlers.ts). An edit of a write the server has surely not applied (never sent,
 * or refused) rewrites that entry instead of queueing another one.
 * Local status rules: a service is ATTIVO from its first citizen, a survey NON_COMPILATA at the addition
 * and COMPILATA once compiled (applied when reading, see local.ts).
 */
import type { AggiungiCittadinoBody } from '../../api/contract/cittadino'
import type { ConsensoTrattamentoDati } from '../../api/contract/questionario'
import {
  cacheGet, discardEntry, enqueue, EntryNotEditableError, getConnectivity, OPEN_STATUSES, roleContextFromSession, updateEntryPayload,
  type LocalRecord, type OfflineDb, type OutboxEntry, type RoleContext,
} from '../../offline'
import { formatDisplayDate, toWireDate } from '../../lib/dates'
import { deriveFromFiscalCode } from '../../lib/fiscal-code'
import { maskDocumentNumber, maskFiscalCode, shortMask } from '../../lib/masked-identity'
import { applicaCorrezioni, erroreCorrezioni, haCorrezioni, REGOLE_CORREZIONE, type CorrezioniCittadino } from '../../lib/q1-corrections'
import { controllaSezioniAggiuntive } from '../../lib/survey-extra-sections'
import { buildQ1Section, buildQ2Section, CF_NON_PRESENTE, conConsenso, haConsenso } from '../../lib/survey-instance'
import { answersOf, decodeSection, encodeSection, sectionHeader, type DecodedSection } from '../../lib/survey-sections'
import { CampoInputError, isFieldRole, MESSAGGI, newIdLocale } from './common'
import {
  KIND, type CittadinoAggiungiPayload, type QuestionarioCompilaPayload, type ServizioCreaPayload, type ServizioEliminaPayload,
  type ServizioModificaPayload, type ServizioWire,
} from './handlers'
import { db, findRecord, openEntriesOf, toCittadinoLocale, toServizioLocale } from './local'
import { riferimentiKey, type CittadinoDati, type QuestionarioDati, type ServizioDati } from './records'
import type { CampoRiferimenti, CittadinoInput, CittadinoServizioLocale, ServizioInput, ServizioLocale } from './types'
import { validaConsenso, validaQ4, validaServizio, verificaEta, type ServizioValidato } from './validation'

/** A field role context with its project and body (FAC/VOL). */
type FieldRole = RoleContext & { idProgetto: number; idEnte: number }

function fieldRole(): FieldRole {
  const r = roleContextFromSession()
  if (!r || !isFieldRole(r.codiceRuolo) || r.idProgetto === null || r.idEnte === null) throw new CampoInputError(MESSAGGI.profilo)
  return r as FieldRole
}

async function riferimenti(r: RoleContext): Promise<CampoRiferimenti | undefined> {
  return (await cacheGet<CampoRiferimenti>(riferimentiKey(r)))?.value
}

/** ' RSS…90…': the citizen's masked identity as the citizens table reads it aloud (its short form); '' without one. */
const mascherato = (mask: string | null | undefined) => (mask ? ` ${shortMask(mask)}` : '')

/**
 * Labels of the sync centre. A citizen's entries name the citizen by the masked identity (issue 24 point 12):
 * two citizens added to one service read apart ('Cittadino RSS…90… aggiunto a «Corso SPID»').
 */
export const etichette = {
  crea: (nome: string, data: string) => `Servizio «${nome}» del ${formatDisplayDate(data)}`,
  modifica: (nome: string) => `Modifica del servizio «${nome}»`,
  elimina: (nome: string) => `Eliminazione del servizio «${nome}»`,
  cittadino: (nome: string, mask: string | null | undefined) => `Cittadino${mascherato(mask)} aggiunto a «${nome}»`,
  questionario: (nome: string, mask: string | null | undefined) => (mask
    ? `Questionario del cittadino${mascherato(mask)} compilato — «${nome}»`
    : `Questionario compilato — «${nome}»`),
}

/** True when an entry may still be rewritten: not in flight, and the server surely has not applied it. */
function rewritable(e: OutboxEntry): boolean {
  if (e.status === 'sending' || e.status === 'done') return false
  const s = e.lastError?.status
  return e.attempts === 0 || (typeof s === 'number' && s >= 400 && s < 500)
}

/** Rewrites an entry's payload; false when the library refuses (it went in flight meanwhile). */
async function tryRewrite<P>(e: OutboxEntry, payload: P, recordData: unknown, label: string): Promise<boolean> {
  try {
    await updateEntryPayload(e.id, payload, { recordData, label })
    return true
  } catch (err) {
    if (err instanceof EntryNotEditableError) return false
    throw err
  }
}

function servizioWire(idLocale: string | null, v: ServizioValidato, idEnte: number): ServizioWire {
  return {
    ...(idLocale ? { idLocale } : {}),
    nomeServizio: v.nome,
    idEnteServizio: idEnte,
    idSedeServizio: v.idSede,
    data: v.data,
    durataServizio: v.durataServizio,
    tipoDiServizioPrenotato: v.tipologiaServizio,
    sezioneQuestionarioCompilatoQ3: v.sezioneQ3,
  }
}

async function servizioDelProfilo(d: OfflineDb, r: FieldRole, id: string): Promise<LocalRecord<ServizioDati>> {
  const rec = await findRecord<ServizioDati>(d, 'servizio', id)
  if (!rec || rec.data.eliminato) throw new CampoInputError(MESSAGGI.servizioNonTrovato)
  if (rec.data.idProgetto !== r.idProgetto || rec.data.idEnte !== r.idEnte) throw new CampoInputError(MESSAGGI.altroProfilo)
  return rec
}

/** The last open create/edit entry of a service (what a write on it must wait for), if any. */
async function ultimaScritturaServizio(d: OfflineDb, idLocale: string): Promise<OutboxEntry | undefined> {
  const open = await openEntriesOf(d, 'servizio', idLocale)
  return open.filter((e) => e.kind === KIND.servizioCrea || e.kind === KIND.servizioModifica).at(-1)
}

async function haCittadini(d: OfflineDb, idServizioLocale: string): Promise<boolean> {
  const rows = await d.records.where('tipo').equals('cittadino-servizio').toArray()
  return rows.some((c) => (c.data as CittadinoDati).idServizioLocale === idServizioLocale)
}

/** 'Crea servizio': a new service (NON ATTIVO) with its Q3 section; kind 'servizio.crea'. */
export async function creaServizio(input: ServizioInput): Promise<ServizioLocale> {
  const r = fieldRole()
  const rif = await riferimenti(r)
  if (rif && rif.template === null) throw new CampoInputError(MESSAGGI.senzaQuestionario)
  const v = validaServizio(input, rif)
  const idLocale = newIdLocale()
  const data: ServizioDati = {
    idLocale, idServer: null, nome: v.nome, data: v.data, durataServizio: v.durataServizio, tipologiaServizio: v.tipologiaServizio,
    idEnte: r.idEnte, idProgetto: r.idProgetto, idSede: v.idSede, nomeSede: v.nomeSede, stato: 'NON ATTIVO', sezioneQ3Questionario: v.sezioneQ3,
    idQuestionarioTemplateSnapshot: rif?.template?.idQuestionarioTemplate ?? '', dataOraAggiornamento: new Date().toISOString(),
  }
  await enqueue<ServizioCreaPayload, ServizioDati>({
    kind: KIND.servizioCrea,
    payload: { idLocale, servizio: servizioWire(idLocale, v, r.idEnte) },
    roleContext: r,
    record: { tipo: 'servizio', idLocale, data },
    label: etichette.crea(v.nome, v.data),
  })
  return toServizioLocale({ tipo: 'servizio', idLocale, data, syncState: 'locale', updatedAt: Date.now() }, false)
}

/** 'Modifica servizio' of a service by `idLocale` (or server id); kind 'servizio.modifica' (depends on its creation if unsent). */
export async function modificaServizio(idLocale: string, input: ServizioInput): Promise<ServizioLocale> {
  const r = fieldRole()
  const d = db()
  const rec = await servizioDelProfilo(d, r, idLocale)
  const rif = await riferimenti(r)
  const v = validaServizio(input, rif)
  const data: ServizioDati = {
    ...rec.data, nome: v.nome, data: v.data, durataServizio: v.durataServizio, tipologiaServizio: v.tipologiaServizio, idSede: v.idSede,
    nomeSede: v.nomeSede || (v.idSede === rec.data.idSede ? rec.data.nomeSede : ''), sezioneQ3Questionario: v.sezioneQ3,
    dataOraAggiornamento: new Date().toISOString(),
  }
  const open = (await openEntriesOf(d, 'servizio', rec.idLocale)).filter((e) => e.kind === KIND.servizioCrea || e.kind === KIND.servizioModifica)
  const last = open.at(-1)
  // entries not applied by the server take the new content (the creation keeps its idLocale)
  let lastRewritten = false
  for (const e of open) {
    if (!rewritable(e)) continue
    const ok = e.kind === KIND.servizioCrea
      ? await tryRewrite<ServizioCreaPayload>(e, { idLocale: rec.idLocale, servizio: servizioWire(rec.idLocale, v, r.idEnte) }, data, etichette.crea(v.nome, v.data))
      : await tryRewrite<ServizioModificaPayload>(e, { ...(e.payload as ServizioModificaPayload), servizio: servizioWire(null, v, r.idEnte) }, data, etichette.modifica(v.nome))
    if (ok && e === last) lastRewritten = true
  }
  if (!lastRewritten) {
    const crea = open.find((e) => e.kind === KIND.servizioCrea)
    const idServer = typeof rec.idServer === 'number' ? rec.idServer : rec.data.idServer
    await enqueue<ServizioModificaPayload, ServizioDati>({
      kind: KIND.servizioModifica,
      payload: { idLocale: rec.idLocale, idServizio: idServer ?? null, servizio: servizioWire(null, v, r.idEnte) },
      roleContext: r,
      dependsOn: [crea?.id, last?.id].filter((x): x is string => x !== undefined),
      record: { tipo: 'servizio', idLocale: rec.idLocale, data, ...(idServer ? { idServer } : {}) },
      label: etichette.modifica(v.nome),
    })
  }
  const saved = await d.records.get(['servizio', rec.idLocale])
  return toServizioLocale((saved ?? { ...rec, data }) as LocalRecord<ServizioDati>, false)
}

/**
 * Deletes a NON ATTIVO service (S07 message once it has citizens). When its creation surely never reached
 * the server (never sent, or refused), the service is dropped on the device: every open entry of it is
 * discarded and the local copy removed. Otherwise (confirmed, in flight, or perhaps applied) a
 * 'servizio.elimina' entry is queued after its last write, and the service is hidden meanwhile.
 */
export async function eliminaServizio(idLocale: string): Promise<void> {
  const r = fieldRole()
  const d = db()
  const rec = await servizioDelProfilo(d, r, idLocale)
  if (rec.data.stato === 'ATTIVO' || (await haCittadini(d, rec.idLocale))) throw new CampoInputError(MESSAGGI.servizioAttivo)
  const open = await openEntriesOf(d, 'servizio', rec.idLocale)
  const crea = open.find((e) => e.kind === KIND.servizioCrea)
  if (crea && rewritable(crea) && open.every((e) => e.status !== 'sending')) {
    try {
      // dependents first, so none is parked in between
      for (const e of [...open].reverse()) await discardEntry(e.id, { confirmed: true })
      await d.records.delete(['servizio', rec.idLocale])
      return
    } catch (err) {
      if (!(err instanceof EntryNotEditableError)) throw err
      // an entry went in flight meanwhile: fall back to a deletion on the server
    }
  }
  const last = await ultimaScritturaServizio(d, rec.idLocale)
  const stillCrea = (await openEntriesOf(d, 'servizio', rec.idLocale)).find((e) => e.kind === KIND.servizioCrea)
  const idServer = typeof rec.idServer === 'number' ? rec.idServer : rec.data.idServer
  await enqueue<ServizioEliminaPayload, ServizioDati>({
    kind: KIND.servizioElimina,
    payload: { idLocale: rec.idLocale, idServizio: idServer ?? null },
    roleContext: r,
    dependsOn: [stillCrea?.id, last?.id].filter((x): x is string => x !== undefined),
    record: { tipo: 'servizio', idLocale: rec.idLocale, data: { ...rec.data, eliminato: true }, ...(idServer ? { idServer } : {}) },
    label: etichette.elimina(rec.data.nome),
  })
}

const NUMERO_DOCUMENTO = /^[A-Z0-9_.-]{5,10}$/
const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== ''

interface Identificato {
  identificazione: CittadinoServizioLocale['identificazione']
  body: Omit<AggiungiCittadinoBody, 'idProgramma' | 'idProgetto' | 'idEnte' | 'nuovoCittadino'>
  genere: string | null
  fasciaDiEtaId: number | null
  tipoDocumento: string | null
  conCodiceFiscale: boolean
}

/**
 * Checks the citizen's identification and data (see the module comment of validation.ts). An existing
 * citizen picked from the search (`idCittadino`) travels with the identity typed at the desk — fiscal
 * code, or document type and number — which the server matches through its keyed hash (security issue
 * 6: no citizen is attached by id alone); its data go along when given (the server uses them only for a
 * citizen outside the facilitator's scope).
 */
async function identifica(input: CittadinoInput, rif: CampoRiferimenti | undefined, oggi: Date): Promise<Identificato> {
  const demografia = {
    ...(present(input.titoloDiStudio) ? { titoloDiStudio: input.titoloDiStudio } : {}),
    ...(present(input.occupazione) ? { occupazione: input.occupazione } : {}),
    ...(present(input.provinciaDiDomicilio) ? { provinciaDiDomicilio: input.provinciaDiDomicilio.trim() } : {}),
    ...(present(input.cittadinanza) ? { cittadinanza: input.cittadinanza } : {}),
  } as Identificato['body']
  const minori = rif ? rif.configurazioneMinorenni : undefined
  const wireOggi = toWireDate(oggi)
  if (typeof input.idCittadino === 'number' && input.idCittadino > 0) {
    const idCittadino = input.idCittadino
    if (present(input.codiceFiscale)) {
      const derived = await deriveFromFiscalCode(input.codiceFiscale, oggi)
      if (!derived) throw new CampoInputError(MESSAGGI.codiceFiscale)
      verificaEta(derived.age, derived.fasciaDiEtaId, minori, wireOggi)
      return {
        identificazione: 'ESISTENTE', body: { idCittadino, codiceFiscale: derived.codiceFiscale, codiceFiscaleNonDisponibile: false, ...demografia },
        genere: derived.gender, fasciaDiEtaId: derived.fasciaDiEtaId, tipoDocumento: null, conCodiceFiscale: true,
      }
    }
    if (present(input.tipoDocumento) && present(input.numeroDocumento)) {
      const numero = input.numeroDocumento.trim().toUpperCase()
      if (!NUMERO_DOCUMENTO.test(numero)) throw new CampoInputError(MESSAGGI.numeroDocumento)
      verificaEta(null, input.fasciaDiEtaId, minori, wireOggi)
      return {
        identificazione: 'ESISTENTE',
        body: {
          idCittadino, codiceFiscaleNonDisponibile: true, tipoDocumento: input.tipoDocumento as AggiungiCittadinoBody['tipoDocumento'], numeroDocumento: numero,
          ...(present(input.genere) ? { genere: input.genere as AggiungiCittadinoBody['genere'] } : {}),
          ...(typeof input.fasciaDiEtaId === 'number' ? { fasciaDiEtaId: input.fasciaDiEtaId } : {}),
          ...demografia,
        },
        genere: input.genere ?? null, fasciaDiEtaId: input.fasciaDiEtaId ?? null, tipoDocumento: input.tipoDocumento, conCodiceFiscale: false,
      }
    }
    throw new CampoInputError(MESSAGGI.identitaEsistente)
  }
  const completa = present(input.titoloDiStudio) && present(input.occupazione) && present(input.provinciaDiDomicilio) && present(input.cittadinanza)
  if (present(input.codiceFiscale)) {
    const derived = await deriveFromFiscalCode(input.codiceFiscale, oggi)
    if (!derived) throw new CampoInputError(MESSAGGI.codiceFiscale)
    verificaEta(derived.age, derived.fasciaDiEtaId, minori, wireOggi)
    if (!completa) throw new CampoInputError(MESSAGGI.datiCittadino)
    return {
      identificazione: 'CF', body: { codiceFiscale: derived.codiceFiscale, codiceFiscaleNonDisponibile: false, ...demografia },
      genere: derived.gender, fasciaDiEtaId: derived.fasciaDiEtaId, tipoDocumento: null, conCodiceFiscale: true,
    }
  }
  if (present(input.tipoDocumento) && present(input.numeroDocumento)) {
    const numero = input.numeroDocumento.trim().toUpperCase()
    if (!NUMERO_DOCUMENTO.test(numero)) throw new CampoInputError(MESSAGGI.numeroDocumento)
    if (typeof input.fasciaDiEtaId !== 'number') throw new CampoInputError(MESSAGGI.fasciaDiEta)
    verificaEta(null, input.fasciaDiEtaId, minori, wireOggi)
    if (!completa) throw new CampoInputError(MESSAGGI.datiCittadino)
    const genere = present(input.genere) ? input.genere : 'Preferisco non rispondere'
    return {
      identificazione: 'NUM_DOC',
      body: {
        codiceFiscaleNonDisponibile: true, tipoDocumento: input.tipoDocumento as AggiungiCittadinoBody['tipoDocumento'], numeroDocumento: numero,
        genere: genere as AggiungiCittadinoBody['genere'], fasciaDiEtaId: input.fasciaDiEtaId, ...demografia,
      },
      genere, fasciaDiEtaId: input.fasciaDiEtaId, tipoDocumento: input.tipoDocumento, conCodiceFiscale: false,
    }
  }
  throw new CampoInputError(MESSAGGI.identificazione)
}

/** The types of the citizen's most recent other service on the device (Q2), null when none is known. */
async function altroServizio(d: OfflineDb, idCittadino: number | null, idServizioLocale: string): Promise<string[] | null> {
  if (idCittadino === null) return null
  const additions = (await d.records.where('tipo').equals('cittadino-servizio').toArray())
    .map((c) => c.data as CittadinoDati)
    .filter((c) => c.idCittadino === idCittadino && c.idServizioLocale !== idServizioLocale)
  let best: ServizioDati | null = null
  for (const a of additions) {
    const s = (await d.records.get(['servizio', a.idServizioLocale]))?.data as ServizioDati | undefined
    if (s && (!best || s.data > best.data || (s.data === best.data && (s.idServer ?? 0) > (best.idServer ?? 0)))) best = s
  }
  return best ? best.tipologiaServizio : null
}

/**
 * 'Aggiungi cittadino al servizio': kind 'cittadino.aggiungi' (depends on the service's creation or last
 * edit if unsent). Sent with `nuovoCittadino: false` (reuse or create) unless the device is online and the
 * form's search found nobody (`input.nuovoCittadino`). The fiscal code / document number go only into the
 * outbox payload; the local copy gets Q1 (no identifier), Q2 and the service's Q3.
 */
export async function aggiungiCittadino(idServizioLocale: string, input: CittadinoInput): Promise<CittadinoServizioLocale> {
  const r = fieldRole()
  const d = db()
  const svc = await servizioDelProfilo(d, r, idServizioLocale)
  const rif = await riferimenti(r)
  const now = new Date()
  const who = await identifica(input, rif, now)
  const idCittadino = who.body.idCittadino ?? null
  if (idCittadino !== null) {
    const siblings = (await d.records.where('tipo').equals('cittadino-servizio').toArray()).map((c) => c.data as CittadinoDati)
    if (siblings.some((c) => c.idServizioLocale === svc.idLocale && c.idCittadino === idCittadino)) throw new CampoInputError(MESSAGGI.giaAssociato)
  }
  if (who.body.codiceFiscale || who.body.numeroDocumento) {
    const open = await d.outbox.where('status').anyOf([...OPEN_STATUSES]).toArray()
    const same = open.some((e) => {
      const p = e.payload as CittadinoAggiungiPayload
      return e.kind === KIND.cittadinoAggiungi && p.idServizioLocale === svc.idLocale
        && ((!!who.body.codiceFiscale && p.cittadino.codiceFiscale === who.body.codiceFiscale)
          || (!!who.body.numeroDocumento && p.cittadino.numeroDocumento === who.body.numeroDocumento && p.cittadino.tipoDocumento === who.body.tipoDocumento))
    })
    if (same) throw new CampoInputError(MESSAGGI.giaAssociato)
  }

  const parent = await ultimaScritturaServizio(d, svc.idLocale)
  const idServizio = typeof svc.idServer === 'number' ? svc.idServer : svc.data.idServer
  if (!parent && idServizio == null) throw new CampoInputError(MESSAGGI.servizioNonTrovato)
  const idLocale = newIdLocale()
  const data: CittadinoDati = {
    idLocale, idServizioLocale: svc.idLocale, idServizio: idServizio ?? null, idCittadino, idQuestionario: null,
    genere: who.genere, fasciaDiEtaId: who.fasciaDiEtaId,
    titoloDiStudio: input.titoloDiStudio ?? null, occupazione: input.occupazione ?? null, provinciaDiDomicilio: input.provinciaDiDomicilio?.trim() ?? null,
    cittadinanza: input.cittadinanza ?? null, tipoDocumento: who.tipoDocumento, identificazione: who.identificazione,
    // the same mask the server stores (src/lib/masked-identity.ts), from what was typed at the desk
    identificativoMascherato: who.body.codiceFiscale ? maskFiscalCode(who.body.codiceFiscale) : who.body.numeroDocumento ? maskDocumentNumber(who.body.numeroDocumento) : null,
    dataOraAggiunta: now.toISOString(), scadenzaLink: null,
    statoQuestionario: 'NON_COMPILATA', dataUltimoAggiornamento: now.toISOString(),
    idProgetto: r.idProgetto, idEnte: r.idEnte, ordine: now.getTime(),
    idQuestionarioTemplate: svc.data.idQuestionarioTemplateSnapshot || (rif?.template?.idQuestionarioTemplate ?? ''),
    sezioneQ1Questionario: buildQ1Section({
      conCodiceFiscale: who.conCodiceFiscale, tipoDocumento: who.tipoDocumento, genere: who.genere, fasciaDiEtaId: who.fasciaDiEtaId,
      titoloDiStudio: input.titoloDiStudio, occupazione: input.occupazione, provinciaDiDomicilio: input.provinciaDiDomicilio?.trim(), cittadinanza: input.cittadinanza,
    }),
    sezioneQ2Questionario: buildQ2Section(await altroServizio(d, idCittadino, svc.idLocale)),
    sezioneQ3Questionario: svc.data.sezioneQ3Questionario,
    sezioneQ4Questionario: null,
  }
  const nuovoCittadino = input.nuovoCittadino === true && who.identificazione !== 'ESISTENTE' && getConnectivity() === 'online'
  await enqueue<CittadinoAggiungiPayload, CittadinoDati>({
    kind: KIND.cittadinoAggiungi,
    payload: { idCittadinoServizioLocale: idLocale, idServizioLocale: svc.idLocale, idServizio: idServizio ?? null, cittadino: { nuovoCittadino, ...who.body } },
    roleContext: r,
    dependsOn: parent ? [parent.id] : [],
    record: { tipo: 'cittadino-servizio', idLocale, data },
    label: etichette.cittadino(svc.data.nome, data.identificativoMascherato),
  })
  return toCittadinoLocale({ tipo: 'cittadino-servizio', idLocale, data, syncState: 'locale', updatedAt: now.getTime() }, undefined)
}

/**
 * Compiles the survey of a citizen's addition (by the addition's `idLocale`, or the server idQuestionario):
 * Q4 (contract encoding); the consent to the processing of data — required while the addition's Q1
 * shows none (`validaConsenso`), stored on the citizen by the server the first time only; the citizen's
 * data corrected in step Q1 (`correzioni`, the `…DaAggiornare` fields: checked against their
 * enumerations, gender and age band never for a citizen with a fiscal code, the minors rule for the age
 * band); `sezioniAggiuntive` the answers to the template's sections after Q4 (src/lib/survey-extra-sections.ts:
 * checked against the survey's template when it is on the device); kind 'questionario.compila' (depends on the addition if unsent). The local survey becomes
 * COMPILATA and its Q1 shows the corrections and the consent given at once. A compilation the server has
 * surely not applied is rewritten.
 */
export async function compilaQuestionario(
  idCittadinoServizioLocale: string, sezioneQ4: string, consenso?: ConsensoTrattamentoDati | null, correzioni?: CorrezioniCittadino,
  sezioniAggiuntive?: readonly string[],
): Promise<void> {
  const r = fieldRole()
  const d = db()
  const add = await findRecord<CittadinoDati>(d, 'cittadino-servizio', idCittadinoServizioLocale)
  if (!add) throw new CampoInputError(MESSAGGI.cittadinoNonTrovato)
  if (add.data.idProgetto !== r.idProgetto || add.data.idEnte !== r.idEnte) throw new CampoInputError(MESSAGGI.altroProfilo)
  validaQ4(sezioneQ4)
  const aggiuntive = sezioniAggiuntive ? [...sezioniAggiuntive] : undefined
  if (aggiuntive) await validaAggiuntive(r, add.data.idQuestionarioTemplate, aggiuntive)
  const compiling = (await openEntriesOf(d, 'questionario', add.idLocale)).filter((e) => e.kind === KIND.questionarioCompila)
  const last = compiling.at(-1)
  const rewriting = last !== undefined && rewritable(last)
  const compilato = add.data.statoQuestionario === 'COMPILATA' || (await d.records.get(['questionario', add.idLocale])) !== undefined
  if (compilato && !rewriting) throw new CampoInputError(MESSAGGI.giaCompilato)
  const giaRegistrato = haConsenso(add.data.sezioneQ1Questionario)
  // a rewrite without a consent keeps the one of the entry it rewrites
  const precedente = rewriting ? (last.payload as QuestionarioCompilaPayload).consensoTrattamentoDatiRequest ?? null : null
  const c = validaConsenso(consenso ?? precedente, !giaRegistrato, toWireDate(new Date()))
  const corretto = haCorrezioni(correzioni) ? await correggiQ1(add.data, correzioni, r) : null
  // Q1 as the device shows it: the corrections, then the consent given here
  const q1Corretto = corretto ? corretto.sezioneQ1 : add.data.sezioneQ1Questionario
  const sezioneQ1 = c && !giaRegistrato ? conConsenso(q1Corretto, c) : corretto ? q1Corretto : undefined
  const svc = (await d.records.get(['servizio', add.data.idServizioLocale]))?.data as ServizioDati | undefined
  const nome = svc?.nome ?? ''
  const data: QuestionarioDati = {
    idCittadinoServizioLocale: add.idLocale, idServizioLocale: add.data.idServizioLocale, statoQuestionario: 'COMPILATA',
    sezioneQ4Questionario: sezioneQ4, dataCompilazione: new Date().toISOString(),
    ...(aggiuntive ? { sezioniAggiuntiveQuestionario: aggiuntive } : {}),
    ...(corretto ? { correzioni: corretto.correzioni } : {}),
    ...(sezioneQ1 !== undefined ? { sezioneQ1Questionario: sezioneQ1 } : {}),
  }
  const correzioniPayload = corretto ? corretto.correzioni : null
  if (rewriting) {
    const payload: QuestionarioCompilaPayload = {
      ...(last.payload as QuestionarioCompilaPayload), sezioneQ4Questionario: sezioneQ4, consensoTrattamentoDatiRequest: c, correzioni: correzioniPayload,
      ...(aggiuntive ? { sezioniAggiuntiveQuestionario: aggiuntive } : {}),
    }
    if (await tryRewrite(last, payload, data, etichette.questionario(nome, add.data.identificativoMascherato))) return
  }
  if (compilato) throw new CampoInputError(MESSAGGI.giaCompilato)
  const parent = (await openEntriesOf(d, 'cittadino-servizio', add.idLocale)).filter((e) => e.kind === KIND.cittadinoAggiungi).at(-1)
  const idQuestionario = add.data.idQuestionario ?? (typeof add.idServer === 'string' ? add.idServer : null)
  if (!parent && idQuestionario === null) throw new CampoInputError(MESSAGGI.cittadinoNonTrovato)
  await enqueue<QuestionarioCompilaPayload, QuestionarioDati>({
    kind: KIND.questionarioCompila,
    payload: {
      idCittadinoServizioLocale: add.idLocale, idQuestionario, sezioneQ4Questionario: sezioneQ4, consensoTrattamentoDatiRequest: c,
      ...(aggiuntive ? { sezioniAggiuntiveQuestionario: aggiuntive } : {}),
      ...(correzioniPayload ? { correzioni: correzioniPayload } : {}),
    },
    roleContext: r,
    dependsOn: parent ? [parent.id] : [],
    record: { tipo: 'questionario', idLocale: add.idLocale, data, ...(idQuestionario ? { idServer: idQuestionario } : {}) },
    label: etichette.questionario(nome, add.data.identificativoMascherato),
  })
}

/**
 * Checks the answers to the sections after Q4 against the survey's template when the device has it (the
 * server's rule, src/lib/survey-extra-sections.ts): a refusal now keeps the facilitator on the form.
 */
async function validaAggiuntive(r: FieldRole, idTemplate: string, aggiuntive: readonly string[]): Promise<void> {
  const rif = await riferimenti(r)
  const template = rif?.templateSnapshot.find((t) => t.idQuestionarioTemplate === idTemplate)
    ?? (rif?.template?.idQuestionarioTemplate === idTemplate ? rif.template : undefined)
  if (!template) return
  const esito = controllaSezioniAggiuntive(template.sezioniQuestionarioTemplate, aggiuntive)
  if (!esito.ok) throw new CampoInputError(esito.errore)
}

/** True when the addition's Q1 says the citizen has a fiscal code (else: identified by a document). */
function conCodiceFiscale(c: CittadinoDati): boolean {
  try {
    const first = answersOf(decodeSection(c.sezioneQ1Questionario), '1')[0]
    if (first !== undefined) return first !== CF_NON_PRESENTE
  } catch { /* unreadable Q1: fall back to how the citizen was added */ }
  return c.identificazione !== 'NUM_DOC'
}

/** Checks corrections of Q1 (module comment of q1-corrections.ts) and gives them with the corrected Q1. */
async function correggiQ1(c: CittadinoDati, correzioni: CorrezioniCittadino, r: FieldRole): Promise<{ correzioni: CorrezioniCittadino; sezioneQ1: string }> {
  const errore = erroreCorrezioni(correzioni, conCodiceFiscale(c))
  if (errore) throw new CampoInputError(errore)
  if (correzioni.fasciaDiEtaIdDaAggiornare !== undefined) {
    verificaEta(null, correzioni.fasciaDiEtaIdDaAggiornare, (await riferimenti(r))?.configurazioneMinorenni, toWireDate(new Date()))
  }
  let q1: DecodedSection
  try {
    q1 = decodeSection(c.sezioneQ1Questionario)
  } catch {
    q1 = { ...sectionHeader('Q1'), answers: {} }
  }
  const sezioneQ1 = encodeSection({ id: q1.id || sectionHeader('Q1').id, title: q1.title || sectionHeader('Q1').title, answers: applicaCorrezioni(q1.answers, correzioni) })
  const known = Object.fromEntries(REGOLE_CORREZIONE.filter((x) => correzioni[x.campo] !== undefined).map((x) => [x.campo, correzioni[x.campo]]))
  return { correzioni: known as CorrezioniCittadino, sezioneQ1 }
}
