/**
 * Row validation of the mass upload (issue 10 point 5; platform-frontend §7.4): a read row becomes the
 * three bodies the forms send — the service (`ServizioBody`), the citizen's addition
 * (`AggiungiCittadinoBody`) and, when the row has experience answers, the compilation
 * (`CompilaQuestionarioBody`) — checked by the SAME contract schemas the routes use (`parseBody`), with
 * Q3 and Q4 encoded by the shared section codec (src/lib/survey-sections.ts), the fiscal code by the
 * project's rules (src/lib/fiscal-code.ts, read fast by codice-fiscale.ts), the duration by src/lib/duration.ts and the province by the
 * citizens' domain. What needs the database (facilitator and site of the project, the project's dates,
 * the minors rule, duplicates of services) is checked when the row is applied (applica.ts), by the
 * domain functions themselves.
 *
 * Letter codes are positions in the enumerations (tracciato.ts); multi-valued cells are codes separated
 * by ':' without spaces. Every problem of a row is collected: the row's note lists them all, in Italian.
 */
import type { AggiungiCittadinoBody } from '../../../src/api/contract/cittadino'
import { AggiungiCittadinoBodySchema } from '../../../src/api/contract/cittadino'
import { COMPETENZE_LIVELLO_2, ID_DOMANDA_VALUTAZIONE } from '../../../src/api/contract/enums'
import { CompilaQuestionarioBodySchema, type CompilaQuestionarioBody } from '../../../src/api/contract/questionario'
import { ServizioBodySchema, type ServizioBody } from '../../../src/api/contract/servizio'
import { isCalendarDate, parseWireDate } from '../../../src/lib/dates'
import { isValidDuration, normalizeDuration } from '../../../src/lib/duration'
import { normalizeFiscalCode, type CitizenDerivedData } from '../../../src/lib/fiscal-code'
import { derivaDaCodiceFiscale } from '../codice-fiscale'
import { encodeSection, sectionHeader } from '../../../src/lib/survey-sections'
import { NumeroDocumentoSchema } from '../../../src/api/contract/common'
import * as v from 'valibot'
import { ApiError } from '../../errors'
import { isProvincia } from '../cittadini-servizio'
import { parseBody } from '../validation'
import { FIELD_WORK_LABELS } from '../field-labels'
import type { RigaLetta } from './lettore'
import { ABBREVIAZIONI_TIPO, CODICI, COLONNE, LIMITI, OBBLIGATORIE, type Colonna, type Riga } from './tracciato'

/** The upload's context: the project and the body the rows are loaded into. */
export interface ContestoCaricamento { idProgramma: number; idProgetto: number; idEnte: number }

/** A valid row: who delivered the service, where, and the bodies of the three writes. */
export interface RigaValida {
  /** fiscal code of the facilitator or volunteer (IDFacilitatore), upper-case */
  cfFacilitatore: string
  servizio: ServizioBody
  cittadino: AggiungiCittadinoBody
  /** the compilation, or null when the row has no experience answer (ES1–ES6) */
  questionario: CompilaQuestionarioBody | null
  /** what the citizen's fiscal code says (null on the document path): read once, reused by the chunk writes */
  derivato: CitizenDerivedData | null
}

export type EsitoValidazione = { ok: RigaValida } | { errori: string[] }

const UPPER_LEVEL = new Map(COMPETENZE_LIVELLO_2.map((c) => [c.label, c.upperLevel]))

/** Labels of a multi-valued coded cell; pushes an error for spaces or unknown codes. */
function multi(r: Riga, col: Colonna, map: ReadonlyMap<string, string>, errori: string[]): string[] {
  const value = r[col]
  if (value === '') return []
  if (/\s/.test(value)) {
    errori.push(`${col}: separa i codici con ':' senza spazi`)
    return []
  }
  const codes = value.split(':').map((c) => c.toUpperCase())
  const bad = codes.filter((c) => !map.has(c))
  if (bad.length > 0) {
    errori.push(`${col}: codice non valido ${bad.map((b) => `"${b}"`).join(', ')}`)
    return []
  }
  return [...new Set(codes.map((c) => map.get(c) as string))]
}

