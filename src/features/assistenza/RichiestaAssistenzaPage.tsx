/**
 * '/richiesta-assistenza' (opened in a new tab; spec 002 §2, §4, §5; platform-frontend §6), three steps
 * with a progress bar (floor(100 × (step + 1) / 3) %):
 * 1. the current role card; 'Prosegui' (only for the roles the help desk serves) or 'Annulla' (closes the tab);
 * 2. the form — Area tematica → (Altro: 'Specifica un'altra area tematica') → Oggetto → Descrizione (rich
 *    text, 1,500 characters) → Allegati, each enabled once the previous is filled; 'Invia' disabled until
 *    valid; 'Chiudi' asks for confirmation;
 * 3. sending (a blank state), then success ('La tua richiesta è stata inviata.') or failure with 'Torna alla
 *    richiesta', which returns to the form with everything kept.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ApiCallError } from '../../api/client'
import { QueryProvider } from '../../api/query'
import { useSession } from '../../auth/session'
import { codificaAllegati } from '../../lib/allegati-codifica'
import { ALTRO_TAG, assistenzaAbilitata, campiAbilitati, MAX_DESCRIZIONE, MAX_OGGETTO } from '../../lib/assistenza'
import { RequiredNote, SelectField, TextField } from '../../ui/form/fields'
import { RoleCard } from '../../ui/profile/RoleCard'
import { ConfirmModal } from '../../ui/widgets/ConfirmModal'
import { SUPPORT_UNAVAILABLE } from '../../ui/support/rules'
import { LazyRichTextEditor } from '../../ui/rich-text/LazyRichTextEditor'
import { Allegati, type FileAllegato } from './Allegati'

// the editor (Tiptap/ProseMirror, ~400 KB) is fetched with this page, not precached: a request needs the network
// to be sent anyway (issue 24 point 27, vite.config.ts `onDemand`)
import { inviaRichiesta, tematicheQuery } from './api'

type Esito = { kind: 'invio' } | { kind: 'ok'; email: boolean } | { kind: 'errore'; messaggio: string | null }

interface Form { areaTematica: string; altraAreaTematica: string; oggetto: string; descrizione: string; descrizioneVuota: boolean }
const VUOTO: Form = { areaTematica: '', altraAreaTematica: '', oggetto: '', descrizione: '', descrizioneVuota: true }

export function RichiestaAssistenzaPage() {
  return (
    <QueryProvider>
      <Wizard />
    </QueryProvider>
  )
}

function Wizard() {
  const { profilo, user } = useSession()
  const [step, setStep] = useState(0)
  const [form, setForm] = useState<Form>(VUOTO)
  const [files, setFiles] = useState<FileAllegato[]>([])
  const [esito, setEsito] = useState<Esito>({ kind: 'invio' })
  const [chiudi, setChiudi] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const abilitata = assistenzaAbilitata(profilo?.codiceRuolo, profilo?.policy)
  const aree = useQuery(tematicheQuery(profilo?.codiceRuolo, step === 1))
  const on = campiAbilitati(form)
  const valido = on.allegati && form.oggetto.trim() !== '' && (!on.altraArea || form.altraAreaTematica.trim() !== '')
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }))

  useEffect(() => { heading.current?.focus() }, [step, esito.kind])

  const invia = async () => {
    setStep(2)
    setEsito({ kind: 'invio' })
    try {
      const r = await inviaRichiesta({ ...form, fileData: codificaAllegati(files) })
      setEsito({ kind: 'ok', email: r.emailInviata })
    } catch (e) {
      setEsito({ kind: 'errore', messaggio: e instanceof ApiCallError && e.fromServer && e.status >= 400 && e.status < 500 ? e.message : null })
    }
  }

  const progress = Math.floor((100 * (step + 1)) / 3)
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="assistance-page">
      <h1 className="mb-3">Richiesta di assistenza tecnica</h1>
      <div className="progress mb-4" role="progressbar" aria-label={`Passo ${step + 1} di 3`} aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
        <div className="progress-bar" style={{ width: `${progress}%` }} />
      </div>

      {step === 0 && (
        <section aria-labelledby="assistenza-step">
          <h2 id="assistenza-step" ref={heading} tabIndex={-1} className="h4">Stai per inviare una richiesta con il ruolo di:</h2>
          <div className="mb-3" style={{ maxWidth: '28rem' }}>
            {profilo ? <RoleCard profile={profilo} /> : <p>Nessun ruolo scelto.</p>}
          </div>
          <p>Per inviare la richiesta con un altro ruolo, annulla, cambia ruolo dal menu utente e torna su questa pagina.</p>
          {!abilitata && <div className="alert alert-warning" role="note">{SUPPORT_UNAVAILABLE}</div>}
          <div className="d-flex gap-2">
            {abilitata && <button type="button" className="btn btn-primary" onClick={() => setStep(1)}>Prosegui</button>}
            <button type="button" className="btn btn-outline-primary" onClick={() => window.close()}>Annulla</button>
          </div>
        </section>
      )}

      {step === 1 && (
        <form noValidate onSubmit={(e) => { e.preventDefault(); if (valido) void invia() }} aria-labelledby="assistenza-step">
          <h2 id="assistenza-step" ref={heading} tabIndex={-1} className="h4 mb-3">Descrivi il problema</h2>
          <RequiredNote />
          {aree.isError && <div className="alert alert-danger">Non è stato possibile caricare le aree tematiche. Riprova più tardi.</div>}
          <SelectField id="assistenza-area" label="Area tematica" required value={form.areaTematica}
            options={(aree.data ?? []).map((a) => ({ value: a.tag, label: a.descrizione }))}
            onChange={(areaTematica) => set({ areaTematica, altraAreaTematica: areaTematica === ALTRO_TAG ? form.altraAreaTematica : '' })} />
          {on.altraArea && (
            <TextField id="assistenza-altra-area" label="Specifica un'altra area tematica" required maxLength={MAX_OGGETTO}
              value={form.altraAreaTematica} onChange={(altraAreaTematica) => set({ altraAreaTematica })} />
          )}
          <TextField id="assistenza-oggetto" label="Oggetto della richiesta" required maxLength={MAX_OGGETTO} disabled={!on.oggetto}
            value={form.oggetto} onChange={(oggetto) => set({ oggetto })} />
          <LazyRichTextEditor id="assistenza-descrizione" label="Descrizione" required maxPlainChars={MAX_DESCRIZIONE} disabled={!on.descrizione}
            loadingText="Caricamento dell'editor della descrizione…"
            value={form.descrizione} onChange={(descrizione, info) => set({ descrizione, descrizioneVuota: info.empty })} />
          <Allegati files={files} onChange={setFiles} disabled={!on.allegati} />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={!valido}>Invia</button>
            <button type="button" className="btn btn-outline-primary" onClick={() => setChiudi(true)}>Chiudi</button>
          </div>
          <ConfirmModal isOpen={chiudi} title="Confermi di voler uscire dalla richiesta di assistenza tecnica?"
            onConfirm={() => { setChiudi(false); setForm(VUOTO); setFiles([]); window.close() }} onCancel={() => setChiudi(false)}>
            I dati inseriti verranno cancellati.
          </ConfirmModal>
        </form>
      )}

      {step === 2 && (
        <section aria-live="polite" data-testid="assistenza-esito">
          {esito.kind === 'invio' && <p className="visually-hidden">Invio della richiesta in corso…</p>}
          {esito.kind === 'ok' && (
            <>
              <h2 ref={heading} tabIndex={-1} className="h4">La tua richiesta è stata inviata.</h2>
              {esito.email && user?.email && <p>A breve riceverai una email di conferma all'indirizzo {user.email}.</p>}
              {esito.email && !user?.email && <p>A breve riceverai una email di conferma.</p>}
              <button type="button" className="btn btn-primary" onClick={() => window.close()}>Chiudi</button>
            </>
          )}
          {esito.kind === 'errore' && (
            <>
              <h2 ref={heading} tabIndex={-1} className="h4">Ci dispiace, non è stato possibile inviare la tua richiesta.</h2>
              <p>{esito.messaggio ?? 'Ti invitiamo a riprovare più tardi.'}</p>
              <button type="button" className="btn btn-primary" onClick={() => setStep(1)}>Torna alla richiesta</button>
            </>
          )}
        </section>
      )}
    </div>
  )
}
