/**
 * Comments of an item (spec 001 §2 "Comments display", "Comment modal"): threaded (comment, replies
 * shown or hidden with their count), author's picture (58 px, replies 39 px: spec 001 §9), else initials,
 * else a user icon ('Utente Anonimo' when unknown), like toggle,
 * reply, edit and delete as the server allows (`can_edit`, `can_delete`; a non-author's delete needs a
 * reason), report with the `rprt.*` permission; the reported mark only for `btn.rprt` (the server sends
 * it only to them). Comment texts are plain text. An edit goes through ModificaCommentoModal (issue 27: the
 * comment's version, the side-by-side view on a 409).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Icon } from 'design-react-kit'
import { createContext, useContext, useState } from 'react'
import type { Comment, Item } from '../../api/contract/community'
import { readUser } from '../../auth/token-store'
import { formatDisplayDateTime } from '../../lib/dates'
import { useEntries, type OutboxEntry } from '../../offline'
import { commenta, communityKeys, commentsQuery, deleteComment, miPiace, reportComment, rispondi, type ItemRef } from './api'
import { effectiveLike, pendingComments, pendingEditOf, type PendingComment, type Target } from './outbox'
import { TextModal } from './TextModal'
import { Avatar } from '../../ui/profile/Avatar'
import { useAzioneVersionata } from '../../ui/conflitto'
import { ModificaCommentoModal } from './ModificaCommentoModal'
import { authorNames } from './authors'
import { trackEvent } from '../../api/track-event'

type Dialog =
  | { kind: 'add' }
  | { kind: 'reply'; comment: Comment; target: Target }
  | { kind: 'edit'; comment: Comment; target: Target }
  | { kind: 'delete'; comment: Comment }
  | { kind: 'report'; comment: Comment }

/** The outbox's open entries and the item, for the comments' offline state (issue 12 point 9). */
const OutboxContext = createContext<{ entries: readonly OutboxEntry[]; item: ItemRef; pending: PendingComment[] }>({ entries: [], item: { id: 0, title: '' }, pending: [] })

/** 'In attesa di invio' (queued in the outbox) or 'Richiede attenzione' (refused: the sync centre says why). */
function PendingMark({ attention }: { attention: boolean }) {
  return (
    <span className={`ms-2 badge ${attention ? 'bg-danger' : 'bg-warning text-dark'}`} data-testid="comment-pending">
      {attention ? 'Richiede attenzione: vedi la pagina Sincronizzazione' : 'In attesa di invio'}
    </span>
  )
}

/** A comment or reply still in the outbox (shown at once, marked until the server confirms it). */
function PendingCommentView({ comment, open }: { comment: PendingComment; open(d: Dialog): void }) {
  const { item, pending } = useContext(OutboxContext)
  const me = readUser()
  const target: Target = { idItem: item.id, idCommentoLocale: comment.idLocale }
  const asComment: Comment = {
    id: 0, comment_body: comment.testo, author: me?.id ?? 0, author_name: me ? `${me.nome} ${me.cognome}` : 'Utente Anonimo', date: new Date(comment.createdAt).toISOString(),
    likes: 0, user_like: false, can_edit: true, can_delete: false, reported: 0, isAnswer: comment.parent !== null, replies: [],
  } as unknown as Comment
  const replies = pending.filter((p) => p.parent?.idCommentoLocale === comment.idLocale)
  return (
    <li className="mb-3" data-testid="comment">
      <p className="mb-1">
        <strong>{asComment.author_name}</strong>{' '}
        <span className="small text-secondary">{formatDisplayDateTime(asComment.date)}</span>
        <PendingMark attention={comment.attention} />
      </p>
      <p className="mb-2 pd-pre-wrap">{comment.testo}</p>
      <div className="d-flex flex-wrap gap-2 small">
        {comment.parent === null && <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'reply', comment: asComment, target })}>Rispondi</button>}
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'edit', comment: asComment, target })}>Modifica</button>
      </div>
      {replies.length > 0 && (
        <ul className="list-unstyled mt-3 ms-2 ms-md-4">
          {replies.map((r) => <PendingCommentView key={r.entryId} comment={r} open={open} />)}
        </ul>
      )}
    </li>
  )
}

