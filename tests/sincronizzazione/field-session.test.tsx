import { render, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

const wiring = vi.hoisted(() => ({ stop: vi.fn(), startSyncWiring: vi.fn() }))
vi.mock('../../src/features/sincronizzazione/wiring', () => ({ startSyncWiring: wiring.startSyncWiring }))

import { loadSyncWiring } from '../../src/features/sincronizzazione/start'
import { registerSessionWiring, useFieldSession } from '../../src/ui/shell/useFieldSession'

// as src/main.tsx registers it
registerSessionWiring(loadSyncWiring)

function Probe({ loggedIn }: { loggedIn: boolean }) {
  useFieldSession(loggedIn)
  return null
}

describe('shell: offline wiring follows the login', () => {
  it('loads and starts the wiring only while logged in, and stops it at logout', async () => {
    wiring.startSyncWiring.mockImplementation(() => wiring.stop)
    const view = render(<Probe loggedIn={false} />)
    await new Promise((r) => setTimeout(r, 20))
    expect(wiring.startSyncWiring).not.toHaveBeenCalled()

    view.rerender(<Probe loggedIn />)
    await waitFor(() => expect(wiring.startSyncWiring).toHaveBeenCalledTimes(1))
    expect(wiring.stop).not.toHaveBeenCalled()

    view.rerender(<Probe loggedIn={false} />)
    expect(wiring.stop).toHaveBeenCalledTimes(1)
  })

  it('does not start when the user logs out before the wiring finished loading', async () => {
    wiring.startSyncWiring.mockClear()
    const view = render(<Probe loggedIn />)
    view.rerender(<Probe loggedIn={false} />)
    await new Promise((r) => setTimeout(r, 50))
    expect(wiring.startSyncWiring).not.toHaveBeenCalled()
  })
})
