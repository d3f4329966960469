/**
 * Seeds the demo users of identities.ts with their roles and the links that give each one exactly the
 * profiles listed there: referent/delegate rows for REG/DEG (programme managing body), REGP/DEGP
 * (project managing body) and REPP/DEPP (partner, links.ts), facilitator rows for FAC/VOL on their
 * sites (links.ts). Links start NON ATTIVO; a site with a facilitator is ATTIVO (platform-backend §2.5).
 */
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../db/types'
import {
  enteSedeProgetto, enteSedeProgettoFacilitatore, integrazioniUtente, referenteDelegatiGestoreProgetto,
  referenteDelegatiGestoreProgramma, referenteDelegatiPartner, STATO, utente, utenteXRuolo,
} from '../db/schema'
import { DEMO_IDENTITIES, type DemoIdentity, type DemoProfile } from './identities'
import { FACILITATOR_SITES, PARTNER_BODIES } from './links'
import { PROGETTI, PROGRAMMI } from './programmes'
import { SEDI } from './sites'
import { must, type WorldIds } from './insert-world'

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: missing ${what}`)
  return value
}

export async function insertUsers(tx: Executor, ids: WorldIds): Promise<Map<string, number>> {
  const userIds = new Map<string, number>()
  for (const who of DEMO_IDENTITIES) {
    const [row] = await tx.insert(utente).values({
      codiceFiscale: who.codiceFiscale, nome: who.nome, cognome: who.cognome, email: who.email, telefono: who.telefono,
      integrazione: who.integrazione, consensoDati: who.integrazione,
      dataOraConsensoDati: who.integrazione ? new Date('2024-06-03T09:00:00Z') : null,
      stato: who.integrazione ? STATO.ATTIVO : STATO.NON_ATTIVO,
      tipoContratto: who.profili.some((p) => p.codiceRuolo === 'FAC' || p.codiceRuolo === 'VOL') ? 'Dipendente' : null,
    }).returning({ id: utente.id })
    const idUtente = row!.id
    userIds.set(who.codiceFiscale, idUtente)
    await tx.insert(integrazioniUtente).values({ idUtente })
    const roles = [...new Set(who.profili.map((p) => p.codiceRuolo))]
    await tx.insert(utenteXRuolo).values(roles.map((codiceRuolo) => ({ idUtente, codiceRuolo })))
    for (const profile of who.profili) await insertLink(tx, ids, who, profile, idUtente)
  }
  return userIds
}

async function insertLink(tx: Executor, ids: WorldIds, who: DemoIdentity, p: DemoProfile, idUtente: number): Promise<void> {
  const cf = who.codiceFiscale
  switch (p.codiceRuolo) {
    case 'REG':
    case 'DEG': {
      const prgm = required(PROGRAMMI.find((x) => x.codice === p.programma), `programme of ${cf}`)
      await tx.insert(referenteDelegatiGestoreProgramma).values({
        idProgramma: must(ids.programma, prgm.codice), idUtente, idEnte: must(ids.ente, prgm.enteGestore), codiceRuolo: p.codiceRuolo,
      })
      return
    }
    case 'REGP':
    case 'DEGP': {
      const prgt = required(PROGETTI.find((x) => x.nomeBreve === p.progetto), `project of ${cf}`)
      await tx.insert(referenteDelegatiGestoreProgetto).values({
        idProgetto: must(ids.progetto, prgt.nomeBreve), idUtente, idEnte: must(ids.ente, prgt.enteGestore), codiceRuolo: p.codiceRuolo,
      })
      return
    }
    case 'REPP':
    case 'DEPP': {
      const progetto = required(p.progetto, `project of ${cf}`)
      const partner = p.ente ?? required(PARTNER_BODIES[cf]?.[progetto], `partner body of ${cf}`)
      await tx.insert(referenteDelegatiPartner).values({
        idProgetto: must(ids.progetto, progetto), idUtente, idEnte: must(ids.ente, partner), codiceRuolo: p.codiceRuolo,
      })
      return
    }
    case 'FAC':
    case 'VOL': {
      const progetto = required(p.progetto, `project of ${cf}`)
      const prgt = required(PROGETTI.find((x) => x.nomeBreve === progetto), `project ${progetto}`)
      const policy = required(PROGRAMMI.find((x) => x.codice === prgt.programma), `programme of ${progetto}`).policy
      // platform-backend §2.6: RFD programmes give FAC, SCD programmes give VOL
      if ((policy === 'RFD' ? 'FAC' : 'VOL') !== p.codiceRuolo) throw new Error(`seed: ${cf} ${p.codiceRuolo} on a ${policy} project`)
      for (const nomeSede of required(FACILITATOR_SITES[cf]?.[progetto], `sites of ${cf}`)) {
        const site = required(SEDI.find((s) => s.nome === nomeSede && s.progetto === progetto), `site ${nomeSede}`)
        const key = { idEnte: must(ids.ente, site.ente), idSede: must(ids.sede, site.nome), idProgetto: must(ids.progetto, progetto) }
        await tx.insert(enteSedeProgettoFacilitatore).values({ ...key, idFacilitatore: idUtente, ruoloUtente: p.codiceRuolo })
        await tx.update(enteSedeProgetto).set({ statoSede: STATO.ATTIVO, dataAttivazioneSede: new Date('2024-06-03T09:00:00Z') })
          .where(and(eq(enteSedeProgetto.idEnte, key.idEnte), eq(enteSedeProgetto.idSede, key.idSede), eq(enteSedeProgetto.idProgetto, key.idProgetto)))
      }
      return
    }
    default:
      return // DTD, DSCU, MOD: global roles, no link
  }
}
