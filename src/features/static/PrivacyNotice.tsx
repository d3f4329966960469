/**
 * '/informativa-privacy-e-cookie' (spec 000 §2.1, spec 002 §2): privacy and cookie notice under
 * arts. 13–14 GDPR, with three anchored sections (#referenti-delegati, #facilitatori, #volontari).
 * Retention: the periods as configured (issue 28 point 2: `GET /conservazione/periodi`, public; RFD for referents,
 * delegates and facilitators, SCD for volunteers), in the long Italian date; access logs one year.
 */
import { createContext, useContext, useEffect, useState } from 'react'
import type { Policy } from '../../api/contract/common'
import type { PeriodoConservazione } from '../../api/contract/conservazione'
import { dataEstesa, leggiPeriodiConservazione } from '../conservazione'
import { DPO_EMAIL, PRIVACY_EMAIL } from './contacts'

/** 'fino al 30 giugno 2026' of a policy's configured period ('fino alla data … configurata' while unknown). */
function FinoAl({ policy }: { policy: Policy }) {
  const periodi = useContext(Periodi)
  const p = periodi === 'caricamento' || periodi === 'errore' ? undefined : periodi.find((x) => x.policy === policy)
  if (p) return <span data-testid={`conservazione-${policy}`}>{`fino al ${dataEstesa(p.conservazioneFino)}`}</span>
  return <span>{periodi === 'caricamento' ? 'fino alla data di fine conservazione (caricamento…)' : 'fino alla data di fine conservazione configurata per l’intervento'}</span>
}

/** The periods read once for the page (a plain read: this page is in every visitor's offline set, which never loads the query cache's storage). */
const Periodi = createContext<PeriodoConservazione[] | 'caricamento' | 'errore'>('caricamento')

function usePeriodi(): PeriodoConservazione[] | 'caricamento' | 'errore' {
  const [periodi, setPeriodi] = useState<PeriodoConservazione[] | 'caricamento' | 'errore'>('caricamento')
  useEffect(() => {
    const ac = new AbortController()
    leggiPeriodiConservazione(ac.signal).then(setPeriodi, () => { if (!ac.signal.aborted) setPeriodi('errore') })
    return () => ac.abort()
  }, [])
  return periodi
}

const SECTIONS = [
  { id: 'referenti-delegati', title: 'Referenti e delegati degli enti' },
  { id: 'facilitatori', title: 'Facilitatrici e facilitatori' },
  { id: 'volontari', title: 'Volontarie e volontari del Servizio civile digitale' },
] as const

export function PrivacyNotice() {
  const periodi = usePeriodi()
  return (
    <Periodi.Provider value={periodi}>
      <Informativa />
    </Periodi.Provider>
  )
}