/** Label of a single coded cell ('' when empty); pushes an error for an unknown code. */
function single(r: Riga, col: Colonna, map: ReadonlyMap<string, string>, errori: string[]): string {
  const value = r[col].toUpperCase()
  if (value === '') return ''
  const label = map.get(value)
  if (!label) errori.push(`${col}: codice non valido "${r[col]}"`)
  return label ?? ''
}

const siNo = (value: string) => (value.toUpperCase() === 'SI' || value.toUpperCase() === 'SÌ' ? true : value.toUpperCase() === 'NO' ? false : null)

/** The message of a contract check (400 G02 of `parseBody`), or the error itself. */
function contractError(err: unknown, what: string): string {
  if (err instanceof ApiError) return `${what}: ${err.message}`
  throw err
}

/** The automatic service name of platform-backend §8.1: `Import_facind-facgru_20250314`. */
export function nomeServizio(codiciTipo: string[], data: string): string {
  const abbr = codiciTipo.map((c) => ABBREVIAZIONI_TIPO[c] ?? c).join('-')
  return `Import_${abbr}_${data.replace(/-/g, '')}`
}

/**
 * Validates one row for the upload's context (see the module comment). `oggi` is 'YYYY-MM-DD' (a service
 * cannot be dated in the future).
 */
export async function validaRiga(riga: RigaLetta, ctx: ContestoCaricamento, oggi: string): Promise<EsitoValidazione> {
  const r = riga.valori
  const errori: string[] = []
  if (riga.campi !== null) errori.push(`la riga ha ${riga.campi} campi invece di ${COLONNE.length}`)
  if (riga.formule.length > 0) errori.push(`le celle ${riga.formule.join(', ')} contengono una formula: scrivi il valore, le formule non sono accettate`)
  if (errori.length > 0) return { errori }

  const cfNonDisponibile = siNo(r.AN4)
  const mancanti = OBBLIGATORIE.filter((c) => r[c] === '')
  if (cfNonDisponibile === false && r.AN3 === '') mancanti.push('AN3')
  if (cfNonDisponibile === true && r.AN5 === '') mancanti.push('AN5')
  if (cfNonDisponibile === true && r.AN6 === '') mancanti.push('AN6')
  if (mancanti.length > 0) errori.push(`campi obbligatori mancanti: ${mancanti.join(', ')}`)

  const cfFacilitatore = normalizeFiscalCode(r.IDFacilitatore)
  if (r.IDFacilitatore !== '' && !/^[A-Z0-9]{16}$/.test(cfFacilitatore)) errori.push('IDFacilitatore: codice fiscale del facilitatore non valido')
  const idSede = /^\d{1,9}$/.test(r.IDSede) ? Number(r.IDSede) : null
  if (r.IDSede !== '' && idSede === null) errori.push('IDSede: indica il numero identificativo della sede')

  // citizen
  if (r.AN4 !== '' && cfNonDisponibile === null) errori.push('AN4: scrivi SI o NO')
  let codiceFiscale: string | null = null
  let derivato: CitizenDerivedData | null = null
  let fasciaDiEtaId: number | null = null
  if (cfNonDisponibile === false && r.AN3 !== '') {
    const derived = await derivaDaCodiceFiscale(r.AN3)
    if (!derived) errori.push('AN3: codice fiscale del cittadino non valido')
    else {
      codiceFiscale = derived.codiceFiscale
      derivato = derived
    }
  }
  const tipoDocumento = cfNonDisponibile === true ? single(r, 'AN5', CODICI.AN5, errori) : ''
  let numeroDocumento = ''
  if (cfNonDisponibile === true && r.AN6 !== '') {
    const doc = v.safeParse(NumeroDocumentoSchema, r.AN6)
    if (doc.success) numeroDocumento = doc.output
    else errori.push('AN6: numero del documento non valido (da 5 a 10 lettere o cifre)')
  }
  const genere = single(r, 'AN7', CODICI.AN7, errori)
  if (r.AN8 !== '') {
    if (/^[1-5]$/.test(r.AN8)) fasciaDiEtaId = Number(r.AN8)
    else errori.push('AN8: fascia di età non valida (da 1 a 5)')
  }
  const titoloDiStudio = single(r, 'AN9', CODICI.AN9, errori)
  const occupazione = single(r, 'AN10', CODICI.AN10, errori)
  const cittadinanza = single(r, 'AN11', CODICI.AN11, errori)
  if (r.AN12 !== '' && !isProvincia(r.AN12)) errori.push(`AN12: provincia non riconosciuta "${r.AN12}"`)
  if (r.PR1 !== '' && siNo(r.PR1) === null) errori.push('PR1: scrivi SI o NO')
  single(r, 'PR2', CODICI.PR2, errori)

  // service
  const data = r.SE1
  const p = parseWireDate(data)
  if (data !== '' && (!p || !isCalendarDate(p.year, p.month, p.day))) errori.push('SE1: data non valida (formato AAAA-MM-GG)')
  else if (data > oggi) errori.push('SE1: la data del servizio non può essere futura')
  const durata = normalizeDuration(r.SE2)
  if (r.SE2 !== '' && !isValidDuration(durata)) errori.push('SE2: durata non valida (formato OO:MM, minuti fino a 59)')
  const codiciTipo = r.SE3 === '' || /\s/.test(r.SE3) ? [] : r.SE3.toUpperCase().split(':')
  const tipi = multi(r, 'SE3', CODICI.SE3, errori)
  const livello1 = multi(r, 'SE4', CODICI.SE4, errori)
  const livello2 = multi(r, 'SE5', CODICI.SE5, errori)
  const ambiti = multi(r, 'SE6', CODICI.SE6, errori)
  if ([...r.SE7].length > LIMITI.maxTesto) errori.push(`SE7: al massimo ${LIMITI.maxTesto} caratteri`)

  // experience (Q4)
  const es1 = multi(r, 'ES1', CODICI.ES1, errori)
  const es2 = multi(r, 'ES2', CODICI.ES2, errori)
  const es3 = single(r, 'ES3', CODICI.ES3, errori)
  if ([...r.ES4].length > LIMITI.maxTesto) errori.push(`ES4: al massimo ${LIMITI.maxTesto} caratteri`)
  const es5 = multi(r, 'ES5', CODICI.ES5, errori)
  if (r.ES6 !== '' && !/^[1-5]$/.test(r.ES6)) errori.push('ES6: valutazione non valida (da 1 a 5)')
  if (errori.length > 0 || idSede === null) return { errori }

  const competenze1 = [...new Set([...livello1, ...livello2.map((l) => UPPER_LEVEL.get(l) as string)])]
  const q3 = encodeSection({
    ...sectionHeader('Q3'),
    answers: { '22': data, '23': durata, '24': tipi, '25': competenze1, '26': livello2, '27': ambiti, '28': r.SE7 },
  })
  const q4Answers = { '29': es1, '30': es2, '31': es3 ? [es3] : [], '32': r.ES4, '33': es5, [ID_DOMANDA_VALUTAZIONE]: r.ES6 }
  const hasQ4 = es1.length + es2.length + es5.length > 0 || es3 !== '' || r.ES4 !== '' || r.ES6 !== ''
  try {
    const servizio = parseBody(ServizioBodySchema, {
      ...ctx, nomeServizio: nomeServizio(codiciTipo, data), idEnteServizio: ctx.idEnte, idSedeServizio: idSede, data, durataServizio: durata,
      tipoDiServizioPrenotato: tipi, sezioneQuestionarioCompilatoQ3: q3,
    }, FIELD_WORK_LABELS)
    const cittadino = parseBody(AggiungiCittadinoBodySchema, {
      ...ctx, nuovoCittadino: false, codiceFiscale, codiceFiscaleNonDisponibile: cfNonDisponibile,
      tipoDocumento: tipoDocumento || null, numeroDocumento: numeroDocumento || null, genere: genere || null, fasciaDiEtaId,
      titoloDiStudio, occupazione, cittadinanza, provinciaDiDomicilio: r.AN12,
    }, FIELD_WORK_LABELS)
    const questionario = hasQ4
      ? parseBody(CompilaQuestionarioBodySchema, { ...ctx, sezioneQ4Questionario: encodeSection({ ...sectionHeader('Q4'), answers: q4Answers }) }, FIELD_WORK_LABELS)
      : null
    return { ok: { cfFacilitatore, servizio, cittadino, questionario, derivato } }
  } catch (err) {
    return { errori: [contractError(err, 'dati non validi')] }
  }
}
