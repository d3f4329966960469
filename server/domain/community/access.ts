/**
 * Who may see and do what in the community (spec 001 §6; platform-backend §11.2–11.3).
 *
 * Audience (scope) of an item, from the caller's role profile:
 * - forum topics have no programme targeting: every community member sees them;
 * - roles bound to a programme or project (REG…VOL, levels `programma`…`campo` of src/lib/ruoli.ts): items
 *   for 'Tutti i programmi' or for their profile's programme, whose intervention is 'Tutti gli interventi'
 *   or their programme's policy;
 * - DSCU: items whose intervention is 'Tutti gli interventi' or SCD;
 * - DTD, MOD and custom roles: everything.
 * The role's level comes from the one scope module (server/domain/ambito/, `livelloRuolo`).
 * Authors always see their own items. Deleted items are seen by nobody.
 *
 * Permission codes by section: `list`/`view.card`/`new`/`upd`/`del`/`rprt` + `.news`/`.topic`/`.doc`.
 */
import { and, eq, isNull, or, type SQL } from 'drizzle-orm'
import type { ItemType } from '../../../src/api/contract/community'
import { communityItem } from '../../db/schema'
import { forbidden } from '../../errors'
import { livelloRuolo, type LivelloRuolo } from '../ambito'
import type { Caller } from '../profile'

/** The levels whose audience is their profile's programme and policy. */
const BOUND: readonly LivelloRuolo[] = ['programma', 'progetto', 'partner', 'campo']
const bound = (caller: Caller) => BOUND.includes(livelloRuolo(caller.codiceRuolo))

/** Suffix of a section's permission codes. */
export const PERM_SUFFIX: Record<ItemType, 'news' | 'topic' | 'doc'> = {
  board_item: 'news', community_item: 'topic', document_item: 'doc',
}

/** The caller of a community route: profile + permission codes of the chosen role. */
export interface CommunityCaller extends Caller { permessi: string[] }

/** True when the caller holds `action.<section suffix>` (e.g. `new.news`). */
export function holds(caller: CommunityCaller, action: 'list' | 'view.card' | 'new' | 'upd' | 'del' | 'rprt', type: ItemType): boolean {
  return caller.permessi.includes(`${action}.${PERM_SUFFIX[type]}`)
}

/** Throws 403 A02 unless the caller holds the section's permission. */
export function requireHolds(caller: CommunityCaller, action: Parameters<typeof holds>[1], type: ItemType): void {
  if (!holds(caller, action, type)) throw forbidden('A02')
}

/** SQL condition on `community_item` selecting what the caller may see (module docstring). */
export function audienceCondition(caller: CommunityCaller): SQL {
  const notDeleted = isNull(communityItem.deletedAt)
  const p = caller.profilo
  const mine = eq(communityItem.idAutore, caller.principal.userId)
  const topic = eq(communityItem.itemType, 'community_item')
  if (bound(caller)) {
    const programme = p.idProgramma === null
      ? isNull(communityItem.idProgramma)
      : or(isNull(communityItem.idProgramma), eq(communityItem.idProgramma, p.idProgramma))
    const intervention = p.policy === null
      ? isNull(communityItem.intervento)
      : or(isNull(communityItem.intervento), eq(communityItem.intervento, p.policy))
    return and(notDeleted, or(mine, topic, and(programme, intervention))) as SQL
  }
  if (livelloRuolo(caller.codiceRuolo) === 'scd') {
    return and(notDeleted, or(mine, topic, isNull(communityItem.intervento), eq(communityItem.intervento, 'SCD'))) as SQL
  }
  return notDeleted
}

/** The same rule as {@link audienceCondition} on a loaded row. */
export function canSee(caller: CommunityCaller, row: { itemType: ItemType; idAutore: number; idProgramma: number | null; intervento: string | null; deletedAt: Date | null }): boolean {
  if (row.deletedAt) return false
  if (row.idAutore === caller.principal.userId || row.itemType === 'community_item') return true
  const p = caller.profilo
  if (bound(caller)) {
    return (row.idProgramma === null || row.idProgramma === p.idProgramma) && (row.intervento === null || row.intervento === p.policy)
  }
  if (livelloRuolo(caller.codiceRuolo) === 'scd') return row.intervento === null || row.intervento === 'SCD'
  return true
}

/**
 * The target a caller may publish for (403 A02 otherwise), the audience rule seen from the author: a role
 * bound to a programme or project publishes for all programmes or for its own; DSCU only within SCD.
 */
export function requirePublishTarget(caller: Caller, idProgramma: number | null, intervento: string | null): void {
  if (bound(caller) && idProgramma !== null && idProgramma !== caller.profilo.idProgramma) throw forbidden('A02', 'Puoi pubblicare solo per il tuo programma o per tutti i programmi.')
  if (livelloRuolo(caller.codiceRuolo) === 'scd' && intervento !== 'SCD') throw forbidden('A02', 'Puoi pubblicare solo per l\'intervento SCD.')
}

/** Edit: the author with `new.*`, or anyone with `upd.*`. */
export function canEdit(caller: CommunityCaller, row: { itemType: ItemType; idAutore: number }): boolean {
  return holds(caller, 'upd', row.itemType) || (row.idAutore === caller.principal.userId && holds(caller, 'new', row.itemType))
}

/** Delete: the author with `new.*`, or anyone with `del.*`. */
export function canDelete(caller: CommunityCaller, row: { itemType: ItemType; idAutore: number }): boolean {
  return holds(caller, 'del', row.itemType) || (row.idAutore === caller.principal.userId && holds(caller, 'new', row.itemType))
}

/** Publisher shown on an item (spec 001 §1): the author's body, else the role description. */
export function publisherOf(caller: Caller): { entity: string; entityType: string } {
  const p = caller.profilo
  const livello = livelloRuolo(caller.codiceRuolo)
  const entityType = livello === 'programma' ? 'Ente gestore di programma' : livello === 'progetto' ? 'Ente gestore di progetto' : ''
  return { entity: p.nomeEnte ?? p.descrizioneRuolo ?? caller.codiceRuolo, entityType: p.nomeEnte ? entityType : '' }
}
