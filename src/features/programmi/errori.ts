/**
 * The Italian text of a failed write for the inline alert of a form or dialog (the client also toasts
 * it, spec 000 §8): the catalogue's description of the server's code, or a connection message.
 */
import { ApiCallError } from '../../api/client'
import { describeError } from '../../api/errors-catalogue'

export async function messaggioErrore(err: unknown): Promise<string> {
  if (err instanceof ApiCallError) {
    if (err.kind === 'network' || err.kind === 'timeout') return 'Non è stato possibile raggiungere il server. Controlla la connessione e riprova.'
    if (err.errorCode) {
      const d = await describeError(err.errorCode)
      if (d.known) return `${d.titolo}: ${d.descrizione} (errore ${err.errorCode})`
      return `${err.message} (errore ${err.errorCode})`
    }
  }
  return 'Si è verificato un errore. Ti invitiamo a riprovare più tardi.'
}
