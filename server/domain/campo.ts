/**
 * The field bootstrap of a facilitator or volunteer (issue #3 point 5; src/api/contract/campo.ts):
 * everything of the profile (project + body) the device needs offline, in one answer.
 */
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { CampoBootstrap } from '../../src/api/contract/campo'
import type { Opzione } from '../../src/api/contract/servizio'
import {
  cittadino, configurazioneMinorenni, enteSedeProgettoFacilitatore, progetto, questionarioCompilato, questionarioInviatoOnline, sede, servizio, STATO,
} from '../db/schema'
import type { Executor } from '../db/types'
import { fieldProfile, type Caller } from './profile'
import { encodeInstances } from './questionari'
import { encodeStored } from './survey-codec'
import { activeTemplate, templatesById, templateToWire } from './template'

/** The facilitator's sites in the profile project and body (not TERMINATO), by name. */
export async function sediFacilitatore(db: Executor, caller: Caller): Promise<Opzione[]> {
  const f = fieldProfile(caller, 'U06')
  return db.selectDistinct({ id: sede.id, nome: sede.nome }).from(enteSedeProgettoFacilitatore)
    .innerJoin(sede, eq(sede.id, enteSedeProgettoFacilitatore.idSede))
    .where(and(eq(enteSedeProgettoFacilitatore.idFacilitatore, f.userId), eq(enteSedeProgettoFacilitatore.idProgetto, f.idProgetto),
      eq(enteSedeProgettoFacilitatore.idEnte, f.idEnte), ne(enteSedeProgettoFacilitatore.statoUtente, STATO.TERMINATO)))
    .orderBy(sede.nome)
}

/**
 * Builds the bootstrap answer (FAC/VOL only, U06), with the project's dates (A06 bounds a service date),
 * each citizen's masked identity and each survey's creation time and link expiry (issue 8 points 2–3).
 */
export async function campoBootstrap(db: Executor, caller: Caller): Promise<CampoBootstrap> {
  const f = fieldProfile(caller, 'U06')
  const generatedAt = new Date().toISOString()
  const rows = await db.select({ s: servizio, nomeSede: sede.nome }).from(servizio)
    .innerJoin(sede, eq(sede.id, servizio.idSede))
    .where(and(eq(servizio.idFacilitatore, f.userId), eq(servizio.idProgetto, f.idProgetto), eq(servizio.idEnte, f.idEnte)))
    .orderBy(servizio.id)
  const ids = rows.map((r) => r.s.id)
  const istanze = ids.length === 0 ? [] : await db.select().from(questionarioCompilato)
    .where(inArray(questionarioCompilato.idServizio, ids)).orderBy(questionarioCompilato.dataOraCreazione)
  const links = istanze.length === 0 ? [] : await db.select({ id: questionarioInviatoOnline.idQuestionarioCompilato, scadenza: questionarioInviatoOnline.dataOraScadenza })
    .from(questionarioInviatoOnline).where(inArray(questionarioInviatoOnline.idQuestionarioCompilato, istanze.map((q) => q.id)))
  const idCittadini = [...new Set(istanze.map((q) => q.idCittadino))]
  const cittadini = idCittadini.length === 0 ? [] : await db.select().from(cittadino).where(inArray(cittadino.id, idCittadini)).orderBy(cittadino.id)
  const active = await activeTemplate(db, f.idProgramma)
  const snapshotIds = rows.map((r) => r.s.idQuestionarioTemplateSnapshot).filter((x): x is string => x !== null)
  const snapshots = await templatesById(db, active ? [active.id, ...snapshotIds] : snapshotIds)
  const [minori] = await db.select({ dataAbilitazione: configurazioneMinorenni.dataAbilitazione, dataDecorrenza: configurazioneMinorenni.dataDecorrenza })
    .from(configurazioneMinorenni).where(eq(configurazioneMinorenni.idProgramma, f.idProgramma))
  const [prj] = await db.select({ dataInizio: progetto.dataInizioProgetto, dataFine: progetto.dataFineProgetto })
    .from(progetto).where(eq(progetto.id, f.idProgetto))
  return {
    generatedAt,
    profilo: { codiceRuolo: caller.codiceRuolo, idProgramma: f.idProgramma, idProgetto: f.idProgetto, idEnte: f.idEnte },
    progetto: { dataInizio: prj?.dataInizio ?? null, dataFine: prj?.dataFine ?? null },
    servizi: rows.map(({ s, nomeSede }) => ({
      id: s.id, idLocale: s.idLocale, nome: s.nome, data: s.dataServizio, durataServizio: s.durataServizio,
      tipologiaServizio: s.tipologiaServizio.split(', ').filter((t) => t !== ''), idEnte: s.idEnte, idSede: s.idSede, nomeSede,
      stato: s.stato === STATO.ATTIVO ? 'ATTIVO' : 'NON ATTIVO',
      sezioneQ3Questionario: s.sezioneQ3Compilato ? encodeStored(s.sezioneQ3Compilato) : '{}',
      idQuestionarioTemplateSnapshot: s.idQuestionarioTemplateSnapshot ?? '',
      dataOraAggiornamento: s.dataOraAggiornamento.toISOString(),
    })),
    cittadini: cittadini.map((c) => ({
      idCittadino: c.id, genere: c.genere, fasciaDiEtaId: c.fasciaDiEtaId, titoloDiStudio: c.titoloDiStudio, occupazione: c.occupazione,
      provinciaDiDomicilio: c.provinciaDiDomicilio, cittadinanza: c.cittadinanza, tipoDocumento: c.tipoDocumento,
      identificativoMascherato: c.identificativoMascherato,
    })),
    questionari: encodeInstances(istanze, new Map(links.map((l) => [l.id, l.scadenza]))),
    template: active ? templateToWire(active) : null,
    templateSnapshot: snapshots.map(templateToWire),
    sedi: await sediFacilitatore(db, caller),
    configurazioneMinorenni: minori ?? null,
  }
}
