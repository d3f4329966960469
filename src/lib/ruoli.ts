/**
 * Roles: the named role groups both sides share (issue 26 point 1; spec 000 §6.1, platform-backend §4.4), the
 * level of a role's data scope, and the pure rules of role management (issue 10 point 3;
 * platform-frontend §2.1–2.2): the role name typed by the DTD (it becomes the role's code), the
 * permissions a set of groups grants, and the labels of a role's type. The server checks the same name
 * rule (src/api/contract/ruoli.ts `NomeRuoloSchema`) and builds its data scope on {@link livelloRuolo}
 * (server/domain/ambito/). This module is the one place a role-code array is written.
 */

/** Roles of the managing body of a programme: referent, delegate. */
export const RUOLI_PROGRAMMA = ['REG', 'DEG'] as const
/** Roles of the managing body of a project: referent, delegate. */
export const RUOLI_PROGETTO = ['REGP', 'DEGP'] as const
/** Roles of a partner body of a project: referent, delegate. */
export const RUOLI_PARTNER = ['REPP', 'DEPP'] as const
/** Field roles: facilitator, volunteer (they create services and keep their data on the device). */
export const RUOLI_CAMPO = ['FAC', 'VOL'] as const
/** The departments' roles: administrator (DTD), civil-service department (DSCU); never deleted (R10). */
export const RUOLI_DIPARTIMENTO = ['DTD', 'DSCU'] as const
/** Global roles a DTD assigns by hand: the departments' roles and the community moderator. */
export const RUOLI_GLOBALI = [...RUOLI_DIPARTIMENTO, 'MOD'] as const
/** Referents who upload services in bulk (issue 10 point 5): of a programme, of a project, of a partner. */
export const RUOLI_CARICAMENTO = ['REG', 'REGP', 'REPP'] as const

/** A body's pair of roles, `[referent, delegate]`: {@link RUOLI_PROGRAMMA}, {@link RUOLI_PROGETTO} or {@link RUOLI_PARTNER}. */
export type CoppiaRuoli = readonly [referente: string, delegato: string]

/**
 * The short name of a role within a body (platform-frontend §2.7 tables of referents and facilitators):
 * 'Referente' or 'Delegato' for the first or second role of a body's pair, 'Facilitatore' / 'Volontario' for
 * the field roles; null for any other code.
 */
export function nomeBreveRuolo(codiceRuolo: string): string | null {
  for (const coppia of [RUOLI_PROGRAMMA, RUOLI_PROGETTO, RUOLI_PARTNER] as const) {
    if (coppia[0] === codiceRuolo) return 'Referente'
    if (coppia[1] === codiceRuolo) return 'Delegato'
  }
  if (codiceRuolo === RUOLI_CAMPO[0]) return 'Facilitatore'
  if (codiceRuolo === RUOLI_CAMPO[1]) return 'Volontario'
  return null
}

/** Managing roles of programmes, projects and partner bodies (spec 000 §6.3). */
export const RUOLI_GESTIONE = [...RUOLI_PROGRAMMA, ...RUOLI_PROGETTO, ...RUOLI_PARTNER] as const
/** Roles bound to one project (its managing body, a partner, or the field). */
export const RUOLI_LIVELLO_PROGETTO = [...RUOLI_PROGETTO, ...RUOLI_PARTNER, ...RUOLI_CAMPO] as const
/** Roles whose data is scoped to a programme, project or body: they come and go with their links. */
export const RUOLI_CON_PROFILO = [...RUOLI_PROGRAMMA, ...RUOLI_LIVELLO_PROGETTO] as const
/** Every predefined role code, in the canonical order (spec 000 §6.1); custom roles use other codes. */
export const RUOLI_PREDEFINITI = [...RUOLI_DIPARTIMENTO, ...RUOLI_CON_PROFILO, 'MOD'] as const
export type CodiceRuolo = (typeof RUOLI_PREDEFINITI)[number]

/** True when `codiceRuolo` is one of `gruppo` (any string, e.g. a custom role's code, is accepted). */
export function inGruppo(gruppo: readonly string[], codiceRuolo: string | null | undefined): boolean {
  return codiceRuolo != null && gruppo.includes(codiceRuolo)
}

/**
 * The level of a role's data scope (platform-backend §4.4): `tutto` for DTD and custom roles, `scd` for
 * DSCU (the SCD programmes), `programma` / `progetto` / `partner` / `campo` for the roles bound to a
 * programme, to a project's managing body, to a partner body, to the field; `nessuno` for MOD (no
 * programme data: the community only).
 */
export type LivelloRuolo = 'tutto' | 'scd' | 'programma' | 'progetto' | 'partner' | 'campo' | 'nessuno'

/** The level of `codiceRuolo` (see {@link LivelloRuolo}). */
export function livelloRuolo(codiceRuolo: string): LivelloRuolo {
  if (inGruppo(RUOLI_PROGRAMMA, codiceRuolo)) return 'programma'
  if (inGruppo(RUOLI_PROGETTO, codiceRuolo)) return 'progetto'
  if (inGruppo(RUOLI_PARTNER, codiceRuolo)) return 'partner'
  if (inGruppo(RUOLI_CAMPO, codiceRuolo)) return 'campo'
  if (codiceRuolo === 'DSCU') return 'scd'
  if (codiceRuolo === 'MOD') return 'nessuno'
  return 'tutto'
}

/** Role name: 2–50 characters, letters without accents, digits, spaces, '.', '-', '_', starting with a letter or digit. */
export const NOME_RUOLO_RE = /^[A-Za-z0-9][A-Za-z0-9 ._-]{1,49}$/

/** The name as it will be stored: trimmed, inner spaces collapsed. */
export function normalizzaNomeRuolo(nome: string): string {
  return nome.trim().replace(/\s+/g, ' ')
}

/** Italian message for the name field, or null when valid; `esistenti` are the names/codes in use (any case). */
export function erroreNomeRuolo(nome: string, esistenti: readonly string[] = []): string | null {
  const n = normalizzaNomeRuolo(nome)
  if (n === '') return 'Campo obbligatorio'
  if (!NOME_RUOLO_RE.test(n)) return 'Usa da 2 a 50 caratteri: lettere senza accenti, cifre, spazi, punti e trattini.'
  if (esistenti.some((e) => e.toUpperCase() === n.toUpperCase())) return 'Esiste già un ruolo con questo nome.'
  return null
}

/** Italian message for the groups choice, or null when at least one group is chosen. */
export function erroreGruppi(scelti: readonly string[]): string | null {
  return scelti.length === 0 ? 'Scegli almeno un gruppo di permessi.' : null
}

/** Distinct permission codes granted by the chosen groups, sorted. */
export function permessiDeiGruppi(gruppi: readonly { codice: string; permessi: readonly { codice: string }[] }[], scelti: readonly string[]): string[] {
  const set = new Set<string>()
  for (const g of gruppi) if (scelti.includes(g.codice)) for (const p of g.permessi) set.add(p.codice)
  return [...set].sort()
}

/** Label of a role's type: P predefined, NP custom. */
export function etichettaTipologia(tipologia: 'P' | 'NP'): string {
  return tipologia === 'P' ? 'Predefinito' : 'Personalizzato'
}

/** Roles that work in the field with their own services (offline-capable): facilitator and volunteer. */
export function isFieldRole(codiceRuolo: string | null | undefined): boolean {
  return inGruppo(RUOLI_CAMPO, codiceRuolo)
}
