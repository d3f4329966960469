/**
 * Field write of a survey compilation (write.ts module comment): Q4, the consent, the Q1 corrections and the
 * sections after Q4, checked on the device before the outbox entry is stored.
 */
import type { ConsensoTrattamentoDati } from '../../api/contract/questionario'
import { enqueue, records } from '../../offline'
import { toWireDate } from '../../lib/dates'
import { applicaCorrezioni, erroreCorrezioni, haCorrezioni, REGOLE_CORREZIONE, type CorrezioniCittadino } from '../../lib/q1-corrections'
import { controllaSezioniAggiuntive } from '../../lib/survey-extra-sections'
import { CF_NON_PRESENTE, conConsenso, haConsenso } from '../../lib/survey-instance'
import { answersOf, decodeSection, encodeSection, sectionHeader, type DecodedSection } from '../../lib/survey-sections'
import { CampoInputError, MESSAGGI } from './common'
import { KIND, type QuestionarioCompilaPayload } from './handlers'
import { db, findRecord, openEntriesOf } from './local'
import type { CittadinoDati, QuestionarioDati, ServizioDati } from './records'
import { validaConsenso, validaQ4, verificaEta } from './validation'
import { type FieldRole, fieldRole, riferimenti, etichette, rewritable, tryRewrite } from './write-common'

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
  const compilato = add.data.statoQuestionario === 'COMPILATA' || (await records.get('questionario', add.idLocale, d)) !== undefined
  if (compilato && !rewriting) throw new CampoInputError(MESSAGGI.giaCompilato)
  const giaRegistrato = haConsenso(add.data.sezioneQ1Questionario)
  // a rewrite without a consent keeps the one of the entry it rewrites
  const precedente = rewriting ? (last.payload as QuestionarioCompilaPayload).consensoTrattamentoDatiRequest ?? null : null
  const c = validaConsenso(consenso ?? precedente, !giaRegistrato, toWireDate(new Date()))
  const corretto = haCorrezioni(correzioni) ? await correggiQ1(add.data, correzioni, r) : null
  // Q1 as the device shows it: the corrections, then the consent given here
  const q1Corretto = corretto ? corretto.sezioneQ1 : add.data.sezioneQ1Questionario
  const sezioneQ1 = c && !giaRegistrato ? conConsenso(q1Corretto, c) : corretto ? q1Corretto : undefined
  const svc = (await records.get<ServizioDati>('servizio', add.data.idServizioLocale, d))?.data
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
