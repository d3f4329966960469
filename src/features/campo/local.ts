/**
 * Device-side helpers shared by the field reads and writes: looking up records by client or server id,
 * the open outbox entries of a record, the local status rules (a service is ATTIVO from its first
 * citizen, a survey is COMPILATA once compiled on the device) and the screen shapes of `types.ts`.
 */
import { outbox, records, userDb, type LocalRecord, type OfflineDb, type OutboxEntry, type RecordSyncState } from '../../offline'
import { datiCorretti, type CittadinoDati, type QuestionarioDati, type ServizioDati } from './records'
import type { CittadinoServizioLocale, QuestionarioLocale, ServizioLocale } from './types'

/** The open user database; throws NoUserDbError when nobody is logged in. */
export function db(): OfflineDb {
  return userDb.require()
}

/** A record by client id, or (for ids that are not one) by server id. */
export function findRecord<T>(d: OfflineDb, tipo: LocalRecord['tipo'], id: string): Promise<LocalRecord<T> | undefined> {
  return records.find<T>(tipo, id, d)
}

/** Open (not acknowledged) entries writing a record, oldest first. */
export function openEntriesOf(d: OfflineDb, tipo: LocalRecord['tipo'], idLocale: string): Promise<OutboxEntry[]> {
  return outbox.openOf({ tipo, idLocale }, d)
}

const SEVERITY: Record<RecordSyncState, number> = { confermato: 0, locale: 1, invio: 2, attenzione: 3 }

/** The most urgent of several sync states (attenzione > invio > locale > confermato). */
export function worstState(...states: (RecordSyncState | undefined)[]): RecordSyncState {
  return states.reduce<RecordSyncState>((acc, s) => (s && SEVERITY[s] > SEVERITY[acc] ? s : acc), 'confermato')
}

/** The screen shape of a service; `conCittadini` makes a NON ATTIVO service ATTIVO (its first citizen is on the device). */
export function toServizioLocale(rec: LocalRecord<ServizioDati>, conCittadini: boolean): ServizioLocale {
  const d = rec.data
  const idServer = typeof rec.idServer === 'number' ? rec.idServer : d.idServer
  return {
    idLocale: rec.idLocale,
    idServer: idServer ?? null,
    nome: d.nome,
    data: d.data,
    durataServizio: d.durataServizio,
    tipologiaServizio: [...d.tipologiaServizio],
    idEnte: d.idEnte,
    idSede: d.idSede,
    nomeSede: d.nomeSede,
    stato: conCittadini ? 'ATTIVO' : d.stato,
    sezioneQ3Questionario: d.sezioneQ3Questionario,
    idQuestionarioTemplateSnapshot: d.idQuestionarioTemplateSnapshot,
    dataOraAggiornamento: d.dataOraAggiornamento,
    syncState: rec.syncState,
  }
}

/**
 * The screen shape of a citizen's addition; a compilation on the device makes its survey COMPILATA and
 * shows the data corrected in its step Q1.
 */
export function toCittadinoLocale(rec: LocalRecord<CittadinoDati>, q: LocalRecord<QuestionarioDati> | undefined): CittadinoServizioLocale {
  const d = { ...rec.data, ...(q?.data.correzioni ? datiCorretti(q.data.correzioni) : {}) }
  return {
    idLocale: rec.idLocale,
    idServizioLocale: d.idServizioLocale,
    idServizio: d.idServizio,
    idCittadino: d.idCittadino,
    idQuestionario: d.idQuestionario ?? (typeof rec.idServer === 'string' ? rec.idServer : null),
    genere: d.genere,
    fasciaDiEtaId: d.fasciaDiEtaId,
    titoloDiStudio: d.titoloDiStudio,
    occupazione: d.occupazione,
    provinciaDiDomicilio: d.provinciaDiDomicilio,
    cittadinanza: d.cittadinanza,
    tipoDocumento: d.tipoDocumento,
    identificazione: d.identificazione,
    // (copies stored before these fields existed lack them)
    identificativoMascherato: d.identificativoMascherato ?? null,
    dataOraAggiunta: d.dataOraAggiunta ?? null,
    scadenzaLink: d.scadenzaLink ?? null,
    statoQuestionario: q ? 'COMPILATA' : d.statoQuestionario,
    dataUltimoAggiornamento: q && q.data.dataCompilazione > d.dataUltimoAggiornamento ? q.data.dataCompilazione : d.dataUltimoAggiornamento,
    syncState: worstState(rec.syncState, q?.syncState),
  }
}

/**
 * The screen shape of a survey instance (the addition's Q1–Q3; when compiled here the device's Q4 and its
 * Q1 with the corrections and the consent given).
 */
export function toQuestionarioLocale(rec: LocalRecord<CittadinoDati>, q: LocalRecord<QuestionarioDati> | undefined): QuestionarioLocale {
  const d = rec.data
  return {
    idCittadinoServizioLocale: rec.idLocale,
    idQuestionario: d.idQuestionario ?? (typeof rec.idServer === 'string' ? rec.idServer : null),
    idCittadino: d.idCittadino,
    idServizioLocale: d.idServizioLocale,
    idQuestionarioTemplate: d.idQuestionarioTemplate,
    statoQuestionario: q ? 'COMPILATA' : d.statoQuestionario,
    sezioneQ1Questionario: q?.data.sezioneQ1Questionario ?? d.sezioneQ1Questionario,
    sezioneQ2Questionario: d.sezioneQ2Questionario,
    sezioneQ3Questionario: d.sezioneQ3Questionario,
    sezioneQ4Questionario: q ? q.data.sezioneQ4Questionario : d.sezioneQ4Questionario,
    sezioniAggiuntiveQuestionario: (q ? q.data.sezioniAggiuntiveQuestionario : d.sezioniAggiuntiveQuestionario) ?? [],
    syncState: worstState(rec.syncState, q?.syncState),
  }
}

/** True when the service has at least one citizen on the device (bootstrap copy or local addition). */
export function serviziConCittadini(cittadini: LocalRecord<CittadinoDati>[]): Set<string> {
  return new Set(cittadini.map((c) => c.data.idServizioLocale))
}
