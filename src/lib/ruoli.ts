/**
 * Pure rules of role management (issue 10 point 3; platform-frontend §2.1–2.2): the role name typed by the
 * DTD (it becomes the role's code), the permissions a set of groups grants, and the labels of a role's
 * type. Shared by the role form and its tests; the server checks the same name rule
 * (src/api/contract/ruoli.ts `NomeRuoloSchema`).
 */

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
  return codiceRuolo === 'FAC' || codiceRuolo === 'VOL'
}
