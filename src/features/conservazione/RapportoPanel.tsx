/**
 * The retention report (issue 28 point 2): the last report of the job `conservazione.rapporto` — per programme the
 * citizens, services, surveys, consents and users past their date, the oldest service date, the mass-upload files —
 * 'Prepara ora il rapporto' (a new report in the background, the page polls until it is there) and, for the last
 * report still to confirm, 'Conferma l'anonimizzazione' with a confirmation that names the counts. Nothing is
 * anonymised before that confirmation; the job never touches more rows than the report says.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { RapportoConservazione, StatoConservazione, TotaliRapporto } from '../../api/contract/conservazione'
import { formatDisplayDate, formatDisplayDateTime } from '../../lib/dates'
import { countLabel } from '../../lib/plural'
import { showToast } from '../../ui/stores/toasts'
import { ConfirmModal } from '../../ui/widgets/ConfirmModal'
import { useEsecuzione } from '../../ui/widgets/useConferma'
import { confermaRapporto, preparaRapporto } from './api'
import { dataEstesa, statoConservazioneQuery } from './letture'

const STATI: Record<RapportoConservazione['stato'], string> = {
  DA_CONFERMARE: 'Da confermare',
  CONFERMATO: 'Confermato: anonimizzazione in corso',
  ESEGUITO: 'Anonimizzazione eseguita',
  SUPERATO: 'Superato da un rapporto più recente',
}

/** '12 cittadini, 30 servizi, …' of counts. */
export function descriviTotali(t: TotaliRapporto): string {
  return [
    countLabel(t.cittadini, 'cittadino', 'cittadini'), countLabel(t.servizi, 'servizio', 'servizi'), countLabel(t.questionari, 'questionario', 'questionari'),
    countLabel(t.consensi, 'consenso registrato', 'consensi registrati'), countLabel(t.utenti, 'utente', 'utenti'),
  ].join(', ')
}

