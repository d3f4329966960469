/**
 * The conflict of an operation 'In conflitto' (issue 27 point 3): the shared side-by-side view (src/ui/conflitto)
 * over the three-way merge of what the entry kept — the record when the edit was made, the edit, the server's record
 * at the 409. Fields changed by others only are taken and listed; for each field changed on both sides the user
 * picks 'Mantieni la mia' or 'Usa quella salvata'; 'Salva' sends the merged record with the server's version through
 * the outbox (`outbox.resolveConflict`). A conflict with nothing to choose (a delete of a record changed meanwhile)
 * asks to confirm the operation on the current version ('Invia comunque') or to leave it.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { outbox, type OutboxEntry } from '../../offline'
import { applicaScelte, merge3, type Scelta } from '../../lib/merge3'
import { campiPresiDaAltri, testoModificatoDaAltri, VistaConflitto, type CampoVista } from '../../ui/conflitto'
import { nomeCampoServizio } from '../campo'
import { nomeCampoCommento } from '../community'

/** The fields' names of an entry's kind (the field services', the community comments'; others show their keys). */
function campiDi(kind: string): (percorso: string) => CampoVista {
  const nome = kind.startsWith('servizio.') ? nomeCampoServizio : kind.startsWith('commento.') ? nomeCampoCommento : (p: string) => p
  return (percorso) => ({ label: nome(percorso) })
}

/** Words of an operation whose conflict has nothing to choose. */
const CONFERMA = {
  elimina: {
    testo: 'Il record è stato modificato da altri dopo la tua richiesta di eliminazione. Vuoi eliminarlo comunque, con le modifiche fatte da altri?',
    bottone: 'Elimina comunque',
  },
  altro: {
    testo: 'Il record è stato modificato da altri dopo la tua modifica. Vuoi inviarla comunque sulla versione attuale?',
    bottone: 'Invia comunque',
  },
} as const

export interface ConflittoEntryProps {
  entry: OutboxEntry
  /** the choice is queued: `text` says so */
  onSaved(text: string): void
  onClose(): void
}

export function ConflittoEntry({ entry, onSaved, onClose }: ConflittoEntryProps) {
  const c = entry.conflitto
  const esito = useMemo(() => (c ? merge3(c.base, c.mine, c.theirs) : null), [c])
  const [scelte, setScelte] = useState<Record<string, Scelta>>({})
  const [busy, setBusy] = useState(false)
  const [errore, setErrore] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // the confirmation's heading takes the focus once, when it opens (the view's own heading does the same)
  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  if (!c || !esito) return null
  const campi = campiDi(entry.kind)

  const salva = async () => {
    setBusy(true)
    setErrore(null)
    try {
      await outbox.resolveConflict(entry.id, applicaScelte(esito, scelte))
      onSaved('Scelta salvata: l’operazione sarà inviata sulla versione attuale del server.')
    } catch (err) {
      setErrore(err instanceof Error ? err.message : 'Salvataggio non riuscito.')
      setBusy(false)
    }
  }

  if (esito.conflitti.length === 0) {
    const w = entry.kind.endsWith('.elimina') ? CONFERMA.elimina : CONFERMA.altro
    const presi = campiPresiDaAltri(c.base, c.theirs)
    return (
      <section className="pd-conflitto border rounded p-3 mb-4" aria-labelledby={`pd-conflitto-${entry.id}`} data-testid="vista-conflitto">
        <h3 id={`pd-conflitto-${entry.id}`} className="h4" tabIndex={-1} ref={headingRef}>Modifica in conflitto</h3>
        <p>{w.testo}</p>
        {presi.length > 0 && (
          <>
            <p className="mb-1">{`${testoModificatoDaAltri(c.modificatoIl)}:`}</p>
            <ul>{presi.map((p) => <li key={p}>{campi(p).label}</li>)}</ul>
          </>
        )}
        {errore && <div className="alert alert-danger" role="alert">{errore}</div>}
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void salva()}>{w.bottone}</button>
          <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={onClose}>Annulla</button>
        </div>
      </section>
    )
  }

  return (
    <VistaConflitto
      conflitti={esito.conflitti}
      campi={campi}
      modificatoIl={c.modificatoIl}
      scelte={scelte}
      onScelta={(percorso, s) => setScelte((prev) => ({ ...prev, [percorso]: s }))}
      onSalva={() => void salva()}
      onAnnulla={onClose}
      presiDaAltri={campiPresiDaAltri(c.mine, esito.merged)}
      busy={busy}
      errore={errore}
      titolo={`Modifica in conflitto: ${entry.label ?? 'operazione'}`}
      livello={3}
    />
  )
}
