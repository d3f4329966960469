/**
 * Dialogs of 'Gestione categorie' (design-react-kit Modal: focus trap, Escape, focus return):
 * - `CategoryModal`: 'Crea categoria' (Nome, Sezione) or 'Rinomina categoria' (Nome); name 1–30 characters
 *   (platform-frontend §9.3); Enter submits.
 * - `DeleteCategoryModal`: 'Elimina categoria' with a confirmation; a refusal (409 CO02 while contents use
 *   the category, or any other failure) is shown inside the dialog, in Italian, in an alert.
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useEffect, useId, useState } from 'react'
import { toApiCallError } from '../../../api/client'
import { LIMITS, type Category, type CategoryType } from '../../../api/contract/community'
import { describeError } from '../../../api/errors-catalogue'
import { CATEGORY_SECTIONS, categoryNameError, sectionLabel } from '../../../lib/community-gestione'
import { createCategory, deleteCategory, renameCategory } from './api'

export interface CategoryModalProps {
  /** null: create; a category: rename it */
  category: Category | null
  isOpen: boolean
  onClose(): void
}

export function CategoryModal({ category, isOpen, onClose }: CategoryModalProps) {
  const id = useId()
  const [name, setName] = useState('')
  const [type, setType] = useState<CategoryType>('board_categories')
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!isOpen) return
    setName(category?.name ?? '')
    setType(category?.type ?? 'board_categories')
    setTouched(false)
  }, [isOpen, category])
  const error = categoryNameError(name)
  const dismiss = () => { if (!busy) onClose() }
  const submit = async () => {
    setTouched(true)
    if (error) return
    setBusy(true)
    try {
      if (category) await renameCategory(category.id, name.trim())
      else await createCategory(name.trim(), type)
      onClose()
    } catch {
      // the API client showed the server's message (e.g. CO09, name already used); the dialog stays open
    } finally {
      setBusy(false)
    }
  }
  const title = category ? 'Rinomina categoria' : 'Crea categoria'
  return (
    <Modal isOpen={isOpen} toggle={dismiss} labelledBy={`${id}-t`} data-testid="category-modal">
      <ModalHeader toggle={dismiss} closeAriaLabel="Chiudi"><span id={`${id}-t`}>{title}</span></ModalHeader>
      <ModalBody>
        <form id={`${id}-form`} noValidate onSubmit={(e) => { e.preventDefault(); void submit() }}>
          <p className="small">*Campo obbligatorio</p>
          <div className="form-group">
            <label htmlFor={`${id}-name`} className="active">Nome *</label>
            <input id={`${id}-name`} className={`form-control${touched && error ? ' is-invalid' : ''}`} value={name} required
              maxLength={LIMITS.categoryName} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)}
              aria-invalid={touched && error !== null} aria-describedby={`${id}-name-h`} />
            <small id={`${id}-name-h`} className={`form-text${touched && error ? ' text-danger' : ''}`}>
              {touched && error ? error : `Massimo ${LIMITS.categoryName} caratteri.`}
            </small>
          </div>
          {category ? (
            <p className="mb-0">Sezione: {sectionLabel(category.type)}</p>
          ) : (
            <div className="select-wrapper">
              <label htmlFor={`${id}-type`}>Sezione *</label>
              <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as CategoryType)}>
                {CATEGORY_SECTIONS.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
              </select>
            </div>
          )}
        </form>
      </ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={dismiss} disabled={busy}>Annulla</button>
        <button type="submit" form={`${id}-form`} className="btn btn-primary btn-sm" disabled={busy}>{busy ? 'Attendere…' : 'Salva'}</button>
      </ModalFooter>
    </Modal>
  )
}

export function DeleteCategoryModal({ category, onClose }: { category: Category | null; onClose(): void }) {
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  useEffect(() => { setRefusal(null) }, [category])
  const dismiss = () => { if (!busy) onClose() }
  const confirm = async () => {
    if (!category) return
    setBusy(true)
    try {
      await deleteCategory(category.id)
      onClose()
    } catch (e) {
      const err = toApiCallError(e)
      setRefusal(err.errorCode ? (await describeError(err.errorCode)).descrizione : 'Non è stato possibile eliminare la categoria. Riprova più tardi.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal isOpen={category !== null} toggle={dismiss} labelledBy={`${id}-t`} data-testid="delete-category-modal">
      <ModalHeader toggle={dismiss} closeAriaLabel="Chiudi"><span id={`${id}-t`}>Elimina categoria</span></ModalHeader>
      <ModalBody>
        <p>Confermi di voler eliminare la categoria «{category?.name}» ({sectionLabel(category?.type ?? '')})?</p>
        {refusal && <div className="alert alert-danger mb-0" role="alert">{refusal}</div>}
      </ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={dismiss} disabled={busy}>{refusal ? 'Chiudi' : 'Annulla'}</button>
        {!refusal && <button type="button" className="btn btn-danger btn-sm" onClick={() => void confirm()} disabled={busy}>{busy ? 'Attendere…' : 'Elimina'}</button>}
      </ModalFooter>
    </Modal>
  )
}
