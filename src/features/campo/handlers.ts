/**
 * Outbox handlers of the field data layer (ARCHITECTURE.md "The offline outbox" point 3; the offline
 * library's handler registry). One kind per field write:
 * | kind | request | answer |
 * |---|---|---|
 * | `servizio.crea` | POST servizio (body ServizioBodySchema, `idLocale` = client UUID) | {idServizio} |
 * | `servizio.modifica` | PUT servizio/{idServizio} (body + `versione`) | {idServizio, versione} |
 * | `servizio.elimina` | DELETE servizio/{idServizio} (body: profile ids + `versione`) | {idServizio} |
 * | `cittadino.aggiungi` | POST servizio/cittadino/{idServizio} | {id, idQuestionario} |
 * | `questionario.compila` | POST servizio/cittadino/questionarioCompilato/{idQuestionario}/compila | {idQuestionarioCompilato, statoQuestionario} |
 * Profile ids of every body come from the entry's role context (the profile the write was made in), never
 * from the current session. Server ids of parents still unsent at queueing time are substituted by
 * `resolve` from the parents' results. Fiscal codes and consents live only in the payload, and are
 * removed from it once the server has acknowledged the entry.
 *
 * Versions (issue 27 point 3): an edit or a delete of a service carries `versioneBase`, the version of the device's
 * copy when it was made (null while the creation is unsent: the creation's or the previous edit's answer gives it),
 * and `base`, that copy's fields (./conflitti.ts), and sends `versione` = versioneBase. A 409 V01 runs the engine's
 * three-way merge (src/offline/conflicts.ts): an edit is re-sent merged at once when no field changed on both sides,
 * a delete always asks. Entries queued by an older build carry no `versioneBase`: they read the service's current
 * version first (`GET campo/servizio/{id}`) and send with it — the old last-write-wins, once.
 */
import { AggiungiCittadinoRispostaSchema, type AggiungiCittadinoBody, type AggiungiCittadinoRisposta } from '../../api/contract/cittadino'
import { CompilaQuestionarioRispostaSchema, type CompilaQuestionarioRisposta, type ConsensoTrattamentoDati } from '../../api/contract/questionario'
import { CampoServizioSchema, IdServizioVersioneSchema, type IdServizioVersione } from '../../api/contract/campo'
import type { IdServizio, ServizioBody } from '../../api/contract/servizio'
import type { Campi } from '../../lib/merge3'
import { idsOf } from '../../lib/profile-ids'
import { outbox, records, registerHandler, type OfflineDb, type OutboxEntry } from '../../offline'
import { campiDaScheda, campiDaWire, wireDaCampi } from './conflitti'
import type { CorrezioniCittadino } from '../../lib/q1-corrections'
import { datiCorretti, type CittadinoDati, type QuestionarioDati, type ServizioDati } from './records'

/** Kinds of the field writes. */
export const KIND = {
  servizioCrea: 'servizio.crea',
  servizioModifica: 'servizio.modifica',
  servizioElimina: 'servizio.elimina',
  cittadinoAggiungi: 'cittadino.aggiungi',
  questionarioCompila: 'questionario.compila',
} as const

type ProfileIdKeys = 'idProgramma' | 'idProgetto' | 'idEnte'
/** The role profile an entry was made in (its stored role context without the owner). */
type RoleProfile = Omit<OutboxEntry['roleContext'], 'utente'>
/** A done parent of an entry being sent, as `resolve` gets it. */
type ParentResult = { id: string; kind: string; result: unknown }
/** The request helpers a handler's `send` gets. */
type SendContext = Parameters<Parameters<typeof registerHandler>[1]['send']>[1]

/** Service fields of `POST/PUT servizio` (the profile ids are added from the role context). */
export type ServizioWire = Omit<ServizioBody, ProfileIdKeys>

/** Payload of `servizio.crea`. */
export interface ServizioCreaPayload {
  idLocale: string
  servizio: ServizioWire
}

/**
 * The version an update or delete was made on (issue 27): `versioneBase` null while the creation (or the previous
 * edit) is unsent — its answer gives it —, absent in entries queued by an older build; `base` the device copy's
 * fields when the edit was made (./conflitti.ts).
 */
export interface VersioneBase {
  versioneBase?: number | null
  base?: Campi
}

/** Payload of `servizio.modifica`: `idServizio` null while the creation is unsent (resolved from it). */
export interface ServizioModificaPayload extends VersioneBase {
  idLocale: string
  idServizio: number | null
  servizio: ServizioWire
}

/** Payload of `servizio.elimina`. */
export interface ServizioEliminaPayload extends VersioneBase {
  idLocale: string
  idServizio: number | null
}

