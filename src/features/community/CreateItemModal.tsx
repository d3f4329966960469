/**
 * Creation dialog of a content item (spec 001 §2 "Announcement modal", "Document modal"; topic form):
 * form → (announcements: preview) → confirmation ('Annuncio creato correttamente!', 'Documento caricato
 * correttamente!', 'Argomento creato correttamente!'); closing the confirmation opens the new item.
 * Fields by section: Titolo (2–55), Programma ('Tutti i programmi' or the profile's programme) and
 * Intervento (announcements, documents), Categoria, text (the shared rich-text editor, src/ui/rich-text/), tags (topics), cover and
 * 'Abilita commenti' / 'Annunci in evidenza' (announcements), attachment, 'Link esterno' (documents; a
 * file or a link is required). A chosen file is checked at once (name, type, size, content: the rule the
 * server applies, src/lib/community-files.ts) and its problem shown by the field; on 'Conferma' the files are
 * sent first (staged) and the item is then saved naming them, so a refused file never leaves an item
 * published without it; a retry of the same form reuses the same Idempotency-Key and staged files, so it
 * never publishes a second copy (issue 24 point 6). The rich-text editor is loaded when the dialog opens
 * (issue 24 point 24: the list pages do not carry it).
 * Edit mode (`item` given; issue 12 "editing"): the same form filled with the item, 'Modifica …', saved with
 * `POST /{section}/item/{id}/update`; a new cover or attachment replaces the old one; confirmation
 * 'Annuncio modificato correttamente!' (…); closing stays on the item.
 * Issue 27 point 2: the edit is sent with the item's `versione` through useSalvataggioVersionato; when someone saved
 * the item meanwhile (409 V01) the changes of one side only are merged at once, and for the fields changed on both
 * sides the dialog shows the side-by-side view (VistaConflitto) in place of the form, which stays mounted with the
 * typing; its 'Salva' sends the merged values with the server's version. The fields and how files are compared:
 * ./itemConflitto.ts.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { CATEGORY_TYPE_OF, LIMITS, type Item, type Section } from '../../api/contract/community'
import { useSession } from '../../auth/session'
import { ATTACHMENT_EXTENSIONS, COVER_EXTENSIONS, type FileKind } from '../../lib/community-files'
import { newUuid } from '../../lib/ids'
import { categoriesQuery, checkChosenFile, createItem, isFileRefusal, stageFile, updateItem } from './api'
import { RichTextView } from '../../ui/rich-text/RichTextView'
import { LazyRichTextEditor } from '../../ui/rich-text/LazyRichTextEditor'
import { useSalvataggioVersionato } from '../../ui/conflitto'
import { campiItem, destinatariDi, itemDiCorrente, moduloDiItem, valoriItem, type ValoriItem } from './itemConflitto'
import { COMMUNITY_SECTIONS } from './sections'

// Tiptap/ProseMirror only when a dialog opens: never in the list's or the item's own chunks

/** A chosen file and what its check found: `error` (Italian) or `checking` while its first bytes are read. */
interface Chosen { file: File | null; error: string | null; checking: boolean }
const NONE: Chosen = { file: null, error: null, checking: false }
const ACCEPT: Record<FileKind, string> = {
  cover: COVER_EXTENSIONS.map((e) => `.${e}`).join(','),
  attachment: ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(','),
}

const CONFIRM: Record<Section, string> = {
  board: 'Annuncio creato correttamente!', community: 'Argomento creato correttamente!', document: 'Documento caricato correttamente!',
}
const EDITED: Record<Section, string> = {
  board: 'Annuncio modificato correttamente!', community: 'Argomento modificato correttamente!', document: 'Documento modificato correttamente!',
}
const URL_RE = /^https?:\/\/\S+$/i

