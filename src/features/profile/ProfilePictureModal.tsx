/**
 * Profile-picture modal (spec 000 §2.7; issue 13): choose an image, crop it to a square in the browser
 * (react-easy-crop: drag, or focus the crop area and move with the arrow keys; the 'Zoom' slider
 * enlarges), then 'Salva' uploads the square as JPEG; the server checks it by content and re-encodes it.
 * The file is read as a `data:` URL (the CSP allows `data:` images, not `blob:`). Errors stay in the modal.
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useCallback, useState } from 'react'
import Cropper, { type Area } from 'react-easy-crop'
import { ApiCallError } from '../../api/client'
import { caricaImmagineProfilo } from './api'
import { cropToSquare, pictureFileError } from './picture'

export function ProfilePictureModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [source, setSource] = useState<string | null>(null)
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [area, setArea] = useState<Area | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const reset = () => {
    setSource(null)
    setCrop({ x: 0, y: 0 })
    setZoom(1)
    setArea(null)
    setError(null)
  }
  const close = () => {
    if (pending) return
    reset()
    onClose()
  }
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), [])

  const pick = (file: File | undefined) => {
    setError(null)
    if (!file) return
    const problem = pictureFileError(file)
    if (problem) {
      setError(problem)
      return
    }
    const reader = new FileReader()
    reader.onload = () => setSource(typeof reader.result === 'string' ? reader.result : null)
    reader.onerror = () => setError('Non è stato possibile leggere il file scelto.')
    reader.readAsDataURL(file)
  }

  const save = async () => {
    if (!source || !area) return
    setPending(true)
    setError(null)
    try {
      await caricaImmagineProfilo(await cropToSquare(source, area))
      reset()
      onClose()
    } catch (e) {
      const api = e instanceof ApiCallError ? e : null
      setError(api?.kind === 'network' || api?.kind === 'timeout'
        ? 'Non è stato possibile caricare l\'immagine: sei senza connessione. Riprova quando torna la rete.'
        : api?.fromServer ? api.message : 'Non è stato possibile caricare l\'immagine. Prova con un\'altra foto.')
    } finally {
      setPending(false)
    }
  }

  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy="pd-picture-modal-title" data-testid="picture-modal">
      <ModalHeader toggle={close} closeAriaLabel="Chiudi">
        <span id="pd-picture-modal-title">Immagine del profilo</span>
      </ModalHeader>
      <ModalBody>
        <div className="mb-3">
          <label htmlFor="pd-picture-file" className="form-label d-block fw-semibold">Scegli un&apos;immagine</label>
          <input id="pd-picture-file" type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif"
            className="form-control" aria-describedby="pd-picture-help" onChange={(e) => pick(e.target.files?.[0])} data-testid="picture-file" />
          <small id="pd-picture-help" className="form-text">JPEG, PNG, WebP, GIF, AVIF o HEIF, al massimo 10 MB. L&apos;immagine sarà ritagliata a forma quadrata.</small>
        </div>
        {source && (
          <>
            <p id="pd-picture-crop-help" className="small mb-2">
              Trascina l&apos;immagine, oppure seleziona l&apos;area di ritaglio e spostala con i tasti freccia; usa il cursore per ingrandire.
            </p>
            <div className="position-relative bg-dark rounded mb-3" style={{ height: 280 }}>
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                showGrid={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={onCropComplete}
                mediaProps={{ alt: 'Immagine da ritagliare' }}
                cropperProps={{ role: 'group', 'aria-label': 'Area di ritaglio', 'aria-describedby': 'pd-picture-crop-help' } as React.HTMLAttributes<HTMLDivElement>}
              />
            </div>
            <label htmlFor="pd-picture-zoom" className="form-label">Zoom</label>
            <input id="pd-picture-zoom" type="range" className="form-range" min={1} max={3} step={0.1} value={zoom}
              aria-valuetext={`${Math.round(zoom * 100)} per cento`} onChange={(e) => setZoom(Number(e.target.value))} />
          </>
        )}
        <div role="alert">
          {error && <p className="text-danger mb-0 mt-2" data-testid="picture-error">{error}</p>}
        </div>
      </ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={close} disabled={pending}>Annulla</button>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void save()} disabled={!source || !area || pending} data-testid="picture-save">
          Salva
        </button>
      </ModalFooter>
    </Modal>
  )
}
