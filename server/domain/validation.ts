/**
 * Body validation for `/api` routes with the valibot schemas of `src/api/contract/`: a failing body
 * answers 400 G02 with an Italian message naming the first invalid fields.
 */
import * as v from 'valibot'
import { badRequest } from '../errors'

const FIELD_LABELS: Record<string, string> = {
  nome: 'nome', cognome: 'cognome', email: 'email', telefono: 'telefono', codiceFiscale: 'codice fiscale',
  codiceRuolo: 'ruolo', idProgramma: 'programma', idProgetto: 'progetto', idEnte: 'ente',
  abilitazioneConsensoTrattamentoDatiPersonali: 'consenso al trattamento dei dati personali',
}

/**
 * Parses `body` with `schema` or throws ApiError 400 G02 ("Dati non validi: email, telefono.");
 * `labels` adds Italian names for the fields of the caller's schema.
 */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown, labels: Record<string, string> = {}): v.InferOutput<S> {
  const result = v.safeParse(schema, body ?? {})
  if (result.success) return result.output
  const nested = v.flatten<S>(result.issues).nested ?? {}
  const fields = Object.keys(nested).map((k) => { const head = k.split('.')[0] ?? k; return labels[head] ?? FIELD_LABELS[head] ?? k })
  const list = [...new Set(fields)]
  throw badRequest('G02', list.length > 0
    ? `Dati non validi: controlla ${list.join(', ')}.`
    : 'Il corpo della richiesta non è valido.')
}
