/**
 * The one handling of a stale online edit (issue 27 point 2), for every edit form of the app. The form keeps the
 * record as it read it (`lettura`: its values and `versione`) and saves through {@link useSalvataggioVersionato}:
 * - the update is sent with the version it was based on (a form without one never sends: {@link VersioneMancante});
 * - 409 V01 (src/api/client.ts keeps the answer's `corrente` and `modificatoIl` on the ApiCallError): the three-way
 *   merge of src/lib/merge3.ts runs on the form's values — base = the read, mine = what the user typed, theirs =
 *   `corrente` turned into form values by the caller's `daCorrente`:
 *   - no field changed on both sides → the merged record is sent at once with `corrente.versione` and a toast says
 *     'Le modifiche di altri nel frattempo sono state unite alle tue';
 *   - otherwise the conflict view (VistaConflitto) opens and the caller hides its form (nothing typed is lost: the
 *     form stays mounted); its 'Salva' sends `applicaScelte(...)` with `corrente.versione`, a new 409 repeats the
 *     cycle; its 'Annulla' closes the view, gives the focus back to what saved, and keeps the read as the base
 *     (the next save meets the 409 again). An edit closed meanwhile (`lettura` back to null: a dialog dismissed)
 *     closes the view too.
 * Any other failure rejects `salva` as before (the form shows it) or, from the view, shows in the view.
 */
import { useRef, useState, type ReactNode } from 'react'
import { ApiCallError } from '../../api/client'
import { messaggioErrore } from '../../api/error-message'
import { applicaScelte, merge3, type Campi, type EsitoMerge, type Scelta } from '../../lib/merge3'
import { showToast } from '../stores/toasts'
import { campiPresiDaAltri } from './testi'
import { VistaConflitto, type CampiVista } from './VistaConflitto'

export const TESTO_UNITE = 'Le modifiche di altri nel frattempo sono state unite alle tue'

/** Automatic merges in a row before giving up (others keep saving the same record). */
const MAX_TENTATIVI = 5

/** A form tried to save an edit without the version of its read: a programming error, never sent. */
export class VersioneMancante extends Error {
  override readonly name = 'VersioneMancante'
  constructor() {
    super('Modifica senza versione del record: la lettura che alimenta il modulo non l’ha indicata (issue 27)')
  }
}

/** The 409 V01 of `err` (or of its `cause`: the pages wrap failures in an Error with the catalogue's text), else null. */
export function conflittoDi(err: unknown): ApiCallError | null {
  const api = err instanceof ApiCallError ? err : err instanceof Error && err.cause instanceof ApiCallError ? err.cause : null
  return api && api.status === 409 && api.errorCode === 'V01' && api.corrente !== undefined ? api : null
}

/** A record as the form holds it and the version it belongs to. */
export interface LetturaVersionata<V> {
  valori: V
  versione: number | null | undefined
}

export interface OpzioniSalvataggio<V extends object, R> {
  /** the form's read (null until the data is there, or while no edit is open); the first non-null one is the base */
  lettura: LetturaVersionata<V> | null
  /** sends `valori` as an update based on `versione` (rejects with the ApiCallError, possibly as an Error's cause) */
  invia(valori: V, versione: number): Promise<R>
  /** the 409's `corrente` as form values and its version; null when it cannot be read (the error then stands) */
  daCorrente(corrente: unknown): { valori: V; versione: number } | null
  /** labels and formatters of the form's fields, by dotted path */
  campi: CampiVista
  /** after a successful save (the form's navigation, its toast) */
  onSalvato(risposta: R, valori: V): void | Promise<void>
}

interface Conflitto<V> {
  esito: EsitoMerge
  mine: V
  theirs: V
  versione: number
  modificatoIl: string | null
  scelte: Record<string, Scelta>
  busy: boolean
  errore: string | null
}

export interface SalvataggioVersionato<V> {
  /** the form's submit: sends, merges or opens the view (rejects on other failures and on {@link VersioneMancante}) */
  salva(valori: V): Promise<void>
  /** the conflict view while it is open (render it where the form is), else null */
  vista: ReactNode
  /** the view is open: hide the form (keep it mounted) */
  inConflitto: boolean
}

/** See the module comment. */
export function useSalvataggioVersionato<V extends object, R>(o: OpzioniSalvataggio<V, R>): SalvataggioVersionato<V> {
  const baseline = useRef<{ valori: V; versione: number | null | undefined } | null>(null)
  // the first read after none is the base (an edit opened again later starts from the read of that moment)
  if (o.lettura === null) baseline.current = null
  else if (baseline.current === null) baseline.current = { valori: o.lettura.valori, versione: o.lettura.versione }
  const [c, setC] = useState<Conflitto<V> | null>(null)
  // an edit closed while its view was open (a dialog dismissed): the view goes with it
  if (o.lettura === null && c !== null) setC(null)
  // what had the focus when the user saved (the form's submit): it takes the focus back when the view is closed
  const opener = useRef<HTMLElement | null>(null)

  async function tenta(base: V, mine: V, versione: number, unite: boolean, tentativi: number): Promise<void> {
    let risposta: R
    try {
      risposta = await o.invia(mine, versione)
    } catch (err) {
      const api = conflittoDi(err)
      const theirs = api ? o.daCorrente(api.corrente) : null
      if (!api || !theirs) throw err
      const esito = merge3(base as Campi, mine as Campi, theirs.valori as Campi)
      if (esito.conflitti.length === 0 && tentativi < MAX_TENTATIVI) {
        return tenta(theirs.valori, esito.merged as V, theirs.versione, true, tentativi + 1)
      }
      setC({ esito, mine, theirs: theirs.valori, versione: theirs.versione, modificatoIl: api.modificatoIl, scelte: {}, busy: false, errore: null })
      return
    }
    setC(null)
    if (unite) showToast({ status: 'info', message: TESTO_UNITE })
    await o.onSalvato(risposta, mine)
    // a form that stays on the page edits on from its new read (the caller's `lettura` after the save)
    baseline.current = null
  }

  async function salva(valori: V): Promise<void> {
    const b = baseline.current
    if (!b || typeof b.versione !== 'number') throw new VersioneMancante()
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    await tenta(b.valori, valori, b.versione, false, 0)
  }

  async function salvaScelte(cur: Conflitto<V>): Promise<void> {
    const record = applicaScelte(cur.esito, cur.scelte) as V
    setC({ ...cur, busy: true, errore: null })
    try {
      await tenta(cur.theirs, record, cur.versione, false, 0)
    } catch (err) {
      const errore = await messaggioErrore(err)
      setC((x) => (x ? { ...x, busy: false, errore } : x))
    }
  }

  const annulla = () => {
    setC(null)
    // the form shows again (no longer hidden) on the next frame: give the focus back to its submit
    requestAnimationFrame(() => opener.current?.focus())
  }

  const vista = c && (
    <VistaConflitto key={c.versione} conflitti={c.esito.conflitti} campi={o.campi} modificatoIl={c.modificatoIl} scelte={c.scelte}
      presiDaAltri={campiPresiDaAltri(c.mine as Campi, c.esito.merged)} busy={c.busy} errore={c.errore}
      onScelta={(percorso, s) => setC((x) => (x ? { ...x, scelte: { ...x.scelte, [percorso]: s } } : x))}
      onSalva={() => void salvaScelte(c)} onAnnulla={annulla} />
  )
  return { salva, vista, inConflitto: c !== null }
}
