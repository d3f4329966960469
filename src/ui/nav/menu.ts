/**
 * Main navigation, management area and user menu (spec 000 §2.3–2.4, spec 002 §2 "Navigation").
 * Pure: callers pass the held permission codes and the chosen profile; nothing here touches React.
 *
 * Requirements follow the platform model (spec 000 §6.2): a list of codes that must all be held,
 * the special value 'visible', or (with `any: true`) a list of which one is enough.
 * A user without a chosen profile gets no entry at all.
 */
import { hasAll, hasAny } from '../../auth/permissions'
import { RUOLI_LIVELLO_PROGETTO, RUOLI_PROGRAMMA } from '../../lib/ruoli'

/** Permission requirement of a menu entry: all listed codes (or one, with `any`), or 'visible'. */
export type Requirement = string[] | 'visible'

export interface MenuDef {
  id: string
  label: string
  to: string
  requires: Requirement
  /** one held code is enough */
  any?: boolean
  /** hidden when the entry with this id is visible (Report dati vs Area dati) */
  hiddenWhenVisible?: string
  children?: MenuDef[]
}

/** A visible entry after filtering and relabelling. */
export interface MenuEntry {
  id: string
  label: string
  to: string
  children: MenuEntry[]
}

/** The part of a profile the menu needs (subset of the wire `Profilo`). */
export interface MenuProfile {
  codiceRuolo: string
  idProgramma: number | null
  idProgetto: number | null
}

export interface MenuContext {
  permessi: readonly string[]
  profilo: MenuProfile | null
}

/** Roles scoped to one programme: they see 'Programma' → their programme's info page. */
export const PROGRAMME_ROLES: readonly string[] = RUOLI_PROGRAMMA
/** Roles scoped to one project: they see 'Progetto' → their project's info page (else the programme). */
export const PROJECT_ROLES: readonly string[] = RUOLI_LIVELLO_PROGETTO

const AM = '/area-amministrativa'

/** The menu of spec 000 §2.3, in display order. */
export const MAIN_MENU: readonly MenuDef[] = [
  { id: 'home', label: 'Home', to: '/', requires: ['tab.home'] },
  {
    id: 'area-amministrativa',
    label: 'Area amministrativa',
    to: AM,
    requires: ['tab.am'],
    children: [
      { id: 'programmi', label: 'Programmi', to: `${AM}/programmi`, requires: ['tab.am', 'subtab.prgm'] },
      { id: 'progetti', label: 'Progetti', to: `${AM}/progetti`, requires: ['tab.am', 'subtab.prgt'] },
      { id: 'enti', label: 'Enti', to: `${AM}/enti`, requires: ['tab.am', 'subtab.enti'] },
      { id: 'utenti', label: 'Utenti', to: `${AM}/utenti`, requires: ['tab.am', 'subtab.utenti'] },
      { id: 'questionari', label: 'Questionari', to: `${AM}/questionari`, requires: ['tab.am', 'subtab.quest'] },
      { id: 'servizi', label: 'Servizi', to: `${AM}/servizi`, requires: ['tab.am', 'subtab.serv'] },
    ],
  },
  { id: 'area-cittadini', label: 'Area cittadini', to: '/area-cittadini', requires: ['tab.citt', 'list.citt'] }, // the route's own codes
  {
    id: 'area-dati',
    label: 'Area dati',
    to: '/area-dati',
    requires: ['vis.mntr'],
    children: [
      { id: 'report-dati-sub', label: 'Report dati', to: '/area-dati/report-dati', requires: ['tab.dshb'] },
      {
        id: 'monitoraggio',
        label: 'Monitoraggio dei caricamenti massivi',
        to: '/area-dati/monitoraggio-caricamenti-massivi',
        requires: ['tab.dshb', 'vis.mntr'],
      },
    ],
  },
  { id: 'report-dati', label: 'Report dati', to: '/area-dati/report-dati', requires: ['tab.dshb'], hiddenWhenVisible: 'area-dati' },
  { id: 'bacheca', label: 'Bacheca', to: '/bacheca', requires: ['tab.bach'] },
  { id: 'forum', label: 'Forum', to: '/forum', requires: ['tab.comm'] },
  { id: 'documenti', label: 'Documenti', to: '/documenti', requires: ['tab.doc'] },
]

/** Management area ('Area gestionale'): top-bar dropdown on desktop, a burger section on phones. */
export const MANAGEMENT_MENU: readonly MenuDef[] = [
  { id: 'gestione-ruoli', label: 'Gestione ruoli', to: '/gestione-ruoli', requires: ['list.ruoli'] },
  { id: 'gestione-configurazioni', label: 'Gestione configurazioni', to: '/gestione-configurazioni', requires: ['view.conf.min'] },
  // issue 28 point 2: retention periods and reports (DTD, or a custom 'Responsabile protezione dati' role)
  { id: 'conservazione-dati', label: 'Conservazione dei dati', to: '/gestione-configurazioni/conservazione', requires: ['view.conf.conservazione'] },
  { id: 'gestione-categorie', label: 'Gestione categorie', to: '/area-gestionale/gestione-categorie', requires: ['btn.cat'] },
  { id: 'gestione-segnalazioni', label: 'Gestione segnalazioni', to: '/area-gestionale/gestione-segnalazioni', requires: ['btn.rprt'] },
  { id: 'richieste-assistenza', label: 'Richieste di assistenza', to: '/richieste-assistenza', requires: ['list.ticket'] },
  // issue 28 part 1: the access register (DTD, or a custom data-protection role)
  { id: 'registro-accessi', label: 'Registro degli accessi', to: '/registro-accessi', requires: ['view.registro.accessi'] },
  // issue 28 part 3: the erasure requests (DTD, or a custom data-protection role)
  { id: 'richieste-cancellazione', label: 'Richieste di cancellazione', to: '/richieste-cancellazione', requires: ['gest.dati.personali'] },
]

