/**
 * Detail of a content item (spec 001 §2 "Detail card", /bacheca/{id}, /forum/{id}, /documenti/{id}):
 * category label, short date, title, publisher, description, 'Scarica allegato', 'Link esterno', tags,
 * counters, like (bacheca and forum), 'Ti è stato utile?' (documents), edit (CreateItemModal in edit mode), report
 * and delete as allowed (a non-author's delete asks a required reason),
 * comments, and the back link. Opening it sends the view event; a missing item sends the user to the list.
 */
import { QueryProvider } from '../../api/query'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Icon } from 'design-react-kit'
import { useEffect, useRef, useState } from 'react'
import type { Section } from '../../api/contract/community'
import { AppLink } from '../../ui/AppLink'
import { useAzioneVersionata } from '../../ui/conflitto'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { useSession } from '../../auth/session'
import { displayDateOrText } from '../../lib/dates'
import { communityKeys, deleteItem, detailQuery, downloadAttachment, itemEvent, miPiace, rateUseful, reportItem } from './api'
import { ApiCallError } from '../../api/client'
import { useEntries } from '../../offline'
import { DatiAggiornatiAl, OnlineOnlyButton, useOfflineData } from '../../ui/offline-data'
import { deviceOffline, effectiveLike } from './outbox'
import { CoverImage } from './CoverImage'
import { trackEvent } from '../../api/track-event'
import { authorNames } from './authors'
import { Avatar } from '../../ui/profile/Avatar'
import { Comments } from './Comments'
import { CreateItemModal } from './CreateItemModal'
import { Counters } from './ItemCard'
import { RichTextView as RichText } from '../../ui/rich-text/RichTextView'
import { COMMUNITY_SECTIONS } from './sections'
import './community.css'
import { TextModal } from './TextModal'

const SUFFIX: Record<Section, string> = { board: 'news', community: 'topic', document: 'doc' }

/** The item the page reads (no retry: a missing item sends the user to the list), also read by its route loader. */
export function detailPageQuery(section: Section, itemId: number) {
  return { ...detailQuery(section, itemId), retry: false }
}