function CommentView({ comment, canReport, open }: { comment: Comment; canReport: boolean; open(d: Dialog): void }) {
  const qc = useQueryClient()
  const [showReplies, setShowReplies] = useState(true)
  const { entries, item, pending } = useContext(OutboxContext)
  const target: Target = { idItem: item.id, idCommento: comment.id }
  const liked = effectiveLike({ liked: comment.user_like, count: comment.likes }, entries, target)
  const queuedText = pendingEditOf(entries, item.id, comment.id)
  const queuedReplies = pending.filter((p) => p.parent?.idCommento === comment.id)
  const like = async () => {
    const liking = !liked.liked
    const outcome = await miPiace(item, target, liking)
    // usage events (issue 13 point 3): a like counts, an unlike does not
    if (liking) void trackEvent({ event: 'like', event_type: 'commento', event_value: String(comment.id), category: comment.section })
    if (outcome === 'sent') await qc.invalidateQueries({ queryKey: communityKeys.allComments })
  }
  const names = authorNames(comment)
  return (
    <li className="mb-3" data-testid="comment">
      <div className="d-flex gap-3">
        <Avatar {...names} immagine={comment.author_avatar} size={comment.isAnswer ? 'small' : 'medium'} className="bg-primary text-white flex-shrink-0" />
        <div className="flex-grow-1">
          <p className="mb-1">
            <strong>{comment.author_name}</strong>{' '}
            <span className="small text-secondary">{formatDisplayDateTime(comment.date)}</span>
            {comment.reported === 1 && (
              <span className="ms-2 small text-danger" data-testid="comment-reported">
                <Icon icon="it-warning-circle" size="xs" color="danger" aria-hidden /> Segnalato
              </span>
            )}
          </p>
          <p className="mb-2 pd-pre-wrap">{queuedText ?? comment.comment_body}{queuedText !== undefined && <PendingMark attention={false} />}</p>
          <div className="d-flex flex-wrap gap-2 small">
            <button type="button" className="btn btn-link btn-sm p-0" aria-pressed={liked.liked} onClick={() => void like()}>
              Mi piace ({liked.count})
            </button>
            {liked.pending && <span className="text-secondary">(in attesa di invio)</span>}
            {!comment.isAnswer && <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'reply', comment, target })}>Rispondi</button>}
            {comment.can_edit && <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'edit', comment: { ...comment, comment_body: queuedText ?? comment.comment_body }, target })}>Modifica</button>}
            {comment.can_delete && <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'delete', comment })}>Elimina</button>}
            {canReport && <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'report', comment })}>Segnala</button>}
          </div>
          {queuedReplies.length > 0 && (
            <ul className="list-unstyled mt-3 ms-2 ms-md-4">
              {queuedReplies.map((r) => <PendingCommentView key={r.entryId} comment={r} open={open} />)}
            </ul>
          )}
          {comment.replies.length > 0 && (
            <>
              <button type="button" className="btn btn-link btn-sm p-0 mt-2" aria-expanded={showReplies} onClick={() => setShowReplies((s) => !s)}>
                {showReplies ? 'Nascondi' : 'Mostra'} risposte ({comment.replies.length})
              </button>
              {showReplies && (
                <ul className="list-unstyled mt-3 ms-2 ms-md-4">
                  {comment.replies.map((r) => <CommentView key={r.id} comment={r} canReport={canReport} open={open} />)}
                </ul>
              )}
            </>
          )}
        </div>
      </div>
    </li>
  )
}

