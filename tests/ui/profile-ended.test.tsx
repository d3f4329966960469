/**
 * The shell's notice for a profile that is no longer active (project terminated): what happened, that the
 * device's data stay readable, and the way on ('Scegli un altro profilo' when there is one, 'Esci').
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import type { SessionState } from '../../src/auth/session'

const state = vi.hoisted(() => ({ session: null as unknown as SessionState }))
vi.mock('../../src/auth/session', () => ({ useSession: () => state.session }))
vi.mock('../../src/auth/logout', () => ({ requestLogout: vi.fn(async () => true) }))
vi.mock('../../src/ui/AppLink', () => ({ AppLink: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a> }))

import { requestLogout } from '../../src/auth/logout'
import { ProfileEndedNotice } from '../../src/ui/profile/ProfileEndedNotice'
import { describeEndedProfile } from '../../src/ui/profile/profile-ended'
import { getOpenShellModal, closeShellModal } from '../../src/ui/stores/modals'
import { contesto, permsOf, profile } from './fixtures'

const FAC = profile('FAC')
const session = (others: ReturnType<typeof profile>[], ended: ReturnType<typeof profile> | null): SessionState => ({
  status: 'authenticated', user: contesto(others), profilo: null, permessi: [], isOfflineSession: false, needsProfileChoice: others.length > 0, profiloNonAttivo: ended,
})

beforeEach(() => {
  closeShellModal()
  vi.mocked(requestLogout).mockClear()
})

describe('ProfileEndedNotice', () => {
  it('names the ended profile, keeps the device data readable, offers another profile and Esci', () => {
    state.session = session([profile('REG')], FAC)
    render(<ProfileEndedNotice />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Il profilo con cui lavoravi non è più attivo')
    expect(alert.textContent).toContain(describeEndedProfile(FAC))
    expect(describeEndedProfile(FAC)).toBe('FACILITATORE – Lazio Digitale Roma – Comune di Roma')
    expect(alert.textContent).toContain('restano consultabili')
    fireEvent.click(screen.getByRole('button', { name: 'Scegli un altro profilo' }))
    expect(getOpenShellModal()).toBe('profile')
    fireEvent.click(screen.getByRole('button', { name: 'Esci' }))
    expect(requestLogout).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('link', { name: 'Vedi i servizi salvati sul dispositivo' }).getAttribute('href')).toBe('/area-amministrativa/servizi')
  })

  it('without other profiles only Esci, and says so', () => {
    state.session = session([], FAC)
    render(<ProfileEndedNotice />)
    expect(screen.queryByRole('button', { name: 'Scegli un altro profilo' })).toBeNull()
    expect(screen.getByRole('alert').textContent).toContain('Non hai altri profili attivi')
    expect(screen.getByRole('button', { name: 'Esci' })).toBeTruthy()
  })

  it('nothing while the profile is active', () => {
    state.session = { ...session([FAC], null), profilo: FAC, permessi: permsOf('FAC'), needsProfileChoice: false }
    const { container } = render(<ProfileEndedNotice />)
    expect(container.textContent).toBe('')
  })
})
