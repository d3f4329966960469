/**
 * Deletes and state changes of a versioned record (issue 27 point 4), in their confirmation dialog: the action is
 * sent with the version of the record as the page read it; when someone changed the record meanwhile (409 V01) the
 * dialog stays open and says so — when, and which fields changed, with their new values — and the next 'Conferma'
 * acts on the version the server answered (the user has seen the change: asked again). The dialog's text of the
 * failure is {@link ConflittoAzione}'s message (src/ui/widgets/useConferma.tsx useEsecuzione shows it).
 */
import { useRef } from 'react'
import { uguali, type Campi } from '../../lib/merge3'
import { conflittoDi, VersioneMancante, type LetturaVersionata } from './useSalvataggioVersionato'
import { formatValore, testoModificatoDaAltri } from './testi'
import type { CampiVista } from './VistaConflitto'

/** A versioned action refused because the record changed meanwhile; `message` is what the dialog says. */
export class ConflittoAzione extends Error {
  override readonly name = 'ConflittoAzione'
}

export interface OpzioniAzione {
  /** the record as the page shows it, with its version */
  lettura: LetturaVersionata<Campi>
  /** the 409's `corrente` in the same shape as `lettura.valori`, with its version; null when unreadable */
  daCorrente(corrente: unknown): { valori: Campi; versione: number } | null
  /** the fields worth naming when they changed (others are not listed) */
  campi: CampiVista
  /** 'Il progetto', 'Il ruolo'… */
  soggetto: string
}

/** The dialog's text for a record changed meanwhile (see the module comment). */
export function testoCambiato(o: Pick<OpzioniAzione, 'campi' | 'soggetto'>, base: Campi, theirs: Campi, modificatoIl: string | null): string {
  const campo = (k: string) => (typeof o.campi === 'function' ? o.campi(k) : o.campi[k])
  const cambiati = Object.keys(campiUnione(base, theirs))
    .filter((k) => !uguali(base[k], theirs[k]))
    .flatMap((k) => {
      const c = campo(k)
      return c ? [`${c.label}: ${(c.format ?? formatValore)(theirs[k])}`] : []
    })
  const quando = testoModificatoDaAltri(modificatoIl).replace(/^Modificato da altri/, '')
  const cosa = cambiati.length > 0 ? ` Ora: ${cambiati.join('; ')}.` : ''
  return `${o.soggetto} è stato modificato da altri nel frattempo${quando}.${cosa} Se vuoi procedere comunque, conferma di nuovo.`
}

const campiUnione = (a: Campi, b: Campi): Campi => ({ ...a, ...b })

/**
 * `esegui(run)`: runs `run(versione)` with the record's version (the page's read, or the one a 409 answered);
 * a 409 V01 rejects with {@link ConflittoAzione}, a read without a version with VersioneMancante (never sent).
 */
export function useAzioneVersionata(o: OpzioniAzione): <T>(run: (versione: number) => Promise<T>) => Promise<T> {
  const visto = useRef<{ valori: Campi; versione: number } | null>(null)
  return async function esegui<T>(run: (versione: number) => Promise<T>): Promise<T> {
    const letta = o.lettura.versione
    const base = visto.current && (typeof letta !== 'number' || visto.current.versione > letta) ? visto.current : null
    const versione = base?.versione ?? letta
    if (typeof versione !== 'number') throw new VersioneMancante()
    try {
      return await run(versione)
    } catch (err) {
      const api = conflittoDi(err)
      const theirs = api ? o.daCorrente(api.corrente) : null
      if (!api || !theirs) throw err
      const prima = base?.valori ?? o.lettura.valori
      visto.current = theirs
      throw new ConflittoAzione(testoCambiato(o, prima, theirs.valori, api.modificatoIl), { cause: err })
    }
  }
}
