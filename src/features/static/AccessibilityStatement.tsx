/**
 * '/legal': accessibility statement (Legge 4/2004, D.Lgs. 106/2018, AgID guidelines; EN 301 549 =
 * WCAG 2.1 AA): conformity status, known limits, how it was assessed (only what the project's tests do:
 * e2e/a11y.spec.ts, e2e/field-a11y.spec.ts, e2e/field-offline.spec.ts, e2e/keyboard.spec.ts), feedback
 * mechanism, enforcement procedure, date.
 */
import { ACCESSIBILITY_EMAIL } from './contacts'

export const STATEMENT_DATE = '23 novembre 2026'

export function AccessibilityStatement() {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="accessibility-statement">
      <div className="row">
        <div className="col-lg-9">
          <h1 className="mb-3">Dichiarazione di accessibilità</h1>
          <p className="lead">
            Il Dipartimento per la trasformazione digitale si impegna a rendere accessibile l’applicazione Punto Digitale,
            conformemente alla legge 9 gennaio 2004, n. 4, come modificata dal decreto legislativo 10 agosto 2018, n. 106,
            che recepisce la direttiva (UE) 2016/2102.
          </p>
          <p>
            La presente dichiarazione si applica all’applicazione web Punto Digitale, comprese la versione installabile
            su tablet e smartphone e le pagine pubbliche.
          </p>

          <h2 className="h3">Stato di conformità</h2>
          <p>
            Punto Digitale è <strong>parzialmente conforme</strong> ai requisiti della norma EN 301 549, che per il web
            corrisponde alle Linee guida WCAG 2.1 livello AA, a causa dei casi di non conformità elencati sotto.
          </p>

          <h2 className="h3">Contenuti non accessibili</h2>
          <ul>
            <li>
              Alcune guide e alcuni materiali di supporto raggiungibili dalla finestra “Assistenza” sono pubblicati su siti
              di terze parti e potrebbero non essere accessibili.
            </li>
            <li>
              I report dell’area dati, quando saranno disponibili, saranno affiancati da tabelle equivalenti; fino ad
              allora la sezione non presenta contenuti.
            </li>
            <li>
              Su schermi piccoli alcuni pulsanti della barra superiore mostrano solo un’icona: il nome del pulsante è
              comunque disponibile per le tecnologie assistive.
            </li>
            <li>
              Alcune sezioni sono in corso di realizzazione e saranno verificate al momento della pubblicazione.
            </li>
          </ul>

          <h2 className="h3">Redazione della dichiarazione</h2>
          <p>
            Questa dichiarazione è stata redatta il {STATEMENT_DATE} sulla base di un’autovalutazione. Le verifiche
            descritte qui sotto sono prove automatiche che vengono ripetute a ogni modifica dell’applicazione, nel
            browser Chromium. La dichiarazione è riesaminata ogni anno entro il 23 settembre.
          </p>
          <h3 className="h4">Come è stata verificata l’applicazione</h3>
          <ul data-testid="accessibility-methods">
            <li>
              <strong>Verifiche automatiche con axe-core</strong> (regole WCAG 2.0 e 2.1 di livello A e AA e regole di
              buona pratica), a 1280 e a 375 pixel di larghezza: le pagine pubbliche, la pagina di accesso, la
              registrazione, le pagine iniziali, l’area personale e le pagine del lavoro sul campo (elenco dei servizi,
              “Crea servizio”, scheda del servizio e suoi cittadini, compilazione, visualizzazione e stampa del
              questionario, invio del questionario al cittadino, centro di sincronizzazione); a 375 pixel il questionario
              che il cittadino compila sul telefono; a 1280 pixel ogni altra sezione raggiungibile da un amministratore; il menu di
              navigazione del telefono aperto; le finestre di dialogo; senza connessione, l’elenco dei servizi e i
              cittadini di un servizio.
            </li>
            <li>
              <strong>Uso da sola tastiera</strong>, a 1280 e a 375 pixel: una prova percorre l’intero lavoro sul campo
              (creare un servizio, aggiungere un cittadino, compilare il suo questionario) solo con Tab, Maiusc+Tab,
              Invio, Spazio, frecce ed Esc, e controlla a ogni passo quale elemento ha il focus, che il focus non si perda,
              il titolo di ogni pagina, che dopo ogni cambio di pagina il focus sia sul titolo principale, che resti
              dentro il menu del telefono e la finestra “Aggiungi cittadino al servizio” finché sono aperti e torni poi
              al pulsante che li ha aperti, e che i collegamenti per saltare al contenuto e alla navigazione funzionino.
            </li>
            <li>
              <strong>Indicatore del focus</strong>: nella barra superiore e nelle fasce blu dell’intestazione la stessa
              prova misura che il contorno del focus sia spesso almeno 2 pixel, abbia un contrasto di almeno 3:1 con il
              colore su cui è disegnato e non sia tagliato.
            </li>
            <li>
              <strong>Testo ingrandito al 200% a 320 pixel di larghezza</strong>: verificato che le iniziali dell’avatar
              restino nel cerchio e che l’etichetta del primo campo del modulo “Crea servizio” non si sovrapponga al
              titolo che la precede.
            </li>
            <li>
              <strong>Nomi e ruoli per le tecnologie assistive</strong>: le prove trovano ogni pulsante, collegamento,
              campo e finestra di dialogo per ruolo e nome accessibile, come li espone il browser alle tecnologie
              assistive.
            </li>
          </ul>
          <p>
            Non sono ancora state svolte prove con lettori di schermo (per esempio NVDA, JAWS, VoiceOver o TalkBack) né
            prove con persone con disabilità: sono i prossimi passi della verifica.
          </p>

          <h2 className="h3">Meccanismo di feedback</h2>
          <p>
            Se trovi contenuti non accessibili o vuoi segnalare un problema, scrivi a{' '}
            <a href={`mailto:${ACCESSIBILITY_EMAIL}`}>{ACCESSIBILITY_EMAIL}</a> indicando la pagina e il problema. Ti
            risponderemo entro 30 giorni.
          </p>

          <h2 className="h3">Procedura di attuazione</h2>
          <p>
            Se la risposta non è soddisfacente o non arriva entro 30 giorni, puoi inviare una segnalazione al Difensore
            civico per il digitale presso l’Agenzia per l’Italia digitale (AgID), ai sensi dell’articolo 3-quinquies
            della legge 4/2004, tramite il modulo disponibile su{' '}
            <a href="https://form.agid.gov.it" target="_blank" rel="noreferrer">
              form.agid.gov.it
              <span className="visually-hidden"> (si apre in una nuova scheda)</span>
            </a>
            .
          </p>

          <h2 className="h3">Informazioni sull’applicazione</h2>
          <ul className="mb-0">
            <li>Tecnologie usate: HTML, CSS, JavaScript, WAI-ARIA, con il design system Bootstrap Italia.</li>
            <li>Browser supportati: le ultime due versioni di Chrome, Edge, Firefox e Safari, anche su tablet.</li>
          </ul>
        </div>
      </div>
    </div>
  )
}
