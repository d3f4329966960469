import { eq } from 'drizzle-orm'
import { openDatabase } from '../server/db/index'
import { enteSedeProgettoFacilitatore, programma, progetto, registroAttivita, utente } from '../server/db/schema'
import { applicaRiga } from '../server/domain/caricamenti/applica'
import { validaRiga } from '../server/domain/caricamenti/validazione'
import { COLONNE, type Riga } from '../server/domain/caricamenti/tracciato'
import { freshDatabase, startPostgres } from './mass-upload'
import m from 'codice-fiscale-js'
const CF = (m as any).CodiceFiscale ?? m
const pgs = startPostgres()
try {
  const url = await freshDatabase(pgs.url)
  const d = await openDatabase({ dataDir: 'memory://', databaseUrl: url })
  const db = d.db
  const [found] = await db.select({ link: enteSedeProgettoFacilitatore, policy: programma.policy, idProgramma: progetto.idProgramma }).from(enteSedeProgettoFacilitatore)
    .innerJoin(utente, eq(utente.id, enteSedeProgettoFacilitatore.idFacilitatore))
    .innerJoin(progetto, eq(progetto.id, enteSedeProgettoFacilitatore.idProgetto)).innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(eq(utente.codiceFiscale, 'RMNSRA92E51A944H')).limit(1)
  const link = found!.link
  const [job] = await db.insert(registroAttivita).values({ idProgetto: link.idProgetto, idEnte: link.idEnte, jobUuid: 'x'.repeat(32), jobStatus: 'IN_PROGRESS' }).returning()
  const ctx = { idRegistro: job!.id, idProgramma: found!.idProgramma, idProgetto: link.idProgetto, idEnte: link.idEnte, policy: found!.policy, codInserimento: 'x'.repeat(32), citizenHashSecret: 's'.repeat(40) }
  const cache = new Map()
  const times: number[] = []
  for (let i = 0; i < 60; i++) {
    const r = {} as Riga
    for (const c of COLONNE) r[c] = ''
    const base = `B${'CDFGHLMNPR'[i % 10]}${'CDFGHLMNPR'[Math.floor(i / 10)]}NNA60A01H501`
    Object.assign(r, { IDFacilitatore: 'RMNSRA92E51A944H', NominativoFacilitatore: 'B', IDSede: String(link.idSede), NominativoSede: 'S', AN1: 'A', AN2: 'B', AN3: base + CF.getCheckCode(base), AN4: 'NO', AN7: 'A', AN8: '2', AN9: 'C', AN10: 'A', AN11: 'A', AN12: 'Roma', SE1: '2025-03-10', SE2: '1:30', SE3: 'A', SE4: 'A', SE5: '1:4', SE6: 'A:B', SE7: `x${i}`, ES1: 'A', ES6: '5' })
    const v = await validaRiga({ numero: i + 2, valori: r, formule: [], campi: null }, ctx, '2026-01-01')
    if (!('ok' in v)) { console.log(v); continue }
    const t = performance.now()
    const e = await applicaRiga(db, ctx, i + 2, v.ok, cache)
    times.push(performance.now() - t)
    if (i < 2) console.log(e)
  }
  console.log('per row ms', times.map((x) => x.toFixed(0)).join(' '))
  await d.close()
} finally { pgs.stop() }