/** Payload of `cittadino.aggiungi`: `cittadino` may carry the fiscal code (removed once acknowledged). */
export interface CittadinoAggiungiPayload {
  idCittadinoServizioLocale: string
  idServizioLocale: string
  idServizio: number | null
  cittadino: Omit<AggiungiCittadinoBody, ProfileIdKeys>
}

/**
 * Payload of `questionario.compila`: `idQuestionario` null while the addition is unsent; the consent given
 * at the compilation (type and date, removed once acknowledged); `correzioni` the citizen's data corrected
 * in step Q1 (`…DaAggiornare` fields of the body, issue 8 point 5).
 */
export interface QuestionarioCompilaPayload {
  idCittadinoServizioLocale: string
  idQuestionario: string | null
  sezioneQ4Questionario: string
  /** answers to the template's sections after Q4; absent in entries queued by an older app (the server then takes Q4 only) */
  sezioniAggiuntiveQuestionario?: string[]
  consensoTrattamentoDatiRequest?: ConsensoTrattamentoDati | null
  correzioni?: CorrezioniCittadino | null
}

/** `{idProgramma, idProgetto, idEnte}` of the role context an entry was made in. */
export function profileIds(r: RoleProfile): Pick<ServizioBody, ProfileIdKeys> {
  return idsOf(r)
}

/** Message of an entry whose parent answered without the expected id (parked as 'richiede attenzione'). */
export const MISSING_SERVICE_ID = 'Il servizio a cui si riferisce questa operazione non è ancora stato registrato dal server.'
export const MISSING_SURVEY_ID = 'Il cittadino a cui si riferisce questo questionario non è ancora stato registrato dal server.'

/** The service id from a parent (creation or edit of the same service, both answer {idServizio}). */
function serviceIdFrom(parents: ParentResult[]): number | null {
  for (const p of parents) {
    const id = (p.result as Partial<IdServizio> | null | undefined)?.idServizio
    if ((p.kind === KIND.servizioCrea || p.kind === KIND.servizioModifica) && typeof id === 'number') return id
  }
  return null
}

/** The newest version a parent write of the service answered (issue 27), or null. */
function serviceVersionFrom(parents: ParentResult[]): number | null {
  let out: number | null = null
  for (const p of parents) {
    const v = (p.result as Partial<IdServizioVersione> | null | undefined)?.versione
    if ((p.kind === KIND.servizioCrea || p.kind === KIND.servizioModifica) && typeof v === 'number' && (out === null || v > out)) out = v
  }
  return out
}

/**
 * An update/delete payload with its parents' answers: the service id, and the version when the edit was made on a
 * copy the parent write was still sending (its answer is the version the device's copy stands for).
 */
function resolveServizio<P extends VersioneBase & { idServizio: number | null }>(p: P, parents: ParentResult[]): P {
  const idServizio = p.idServizio ?? serviceIdFrom(parents)
  const v = serviceVersionFrom(parents)
  const versioneBase = v !== null && p.versioneBase !== undefined && (p.versioneBase === null || p.versioneBase < v) ? v : p.versioneBase
  return idServizio === p.idServizio && versioneBase === p.versioneBase ? p : { ...p, idServizio, ...(versioneBase !== undefined ? { versioneBase } : {}) }
}

/** The version to send: the entry's, else (an entry of an older build, or no answer gave one) the service's current one. */
async function versioneDaInviare(p: VersioneBase, idServizio: number, r: RoleProfile, ctx: SendContext): Promise<number> {
  if (typeof p.versioneBase === 'number') return p.versioneBase
  const query = Object.entries(profileIds(r)).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => `${k}=${String(v)}`).join('&')
  const letto = await ctx.request('GET', `campo/servizio/${idServizio}?${query}`, undefined, CampoServizioSchema)
  if (typeof letto.servizio.versione !== 'number') throw new Error(MISSING_VERSION)
  return letto.servizio.versione
}

/** Message of an edit whose service's version could not be read. */
export const MISSING_VERSION = 'Versione del servizio non disponibile: riprova più tardi.'

function requireServiceId(id: number | null): number {
  if (id === null) throw new Error(MISSING_SERVICE_ID)
  return id
}

/** Sets `idServer` on a record and in its data (the screens read `data.<idField>`). */
async function setServerId(db: OfflineDb, tipo: 'servizio' | 'cittadino-servizio' | 'questionario', idLocale: string, idServer: string | number, patch: Record<string, unknown>): Promise<void> {
  const rec = await records.get(tipo, idLocale, db)
  if (!rec) return
  await records.put({ ...rec, idServer, data: { ...(rec.data as object), ...patch } }, db)
}

