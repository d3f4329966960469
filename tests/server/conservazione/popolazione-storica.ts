/**
 * A realistic population past its retention date for the retention tests (issue 28 point 2): the open-data tests'
 * population (tests/server/opendata/popolazione.ts: national-like demographics, six months of services at the seeded
 * sites of every programme) with what a real registry holds besides — keyed hashes, masks, citizenship and residence,
 * a consent for half of them, and one survey instance per citizen–service pair with Q1 (identity, residence, consent),
 * Q2, the service's Q3 and, for most, a compiled Q4 with its star rating and a free-text answer (question 32).
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { cittadino, ente, progetto, questionarioCompilato, questionarioTemplate, sede, servizio, servizioXCittadino, utente } from '../../../server/db/schema'
import type { Database } from '../../../server/db/types'
import { toStored } from '../../../server/domain/survey-codec'
import { popolazione } from '../opendata/popolazione'

const FASCE: Record<number, string> = { 1: '18-29', 2: '30-54', 3: '55-74', 4: '75 e oltre', 5: '14-17' }

/** Inserts the population (seed `seme`); resolves to its citizens' ids. */
export async function popolazioneStorica(db: Database, seme: number, cittadini = 300, servizi = 350): Promise<number[]> {
  const sedi = await db.select({ id: sede.id }).from(sede).orderBy(sede.id)
  const progetti = await db.select({ id: progetto.id }).from(progetto).orderBy(progetto.id)
  const [e] = await db.select({ id: ente.id }).from(ente).limit(1)
  const [u] = await db.select({ id: utente.id }).from(utente).limit(1)
  const [t] = await db.select({ id: questionarioTemplate.id }).from(questionarioTemplate).where(eq(questionarioTemplate.defaultRfd, true))
  const luoghi = sedi.map((s, i) => ({ idSede: s.id, idProgetto: progetti[i % progetti.length]!.id }))
  // ids apart from the open-data tests' (2^52 + 1…): 2^52 + seme * 10^6 + i
  const pop = popolazione(seme, luoghi, cittadini, servizi)
  const base = 2 ** 52 + seme * 1_000_000
  const persone = pop.cittadini.map((c, i) => ({ ...c, id: base + i }))
  const idDi = new Map(pop.cittadini.map((c, i) => [c.id, base + i]))
  await db.insert(cittadino).values(persone.map((c, i) => ({
    id: c.id, genere: c.genere, fasciaDiEtaId: c.fasciaDiEtaId, occupazione: c.occupazione, titoloDiStudio: c.titoloDiStudio,
    codiceFiscaleHash: randomBytes(32).toString('hex'), identificativoMascherato: `RSS*******${String(i).padStart(3, '0')}X`,
    cittadinanza: 'Italiana', provinciaDiDomicilio: 'Roma',
    ...(i % 2 === 0 ? { tipoConferimentoConsenso: 'CARTACEO' as const, dataConferimentoConsenso: new Date('2026-01-15T12:00:00Z') } : {}),
  })))
  const byId = new Map(persone.map((c) => [c.id, c]))
  for (let i = 0; i < pop.servizi.length; i += 100) {
    const batch = pop.servizi.slice(i, i + 100)
    const q3 = (s: (typeof batch)[number]) => ({ id: SEZIONI_QUESTIONARIO.Q3.id, title: SEZIONI_QUESTIONARIO.Q3.titolo, properties: [{ '25': s.competenze }, { '27': s.ambito }] as Record<string, string[]>[] })
    const ids = await db.insert(servizio).values(batch.map((s, j) => ({
      nome: `Storico ${seme} ${i + j}`, dataServizio: s.data, durataServizio: '1:00', tipologiaServizio: s.tipologia, stato: 'ATTIVO' as const,
      idEnte: e!.id, idSede: s.sede.idSede, idProgetto: s.sede.idProgetto, idFacilitatore: u!.id, sezioneQ3Compilato: q3(s),
    }))).returning({ id: servizio.id })
    const coppie = batch.flatMap((s, j) => s.cittadini.map((old, k) => ({ s, idServizio: ids[j]!.id, idCittadino: idDi.get(old)!, k })))
    await db.insert(servizioXCittadino).values(coppie.map((x) => ({ idCittadino: x.idCittadino, idServizio: x.idServizio })))
    await db.insert(questionarioCompilato).values(coppie.map((x, n) => {
      const c = byId.get(x.idCittadino)!
      const consenso = (x.idCittadino - base) % 2 === 0
      const q1 = toStored({ id: SEZIONI_QUESTIONARIO.Q1.id, title: SEZIONI_QUESTIONARIO.Q1.titolo, properties: {
        '1': ['Codice fiscale disponibile ma non visualizzabile'], '5': [c.genere], '6': [FASCE[c.fasciaDiEtaId]!], '7': [c.titoloDiStudio],
        '8': [c.occupazione], '9': ['Roma'], '10': ['Italiana'], ...(consenso ? { '18': ['Cartaceo'], '19': ['2026-01-15'] } : {}),
      } })
      const q2 = toStored({ id: SEZIONI_QUESTIONARIO.Q2.id, title: SEZIONI_QUESTIONARIO.Q2.titolo, properties: { '20': ['Sì'] } })
      const compilato = n % 10 < 7
      const q4 = toStored({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: {
        '29': ['Passaparola'], '1663320201383': [String(1 + ((n + x.k) % 5))], '32': [`Vorrei imparare a usare lo SPID, mi chiamo Persona ${n}`],
      } })
      return {
        idQuestionarioTemplate: t!.id, idCittadino: x.idCittadino, idFacilitatore: u!.id, idSede: x.s.sede.idSede, idEnte: e!.id,
        idProgetto: x.s.sede.idProgetto, idServizio: x.idServizio, stato: compilato ? 'COMPILATA' as const : 'NON_COMPILATA' as const,
        sezioni: compilato ? [q1, q2, q3(x.s), q4] : [q1, q2, q3(x.s)],
      }
    }))
  }
  return persone.map((c) => c.id)
}