function Tabella({ r }: { r: RapportoConservazione }) {
  if (r.programmi.length === 0) return <p>Nessun dato ha superato il periodo di conservazione.</p>
  return (
    // a focusable, named region: on a phone the eight columns scroll sideways, and the keyboard must reach them (WCAG 2.1.1)
    <div className="table-responsive mb-3" tabIndex={0} role="region" aria-label="Dati oltre il periodo di conservazione per programma (scorrevole)">
      <table className="table table-sm" data-testid="rapporto-programmi">
        <caption>Dati oltre il periodo di conservazione per programma</caption>
        <thead>
          <tr>
            <th scope="col">Programma</th><th scope="col">Intervento</th><th scope="col" className="text-end">Cittadini</th>
            <th scope="col" className="text-end">Servizi</th><th scope="col" className="text-end">Questionari</th>
            <th scope="col" className="text-end">Consensi</th><th scope="col" className="text-end">Utenti</th><th scope="col">Servizio più vecchio</th>
          </tr>
        </thead>
        <tbody>
          {r.programmi.map((p) => (
            <tr key={p.idProgramma}>
              <th scope="row">{`${p.nome} (${p.codice})`}</th><td>{p.policy}</td><td className="text-end">{p.cittadini}</td>
              <td className="text-end">{p.servizi}</td><td className="text-end">{p.questionari}</td><td className="text-end">{p.consensi}</td>
              <td className="text-end">{p.utenti}</td><td>{p.dataPiuVecchia ? formatDisplayDate(p.dataPiuVecchia) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Rapporto({ r }: { r: RapportoConservazione }) {
  return (
    <div data-testid="rapporto-conservazione">
      <p className="mb-2">
        {`Rapporto del ${formatDisplayDateTime(r.creatoIl)} — stato: `}<strong>{STATI[r.stato]}</strong>
      </p>
      <p className="mb-2">{`Periodi applicati: ${r.periodi.map((p) => `${p.policy} fino al ${dataEstesa(p.conservazioneFino)}`).join('; ')}.`}</p>
      <p className="mb-3" data-testid="rapporto-totali">{`Da anonimizzare: ${descriviTotali(r.totali)}.`}</p>
      {r.esito && r.stato === 'ESEGUITO' && <p className="mb-3">{`Anonimizzati: ${descriviTotali(r.esito)}.`}</p>}
      {r.nota && <div className="alert alert-warning" role="status">{r.nota}</div>}
      <Tabella r={r} />
      {r.file.length > 0 && (
        <>
          <h3 className="h6">File dei caricamenti massivi interessati</h3>
          <ul>
            {r.file.map((f) => <li key={f.id}>{`${f.nome || `Caricamento ${f.id}`} del ${formatDisplayDate(f.caricatoIl)}${f.conservato ? ' (copia ancora conservata: sarà eliminata)' : ''}`}</li>)}
          </ul>
        </>
      )}
    </div>
  )
}

export function RapportoPanel({ modificabile }: { modificabile: boolean }) {
  const [attesa, setAttesa] = useState<number | null>(null)
  const [conferma, setConferma] = useState(false)
  const { busy, errore, setErrore, esegui } = useEsecuzione()
  const q = useQuery({
    ...statoConservazioneQuery(),
    // polled while a report or an anonymisation runs, or until the report asked for arrives
    refetchInterval: (query: { state: { data?: StatoConservazione } }) => {
      const d = query.state.data
      return d && (d.rapportoInCorso || d.anonimizzazioneInCorso || (attesa !== null && (d.rapporto?.id ?? 0) === attesa)) ? 1500 : false
    },
  })
  const d = q.data
  const r = d?.rapporto ?? null
  const inPreparazione = d?.rapportoInCorso === true || (attesa !== null && (r?.id ?? 0) === attesa)

  const prepara = async () => {
    try {
      setAttesa(r?.id ?? 0)
      await preparaRapporto()
    } catch {
      setAttesa(null)
    }
  }
  const chiudi = () => {
    setConferma(false)
    setErrore(null)
  }
  const conferma_ = async (id: number) => {
    const ok = await esegui(async () => {
      await confermaRapporto(id)
      showToast({ status: 'success', message: 'Anonimizzazione avviata: il rapporto ne mostrerà l’esito.' })
    })
    if (ok) chiudi()
  }

  return (
    <section aria-labelledby="pd-rapporto-titolo" className="mb-5">
      <h2 id="pd-rapporto-titolo" className="h4">Rapporto dei dati da anonimizzare</h2>
      <p>Ogni giorno il sistema prepara un rapporto dei dati che hanno superato il periodo di conservazione. Nulla viene anonimizzato finché il rapporto non è confermato.</p>
      <div aria-live="polite" role="status" className="mb-2">
        {inPreparazione ? 'Rapporto in preparazione…' : d?.anonimizzazioneInCorso ? 'Anonimizzazione in corso…' : ''}
      </div>
      {modificabile && (
        <button type="button" className="btn btn-outline-primary mb-3" onClick={() => void prepara()} disabled={inPreparazione}>Prepara ora il rapporto</button>
      )}
      {q.isPending && <p className="text-secondary">Caricamento del rapporto…</p>}
      {q.isError && <p role="alert">Non è stato possibile leggere il rapporto.</p>}
      {d && !r && <p>Non è ancora stato preparato alcun rapporto.</p>}
      {r && <Rapporto r={r} />}
      {r && modificabile && r.stato === 'DA_CONFERMARE' && (
        <button type="button" className="btn btn-danger" onClick={() => setConferma(true)} disabled={inPreparazione}>Conferma l’anonimizzazione</button>
      )}
      <ConfirmModal isOpen={conferma && r !== null} title="Conferma l’anonimizzazione" confirmLabel="Anonimizza" busyLabel="Avvio in corso…" danger busy={busy} error={errore}
        onCancel={chiudi} onConfirm={() => r && void conferma_(r.id)}>
        <p>{r ? `Confermi l’anonimizzazione di ${descriviTotali(r.totali)}?` : ''}</p>
        <p className="mb-0">Codici fiscali, documenti, consensi e risposte libere non potranno più essere collegati alle persone; i servizi e i dati aggregati restano. L’operazione non si può annullare.</p>
      </ConfirmModal>
    </section>
  )
}
