/**
 * Comments of an item (spec 001 §2 "Comments display", "Comment modal"): threaded (comment, replies
 * shown or hidden with their count), author's picture (58 px, replies 39 px: spec 001 §9), else initials,
 * else a user icon ('Utente Anonimo' when unknown), like toggle,
 * reply, edit and delete as the server allows (`can_edit`, `can_delete`; a non-author's delete needs a
 * reason), report with the `rprt.*` permission; the reported mark only for `btn.rprt` (the server sends
 * it only to them). Comment texts are plain text.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Icon } from 'design-react-kit'
import { useState } from 'react'
import type { Comment, Item } from '../../api/contract/community'
import { readUser } from '../../auth/token-store'
import { formatDisplayDateTime } from '../../lib/dates'
import { addComment, commentLike, commentsQuery, deleteComment, editComment, replyComment, reportComment } from './api'
import { TextModal } from './TextModal'
import { Avatar } from '../../ui/profile/Avatar'
import { authorNames } from './authors'
import { trackEvent } from '../../api/track-event'

type Dialog =
  | { kind: 'add' }
  | { kind: 'reply'; comment: Comment }
  | { kind: 'edit'; comment: Comment }
  | { kind: 'delete'; comment: Comment }
  | { kind: 'report'; comment: Comment }

function CommentView({ comment, canReport, open }: { comment: Comment; canReport: boolean; open(d: Dialog): void }) {
  const qc = useQueryClient()
  const [showReplies, setShowReplies] = useState(true)
  const like = async () => {
    const liking = !comment.user_like
    await commentLike(comment.id, liking)
    if (liking) void trackEvent({ event: 'like', event_type: 'commento', event_value: String(comment.id), category: comment.section })
    await qc.invalidateQueries({ queryKey: ['community', 'comments'] })
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
          <p className="mb-2 pd-pre-wrap">{comment.comment_body}</p>
          <div className="d-flex flex-wrap gap-2 small">
            <button type="button" className="btn btn-link btn-sm p-0" aria-pressed={comment.user_like} onClick={() => void like()}>
              Mi piace ({comment.likes})
            </button>
            {!comment.isAnswer && <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'reply', comment })}>Rispondi</button>}
            {comment.can_edit && <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'edit', comment })}>Modifica</button>}
            {comment.can_delete && <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'delete', comment })}>Elimina</button>}
            {canReport && <button type="button" className="btn btn-link btn-sm p-0" onClick={() => open({ kind: 'report', comment })}>Segnala</button>}
          </div>
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
  const refresh = () => qc.invalidateQueries({ queryKey: ['community'] })
  const me = readUser()?.id
  const close = () => setDialog(null)
  const list = comments.data?.items ?? []
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
      <ul className="list-unstyled">
        {list.map((c) => <CommentView key={c.id} comment={c} canReport={canReport} open={setDialog} />)}
      </ul>
      <TextModal isOpen={dialog?.kind === 'add'} title="Aggiungi commento" prompt="Digita qui sotto il testo" confirmLabel="Pubblica" required
        onSubmit={async (t) => { await addComment(item.id, t); await refresh() }} onClose={close} />
      <TextModal isOpen={dialog?.kind === 'reply'} title="Aggiungi risposta al commento" prompt="Digita qui sotto il testo" confirmLabel="Pubblica" required
        onSubmit={async (t) => { if (dialog?.kind === 'reply') await replyComment(dialog.comment.id, t); await refresh() }} onClose={close} />
      <TextModal isOpen={dialog?.kind === 'edit'} title="Modifica commento" prompt="Digita qui sotto il testo" confirmLabel="Salva" required
        initial={dialog?.kind === 'edit' ? dialog.comment.comment_body : ''}
        onSubmit={async (t) => { if (dialog?.kind === 'edit') await editComment(dialog.comment.id, t); await refresh() }} onClose={close} />
      <TextModal isOpen={dialog?.kind === 'report'} title="Segnala commento" prompt="Motivo della segnalazione" confirmLabel="Invia segnalazione" required
        onSubmit={async (t) => { if (dialog?.kind === 'report') await reportComment(dialog.comment.id, t); await refresh() }} onClose={close} />
      <TextModal isOpen={dialog?.kind === 'delete'} title="Elimina commento" intro={<p className="mb-0">Confermi di voler eliminare questo contenuto?</p>}
        prompt="Inserisci il motivo dell'eliminazione" confirmLabel="Elimina" danger
        required={dialog?.kind === 'delete' && dialog.comment.author !== me}
        onSubmit={async (t) => { if (dialog?.kind === 'delete') await deleteComment(dialog.comment.id, t); await refresh() }} onClose={close} />
    </section>
  )
}