function Informativa() {
  // Deep links such as /informativa-privacy-e-cookie#facilitatori scroll to their section.
  useEffect(() => {
    const id = window.location.hash.slice(1)
    if (id) document.getElementById(id)?.scrollIntoView()
  }, [])

  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="privacy-notice">
      <div className="row">
        <div className="col-lg-9">
          <h1 className="mb-3">Informativa sul trattamento dei dati personali e sui cookie</h1>
          <p className="lead">
            Questa informativa spiega, ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR), come
            trattiamo i dati personali di chi usa Punto Digitale.
          </p>

          <nav aria-label="Indice dell'informativa" className="mb-4">
            <h2 className="h5">Sezioni per profilo</h2>
            <ul>
              {SECTIONS.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
              <li>
                <a href="#diritti">I tuoi diritti</a>
              </li>
              <li>
                <a href="#cookie">Cookie e memorizzazione locale</a>
              </li>
            </ul>
          </nav>

          <h2 className="h3">Chi tratta i tuoi dati</h2>
          <p>
            Il titolare del trattamento è la Presidenza del Consiglio dei Ministri – Dipartimento per la trasformazione
            digitale, che promuove le misure del Piano nazionale di ripresa e resilienza (PNRR) sulle competenze digitali.
            Gli enti gestori e gli enti partner dei programmi e dei progetti trattano i dati per le loro attività come
            indicato negli atti che regolano ciascun progetto.
          </p>
          <p>
            Puoi contattare il responsabile della protezione dei dati (RPD) scrivendo a{' '}
            <a href={`mailto:${DPO_EMAIL}`}>{DPO_EMAIL}</a>.
          </p>

          <h2 className="h3">Perché trattiamo i dati e su quale base</h2>
          <p>
            Trattiamo i dati per gestire l’accesso alla piattaforma, registrare i servizi di facilitazione e formazione
            digitale, monitorare l’avanzamento dei programmi e rendicontare i risultati delle misure PNRR “Rete dei servizi
            di facilitazione digitale” e “Servizio civile digitale”. La base giuridica è l’esecuzione di un compito di
            interesse pubblico (art. 6, par. 1, lett. e) del GDPR) e l’adempimento degli obblighi di monitoraggio e
            rendicontazione previsti per il PNRR (art. 6, par. 1, lett. c) del GDPR e Regolamento (UE) 2021/241).
          </p>
          <p>
            I dati sono trattati con strumenti elettronici, da personale autorizzato, con misure di sicurezza adeguate. Non
            prendiamo decisioni basate unicamente su trattamenti automatizzati e non facciamo profilazione. I dati non sono
            trasferiti fuori dall’Unione europea.
          </p>

          <section id="referenti-delegati" aria-labelledby="referenti-delegati-title" className="pt-3">
            <h2 id="referenti-delegati-title" className="h3">
              Referenti e delegati degli enti
            </h2>
            <p>
              <strong>Quali dati:</strong> nome, cognome, codice fiscale, indirizzo e-mail, numero di telefono, ente di
              appartenenza, ruolo, programma e progetto a cui sei associato, data del consenso.
            </p>
            <p>
              <strong>Da dove arrivano:</strong> li comunica l’ente che ti ha indicato come referente o delegato (art. 14
              GDPR); al primo accesso li completi e li confermi tu.
            </p>
            <p>
              <strong>Per quanto tempo:</strong> <FinoAl policy="RFD" />, salvo
              obblighi di conservazione più lunghi previsti dalla legge per i controlli sulla rendicontazione.
            </p>
          </section>

          <section id="facilitatori" aria-labelledby="facilitatori-title" className="pt-3">
            <h2 id="facilitatori-title" className="h3">
              Facilitatrici e facilitatori
            </h2>
            <p>
              <strong>Quali dati:</strong> nome, cognome, codice fiscale, indirizzo e-mail, numero di telefono, ente e
              punti di facilitazione in cui operi, servizi che registri (data, durata, tipologia, sede) e tipo di
              contratto se indicato.
            </p>
            <p>
              <strong>Da dove arrivano:</strong> li comunica l’ente gestore o partner del progetto che ti ha inserito (art.
              14 GDPR); al primo accesso li completi e li confermi tu. I servizi li registri tu, anche senza rete: restano
              sul tuo dispositivo solo fino all’invio.
            </p>
            <p>
              <strong>Per quanto tempo:</strong> <FinoAl policy="RFD" />, salvo obblighi di conservazione più lunghi
              previsti dalla legge.
            </p>
          </section>

          <section id="volontari" aria-labelledby="volontari-title" className="pt-3">
            <h2 id="volontari-title" className="h3">
              Volontarie e volontari del Servizio civile digitale
            </h2>
            <p>
              <strong>Quali dati:</strong> nome, cognome, codice fiscale, indirizzo e-mail, numero di telefono, ente di
              servizio, progetto e servizi che registri.
            </p>
            <p>
              <strong>Da dove arrivano:</strong> li comunica l’ente del progetto di Servizio civile digitale in cui presti
              servizio (art. 14 GDPR); al primo accesso li completi e li confermi tu.
            </p>
            <p>
              <strong>Per quanto tempo:</strong> <FinoAl policy="SCD" />, salvo obblighi di conservazione più lunghi
              previsti dalla legge.
            </p>
          </section>

          <h2 className="h3 pt-3">Registri degli accessi</h2>
          <p>
            Per la sicurezza del servizio registriamo gli accessi alla piattaforma e le operazioni svolte (data, ora,
            utente, ruolo). Questi registri sono conservati per un anno e poi cancellati.
          </p>

          <h2 className="h3">Chi riceve i dati</h2>
          <p>
            I dati sono visibili solo a chi ne ha bisogno per il proprio ruolo (per esempio il referente del tuo progetto)
            e ai fornitori che gestiscono l’infrastruttura tecnica per conto del titolare, nominati responsabili del
            trattamento. Non sono diffusi. Gli open data pubblicati sono aggregati e anonimi.
          </p>

          <section id="diritti" aria-labelledby="diritti-title" className="pt-3">
            <h2 id="diritti-title" className="h3">
              I tuoi diritti
            </h2>
            <p>
              Puoi chiedere in ogni momento di accedere ai tuoi dati, correggerli, cancellarli nei casi previsti, limitarne
              il trattamento od opporti al trattamento (articoli 15–22 GDPR), scrivendo a{' '}
              <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> o al responsabile della protezione dei dati. Se
              ritieni che il trattamento violi le norme, puoi presentare reclamo al Garante per la protezione dei dati
              personali (
              <a href="https://www.garanteprivacy.it" target="_blank" rel="noreferrer">
                www.garanteprivacy.it
                <span className="visually-hidden"> (si apre in una nuova scheda)</span>
              </a>
              ).
            </p>
          </section>

          <section id="cookie" aria-labelledby="cookie-title" className="pt-3">
            <h2 id="cookie-title" className="h3">
              Cookie e memorizzazione locale
            </h2>
            <p>
              Punto Digitale non usa cookie di profilazione né strumenti di analisi o di terze parti. Usa soltanto la
              memoria tecnica del browser, necessaria al funzionamento:
            </p>
            <ul>
              <li>la sessione di accesso e il ruolo scelto, per riaprire l’applicazione anche senza rete;</li>
              <li>i dati che registri offline, finché non sono inviati al server;</li>
              <li>i file dell’applicazione (pagine, caratteri, icone), per funzionare senza connessione; non contengono dati personali.</li>
            </ul>
            <p>
              Trattandosi di strumenti tecnici, non serve il tuo consenso. Uscendo con “Esci” la sessione viene cancellata
              dal dispositivo.
            </p>
          </section>
        </div>
      </div>
    </div>
  )
}
