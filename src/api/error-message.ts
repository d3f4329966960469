/**
 * The one mapping of a failed call to the Italian text a page shows where the user acted (issue 26 point 4;
 * spec 000 §8, the error catalogue of src/api/errors-catalogue.ts): a form's or a dialog's alert. The toast
 * of the same failure is the client's (src/api/client.ts). Two wordings, as the pages have always shown them:
 * - without `azione` (the programme and project pages): the catalogue's 'titolo: descrizione (errore CODE)',
 *   the server's message with its code when the catalogue lacks the code, a connection message, a generic one;
 * - with `azione` ('eliminare il questionario', the survey templates' pages): the server's own reason when it
 *   gave one, 'Il tuo profilo non consente di {azione}.' on 403, 'Non è stato possibile {azione}…' otherwise.
 */
import { ApiCallError } from './client'
import { describeError } from './errors-catalogue'

/** The text of `err` for the alert of the form or dialog where the user tried `azione` (see the module comment). */
export async function messaggioErrore(err: unknown, azione?: string): Promise<string> {
  const api = err instanceof ApiCallError ? err : null
  if (api && (api.kind === 'network' || api.kind === 'timeout')) {
    return azione === undefined
      ? 'Non è stato possibile raggiungere il server. Controlla la connessione e riprova.'
      : `Non è stato possibile ${azione}: controlla la connessione e riprova.`
  }
  if (azione !== undefined) {
    if (api?.status === 403) return `Il tuo profilo non consente di ${azione}.`
    if (api?.errorCode && api.message && api.message !== 'errore' && !/^Request failed/.test(api.message)) return api.message
    return `Non è stato possibile ${azione}. Riprova.`
  }
  if (api?.errorCode) {
    const d = await describeError(api.errorCode)
    return d.known ? `${d.titolo}: ${d.descrizione} (errore ${api.errorCode})` : `${api.message} (errore ${api.errorCode})`
  }
  return 'Si è verificato un errore. Ti invitiamo a riprovare più tardi.'
}
