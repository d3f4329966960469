/**
 * Everything the shell shows that depends on the session: menus, counters, user data.
 * Reads only the stored session (`useSession`), so the shell renders offline.
 */
import { useMemo } from 'react'
import { useSession } from '../../auth/session'
import { buildMainMenu, buildManagementMenu, buildUserMenu, type MenuEntry, type UserMenuEntry } from '../nav/menu'

export interface ShellModel {
  loggedIn: boolean
  /** registration done, several profiles, none chosen: 'Scegli il ruolo' opens and cannot be closed */
  needsProfileChoice: boolean
  nome: string
  cognome: string
  ruolo: string | null
  permessi: readonly string[]
  mainMenu: MenuEntry[]
  managementMenu: MenuEntry[]
  userMenu: UserMenuEntry[]
  canChat: boolean
  canNotifications: boolean
  unreadNotifications: number
  unreadChat: number
  /** URL of the user's picture (without the size) or null: initials are shown (issue 13) */
  immagineProfilo: string | null
}

export function useShellModel(): ShellModel {
  const s = useSession()
  return useMemo(() => {
    const loggedIn = s.status === 'authenticated' && s.user != null
    const permessi = loggedIn && s.profilo ? s.permessi : []
    const ctx = { permessi, profilo: loggedIn ? s.profilo : null }
    const profiles = s.user?.profiliUtente ?? []
    return {
      loggedIn,
      needsProfileChoice: loggedIn && s.needsProfileChoice,
      nome: s.user?.nome ?? '',
      cognome: s.user?.cognome ?? '',
      ruolo: s.profilo?.descrizioneRuolo ?? null,
      permessi,
      mainMenu: buildMainMenu(ctx),
      managementMenu: buildManagementMenu(ctx),
      userMenu: loggedIn ? buildUserMenu({ ...ctx, profileCount: profiles.length }) : [],
      canChat: permessi.includes('btn.chat'),
      canNotifications: permessi.includes('list.ntf.nr'),
      // Notifications and chat arrive with later issues: counters stay 0 until then.
      unreadNotifications: 0,
      unreadChat: 0,
      immagineProfilo: s.user?.immagineProfilo ?? null,
    }
  }, [s])
}
