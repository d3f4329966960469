/**
 * The printable Italian page of everything held about one citizen (issue 28 part 3; GDPR art. 15):
 * `/area-cittadini/{id}/dati-personali`, the same data as the JSON file (`POST cittadino/{id}/datiPersonali?uso=stampa`,
 * recorded in the access register as a print) — registry data, consents, services, surveys with question texts and
 * answers, erasure requests, the register's rows about the citizen — with 'Stampa' and 'Scarica il file JSON'.
 */
import { useQuery } from '@tanstack/react-query'
import { QueryProvider } from '../../api/query'
import type { EsportazioneCittadino } from '../../api/contract/diritti'
import { ETICHETTE_STATO_RICHIESTA } from '../../api/contract/diritti'
import { ETICHETTE_AZIONE, ETICHETTE_ENTITA, ETICHETTE_ESITO, type AzioneRegistro, type EsitoRegistro } from '../../api/contract/registro-accessi'
import { formatDisplayDate, formatDisplayDateTime } from '../../lib/dates'
import { AppLink } from '../../ui/AppLink'
import { ResponsiveTable } from '../../ui/widgets/ResponsiveTable'
import { datiCittadinoQuery, scaricaDatiCittadino } from './api'

type D = EsportazioneCittadino
const o = (v: string | null | undefined) => v ?? '—'

function Anagrafica({ c }: { c: D['cittadino'] }) {
  const righe: [string, string][] = [
    ['ID', String(c.id)], [c.conCodiceFiscale ? 'Codice fiscale (mascherato)' : 'Documento (mascherato)', o(c.identificativoMascherato)],
    ['Tipo documento', o(c.tipoDocumento)], ['Genere', o(c.genere)], ['Fascia di età', o(c.fasciaDiEta)], ['Titolo di studio', o(c.titoloDiStudio)],
    ['Stato occupazionale', o(c.occupazione)], ['Cittadinanza', o(c.cittadinanza)], ['Provincia di domicilio', o(c.provinciaDiDomicilio)],
    ['Registrato il', formatDisplayDateTime(c.registratoIl)], ['Ultimo aggiornamento', formatDisplayDateTime(c.aggiornatoIl)],
    ...(c.anonimizzatoIl ? [['Dati personali cancellati il', formatDisplayDateTime(c.anonimizzatoIl)] as [string, string]] : []),
  ]
  return (
    <dl className="row mb-4">
      {righe.map(([k, v]) => (
        <div className="col-12 col-md-6 col-lg-4 mb-2" key={k}><dt className="small text-secondary fw-normal">{k}</dt><dd className="mb-0 fw-semibold">{v}</dd></div>
      ))}
    </dl>
  )
}

function Questionari({ q }: { q: D['questionari'] }) {
  if (q.length === 0) return <p>Nessun questionario.</p>
  return (
    <>
      {q.map((x) => (
        <article key={x.id} className="mb-4" data-testid="dati-questionario">
          <h3 className="h6">Questionario del servizio {x.idServizio} — {x.stato === 'COMPILATA' ? 'compilato' : 'non compilato'}{x.modello ? ` (${x.modello})` : ''}</h3>
          {x.sezioni.map((s) => (
            <div key={s.id}>
              <h4 className="h6 text-secondary">{s.titolo}</h4>
              {s.risposte.length === 0 ? <p className="small">Nessuna risposta.</p> : (
                <dl className="mb-2">
                  {s.risposte.map((r) => (
                    <div key={r.idDomanda} className="mb-1"><dt className="small fw-normal">{r.domanda ?? `Domanda ${r.idDomanda}`}</dt><dd className="mb-0 fw-semibold">{r.valori.join(', ')}</dd></div>
                  ))}
                </dl>
              )}
            </div>
          ))}
        </article>
      ))}
    </>
  )
}

