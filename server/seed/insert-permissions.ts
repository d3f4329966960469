/** Seeds roles, permission groups and permissions from permissions-matrix.ts. */
import type { Executor } from '../db/types'
import { gruppo, gruppoXPermesso, permesso, ruolo, ruoloXGruppo, STATO } from '../db/schema'
import { GROUPS, PERMISSIONS, ROLE_GROUPS, ROLES, type GroupCode } from './permissions-matrix'

export async function insertPermissions(tx: Executor): Promise<void> {
  const permRows = await tx.insert(permesso)
    .values(Object.entries(PERMISSIONS).map(([codice, descrizione]) => ({ codice, descrizione })))
    .returning({ id: permesso.id, codice: permesso.codice })
  const permId = new Map(permRows.map((r) => [r.codice, r.id]))

  const groupCodes = Object.keys(GROUPS) as GroupCode[]
  await tx.insert(gruppo).values(groupCodes.map((codice) => ({ codice, descrizione: GROUPS[codice].descrizione })))
  await tx.insert(gruppoXPermesso).values(groupCodes.flatMap((codiceGruppo) =>
    GROUPS[codiceGruppo].permessi.map((p) => ({ codiceGruppo, idPermesso: permId.get(p)! }))))

  await tx.insert(ruolo).values(ROLES.map((r) => ({
    codice: r.codice, nome: r.nome, predefinito: true, modificabile: false, stato: STATO.ATTIVO,
  })))
  await tx.insert(ruoloXGruppo).values(ROLES.flatMap((r) =>
    ROLE_GROUPS[r.codice].map((codiceGruppo) => ({ codiceRuolo: r.codice, codiceGruppo }))))
}
