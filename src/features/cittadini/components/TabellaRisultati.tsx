/**
 * Selectable table of several search matches (spec 002 §2 'Aggiungi cittadino al servizio'): one radio
 * per row; a citizen already on the service cannot be chosen (§8 message in the row). The API returns
 * no clear identifier, so rows show the citizen's id and demographics.
 */
import type { CittadinoTrovato } from '../../../api/contract/cittadino'
import { etichettaFascia, MESSAGGI } from '../aggiungi-cittadino'

export interface TabellaRisultatiProps {
  risultati: CittadinoTrovato[]
  selezionato: number | null
  onSeleziona(idCittadino: number): void
}

export function TabellaRisultati({ risultati, selezionato, onSeleziona }: TabellaRisultatiProps) {
  return (
    <div className="table-responsive">
      <table className="table table-hover" data-testid="risultati-ricerca">
        <caption className="caption-top">Sono stati trovati {risultati.length} cittadini: seleziona quello da aggiungere.</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Seleziona</span>
            </th>
            <th scope="col">ID</th>
            <th scope="col">Genere</th>
            <th scope="col">Fascia di età</th>
            <th scope="col">Provincia di domicilio</th>
            <th scope="col">Documento</th>
          </tr>
        </thead>
        <tbody>
          {risultati.map((c) => {
            const id = `pd-risultato-${c.idCittadino}`
            const gia = c.giaAssociatoAlServizio === true
            return (
              <tr key={c.idCittadino}>
                <td>
                  <div className="form-check m-0">
                    <input
                      className="form-check-input"
                      type="radio"
                      name="pd-risultati"
                      id={id}
                      checked={selezionato === c.idCittadino}
                      disabled={gia}
                      onChange={() => onSeleziona(c.idCittadino)}
                    />
                    <label className="form-check-label" htmlFor={id}>
                      <span className="visually-hidden">Seleziona il cittadino {c.idCittadino}</span>
                    </label>
                  </div>
                </td>
                <th scope="row">
                  {c.idCittadino}
                  {gia && <span className="d-block small fw-normal">{MESSAGGI.giaIncluso}</span>}
                </th>
                <td>{c.genere ?? '—'}</td>
                <td>{etichettaFascia(c.fasciaDiEtaId) || '—'}</td>
                <td>{c.provinciaDiDomicilio ?? '—'}</td>
                <td>{c.tipoDocumento ?? 'Codice fiscale'}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
