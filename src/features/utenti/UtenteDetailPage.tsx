/**
 * User detail `/area-amministrativa/utenti/$idUtente` (platform-frontend §1.4 `utenti/:userId`; contract
 * SchedaUtente): personal data, the profiles as role cards (spec 000 §3 'Role card') with their state,
 * the roles held; 'Aggiungi ruolo' and 'Rimuovi' for directly assignable roles (add.del.ruolo.utente;
 * the roles of referents, delegates, facilitators and volunteers come with their links: the server
 * answers R13). The card holds a fiscal code in clear: it is shown online only (not kept on the device).
 */
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { SchedaUtente } from '../../api/contract/gestione'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { DetailSection, InfoList } from '../../ui/detail/InfoList'
import { SelectField } from '../../ui/form/fields'
import { DatiAggiornatiAl, OnlineOnlyButton, OnlineOnlyReason, useOfflineData, useOnlineOnly } from '../../ui/offline-data'
import { RoleCardDetails } from '../../ui/profile/RoleCard'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { Caricamento, Frame, NonDisponibile } from '../../ui/detail/PageFrame'
import { useConferma } from '../../ui/widgets/useConferma'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { aggiungiRuolo, rimuoviRuolo, RUOLI_DI_COLLEGAMENTO, ruoliAssegnabiliQuery, schedaUtenteQuery, utentePathOf } from './api'

function AggiungiRuolo({ s }: { s: SchedaUtente }) {
  const guard = useOnlineOnly()
  const opzioni = useQuery(ruoliAssegnabiliQuery())
  const [codice, setCodice] = useState('')
  const [errore, setErrore] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const held = new Set(s.ruoli.map((r) => r.codiceRuolo))
  const scelte = (opzioni.data ?? []).filter((c) => !held.has(c)).map((c) => ({ value: c, label: c }))
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (guard.blocked || busy) return
    if (!codice) {
      setErrore('Scegli il ruolo')
      return
    }
    setBusy(true)
    try {
      await aggiungiRuolo(s.dettaglioUtente.id, codice)
      setCodice('')
      setErrore(null)
    } catch {
      // the catalogue's toast said why
    } finally {
      setBusy(false)
    }
  }
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="row g-2 align-items-start mt-3" data-testid="aggiungi-ruolo">
      <div className="col-12 col-md-6">
        <SelectField id="nuovo-ruolo" label="Ruolo da aggiungere" className="mb-2" value={codice} onChange={(v) => { setCodice(v); setErrore(null) }} options={scelte} error={errore}
          hint="I ruoli di referente, delegato, facilitatore e volontario si assegnano dalla pagina dell'ente nel progetto." />
      </div>
      <div className="col-12 col-md-3 pt-md-4">
        <button type="submit" className={`btn btn-primary w-100${guard.blocked ? ' disabled' : ''}`} disabled={busy} {...guard.controlProps}>Aggiungi ruolo</button>
        <OnlineOnlyReason guard={guard} />
      </div>
    </form>
  )
}

function Contenuto({ idUtente }: { idUtente: string }) {
  const q = useQuery(schedaUtenteQuery(idUtente))
  const offline = useOfflineData(q)
  const held = heldPermissions(useSession())
  const { ask, dialog } = useConferma()
  const s = q.data
  const d = s?.dettaglioUtente
  useRegisterBreadcrumbLabels({ [utentePathOf(Number(idUtente))]: d ? `${d.cognome} ${d.nome}` : null })
  if (!s || !d) return q.isPending && !offline.missing ? <Caricamento /> : <NonDisponibile titolo="Utente non disponibile" missing={offline.missing} onRetry={() => void q.refetch()} avvisoAccesso />
  const nomeRuolo = new Map(s.ruoli.map((r) => [r.codiceRuolo, r.nomeRuolo]))
  const conProfilo = new Set(s.profili.map((p) => p.codiceRuolo))
  const globali = s.ruoli.filter((r) => !conProfilo.has(r.codiceRuolo))
  const canRoles = hasAll(held, ['add.del.ruolo.utente'])
  return (
    <>
      <DatiAggiornatiAl data={offline} />
      <p className="text-secondary mb-1">Utente</p>
      <h1 className="mb-4">{`${d.cognome} ${d.nome}`}</h1>
      <DetailSection title="Dati dell'utente" testId="utente-info">
        <InfoList items={[
          { label: 'ID', value: d.id }, { label: 'Codice fiscale', value: d.codiceFiscale }, { label: 'E-mail', value: d.email },
          { label: 'Telefono', value: d.telefono }, { label: 'Mansione', value: d.mansione }, { label: 'Tipo di contratto', value: d.tipoContratto },
          { label: 'Stato utente', value: <StatusChip value={d.stato} /> },
        ]} />
        {d.stato === 'NON ATTIVO' && <p className="small text-secondary mb-0">L&apos;utente diventerà attivo al primo accesso, quando completerà i suoi dati.</p>}
      </DetailSection>
      <DetailSection title="Ruoli e profili" testId="utente-ruoli">
        {s.profili.length === 0 && globali.length === 0 && <p className="text-secondary">Questa sezione è vuota</p>}
        <ul className="row g-3 list-unstyled mb-0">
          {s.profili.map((p) => (
            <li key={`${p.codiceRuolo}-${p.idProgramma}-${p.idProgetto}-${p.idEnte}`} className="col-12 col-md-6 col-lg-4">
              <div className="card card-bg rounded shadow-sm h-100" data-testid="role-card">
                <div className="card-body">
                  <RoleCardDetails profile={{ codiceRuolo: p.codiceRuolo, descrizioneRuolo: nomeRuolo.get(p.codiceRuolo) ?? p.codiceRuolo, nomeProgramma: p.nomeProgramma, nomeProgettoBreve: p.nomeProgetto, nomeEnte: p.nomeEnte }} />
                  <div className="mt-2"><StatusChip value={p.stato} /></div>
                </div>
              </div>
            </li>
          ))}
          {globali.map((r) => (
            <li key={r.codiceRuolo} className="col-12 col-md-6 col-lg-4">
              <div className="card card-bg rounded shadow-sm h-100" data-testid="role-card">
                <div className="card-body">
                  <RoleCardDetails profile={{ codiceRuolo: r.codiceRuolo, descrizioneRuolo: r.nomeRuolo, nomeProgramma: null, nomeProgettoBreve: null, nomeEnte: null }} />
                  {canRoles && !(RUOLI_DI_COLLEGAMENTO as readonly string[]).includes(r.codiceRuolo) && (
                    <div className="mt-2">
                      <OnlineOnlyButton className="btn btn-outline-danger btn-sm" onClick={() => ask({
                        title: 'Rimuovi ruolo', confirmLabel: 'Rimuovi', text: `Confermi di voler togliere il ruolo ${r.nomeRuolo} a ${d.nome} ${d.cognome}?`,
                        run: () => rimuoviRuolo(d.id, r.codiceRuolo),
                      })}>{`Rimuovi il ruolo ${r.nomeRuolo}`}</OnlineOnlyButton>
                    </div>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
        {canRoles && <AggiungiRuolo s={s} />}
      </DetailSection>
      {dialog}
    </>
  )
}

export function UtenteDetailPage({ idUtente }: { idUtente: string }) {
  return (
    <Frame testId="utente-detail">
      <QueryProvider>
        <Contenuto idUtente={idUtente} />
      </QueryProvider>
    </Frame>
  )
}