/**
 * Registers the handlers of every field kind; returns the function that unregisters them. Called by
 * `startCampo()`; benchmarks and tests call it directly to replay field entries.
 */
export function registerCampoHandlers(): () => void {
  const offs = [
    registerHandler<ServizioCreaPayload, IdServizioVersione>(KIND.servizioCrea, {
      send: (e, ctx) => ctx.post('servizio', { ...profileIds(e.roleContext), ...e.payload.servizio, idLocale: e.payload.idLocale }, IdServizioVersioneSchema),
      // (the additions queued under it learn the id when they are acknowledged: no scan here)
      applyResult: (db, e, r) => setServerId(db, 'servizio', e.payload.idLocale, r.idServizio, { idServer: r.idServizio, ...versioneDi(r) } satisfies Partial<ServizioDati>),
    }),

    registerHandler<ServizioModificaPayload, IdServizioVersione>(KIND.servizioModifica, {
      dependsOnKinds: [KIND.servizioCrea, KIND.servizioModifica],
      resolve: resolveServizio,
      send: async (e, ctx) => {
        const id = requireServiceId(e.payload.idServizio)
        const versione = await versioneDaInviare(e.payload, id, e.roleContext, ctx)
        return ctx.put(`servizio/${id}`, { ...profileIds(e.roleContext), ...e.payload.servizio, versione }, IdServizioVersioneSchema)
      },
      applyResult: (db, e, r) => applicaModifica(db, e, r),
      conflict: {
        base: (p) => p.base ?? {},
        mine: (p) => campiDaWire(p.servizio),
        theirs: campiDaScheda,
        rebase: (p, campi, versione, theirs) => ({ ...p, servizio: wireDaCampi(campi, p.servizio), versioneBase: versione, base: theirs }),
      },
    }),

    registerHandler<ServizioEliminaPayload, IdServizioVersione>(KIND.servizioElimina, {
      dependsOnKinds: [KIND.servizioCrea, KIND.servizioModifica],
      resolve: resolveServizio,
      send: async (e, ctx) => {
        const id = requireServiceId(e.payload.idServizio)
        const versione = await versioneDaInviare(e.payload, id, e.roleContext, ctx)
        return ctx.request('DELETE', `servizio/${id}`, { ...profileIds(e.roleContext), versione }, IdServizioVersioneSchema)
      },
      // a service changed by others since: asked again ('Elimina comunque' sends the delete with the new version)
      conflict: {
        base: (p) => p.base ?? {},
        mine: (p) => p.base ?? {},
        theirs: campiDaScheda,
        rebase: (p, _campi, versione, theirs) => ({ ...p, versioneBase: versione, base: theirs }),
        automatic: false,
      },
      // the service is gone from the server: its local copy goes too
      applyResult: async (db, e) => {
        await records.delete({ tipo: 'servizio', idLocale: e.payload.idLocale }, db)
      },
      // already deleted (another device, an earlier attempt): the goal is reached
      classifyError: (err) => {
        const s = err as { status?: unknown; errorCode?: unknown } | null
        return s?.status === 404 && s.errorCode === 'S09'
          ? { class: 'done-duplicate', reason: 'not-found', status: 404, errorCode: 'S09', message: 'Servizio già eliminato.' }
          : undefined
      },
    }),

    registerHandler<CittadinoAggiungiPayload, AggiungiCittadinoRisposta>(KIND.cittadinoAggiungi, {
      dependsOnKinds: [KIND.servizioCrea, KIND.servizioModifica],
      resolve: (p, parents) => (p.idServizio !== null ? p : { ...p, idServizio: serviceIdFrom(parents) }),
      send: (e, ctx) =>
        ctx.post(`servizio/cittadino/${requireServiceId(e.payload.idServizio)}`, { ...profileIds(e.roleContext), ...e.payload.cittadino }, AggiungiCittadinoRispostaSchema),
      applyResult: async (db, e, r) => {
        await setServerId(db, 'cittadino-servizio', e.payload.idCittadinoServizioLocale, r.idQuestionario, {
          idCittadino: r.id, idQuestionario: r.idQuestionario, ...(e.payload.idServizio !== null ? { idServizio: e.payload.idServizio } : {}),
        } satisfies Partial<CittadinoDati>)
        const q = await records.get('questionario', e.payload.idCittadinoServizioLocale, db)
        if (q && q.idServer === undefined) await records.put({ ...q, idServer: r.idQuestionario }, db)
        // the identifiers were needed to send it, not any more
        await outbox.replacePayload(e.id, { ...e.payload, cittadino: withoutIdentifiers(e.payload.cittadino) }, db)
      },
    }),

    registerHandler<QuestionarioCompilaPayload, CompilaQuestionarioRisposta>(KIND.questionarioCompila, {
      dependsOnKinds: [KIND.cittadinoAggiungi],
      resolve: (p, parents) => {
        if (p.idQuestionario !== null) return p
        const parent = parents.find((x) => x.kind === KIND.cittadinoAggiungi)?.result as Partial<AggiungiCittadinoRisposta> | undefined
        return { ...p, idQuestionario: typeof parent?.idQuestionario === 'string' ? parent.idQuestionario : null }
      },
      send: (e, ctx) => {
        if (e.payload.idQuestionario === null) throw new Error(MISSING_SURVEY_ID)
        return ctx.post(`servizio/cittadino/questionarioCompilato/${e.payload.idQuestionario}/compila`, {
          ...profileIds(e.roleContext),
          sezioneQ4Questionario: e.payload.sezioneQ4Questionario,
          ...(e.payload.sezioniAggiuntiveQuestionario ? { sezioniAggiuntiveQuestionario: e.payload.sezioniAggiuntiveQuestionario } : {}),
          ...(e.payload.consensoTrattamentoDatiRequest ? { consensoTrattamentoDatiRequest: e.payload.consensoTrattamentoDatiRequest } : {}),
          ...(e.payload.correzioni ?? {}),
        }, CompilaQuestionarioRispostaSchema)
      },
      applyResult: async (db, e, r) => {
        await setServerId(db, 'questionario', e.payload.idCittadinoServizioLocale, r.idQuestionarioCompilato, {} satisfies Partial<QuestionarioDati>)
        const add = await records.get('cittadino-servizio', e.payload.idCittadinoServizioLocale, db)
        if (add) {
          const d = add.data as CittadinoDati
          const q = (await records.get<QuestionarioDati>('questionario', e.payload.idCittadinoServizioLocale, db))?.data
          // the corrections of Q1 and the consent given here are the server's data now
          const corretto = {
            ...(e.payload.correzioni ? datiCorretti(e.payload.correzioni) : {}),
            ...(q?.sezioneQ1Questionario ? { sezioneQ1Questionario: q.sezioneQ1Questionario } : {}),
          }
          await records.put({ ...add, data: { ...d, ...corretto, statoQuestionario: r.statoQuestionario, sezioneQ4Questionario: e.payload.sezioneQ4Questionario,
            ...(e.payload.sezioniAggiuntiveQuestionario ? { sezioniAggiuntiveQuestionario: e.payload.sezioniAggiuntiveQuestionario } : {}) } satisfies CittadinoDati }, db)
        }
        if (e.payload.consensoTrattamentoDatiRequest) await outbox.replacePayload(e.id, { ...e.payload, consensoTrattamentoDatiRequest: null }, db)
      },
    }),
  ]
  return () => offs.forEach((off) => off())
}

