/**
 * Seeds bodies, programmes, projects, partners, sites (with addresses and opening hours) and the
 * body–site–project links. Returns the ids by business key for the next seed steps.
 */
import type { Executor } from '../db/types'
import {
  ente, entePartner, enteSedeProgetto, indirizzoSede, indirizzoSedeFasciaOraria, programma, progetto, sede,
} from '../db/schema'
import { ENTI } from './bodies'
import { PROGETTI, PROGRAMMI } from './programmes'
import { SEDI, type Giorno, type Orari } from './sites'

export interface WorldIds {
  ente: Map<string, number>
  programma: Map<string, number>
  progetto: Map<string, number>
  sede: Map<string, number>
}

function must<K, V>(map: Map<K, V>, key: K): V {
  const v = map.get(key)
  if (v === undefined) throw new Error(`seed: unknown reference ${String(key)}`)
  return v
}

const DAYS: Giorno[] = ['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom']
/** Opening hours → the 28 columns of indirizzo_sede_fascia_oraria. */
function hoursColumns(orari: Orari): Record<string, string | null> {
  const cols: Record<string, string | null> = {}
  for (const d of DAYS) {
    const w = orari[d] ?? []
    for (const n of [1, 2] as const) {
      cols[`${d}OrarioApertura${n}`] = w[n - 1]?.[0] ?? null
      cols[`${d}OrarioChiusura${n}`] = w[n - 1]?.[1] ?? null
    }
  }
  return cols
}

export async function insertWorld(tx: Executor): Promise<WorldIds> {
  const enti = await tx.insert(ente).values(ENTI).returning({ id: ente.id, nome: ente.nome })
  const enteIds = new Map(enti.map((r) => [r.nome, r.id]))

  const prgm = await tx.insert(programma).values(PROGRAMMI.map((p) => ({
    codice: p.codice, nome: p.nome, nomeBreve: p.nomeBreve, policy: p.policy, bando: p.bando, cup: p.cup,
    idEnteGestoreProgramma: must(enteIds, p.enteGestore), statoGestoreProgramma: 'NON ATTIVO' as const,
    dataInizioProgramma: p.dataInizio, dataFineProgramma: p.dataFine, obiettivi: p.obiettivi,
  }))).returning({ id: programma.id, codice: programma.codice })
  const prgmIds = new Map(prgm.map((r) => [r.codice, r.id]))

  const prgt = await tx.insert(progetto).values(PROGETTI.map((p) => ({
    nome: p.nome, nomeBreve: p.nomeBreve, idProgramma: must(prgmIds, p.programma), cup: p.cup,
    idEnteGestoreProgetto: must(enteIds, p.enteGestore), statoGestoreProgetto: 'NON ATTIVO' as const,
    dataInizioProgetto: p.dataInizio, dataFineProgetto: p.dataFine, obiettivi: p.obiettivi,
  }))).returning({ id: progetto.id, nomeBreve: progetto.nomeBreve })
  const prgtIds = new Map(prgt.map((r) => [r.nomeBreve, r.id]))

  await tx.insert(entePartner).values(PROGETTI.flatMap((p) => p.partner.map((nome) => ({
    idProgetto: must(prgtIds, p.nomeBreve), idEnte: must(enteIds, nome),
  }))))

  const sedi = await tx.insert(sede).values(SEDI.map((s) => ({
    nome: s.nome, descrizione: s.descrizione, serviziErogati: s.serviziErogati, regione: s.regione,
    provincia: s.provincia, comune: s.comune, via: s.via, civico: s.civico, cap: s.cap,
  }))).returning({ id: sede.id, nome: sede.nome })
  const sedeIds = new Map(sedi.map((r) => [r.nome, r.id]))

  for (const s of SEDI) {
    const [addr] = await tx.insert(indirizzoSede).values({
      idSede: must(sedeIds, s.nome), regione: s.regione, provincia: s.provincia, comune: s.comune,
      via: s.via, civico: s.civico, cap: s.cap,
    }).returning({ id: indirizzoSede.id })
    await tx.insert(indirizzoSedeFasciaOraria).values({ idIndirizzoSede: addr!.id, ...hoursColumns(s.orari) })
  }

  await tx.insert(enteSedeProgetto).values(SEDI.map((s) => ({
    idEnte: must(enteIds, s.ente), idSede: must(sedeIds, s.nome), idProgetto: must(prgtIds, s.progetto), ruoloEnte: s.ruoloEnte,
  })))

  return { ente: enteIds, programma: prgmIds, progetto: prgtIds, sede: sedeIds }
}

export { must }
