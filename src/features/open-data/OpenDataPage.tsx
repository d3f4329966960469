/**
 * '/open-data' (public; issue 11 point 3; platform-frontend §7.3): the dataset's metadata (description,
 * licence CC BY 4.0, monthly update, coverage years, anonymisation note), the monthly files with their
 * size and download counter, the link to the DCAT-AP_IT description, the data dictionary and, for a
 * holder of `gen.opendata` (DTD), 'Genera il file di questo mese'.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { OPEN_DATA_COLUMNS, nomeFileOpenData } from '../../api/contract/open-data'
import { QueryProvider } from '../../api/query'
import { hasAll } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { formatDisplayDate } from '../../lib/dates'
import { generaOpenData, kb, nomeMese, openDataQuery } from './api'
import { openDataKeys } from './keys'

export function OpenDataPage() {
  return (
    <QueryProvider>
      <OpenDataContent />
    </QueryProvider>
  )
}

function OpenDataContent() {
  const session = useSession()
  const client = useQueryClient()
  // public data: runs without a session too (the app's default `enabled` needs a chosen profile)
  const q = useQuery(openDataQuery())
  const [avviso, setAvviso] = useState<string | null>(null)
  const info = q.data
  const canGenerate = hasAll(session.permessi, ['gen.opendata'])

  const genera = async () => {
    setAvviso(null)
    try {
      const r = await generaOpenData()
      setAvviso(`Generazione del file di ${nomeMese(r.mese)} avviata: il file sarà disponibile tra poco.`)
      setTimeout(() => { void client.invalidateQueries({ queryKey: openDataKeys.all }) }, 1500)
    } catch { /* the client showed the error */ }
  }

  const items: Array<[string, ReactNode]> = [
    ['Nome dataset', 'Servizi di facilitazione e formazione'],
    ['Copertura temporale', info?.anniCopertura || 'Disponibile con la prima pubblicazione'],
    ['Data ultima pubblicazione', info?.dataUltimaPubblicazione ? formatDisplayDate(info.dataUltimaPubblicazione) : 'Non ancora pubblicato'],
    ['Periodicità', 'Mensile (il 1° di ogni mese)'],
    ['Copertura geografica', 'Nazionale'],
    ['Licenza', (
      <a href="https://creativecommons.org/licenses/by/4.0/deed.it" target="_blank" rel="noreferrer" key="l">
        Creative Commons Attribuzione 4.0 (CC BY 4.0)<span className="visually-hidden"> (si apre in una nuova scheda)</span>
      </a>
    )],
  ]

  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="open-data">
      <h1 className="mb-3">Open data: servizi di facilitazione e formazione per i cittadini</h1>
      <p className="lead">
        Dati aperti, anonimi, sui servizi di facilitazione e formazione digitale fruiti dalle cittadine e dai cittadini nei punti
        della rete: una riga per ogni servizio fruito da una persona, con fascia di età, genere, occupazione, titolo di studio,
        servizio, sede e programma. Il file è in formato CSV (separatore punto e virgola, codifica UTF-8).
      </p>
      <dl className="row mb-3" data-testid="open-data-metadati">
        {items.map(([k, v]) => (
          <div className="col-sm-6 col-lg-4 mb-3" key={k}>
            <dt className="small text-secondary fw-normal">{k}</dt>
            <dd className="mb-0 fw-semibold">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="alert alert-info mb-4" role="note">
        <h2 className="h5">Anonimizzazione</h2>
        <p className="mb-0">
          Il file non contiene codici fiscali, nomi o identificativi delle persone.{' '}
          {info?.notaAnonimizzazione ?? ''}
        </p>
      </div>
      <p>
        <a href="/api/open-data/dcat.jsonld" type="application/ld+json" data-testid="open-data-dcat">
          Descrizione del dataset in formato DCAT-AP_IT (JSON-LD)
        </a>
      </p>

      <h2 className="h3 mt-4 mb-3">File pubblicati</h2>
      {canGenerate && (
        <div className="mb-3">
          <button type="button" className="btn btn-outline-primary" onClick={() => { void genera() }}>
            Genera il file di questo mese
          </button>
        </div>
      )}
      <div role="status" className={avviso ? 'alert alert-success' : 'visually-hidden'}>{avviso}</div>
      {q.isPending && <p>Caricamento dei file in corso…</p>}
      {q.isError && <div className="alert alert-danger">Non è stato possibile leggere i file pubblicati. Riprova più tardi.</div>}
      {info && info.files.length === 0 && <p>Non è stato ancora pubblicato alcun file.</p>}
      {info && info.files.length > 0 && (
        <div className="pd-table-wrap mb-5">
          <table className="table" data-testid="open-data-files">
            <caption className="visually-hidden">File mensili pubblicati, dal più recente</caption>
            <thead>
              <tr>
                <th scope="col">Mese</th>
                <th scope="col">Pubblicato il</th>
                <th scope="col">Righe</th>
                <th scope="col">Download</th>
                <th scope="col">File</th>
              </tr>
            </thead>
            <tbody>
              {info.files.map((f) => (
                <tr key={f.mese}>
                  <th scope="row" className="text-capitalize">{nomeMese(f.mese)}</th>
                  <td>{formatDisplayDate(f.dataPubblicazione)}</td>
                  <td>{f.righe.toLocaleString('it-IT')}</td>
                  <td>{f.conteggioDownload.toLocaleString('it-IT')}</td>
                  <td>
                    <a className="btn btn-primary btn-xs" href={f.url} download={nomeFileOpenData(f.mese)}
                      onClick={() => { setTimeout(() => { void client.invalidateQueries({ queryKey: openDataKeys.all }) }, 1000) }}>
                      Scarica il csv ({kb(f.dimensione)} Kb)<span className="visually-hidden"> di {nomeMese(f.mese)}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

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
                <th scope="row" className="font-monospace text-break">{c.attributo}</th>
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
