/**
 * 'Allega file' of the assistance form (spec 002 §5): files of the listed types, checked by their first
 * bytes (src/lib/assistenza.ts) as soon as they are chosen, 10 MB in all, removable one by one. A refused
 * file is not added and its reason is shown; what was already attached stays.
 */
import { useId, useRef, useState } from 'react'
import { ESTENSIONI, MAX_ALLEGATI, MAX_ALLEGATI_BYTES, MESSAGGIO_TROPPO_GRANDI, motivoRifiutoAllegato } from '../../lib/assistenza'

export interface FileAllegato { name: string; size: number; bytes: Uint8Array }

const mb = (n: number) => (n / 1024 / 1024).toLocaleString('it-IT', { maximumFractionDigits: 1 })

export function Allegati({ files, onChange, disabled }: { files: FileAllegato[]; onChange(files: FileAllegato[]): void; disabled: boolean }) {
  const id = `allegati-${useId().replace(/:/g, '')}`
  const input = useRef<HTMLInputElement>(null)
  const [errore, setErrore] = useState<string | null>(null)
  const totale = files.reduce((s, f) => s + f.size, 0)

  const aggiungi = async (list: FileList | null) => {
    if (!list) return
    let next = [...files]
    const errori: string[] = []
    for (const file of Array.from(list)) {
      if (next.length >= MAX_ALLEGATI) { errori.push(`Puoi allegare al massimo ${MAX_ALLEGATI} file.`); break }
      if (next.reduce((s, f) => s + f.size, 0) + file.size > MAX_ALLEGATI_BYTES) { errori.push(`«${file.name}»: ${MESSAGGIO_TROPPO_GRANDI}`); continue }
      const bytes = new Uint8Array(await file.arrayBuffer())
      const motivo = motivoRifiutoAllegato(file.name, bytes)
      if (motivo) { errori.push(motivo); continue }
      next = [...next, { name: file.name, size: file.size, bytes }]
    }
    setErrore(errori.length ? errori.join(' ') : null)
    onChange(next)
    if (input.current) input.current.value = ''
  }

  return (
    <fieldset className="mb-4" disabled={disabled}>
      <legend className="h6 mb-2">Allegati</legend>
      <p id={`${id}-hint`} className="small text-secondary">
        Facoltativi, fino a 10 MB in tutto. Tipi ammessi: {ESTENSIONI.join(', ')}.
      </p>
      <input ref={input} id={id} type="file" multiple className="visually-hidden" accept={ESTENSIONI.map((e) => `.${e}`).join(',')}
        aria-describedby={`${id}-hint${errore ? ` ${id}-error` : ''}`} onChange={(e) => { void aggiungi(e.target.files) }} />
      <label htmlFor={id} className={`btn btn-outline-primary${disabled ? ' disabled' : ''}`} aria-disabled={disabled || undefined}>
        Allega file
      </label>
      <div aria-live="polite">
        {errore && <div id={`${id}-error`} className="alert alert-danger mt-2" data-testid="allegati-errore">{errore}</div>}
      </div>
      {files.length > 0 && (
        <>
          <ul className="list-unstyled mt-3 mb-1" data-testid="allegati-lista">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`} className="d-flex align-items-center gap-2 mb-1">
                <span>{f.name} ({mb(f.size)} MB)</span>
                <button type="button" className="btn btn-link btn-xs p-0" onClick={() => onChange(files.filter((_, j) => j !== i))}>
                  Rimuovi<span className="visually-hidden"> {f.name}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="small text-secondary">Totale: {mb(totale)} MB di 10 MB</p>
        </>
      )}
    </fieldset>
  )
}
