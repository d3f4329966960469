/** Route '/': landing for visitors, home for logged users (from the stored session, also offline). */
import { useSession } from '../../auth/session'
import { Home } from './Home'
import { Landing } from './Landing'

export function HomePage() {
  const { status } = useSession()
  return status === 'authenticated' ? <Home /> : <Landing />
}