/** Codes of which one opens the management area (spec 000 §2.4: role management, categories, reports; issue 28: retention, access register, erasure requests). */
export const MANAGEMENT_TRIGGER_CODES: readonly string[] = ['btn.gest.ruoli', 'list.ruoli', 'btn.cat', 'btn.rprt', 'view.conf.conservazione', 'view.registro.accessi', 'gest.dati.personali']

/** True when `def`'s requirement is met by `permessi`. */
export function isAllowed(def: Pick<MenuDef, 'requires' | 'any'>, permessi: readonly string[]): boolean {
  return def.any ? hasAny(permessi, def.requires) : hasAll(permessi, def.requires)
}

function filterDefs(defs: readonly MenuDef[], permessi: readonly string[]): MenuEntry[] {
  const allowed = defs.filter((d) => isAllowed(d, permessi))
  const visibleIds = new Set(allowed.map((d) => d.id))
  return allowed
    .filter((d) => !(d.hiddenWhenVisible && visibleIds.has(d.hiddenWhenVisible)))
    .map((d) => ({ id: d.id, label: d.label, to: d.to, children: filterDefs(d.children ?? [], permessi) }))
}

const programmeInfo = (id: number) => `${AM}/programmi/${id}/info`
const projectInfo = (id: number) => `${AM}/progetti/${id}/info`

/**
 * Programma/Progetto relabelling of the administrative sub-tabs (spec 000 §2.3 rules 1–2):
 * - REG, DEG: 'Programmi' becomes 'Programma' → own programme info; 'Progetti' stays a list.
 * - REGP, DEGP, REPP, DEPP, FAC, VOL: the first of 'Programmi'/'Progetti' they may open becomes
 *   'Progetto' → own project info ('Programma' → own programme when the profile has no project);
 *   the other one is dropped, so a project-level user never sees a list of programmes or projects.
 */
function relabel(children: MenuEntry[], profilo: MenuProfile): MenuEntry[] {
  const role = profilo.codiceRuolo
  if (PROGRAMME_ROLES.includes(role) && profilo.idProgramma != null) {
    const id = profilo.idProgramma
    return children.map((c) => (c.id === 'programmi' ? { ...c, label: 'Programma', to: programmeInfo(id) } : c))
  }
  if (PROJECT_ROLES.includes(role)) {
    const own: Pick<MenuEntry, 'label' | 'to'> | null =
      profilo.idProgetto != null
        ? { label: 'Progetto', to: projectInfo(profilo.idProgetto) }
        : profilo.idProgramma != null
          ? { label: 'Programma', to: programmeInfo(profilo.idProgramma) }
          : null
    let replaced = false
    const out: MenuEntry[] = []
    for (const c of children) {
      if (c.id !== 'programmi' && c.id !== 'progetti') {
        out.push(c)
      } else if (!replaced && own) {
        out.push({ ...c, id: 'proprio', ...own })
        replaced = true
      }
    }
    return out
  }
  return children
}

/** Visible main menu for the current profile (empty without a profile). */
export function buildMainMenu(ctx: MenuContext): MenuEntry[] {
  if (!ctx.profilo) return []
  const profilo = ctx.profilo
  return filterDefs(MAIN_MENU, ctx.permessi).map((e) =>
    e.id === 'area-amministrativa' ? { ...e, children: relabel(e.children, profilo) } : e,
  )
}

/** Entries of the management area, empty when the area is not shown (spec 000 §2.4). */
export function buildManagementMenu(ctx: MenuContext): MenuEntry[] {
  if (!ctx.profilo) return []
  if (!hasAny(ctx.permessi, MANAGEMENT_TRIGGER_CODES)) return []
  return filterDefs(MANAGEMENT_MENU, ctx.permessi)
}

export type UserMenuAction = 'link' | 'change-role' | 'logout'
export interface UserMenuEntry {
  id: string
  label: string
  action: UserMenuAction
  to?: string
}

/** User dropdown (spec 000 §2.4): profile, 'Cambia ruolo' with >1 profile, 'Contenuti pubblicati' [btn.cont], 'Esci'. */
export function buildUserMenu(ctx: MenuContext & { profileCount: number }): UserMenuEntry[] {
  const out: UserMenuEntry[] = [{ id: 'profilo', label: 'Il mio profilo', action: 'link', to: '/area-personale' }]
  if (ctx.profileCount > 1) out.push({ id: 'cambia-ruolo', label: 'Cambia ruolo', action: 'change-role' })
  if (ctx.profilo && hasAll(ctx.permessi, ['btn.cont'])) {
    out.push({ id: 'contenuti', label: 'Contenuti pubblicati', action: 'link', to: '/area-personale/contenuti-pubblicati' })
  }
  out.push({ id: 'esci', label: 'Esci', action: 'logout' })
  return out
}

/** True when `pathname` is `to` or below it (Home only matches '/'). */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/'
  return pathname === to || pathname.startsWith(`${to}/`)
}