/** `{versione}` of an answer that carries one. */
function versioneDi(r: IdServizioVersione): Pick<ServizioDati, 'versione'> {
  return typeof r.versione === 'number' ? { versione: r.versione } : {}
}

/**
 * An acknowledged edit: the copy gets the server id and the new version and, unless a later edit of it waits (its
 * copy holds that one), the fields sent — a merged edit's fields are the server's now (issue 27).
 */
async function applicaModifica(db: OfflineDb, e: OutboxEntry<ServizioModificaPayload>, r: IdServizioVersione): Promise<void> {
  const rec = await records.get<ServizioDati>('servizio', e.payload.idLocale, db)
  if (!rec) return
  const later = (await outbox.openOf({ tipo: 'servizio', idLocale: e.payload.idLocale }, db)).some((o) => o.id !== e.id && o.seq > e.seq)
  const w = e.payload.servizio
  const campi: Partial<ServizioDati> = later ? {} : {
    nome: w.nomeServizio, data: w.data, durataServizio: w.durataServizio, tipologiaServizio: [...w.tipoDiServizioPrenotato],
    idSede: w.idSedeServizio, sezioneQ3Questionario: w.sezioneQuestionarioCompilatoQ3,
  }
  await records.put({ ...rec, idServer: r.idServizio, data: { ...rec.data, ...campi, idServer: r.idServizio, ...versioneDi(r) } }, db)
}

/** The addition body without the citizen's identifiers (kept in acknowledged entries). */
function withoutIdentifiers(c: CittadinoAggiungiPayload['cittadino']): CittadinoAggiungiPayload['cittadino'] {
  const rest = { ...c }
  delete rest.codiceFiscale
  delete rest.numeroDocumento
  return rest
}
