/**
 * The consent text the citizen signs on the printed survey (issue 8 point 1; platform-backend §6.4
 * CARTACEO): the declaration of having received the privacy notice (arts. 13–14 GDPR) and consenting to
 * the processing of the survey's data, where to read the full notice, and the lines for place, date and
 * signature. The facilitator then records the consent as 'Cartaceo' at the compilation.
 */
const INFORMATIVA = '/informativa-privacy-e-cookie'

export function ConsensoDaFirmare() {
  const url = typeof location !== 'undefined' ? `${location.origin}${INFORMATIVA}` : INFORMATIVA
  return (
    <section className="mb-4 pd-print-question" aria-labelledby="stampa-consenso" data-testid="consenso-da-firmare">
      <h2 id="stampa-consenso" className="h4 border-bottom pb-2 mb-3">
        Consenso al trattamento dei dati personali
      </h2>
      <p>
        Io sottoscritto/a dichiaro di aver ricevuto l’informativa sul trattamento dei dati personali ai sensi degli
        articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR) e acconsento al trattamento dei dati raccolti con questo
        questionario, conservati senza nome né codice fiscale in chiaro, per la rilevazione dei servizi di facilitazione e
        formazione digitale ricevuti e per il monitoraggio del programma.
      </p>
      <p className="small">
        L’informativa completa è disponibile all’indirizzo <span className="text-break">{url}</span> e presso il punto di facilitazione.
      </p>
      <div className="row g-4 mt-1">
        <div className="col-12 col-md-6">
          <p className="fw-semibold mb-1">Luogo e data</p>
          <div className="pd-print-lines" />
        </div>
        <div className="col-12 col-md-6">
          <p className="fw-semibold mb-1">Firma del cittadino</p>
          <div className="pd-print-lines" />
        </div>
      </div>
    </section>
  )
}