function DetailPageContent({ section: id, itemId }: { section: Section; itemId: number }) {
  const section = COMMUNITY_SECTIONS[id]
  const qc = useQueryClient()
  const navigate = useNavigate()
  const { permessi, user } = useSession()
  const detail = useQuery(detailPageQuery(id, itemId))
  const item = detail.data?.items[0]
  const [dialog, setDialog] = useState<'report' | 'delete' | 'edit' | null>(null)
  // issue 27: the delete acts on the item's version; a newer one is shown and asked again
  const conVersione = useAzioneVersionata({
    lettura: { valori: { titolo: item?.title, testo: item?.description }, versione: item?.versione },
    daCorrente: (c) => {
      const first = (c as { items?: { title?: unknown; description?: unknown; versione?: unknown }[] }).items?.[0]
      return first && typeof first.versione === 'number' ? { valori: { titolo: first.title, testo: first.description }, versione: first.versione } : null
    },
    campi: { titolo: { label: 'Titolo' } }, soggetto: 'Il contenuto',
  })
  // the breadcrumb reads the item's title, not its database id ('Bacheca / Corso SPID', issue 24 point 13)
  useRegisterBreadcrumbLabels({ [`${section.path}/${itemId}`]: item?.title })
  const viewed = useRef(false)
  const refresh = () => qc.invalidateQueries({ queryKey: communityKeys.all })

  const offline = useOfflineData(detail)
  const entries = useEntries() ?? []
  // a missing or forbidden item sends the user to the list; a network failure keeps the stored copy
  const refused = detail.error instanceof ApiCallError && detail.error.kind === 'http' && detail.error.status >= 400 && detail.error.status < 500
  useEffect(() => {
    if (refused) void navigate({ to: section.path })
  }, [refused, navigate, section.path])
  useEffect(() => {
    if (!item || viewed.current || deviceOffline()) return
    viewed.current = true
    // the write refreshes the community's reads
    void itemEvent(item.id, 'view').catch(() => undefined)
  }, [item])

  if (!item && offline.missing) {
    return (
      <div className="container-xxl pd-page py-4" data-testid={`community-detail-${id}`}>
        <AppLink to={section.path} className="d-inline-flex align-items-center mb-3">
          <Icon icon="it-arrow-left" size="sm" color="primary" aria-hidden /> {section.backLabel}
        </AppLink>
        <p className="alert alert-info">Questo contenuto non è stato salvato sul dispositivo: aprilo quando torni in linea.</p>
      </div>
    )
  }
  if (!item) return <div className="container-xxl pd-page py-4" aria-busy="true" />
  const canReport = permessi.includes(`rprt.${SUFFIX[id]}`)
  const download = async () => {
    await downloadAttachment(item.id, item.attachment_file_name ?? 'allegato')
    await itemEvent(item.id, 'downloaded')
    void trackEvent({ event: 'download', event_type: SUFFIX[id], event_value: String(item.id), category: item.category_label || null })
  }
  const liked = effectiveLike({ liked: item.user_like, count: item.likes }, entries, { idItem: item.id })
  const like = async () => {
    const liking = !liked.liked
    const outcome = await miPiace({ id: item.id, title: item.title }, { idItem: item.id }, liking)
    // usage events (issue 13 point 3): a like counts, an unlike does not
    if (liking) void trackEvent({ event: 'like', event_type: SUFFIX[id], event_value: String(item.id), category: item.category_label || null })
    if (outcome === 'sent') await refresh()
  }
  const rate = async (status: 1 | 2) => { await rateUseful(item.id, status) }

  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid={`community-detail-${id}`}>
      <AppLink to={section.path} className="d-inline-flex align-items-center mb-3">
        <Icon icon="it-arrow-left" size="sm" color="primary" aria-hidden /> {section.backLabel}
      </AppLink>
      <DatiAggiornatiAl data={offline} />
      <article className={`card card-bg p-3 p-md-4${item.highlighted ? ' pd-community-card--highlighted' : ''}`}>
        <div className="d-flex justify-content-between small mb-2">
          <span className="fw-semibold text-uppercase text-primary">{item.category_label || 'Senza categoria'}</span>
          <span className="text-secondary">{displayDateOrText(item.date)}</span>
        </div>
        <h1 className="h2">{item.title}</h1>
        <CoverImage item={item} className="mb-3 rounded" />
        <p className="text-secondary small">
          {item.entity}{item.entity_type ? ` · ${item.entity_type}` : ''}{section.targeted ? ` · ${item.program_label}` : ''}
        </p>
        <p className="d-flex align-items-center gap-2 small mb-3" data-testid="community-author">
          <Avatar {...authorNames(item)} immagine={item.author_avatar} size="medium" className="bg-primary text-white" />
          <span>Pubblicato da <strong>{item.author_name}</strong></span>
        </p>
        <RichText html={item.description} className="mb-3" />
        {item.tags && (
          <ul className="list-inline" aria-label="Tag">
            {item.tags.split(';').map((t) => <li key={t} className="list-inline-item"><span className="chip chip-simple"><span className="chip-label">{t}</span></span></li>)}
          </ul>
        )}
        <div className="d-flex flex-wrap gap-2 mb-3">
          {item.attachment && (
            <OnlineOnlyButton className="btn btn-outline-primary btn-sm" onClick={() => void download()}
              offlineReason="Allegato non scaricato sul dispositivo: per scaricarlo serve la connessione.">
              <Icon icon="it-download" size="sm" color="primary" aria-hidden /> Scarica allegato
              <span className="visually-hidden"> {item.attachment_file_name}</span>
            </OnlineOnlyButton>
          )}
          {item.external_link && (
            <a className="btn btn-outline-primary btn-sm" href={item.external_link} target="_blank" rel="noopener noreferrer nofollow">
              Link esterno<span className="visually-hidden"> (si apre in una nuova scheda)</span>
            </a>
          )}
          {id !== 'document' && (
            <button type="button" className="btn btn-outline-primary btn-sm" aria-pressed={liked.liked} onClick={() => void like()}>
              {liked.liked ? 'Non mi piace più' : 'Mi piace'}{liked.pending && <span className="ms-1 small">(in attesa di invio)</span>}
            </button>
          )}
          {canReport && <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setDialog('report')}>Segnala</button>}
          {item.can_edit && <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setDialog('edit')}>Modifica</button>}
          {item.can_delete && <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setDialog('delete')}>Elimina</button>}
        </div>
        <Counters item={{ ...item, likes: liked.count }} section={section} />
        {id === 'document' && (
          <fieldset className="mt-3">
            <legend className="h6">Ti è stato utile?</legend>
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-outline-primary btn-sm" aria-pressed={item.usefull_status === 1} onClick={() => void rate(1)}>Sì</button>
              <button type="button" className="btn btn-outline-primary btn-sm" aria-pressed={item.usefull_status === 2} onClick={() => void rate(2)}>No</button>
            </div>
          </fieldset>
        )}
      </article>
      <Comments item={item} canReport={canReport} />
      <CreateItemModal section={id} item={item} isOpen={dialog === 'edit'} onClose={() => setDialog(null)} />
      <TextModal isOpen={dialog === 'report'} title={`Segnala ${section.itemNoun}`} prompt="Motivo della segnalazione" confirmLabel="Invia segnalazione" required
        onSubmit={async (t) => { await reportItem(item.id, t) }} onClose={() => setDialog(null)} />
      <TextModal isOpen={dialog === 'delete'} title={`Elimina ${section.itemNoun}`} intro={<p className="mb-0">Confermi di voler eliminare questo contenuto?</p>}
        prompt="Inserisci il motivo dell'eliminazione" confirmLabel="Elimina" danger required={item.author !== user?.id}
        onSubmit={async (t) => { await conVersione((versione) => deleteItem(item.id, t, versione)); await navigate({ to: section.path }) }}
        onClose={() => setDialog(null)} />
    </div>
  )
}

/** The detail page inside the feature's query client (src/api/query.tsx). */
export function DetailPage(props: { section: Section; itemId: number }) {
  return <QueryProvider><DetailPageContent {...props} /></QueryProvider>
}
