/**
 * '/open-data' (platform-frontend §7.3): information on the open dataset and its data dictionary.
 * The download (counter, size, CSV) arrives with a later release.
 */
import type { ReactNode } from 'react'
import { OPEN_DATA_COLUMNS } from './open-data-dictionary'

const INFO: Array<[string, ReactNode]> = [
  ['Nome dataset', 'Servizi di facilitazione e formazione'],
  ['Copertura temporale', 'Disponibile con la prima pubblicazione'],
  ['Data ultima pubblicazione', 'Non ancora pubblicato'],
  ['Periodicità', 'Mensile'],
  ['Copertura geografica', 'Nazionale'],
  [
    'Licenza',
    <a href="https://www.dati.gov.it/content/italian-open-data-license-v20" target="_blank" rel="noreferrer" key="l">
      Italian Open Data License v2.0<span className="visually-hidden"> (si apre in una nuova scheda)</span>
    </a>,
  ],
]

export function OpenData() {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="open-data">
      <h1 className="mb-3">Open data: servizi di facilitazione e formazione per i cittadini</h1>
      <p className="lead">
        Dati aperti, anonimi, sui servizi di facilitazione e formazione digitale fruiti dalle cittadine e dai cittadini
        nei punti della rete.
      </p>
      <dl className="row mb-4">
        {INFO.map(([k, v]) => (
          <div className="col-sm-6 col-lg-4 mb-3" key={k}>
            <dt className="small text-secondary fw-normal">{k}</dt>
            <dd className="mb-0 fw-semibold">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="alert alert-info mb-5" role="note">
        Lo scaricamento del file CSV sarà disponibile con un prossimo rilascio.
      </div>
      <h2 className="h3 mb-3">Dizionario dei dati</h2>
      <div className="pd-table-wrap">
        <table className="table table-striped">
          <caption className="visually-hidden">Colonne del dataset con tipo, descrizione e valori possibili</caption>
          <thead>
            <tr>
              <th scope="col">Attributo</th>
              <th scope="col">Tipo di dato</th>
              <th scope="col">Descrizione</th>
              <th scope="col">Valori possibili</th>
            </tr>
          </thead>
          <tbody>
            {OPEN_DATA_COLUMNS.map((c) => (
              <tr key={c.attributo}>
                <th scope="row" className="font-monospace text-break">
                  {c.attributo}
                </th>
                <td>{c.tipo}</td>
                <td>{c.descrizione}</td>
                <td>{c.valori}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