export function Comments({ item, canReport }: { item: Item; canReport: boolean }) {
  const qc = useQueryClient()
  const comments = useQuery(commentsQuery(item.id))
  const [dialog, setDialog] = useState<Dialog | null>(null)
  // issue 27: a comment's delete acts on its version; a newer one is shown and asked again
  const daCancellare = dialog?.kind === 'delete' ? dialog.comment : null
  const conVersione = useAzioneVersionata({
    lettura: { valori: { testo: daCancellare?.comment_body }, versione: daCancellare?.versione },
    daCorrente: (c) => {
      const x = c as { comment_body?: unknown; versione?: unknown }
      return typeof x.versione === 'number' ? { valori: { testo: x.comment_body }, versione: x.versione } : null
    },
    campi: { testo: { label: 'Testo' } }, soggetto: 'Il commento',
  })
  const refresh = () => qc.invalidateQueries({ queryKey: communityKeys.all })
  const me = readUser()?.id
  const close = () => setDialog(null)
  const list = comments.data?.items ?? []
  const shown = list.reduce((n, c) => n + 1 + c.replies.length, 0)
  const total = comments.data?.total_items ?? shown
  const entries = useEntries() ?? []
  const itemRef: ItemRef = { id: item.id, title: item.title }
  const pending = pendingComments(entries, item.id)
  const refreshIfSent = async (r: 'sent' | 'queued') => { if (r === 'sent') await refresh() }
  return (
    <section aria-labelledby="pd-comments-title" className="mt-5" data-testid="comments">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="pd-comments-title" className="h4 mb-0">Commenti ({item.comment_count})</h2>
        {item.enable_comments && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog({ kind: 'add' })}>Aggiungi commento</button>
        )}
      </div>
      {!item.enable_comments && <p className="text-secondary">I commenti su questo contenuto sono disattivati.</p>}
      {comments.isSuccess && list.length === 0 && item.enable_comments && <p className="text-secondary">Non ci sono ancora commenti.</p>}
      {total > shown && <p className="text-secondary" data-testid="comments-truncated">Sono mostrati i {shown} commenti più recenti su {total}.</p>}
      <OutboxContext.Provider value={{ entries, item: itemRef, pending }}>
        <ul className="list-unstyled">
          {list.map((c) => <CommentView key={c.id} comment={c} canReport={canReport} open={setDialog} />)}
          {pending.filter((p) => p.parent === null).map((p) => <PendingCommentView key={p.entryId} comment={p} open={setDialog} />)}
        </ul>
      </OutboxContext.Provider>
      <TextModal isOpen={dialog?.kind === 'add'} title="Aggiungi commento" prompt="Digita qui sotto il testo" confirmLabel="Pubblica" required
        onSubmit={async (t) => { await refreshIfSent(await commenta(itemRef, t)) }} onClose={close} />
      <TextModal isOpen={dialog?.kind === 'reply'} title="Aggiungi risposta al commento" prompt="Digita qui sotto il testo" confirmLabel="Pubblica" required
        onSubmit={async (t) => { if (dialog?.kind === 'reply') await refreshIfSent(await rispondi(itemRef, dialog.target, t)) }} onClose={close} />
      <ModificaCommentoModal isOpen={dialog?.kind === 'edit'} item={itemRef} edit={dialog?.kind === 'edit' ? dialog : null} onClose={close} onDone={refreshIfSent} />
      <TextModal isOpen={dialog?.kind === 'report'} title="Segnala commento" prompt="Motivo della segnalazione" confirmLabel="Invia segnalazione" required
        onSubmit={async (t) => { if (dialog?.kind === 'report') await reportComment(dialog.comment.id, t) }} onClose={close} />
      <TextModal isOpen={dialog?.kind === 'delete'} title="Elimina commento" intro={<p className="mb-0">Confermi di voler eliminare questo contenuto?</p>}
        prompt="Inserisci il motivo dell'eliminazione" confirmLabel="Elimina" danger
        required={dialog?.kind === 'delete' && dialog.comment.author !== me}
        onSubmit={async (t) => { if (dialog?.kind === 'delete') { const { id } = dialog.comment; await conVersione((versione) => deleteComment(id, t, versione)) } }} onClose={close} />
    </section>
  )
}