export function CreateItemModal({ section: id, isOpen, onClose, item }: { section: Section; isOpen: boolean; onClose(): void; item?: Item }) {
  const section = COMMUNITY_SECTIONS[id]
  const { profilo } = useSession()
  const navigate = useNavigate()
  const uid = useId()
  const categories = useQuery({ ...categoriesQuery(CATEGORY_TYPE_OF[id]), enabled: isOpen })
  const [step, setStep] = useState<'form' | 'preview' | 'done'>('form')
  const [title, setTitle] = useState('')
  const [program, setProgram] = useState('public')
  const [intervention, setIntervention] = useState('public')
  const [category, setCategory] = useState('')
  const [text, setText] = useState('')
  const [textEmpty, setTextEmpty] = useState(true)
  const [tags, setTags] = useState('')
  const [link, setLink] = useState('')
  const [chosen, setChosen] = useState<Record<FileKind, Chosen>>({ cover: NONE, attachment: NONE })
  const cover = chosen.cover.file
  const attachment = chosen.attachment.file
  // files already staged by an earlier attempt (sent once), and the last attempt's body and Idempotency-Key
  const staged = useRef(new Map<File, string>())
  const attempt = useRef<{ body: string; key: string } | null>(null)
  const [enableComments, setEnableComments] = useState(true)
  const [highlighted, setHighlighted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<number | null>(null)
  const max = id === 'document' ? LIMITS.docDescription : LIMITS.newsDescription
  // edit mode: the form starts from the item each time the dialog opens; the editor remounts with it
  // (only when it opens: a refetch of the item while the dialog is open must not undo the user's changes)
  const [seed, setSeed] = useState(0)
  const wasOpen = useRef(false)
  useEffect(() => {
    const opening = isOpen && !wasOpen.current
    wasOpen.current = isOpen
    if (!opening || !item) return
    setStep('form'); setTitle(item.title); setProgram(String(item.program)); setIntervention(item.intervention)
    setCategory(item.category === null ? '' : String(item.category)); setText(item.description); setTextEmpty(item.description.trim() === '')
    setTags(item.tags); setLink(item.external_link ?? ''); setChosen({ cover: NONE, attachment: NONE })
    setEnableComments(item.enable_comments); setHighlighted(item.highlighted); setCreated(null)
    setSeed((n) => n + 1)
  }, [isOpen, item])

  const reset = () => {
    setStep('form'); setTitle(''); setProgram('public'); setIntervention('public'); setCategory(''); setText(''); setTextEmpty(true); setTags('')
    setLink(''); setChosen({ cover: NONE, attachment: NONE }); setEnableComments(true); setHighlighted(false); setCreated(null)
    staged.current.clear(); attempt.current = null
  }
  /** Takes a chosen file and checks it before anything is sent (the last choice wins). */
  const choose = (kind: FileKind, file: File | null) => {
    setChosen((c) => ({ ...c, [kind]: { file, error: null, checking: file !== null } }))
    if (!file) return
    void checkChosenFile(kind, file).then((error) => setChosen((c) => (c[kind].file === file ? { ...c, [kind]: { file, error, checking: false } } : c)))
  }
  const filesOk = !chosen.cover.error && !chosen.attachment.error && !chosen.cover.checking && !chosen.attachment.checking
  const close = () => {
    if (busy) return
    const goTo = item ? null : created
    reset()
    onClose()
    if (goTo !== null) void navigate({ to: `${section.path}/$id`, params: { id: String(goTo) } })
  }
  const titleOk = [...title.trim()].length >= LIMITS.titleMin && [...title.trim()].length <= LIMITS.titleMax
  const linkOk = link.trim() === '' || URL_RE.test(link.trim())
  const resourceOk = id !== 'document' || attachment !== null || link.trim() !== '' || Boolean(item?.attachment)
  const valid = titleOk && category !== '' && !textEmpty && linkOk && resourceOk && filesOk
  const ownProgramme = profilo?.idProgramma ?? null
  // an edited item may belong to another programme (a moderator's edit): its programme and policy stay choosable
  const itemProgramme = item && item.program !== 'public' && item.program !== ownProgramme ? item.program : null
  const policyOf = (prg: string) => (itemProgramme !== null && prg === String(itemProgramme) ? item!.intervention : (profilo?.policy ?? 'RFD'))

  /** The form as the merge and the body see it (issue 27: ./itemConflitto.ts). */
  const valori = (): ValoriItem => valoriItem(id, {
    titolo: title, categoria: category, descrizione: text, programma: program, intervento: program === 'public' ? intervention : policyOf(program),
    tag: tags, linkEsterno: link, abilitaCommenti: enableComments, inEvidenza: highlighted,
    copertina: cover?.name ?? item?.cover_file_name ?? '', allegato: attachment?.name ?? item?.attachment_file_name ?? '',
  })

  /** Sends the item: its files first (staged once), then the create or the update based on `versione`. */
  const send = async (val: ValoriItem, versione: number | null): Promise<{ id: number }> => {
    const body: Record<string, unknown> = { title: val.titolo, category: Number(val.categoria), description: val.descrizione }
    const dest = destinatariDi(val)
    if (dest) Object.assign(body, dest)
    if (val.tag !== undefined) body.tags = val.tag
    if (val.linkEsterno !== undefined && (val.linkEsterno || item)) body.external_link = val.linkEsterno || null
    if (val.abilitaCommenti !== undefined) { body.enable_comments = val.abilitaCommenti; body.highlighted = val.inEvidenza }
    // the files first: a refused one stops here, before anything is published; a chosen file goes only while the
    // merged value is still its name (issue 27)
    for (const [kind, file] of [['cover', cover], ['attachment', attachment]] as const) {
      if (!file || (kind === 'cover' ? val.copertina : val.allegato) !== file.name) continue
      let token = staged.current.get(file)
      if (!token) {
        try {
          token = (await stageFile(kind, file)).file
        } catch (e) {
          if (isFileRefusal(e)) {
            setChosen((c) => ({ ...c, [kind]: { file, error: e.message, checking: false } }))
            setStep('form')
          }
          throw e
        }
        staged.current.set(file, token)
      }
      body[kind === 'cover' ? 'cover_file' : 'attachment_file'] = token
    }
    // the same form sent again (an answer lost, 'Conferma' pressed again) carries the same key: done once
    const serial = JSON.stringify([item?.id ?? null, versione, body])
    if (attempt.current?.body !== serial) attempt.current = { body: serial, key: newUuid() }
    return item && versione !== null ? updateItem(id, item.id, body, versione, attempt.current.key) : createItem(id, body, attempt.current.key)
  }
  const sent = ({ id: newId }: { id: number }) => {
    setCreated(newId)
    staged.current.clear(); attempt.current = null
    setStep('done')
  }

  // issue 27: names of programmes and categories the other version may use (learned from the 409's item)
  const nomi = useRef(new Map<string, string>())
  const campi = useMemo(() => campiItem(id, {
    programma: (p) => nomi.current.get(`p${p}`) ?? (p === String(ownProgramme) ? profilo?.nomeProgramma : undefined) ?? (p === String(item?.program) ? item?.program_label : undefined) ?? p,
    categoria: (c) => categories.data?.items.find((x) => String(x.id) === c)?.name ?? nomi.current.get(`c${c}`) ?? c,
  }), [id, ownProgramme, profilo?.nomeProgramma, item, categories.data])
  const salvataggio = useSalvataggioVersionato<ValoriItem, { id: number }>({
    lettura: isOpen && item ? { valori: valoriItem(id, moduloDiItem(item)), versione: item.versione } : null,
    invia: send,
    daCorrente: (c) => {
      const theirs = itemDiCorrente(c)
      if (!theirs) return null
      nomi.current.set(`p${theirs.program}`, theirs.program_label)
      if (theirs.category !== null) nomi.current.set(`c${theirs.category}`, theirs.category_label)
      return { valori: valoriItem(id, moduloDiItem(theirs)), versione: theirs.versione }
    },
    campi,
    onSalvato: sent,
  })
  const inConflitto = salvataggio.inConflitto

  const submit = async () => {
    setBusy(true)
    try {
      // an edit: sent with the item's version; a 409 merges or opens the side-by-side view (the form stays, hidden)
      if (item) await salvataggio.salva(valori())
      else sent(await send(valori(), null))
    } catch {
      // the API client showed the server's message (a refused file: by its field); the form stays as it was
    } finally {
      setBusy(false)
    }
  }

  const heading = step === 'done' ? (item ? EDITED[id] : CONFIRM[id]) : `${item ? 'Modifica' : 'Crea'} ${section.itemNoun}`
  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy={`${uid}-t`} size="lg" data-testid={item ? 'edit-item-modal' : 'create-item-modal'}>
      <ModalHeader toggle={close} closeAriaLabel="Chiudi"><span id={`${uid}-t`}>{heading}</span></ModalHeader>
      <ModalBody>
        {salvataggio.vista}
        {step === 'form' && (
          <form hidden={inConflitto} onSubmit={(e) => { e.preventDefault(); if (valid) { if (id === 'board') setStep('preview'); else void submit() } }} id={`${uid}-form`} noValidate>
            <p className="small">*Campo obbligatorio</p>
            <div className="form-group">
              <label htmlFor={`${uid}-title`} className="active">Titolo *</label>
              <input id={`${uid}-title`} className="form-control" value={title} maxLength={LIMITS.titleMax} required
                onChange={(e) => setTitle(e.target.value)} aria-describedby={`${uid}-title-h`} />
              <small id={`${uid}-title-h`} className="form-text">Da 2 a 55 caratteri (massimo 55 caratteri).</small>
            </div>
            {section.targeted && (
              <div className="row">
                <div className="col-12 col-md-6 select-wrapper mb-4">
                  <label htmlFor={`${uid}-prg`}>Programma *</label>
                  <select id={`${uid}-prg`} value={program} onChange={(e) => { setProgram(e.target.value); setIntervention(e.target.value === 'public' ? 'public' : policyOf(e.target.value)) }}>
                    <option value="public">Tutti i programmi</option>
                    {ownProgramme !== null && <option value={String(ownProgramme)}>{profilo?.nomeProgramma ?? 'Il mio programma'}</option>}
                    {itemProgramme !== null && <option value={String(itemProgramme)}>{item?.program_label}</option>}
                  </select>
                </div>
                <div className="col-12 col-md-6 select-wrapper mb-4">
                  <label htmlFor={`${uid}-int`}>Intervento *</label>
                  <select id={`${uid}-int`} value={intervention} onChange={(e) => setIntervention(e.target.value)} disabled={program !== 'public'}>
                    {program === 'public'
                      ? <><option value="public">Tutti gli interventi</option><option value="RFD">RFD</option><option value="SCD">SCD</option></>
                      : <option value={policyOf(program)}>{policyOf(program)}</option>}
                  </select>
                </div>
              </div>
            )}
            <div className="select-wrapper mb-4">
              <label htmlFor={`${uid}-cat`}>Categoria *</label>
              <select id={`${uid}-cat`} value={category} onChange={(e) => setCategory(e.target.value)} required>
                <option value="">Scegli una categoria</option>
                {(categories.data?.items ?? []).map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
              </select>
            </div>
            <LazyRichTextEditor key={seed} label={id === 'board' ? 'Testo' : 'Descrizione'} required value={text} maxPlainChars={max}
              onChange={(html, info) => { setText(html); setTextEmpty(info.empty) }} />
            {id === 'community' && (
              <div className="form-group">
                <label htmlFor={`${uid}-tags`} className="active">Tag</label>
                <input id={`${uid}-tags`} className="form-control" value={tags} onChange={(e) => setTags(e.target.value)} aria-describedby={`${uid}-tags-h`} />
                <small id={`${uid}-tags-h`} className="form-text">Separa i tag con il punto e virgola.</small>
              </div>
            )}
            {id === 'board' && (
              <div className="mb-4">
                <label htmlFor={`${uid}-cover`} className="form-label d-block">Immagine di copertina (jpg, png; max 10 MB; consigliata 1200×650 px)</label>
                <FileInput id={`${uid}-cover`} kind="cover" chosen={chosen.cover} onChoose={choose} />
              </div>
            )}
            <div className="mb-4">
              <label htmlFor={`${uid}-att`} className="form-label d-block">Allegato (max 10 MB)</label>
              <FileInput id={`${uid}-att`} kind="attachment" chosen={chosen.attachment} onChoose={choose} />
            </div>
            {id === 'document' && (
              <div className="form-group">
                <label htmlFor={`${uid}-link`} className="active">Link esterno</label>
                <input id={`${uid}-link`} type="url" className="form-control" value={link} onChange={(e) => setLink(e.target.value)}
                  aria-invalid={!linkOk} aria-describedby={`${uid}-link-h`} />
                <small id={`${uid}-link-h`} className={`form-text${linkOk ? '' : ' text-danger'}`}>Un indirizzo http:// o https://. Serve un allegato o un link esterno.</small>
              </div>
            )}
            {id === 'board' && (
              <fieldset className="mb-2">
                <legend className="h6">Opzioni</legend>
                <div className="form-check">
                  <input id={`${uid}-com`} type="checkbox" checked={enableComments} onChange={(e) => setEnableComments(e.target.checked)} />
                  <label htmlFor={`${uid}-com`}>Abilita commenti</label>
                </div>
                <div className="form-check">
                  <input id={`${uid}-hl`} type="checkbox" checked={highlighted} onChange={(e) => setHighlighted(e.target.checked)} />
                  <label htmlFor={`${uid}-hl`}>Annunci in evidenza</label>
                </div>
              </fieldset>
            )}
          </form>
        )}
        {step === 'preview' && (
          <section aria-label="Anteprima" className="card card-bg p-3" hidden={inConflitto}>
            <p className="small text-uppercase text-primary mb-1">{categories.data?.items.find((c) => String(c.id) === category)?.name}</p>
            <h3 className="h5">{title}</h3>
            <RichTextView html={text} className="mb-0" />
            {highlighted && <p className="small text-primary mt-2 mb-0">In evidenza</p>}
          </section>
        )}
        {step === 'done' && <p className="mb-0" role="status">{item ? EDITED[id] : CONFIRM[id]}</p>}
      </ModalBody>
      <ModalFooter>
        {step === 'form' && !inConflitto && (
          <>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => { reset(); onClose() }} disabled={busy}>Annulla</button>
            <button type="submit" form={`${uid}-form`} className="btn btn-primary btn-sm" disabled={!valid || busy}>{id === 'board' ? 'Anteprima' : busy ? 'Attendere…' : 'Conferma'}</button>
          </>
        )}
        {step === 'preview' && !inConflitto && (
          <>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setStep('form')} disabled={busy}>Indietro</button>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void submit()} disabled={busy}>{busy ? 'Attendere…' : 'Conferma'}</button>
          </>
        )}
        {step === 'done' && <button type="button" className="btn btn-primary btn-sm" onClick={close}>Chiudi</button>}
      </ModalFooter>
    </Modal>
  )
}

/** A file field whose check's problem is written under it (`aria-invalid`, described by the message). */
function FileInput({ id, kind, chosen, onChoose }: { id: string; kind: FileKind; chosen: Chosen; onChoose(kind: FileKind, file: File | null): void }) {
  const ref = useRef<HTMLInputElement>(null)
  // a refusal found after 'Conferma' (the server's) brings the focus back to the field
  useEffect(() => { if (chosen.error) ref.current?.focus() }, [chosen.error])
  return (
    <>
      <input ref={ref} id={id} type="file" className={`form-control${chosen.error ? ' is-invalid' : ''}`} accept={ACCEPT[kind]}
        aria-invalid={chosen.error ? true : undefined} aria-describedby={chosen.error ? `${id}-err` : undefined}
        onChange={(e) => onChoose(kind, e.target.files?.[0] ?? null)} />
      {chosen.error && <small id={`${id}-err`} className="form-text text-danger" role="alert">{chosen.error}</small>}
    </>
  )
}