function Contenuto({ id }: { id: string }) {
  const q = useQuery(datiCittadinoQuery(id))
  if (q.isPending) return <p role="status" className="text-secondary my-4">Caricamento dei dati del cittadino…</p>
  if (!q.data) {
    return (
      <div className="alert alert-warning my-4" role="alert">
        <h1 className="h4">Dati non disponibili</h1>
        <p className="mb-2">Non è stato possibile leggere i dati del cittadino. Il cittadino potrebbe non essere tra quelli a cui hai accesso.</p>
        <AppLink to={`/area-cittadini/${id}`}>Torna al cittadino</AppLink>
      </div>
    )
  }
  const d = q.data
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <h1 className="mb-0">Dati personali del cittadino {d.cittadino.id}</h1>
        <div className="d-flex gap-2 d-print-none">
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>Stampa</button>
          <button type="button" className="btn btn-outline-primary" onClick={() => void scaricaDatiCittadino(id)}>Scarica il file JSON</button>
        </div>
      </div>
      <p>Tutti i dati che la piattaforma conserva su questa persona (artt. 15 e 20 del GDPR), prodotti il {formatDisplayDateTime(d.generatoIl)}. Il codice fiscale non è conservato: la piattaforma ne tiene solo un’impronta non reversibile.</p>
      <h2 className="h4">Dati del registro</h2>
      <Anagrafica c={d.cittadino} />
      <h2 className="h4">Consenso al trattamento dei dati</h2>
      {d.consensi.length === 0 ? <p>Nessun consenso registrato.</p> : (
        <ul>{d.consensi.map((c) => <li key={c.tipo}>{c.tipo === 'CARTACEO' ? 'Cartaceo' : c.tipo === 'EMAIL' ? 'Email' : 'Online'}{c.data ? `, ${formatDisplayDate(c.data)}` : ''}</li>)}</ul>
      )}
      <h2 className="h4">Servizi</h2>
      <ResponsiveTable caption="Servizi a cui il cittadino ha partecipato" rows={d.servizi} rowKey={(r) => String(r.idServizio)} summary={(r) => r.nome}
        columns={[
          { key: 'nome', header: 'Servizio', cell: (r) => r.nome }, { key: 'data', header: 'Data', cell: (r) => formatDisplayDate(r.data) },
          { key: 'sede', header: 'Sede', cell: (r) => r.sede }, { key: 'ente', header: 'Ente', cell: (r) => r.ente },
          { key: 'programma', header: 'Programma', cell: (r) => r.programma }, { key: 'ruolo', header: 'Ruolo di chi l’ha erogato', cell: (r) => r.ruoloFacilitatore },
        ]} />
      <h2 className="h4 mt-4">Questionari</h2>
      <Questionari q={d.questionari} />
      <h2 className="h4">Richieste di cancellazione</h2>
      {d.richiesteCancellazione.length === 0 ? <p>Nessuna richiesta.</p> : (
        <ul>{d.richiesteCancellazione.map((r) => <li key={r.id}>{formatDisplayDateTime(r.richiestaIl)}: {ETICHETTE_STATO_RICHIESTA[r.stato as keyof typeof ETICHETTE_STATO_RICHIESTA] ?? r.stato}</li>)}</ul>
      )}
      <h2 className="h4">Chi ha avuto accesso ai dati</h2>
      <ResponsiveTable caption="Righe del registro degli accessi che riguardano il cittadino" rows={d.registroAccessi.map((r, n) => ({ ...r, n }))} rowKey={(r) => String(r.n)}
        summary={(r) => formatDisplayDateTime(r.quando)}
        columns={[
          { key: 'quando', header: 'Quando', cell: (r) => formatDisplayDateTime(r.quando) }, { key: 'ruolo', header: 'Ruolo', cell: (r) => o(r.ruolo) },
          { key: 'entita', header: 'Oggetto', cell: (r) => ETICHETTE_ENTITA[r.entita] ?? r.entita },
          { key: 'azione', header: 'Azione', cell: (r) => ETICHETTE_AZIONE[r.azione as AzioneRegistro] ?? r.azione },
          { key: 'esito', header: 'Esito', cell: (r) => ETICHETTE_ESITO[r.esito as EsitoRegistro] ?? r.esito },
        ]} />
    </>
  )
}

export function DatiCittadinoPage({ id }: { id: string }) {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="dati-cittadino-page">
      <QueryProvider>
        <Contenuto id={id} />
      </QueryProvider>
    </div>
  )
}
