/**
 * '/area-personale' — 'Il mio profilo' (spec 000 §2.2, §3; issue 13): the picture (upload, crop,
 * remove; initials otherwise), the user's data editable (ProfileForm), the role cards of every profile
 * with their `fullInfo` (RoleCardFull; offline, or while loading, the cards the session knows) and
 * 'Cambia ruolo' when there is more than one.
 */
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { QueryProvider, sessionReady } from '../../api/query'
import { hasAll } from '../../auth/permissions'
import { getSessionState, useSession } from '../../auth/session'
import { Avatar } from '../../ui/profile/Avatar'
import { RoleCard } from '../../ui/profile/RoleCard'
import { profileKey } from '../../ui/profile/role-card'
import { openShellModal } from '../../ui/stores/modals'
import { eliminaImmagineProfilo, ruoliDettaglioQuery } from './api'
import { ProfileForm } from './ProfileForm'
import { ProfilePictureModal } from './ProfilePictureModal'
import { RoleCardFull } from './RoleCardFull'

export function PersonalArea() {
  return (
    <QueryProvider>
      <PersonalAreaPage />
    </QueryProvider>
  )
}

/** The user's roles in detail, read once a session is ready. */
function ruoliQuery(userId: number | undefined) {
  return { ...ruoliDettaglioQuery(userId ?? 0), enabled: userId !== undefined && sessionReady() }
}

/** The read of the page, also read by its route loader (src/api/prefetch.ts). */
export function personalAreaReads() {
  return [ruoliQuery(getSessionState().user?.id)]
}

function PersonalAreaPage() {
  const { user, profilo, permessi } = useSession()
  const [pictureOpen, setPictureOpen] = useState(false)
  const [removing, setRemoving] = useState(false)
  const ruoli = useQuery(ruoliQuery(user?.id))
  if (!user) return null
  const currentKey = profilo ? profileKey(profilo) : null
  const links = {
    programma: hasAll(permessi, ['tab.am']),
    progetto: hasAll(permessi, ['tab.am']),
    ente: hasAll(permessi, ['tab.am', 'view.card.enti']),
  }
  const none = { programma: false, progetto: false, ente: false }
  const remove = async () => {
    setRemoving(true)
    try {
      await eliminaImmagineProfilo()
    } catch {
      // the API client showed the error toast
    } finally {
      setRemoving(false)
    }
  }

  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="personal-area">
      <h1 className="mb-4">Il mio profilo</h1>
      <p className="mb-4">
        <Link to="/area-personale/sincronizzazione" data-testid="sync-centre-link">
          Sincronizzazione
        </Link>
        : le operazioni salvate su questo dispositivo e non ancora inviate.
      </p>
      {hasAll(permessi, ['btn.cont']) && (
        <p className="mb-4">
          <Link to="/area-personale/contenuti-pubblicati">I miei contenuti</Link>: gli annunci, gli argomenti e i documenti che hai pubblicato.
        </p>
      )}
      <section aria-labelledby="pd-user-picture" className="mb-5">
        <h2 id="pd-user-picture" className="h4 mb-3">Immagine del profilo</h2>
        <div className="d-flex flex-wrap align-items-center gap-3">
          <Avatar nome={user.nome} cognome={user.cognome} immagine={user.immagineProfilo} size="preview" className="bg-primary text-white"
            label={user.immagineProfilo ? 'La tua immagine del profilo' : `Iniziali di ${user.nome} ${user.cognome}`} />
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setPictureOpen(true)} data-testid="picture-open">
              {user.immagineProfilo ? 'Cambia immagine' : 'Carica un\'immagine'}
            </button>
            {user.immagineProfilo && (
              <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void remove()} disabled={removing}>
                Rimuovi immagine
              </button>
            )}
          </div>
        </div>
        <ProfilePictureModal isOpen={pictureOpen} onClose={() => setPictureOpen(false)} />
      </section>
      <section aria-labelledby="pd-user-data" className="mb-5">
        <h2 id="pd-user-data" className="h4 mb-3">I tuoi dati</h2>
        <ProfileForm user={user} />
      </section>
      <section aria-labelledby="pd-user-roles">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 id="pd-user-roles" className="h4 mb-0">I tuoi ruoli</h2>
          {user.profiliUtente.length > 1 && (
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => openShellModal('profile')}>
              Cambia ruolo
            </button>
          )}
        </div>
        {user.profiliUtente.length === 0 ? (
          <p>Non hai ancora ruoli assegnati.</p>
        ) : (
          <ul className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3 list-unstyled" data-testid="role-cards">
            {ruoli.data
              ? ruoli.data.ruoli.map(({ profilo: p, fullInfo }) => {
                  const current = profileKey(p) === currentKey
                  return (
                    <li className="col" key={profileKey(p)}>
                      <RoleCardFull profilo={p} info={fullInfo} current={current} links={current ? links : none} />
                    </li>
                  )
                })
              : user.profiliUtente.map((p) => (
                  <li className="col" key={profileKey(p)}>
                    <RoleCard profile={p} current={profileKey(p) === currentKey} />
                  </li>
                ))}
          </ul>
        )}
      </section>
    </div>
  )
}
