/**
 * Outbox handlers of the field data layer (ARCHITECTURE.md "The offline outbox" point 3; the offline
 * library's handler registry). One kind per field write:
 * | kind | request | answer |
 * |---|---|---|
 * | `servizio.crea` | POST servizio (body ServizioBodySchema, `idLocale` = client UUID) | {idServizio} |
 * | `servizio.modifica` | PUT servizio/{idServizio} | {idServizio} |
 * | `servizio.elimina` | DELETE servizio/{idServizio} (body: profile ids) | {idServizio} |
 * | `cittadino.aggiungi` | POST servizio/cittadino/{idServizio} | {id, idQuestionario} |
 * | `questionario.compila` | POST servizio/cittadino/questionarioCompilato/{idQuestionario}/compila | {idQuestionarioCompilato, statoQuestionario} |
 * Profile ids of every body come from the entry's role context (the profile the write was made in), never
 * from the current session. Server ids of parents still unsent at queueing time are substituted by
 * `resolve` from the parents' results. Fiscal codes and consents live only in the payload, and are
 * removed from it once the server has acknowledged the entry.
 */
import { AggiungiCittadinoRispostaSchema, type AggiungiCittadinoBody, type AggiungiCittadinoRisposta } from '../../api/contract/cittadino'
import { CompilaQuestionarioRispostaSchema, type CompilaQuestionarioRisposta, type ConsensoTrattamentoDati } from '../../api/contract/questionario'
import { IdServizioSchema, type IdServizio, type ServizioBody } from '../../api/contract/servizio'
import { idsOf } from '../../lib/profile-ids'
import { outbox, records, registerHandler, type OfflineDb, type OutboxEntry } from '../../offline'
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

/** Service fields of `POST/PUT servizio` (the profile ids are added from the role context). */
export type ServizioWire = Omit<ServizioBody, ProfileIdKeys>

/** Payload of `servizio.crea`. */
export interface ServizioCreaPayload {
  idLocale: string
  servizio: ServizioWire
}

/** Payload of `servizio.modifica`: `idServizio` null while the creation is unsent (resolved from it). */
export interface ServizioModificaPayload {
  idLocale: string
  idServizio: number | null
  servizio: ServizioWire
}

/** Payload of `servizio.elimina`. */
export interface ServizioEliminaPayload {
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
    registerHandler<ServizioCreaPayload, IdServizio>(KIND.servizioCrea, {
      send: (e, ctx) => ctx.post('servizio', { ...profileIds(e.roleContext), ...e.payload.servizio, idLocale: e.payload.idLocale }, IdServizioSchema),
      // (the additions queued under it learn the id when they are acknowledged: no scan here)
      applyResult: (db, e, r) => setServerId(db, 'servizio', e.payload.idLocale, r.idServizio, { idServer: r.idServizio } satisfies Partial<ServizioDati>),
    }),

    registerHandler<ServizioModificaPayload, IdServizio>(KIND.servizioModifica, {
      dependsOnKinds: [KIND.servizioCrea, KIND.servizioModifica],
      resolve: (p, parents) => (p.idServizio !== null ? p : { ...p, idServizio: serviceIdFrom(parents) }),
      send: (e, ctx) => ctx.put(`servizio/${requireServiceId(e.payload.idServizio)}`, { ...profileIds(e.roleContext), ...e.payload.servizio }, IdServizioSchema),
      applyResult: (db, e, r) => setServerId(db, 'servizio', e.payload.idLocale, r.idServizio, { idServer: r.idServizio }),
    }),

    registerHandler<ServizioEliminaPayload, IdServizio>(KIND.servizioElimina, {
      dependsOnKinds: [KIND.servizioCrea, KIND.servizioModifica],
      resolve: (p, parents) => (p.idServizio !== null ? p : { ...p, idServizio: serviceIdFrom(parents) }),
      send: (e, ctx) => ctx.request('DELETE', `servizio/${requireServiceId(e.payload.idServizio)}`, profileIds(e.roleContext), IdServizioSchema),
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

/** The addition body without the citizen's identifiers (kept in acknowledged entries). */
function withoutIdentifiers(c: CittadinoAggiungiPayload['cittadino']): CittadinoAggiungiPayload['cittadino'] {
  const rest = { ...c }
  delete rest.codiceFiscale
  delete rest.numeroDocumento
  return rest
}
