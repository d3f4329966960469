/**
 * 'Chi ha visto i dati di un cittadino' (`/registro-accessi/cittadino`, `view.registro.accessi`; issue 28 part 1): the
 * answer to a citizen's question "who accessed my data?". The fiscal code is checked with the app's rules
 * (src/lib/fiscal-code.ts), sent once in the body of `POST registroAccessi/cittadino` (hashed on the server, never
 * stored) and kept only in the field: the answer is not cached nor kept on the device.
 */
import { useId, useState, type FormEvent } from 'react'
import { apiPost } from '../../api/client'
import { RegistroCittadinoRispostaSchema, REGISTRO_CITTADINO_MAX, type RegistroCittadinoRisposta, type RigaRegistro } from '../../api/contract/registro-accessi'
import { formatDisplayDateTime } from '../../lib/dates'
import { fiscalCodeError, normalizeFiscalCode } from '../../lib/fiscal-code'
import { TextField } from '../../ui/form/fields'
import { ListScreen } from '../../ui/list/ListScreen'
import { ResponsiveTable, type Column } from '../../ui/widgets/ResponsiveTable'
import { useEsecuzione } from '../../ui/widgets/useConferma'
import { chi, cosa, etichettaAzione, etichettaEsito, profilo } from './lista'
import { TabRegistro } from './TabRegistro'

const COLONNE: Column<RigaRegistro>[] = [
  { key: 'quando', header: 'Data e ora', cell: (r) => formatDisplayDateTime(r.quando) },
  { key: 'chi', header: 'Utente', cell: chi },
  { key: 'profilo', header: 'Ruolo e profilo', cell: profilo },
  { key: 'azione', header: 'Azione', cell: (r) => etichettaAzione(r.azione) },
  { key: 'cosa', header: 'Oggetto', cell: cosa },
  { key: 'esito', header: 'Esito', cell: (r) => etichettaEsito(r.esito) },
]

export function ChiHaVistoPage() {
  const id = useId()
  const [codice, setCodice] = useState('')
  const [errore, setErrore] = useState<string | undefined>()
  const [risposta, setRisposta] = useState<RegistroCittadinoRisposta | null>(null)
  const { busy, errore: erroreRichiesta, esegui } = useEsecuzione()

  const cerca = async (e: FormEvent) => {
    e.preventDefault()
    const cf = normalizeFiscalCode(codice)
    const problema = cf === '' ? 'Inserisci il codice fiscale del cittadino.' : await fiscalCodeError(cf)
    setErrore(problema ?? undefined)
    setRisposta(null)
    if (problema) return
    await esegui(async () => {
      setRisposta(await apiPost('registroAccessi/cittadino', { codiceFiscale: cf }, RegistroCittadinoRispostaSchema, { silent: true }))
    })
  }

  return (
    <ListScreen title="Registro degli accessi" testId="registro-cittadino-page"
      description="Chi ha visto o modificato i dati di un cittadino: le righe del registro sul cittadino, sui suoi questionari e sui servizi a cui ha partecipato.">
      <TabRegistro attiva="cittadino" />
      <h2 className="h4 mb-3">Chi ha visto i dati di un cittadino</h2>
      <form onSubmit={(e) => { void cerca(e) }} noValidate className="row g-3 align-items-start mb-4" aria-describedby={`${id}-nota`}>
        <div className="col-12 col-md-6">
          <TextField id={`${id}-cf`} label="Codice fiscale del cittadino" required value={codice} onChange={setCodice} error={errore}
            autoComplete="off" spellCheck={false} maxLength={16} className="mb-0" />
        </div>
        <div className="col-12 col-md-auto pt-md-4">
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Ricerca in corso…' : 'Cerca'}</button>
        </div>
        <p id={`${id}-nota`} className="small text-secondary col-12 mb-0">Il codice fiscale non viene conservato: serve solo a trovare il cittadino.</p>
      </form>
      <div aria-live="polite">
        {erroreRichiesta && <div className="alert alert-danger" role="alert">{erroreRichiesta}</div>}
        {risposta && (
          <section aria-labelledby={`${id}-esito`} data-testid="registro-cittadino-esito">
            <h3 id={`${id}-esito`} className="h5">
              {`Cittadino ID ${risposta.idCittadino}: ${risposta.righe.length} ${risposta.righe.length === 1 ? 'accesso registrato' : 'accessi registrati'}`}
            </h3>
            <p className="small">
              {risposta.servizi.length === 0 ? 'Il cittadino non partecipa ad alcun servizio.' : `Servizi a cui ha partecipato: ${risposta.servizi.map((s) => `ID ${s}`).join(', ')}.`}
              {risposta.troncato ? ` Sono mostrati i ${REGISTRO_CITTADINO_MAX} più recenti: per gli altri usa il registro con il filtro per periodo.` : ''}
            </p>
            <ResponsiveTable caption="Accessi ai dati del cittadino" columns={COLONNE} rows={risposta.righe} rowKey={(r) => String(r.id)}
              summary={(r) => `${formatDisplayDateTime(r.quando)} · ${etichettaAzione(r.azione)} · ${chi(r)}`}
              emptyText="Nessun accesso registrato ai dati di questo cittadino." />
          </section>
        )}
      </div>
    </ListScreen>
  )
}
