/**
 * Step 2 fields of 'Aggiungi cittadino al servizio' (spec 002 §3 "Citizen (create)", §5): identifier
 * shown read-only, then Tipo documento (document path), Genere, Fascia di età, Titolo di studio, Stato
 * occupazionale, Provincia di domicilio, Cittadinanza with the exact enumeration labels. Locked fields
 * are read-only text boxes (still focusable and announced) with the reason; errors sit under the field.
 */
import { CITTADINANZA, GENERE, STATO_OCCUPAZIONALE, TIPO_DOCUMENTO, TITOLO_DI_STUDIO } from '../../../api/contract/enums'
import { REQUIRED_NOTE } from '../../../lib/validation'
import {
  campiBloccati, campiVisibili, datiDaChiedere, etichettaFascia, fasceOfferte, MESSAGGI, type CampoForm, type FormCittadino, type ModoForm,
} from '../aggiungi-cittadino'

const LABEL: Record<CampoForm, string> = {
  tipoDocumento: 'Tipo documento',
  genere: 'Genere',
  fasciaDiEtaId: 'Fascia di età',
  titoloDiStudio: 'Titolo di studio (livello più alto raggiunto)',
  occupazione: 'Stato occupazionale',
  provinciaDiDomicilio: 'Provincia di domicilio',
  cittadinanza: 'Cittadinanza',
}

export interface CampiCittadinoProps {
  modo: ModoForm
  form: FormCittadino
  errori: Partial<Record<CampoForm, string>>
  province: string[]
  minorenniAbilitati: boolean
  disabled?: boolean
  onChange(campo: CampoForm, valore: string): void
}

function opzioniDi(campo: CampoForm, province: string[], abilitati: boolean): { value: string; label: string }[] {
  const plain = (l: readonly string[]) => l.map((v) => ({ value: v, label: v }))
  switch (campo) {
    case 'tipoDocumento':
      return plain(TIPO_DOCUMENTO)
    case 'genere':
      return plain(GENERE)
    case 'fasciaDiEtaId':
      return fasceOfferte(abilitati).map((f) => ({ value: String(f.id), label: f.fascia }))
    case 'titoloDiStudio':
      return plain(TITOLO_DI_STUDIO)
    case 'occupazione':
      return plain(STATO_OCCUPAZIONALE)
    case 'provinciaDiDomicilio':
      return plain(province)
    case 'cittadinanza':
      return plain(CITTADINANZA)
  }
}

/** The identifier line: the typed code/number for a new citizen, the §8 wording for an existing one. */
function identificativo(modo: ModoForm): { label: string; value: string } {
  if (modo.tipo === 'esistente') {
    const byDoc = modo.ricerca === 'NUM_DOC' || modo.cittadino.tipoDocumento !== null
    return { label: 'Codice fiscale', value: byDoc ? MESSAGGI.cfNonPresente : MESSAGGI.cfNonVisualizzabile }
  }
  return modo.ricerca === 'CF' ? { label: 'Codice fiscale', value: modo.identificativo } : { label: 'Numero documento', value: modo.identificativo }
}

export function CampiCittadino({ modo, form, errori, province, minorenniAbilitati, disabled, onChange }: CampiCittadinoProps) {
  const bloccati = campiBloccati(modo)
  const ident = identificativo(modo)
  // locked because stored (an existing citizen within the scope, or its document type) or derived from the code
  const nota = (campo: CampoForm) => (modo.tipo === 'esistente' && (!datiDaChiedere(modo) || campo === 'tipoDocumento')
    ? 'Dato del cittadino già registrato'
    : 'Ricavato dal codice fiscale')
  return (
    <>
      <p className="small">{REQUIRED_NOTE}</p>
      <div className="form-group mb-4">
        <label htmlFor="pd-cittadino-identificativo" className="active">
          {ident.label}
        </label>
        <input id="pd-cittadino-identificativo" type="text" className="form-control" value={ident.value} readOnly aria-readonly="true" />
      </div>
      {campiVisibili(modo).map((campo) => {
        const id = `pd-cittadino-${campo}`
        const errId = `${id}-errore`
        const notaId = `${id}-nota`
        const errore = errori[campo]
        const value = form[campo]
        if (bloccati.has(campo)) {
          const shown = campo === 'fasciaDiEtaId' ? etichettaFascia(Number(value)) : value
          return (
            <div className="form-group mb-4" key={campo}>
              <label htmlFor={id} className="active">
                {LABEL[campo]}
              </label>
              <input
                id={id}
                name={campo}
                type="text"
                className={`form-control${errore ? ' is-invalid' : ''}`}
                value={shown || '—'}
                readOnly
                aria-readonly="true"
                aria-describedby={[notaId, errore ? errId : ''].filter(Boolean).join(' ')}
                data-bloccato="true"
              />
              <small id={notaId} className="form-text d-block">
                {nota(campo)}
              </small>
              {errore && (
                <div id={errId} className="invalid-feedback d-block">
                  {errore}
                </div>
              )}
            </div>
          )
        }
        return (
          <div className="select-wrapper mb-4" key={campo}>
            <label htmlFor={id}>{LABEL[campo]}*</label>
            <select
              id={id}
              name={campo}
              value={value}
              disabled={disabled}
              required
              aria-required="true"
              aria-invalid={errore ? true : undefined}
              aria-describedby={errore ? errId : undefined}
              onChange={(e) => onChange(campo, e.target.value)}
            >
              <option value="">Seleziona</option>
              {opzioniDi(campo, province, minorenniAbilitati).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errore && (
              <div id={errId} className="invalid-feedback d-block">
                {errore}
              </div>
            )}
          </div>
        )
      })}
    </>
  )
}
