/**
 * Field writes of a service (write.ts module comment): 'Crea servizio', its edit and its deletion, each the
 * local copy and its outbox entry in one device transaction. An edit or a deletion carries the version of the copy
 * it was made on and the copy's fields (issue 27); an edit of a service whose creation is unsent is folded into the
 * creation and never conflicts.
 */
import { enqueue, EntryNotEditableError, outbox, records, type LocalRecord, type OfflineDb, type OutboxEntry } from '../../offline'
import { CampoInputError, MESSAGGI, newIdLocale } from './common'
import { KIND, type ServizioCreaPayload, type ServizioEliminaPayload, type ServizioModificaPayload, type ServizioWire } from './handlers'
import { db, findRecord, openEntriesOf, toServizioLocale } from './local'
import { campiDaDati } from './conflitti'
import type { Campi } from '../../lib/merge3'
import type { CittadinoDati, ServizioDati } from './records'
import type { ServizioInput, ServizioLocale } from './types'
import { validaServizio, type ServizioValidato } from './validation'
import { type FieldRole, fieldRole, riferimenti, etichette, rewritable, tryRewrite } from './write-common'

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

/**
 * The version and the fields of the device's copy an edit or delete is made on (issue 27): `versioneBase` null when
 * the copy has none yet (its creation or an earlier edit is unsent: their answer gives it; or a copy stored by an
 * older build: the current version is read before sending).
 */
function versioneBaseDi(d: ServizioDati): { versioneBase: number | null; base: Campi } {
  return { versioneBase: d.versione ?? null, base: campiDaDati(d) }
}

export async function servizioDelProfilo(d: OfflineDb, r: FieldRole, id: string): Promise<LocalRecord<ServizioDati>> {
  const rec = await findRecord<ServizioDati>(d, 'servizio', id)
  if (!rec || rec.data.eliminato) throw new CampoInputError(MESSAGGI.servizioNonTrovato)
  if (rec.data.idProgetto !== r.idProgetto || rec.data.idEnte !== r.idEnte) throw new CampoInputError(MESSAGGI.altroProfilo)
  return rec
}

/** The last open create/edit entry of a service (what a write on it must wait for), if any. */
export async function ultimaScritturaServizio(d: OfflineDb, idLocale: string): Promise<OutboxEntry | undefined> {
  const open = await openEntriesOf(d, 'servizio', idLocale)
  return open.filter((e) => e.kind === KIND.servizioCrea || e.kind === KIND.servizioModifica).at(-1)
}

async function haCittadini(d: OfflineDb, idServizioLocale: string): Promise<boolean> {
  const rows = await records.query<CittadinoDati>('cittadino-servizio', undefined, d)
  return rows.some((c) => c.data.idServizioLocale === idServizioLocale)
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
      payload: { idLocale: rec.idLocale, idServizio: idServer ?? null, servizio: servizioWire(null, v, r.idEnte), ...versioneBaseDi(rec.data) },
      roleContext: r,
      dependsOn: [crea?.id, last?.id].filter((x): x is string => x !== undefined),
      record: { tipo: 'servizio', idLocale: rec.idLocale, data, ...(idServer ? { idServer } : {}) },
      label: etichette.modifica(v.nome),
    })
  }
  const saved = await records.get<ServizioDati>('servizio', rec.idLocale, d)
  return toServizioLocale(saved ?? ({ ...rec, data } as LocalRecord<ServizioDati>), false)
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
      for (const e of [...open].reverse()) await outbox.discard(e.id, { confirmed: true })
      await records.delete({ tipo: 'servizio', idLocale: rec.idLocale }, d)
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
    payload: { idLocale: rec.idLocale, idServizio: idServer ?? null, ...versioneBaseDi(rec.data) },
    roleContext: r,
    dependsOn: [stillCrea?.id, last?.id].filter((x): x is string => x !== undefined),
    record: { tipo: 'servizio', idLocale: rec.idLocale, data: { ...rec.data, eliminato: true }, ...(idServer ? { idServer } : {}) },
    label: etichette.elimina(rec.data.nome),
  })
}
