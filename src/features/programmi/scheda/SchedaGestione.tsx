/**
 * One implementation of what the programme and project cards share (spec 002 §2; platform-backend §2.1–2.3,
 * §2.7; platform-frontend §1.4): the card's frame (offline notice, name with state, subtitle, actions, tabs),
 * the edit link and the terminate/delete confirmations of the actions bar, the steps 0–4 content (count and
 * targets, unique users and services lists, sites or facilitators) and the managing-body section. Each card
 * says only its entity, permissions, calls and texts.
 */
import { useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Conteggi, ObiettiviWire } from '../../../api/contract/gestione'
import type { Famiglia } from '../../../lib/gestione-form'
import { AppLink } from '../../../ui/AppLink'
import { DatiAggiornatiAl, OnlineOnlyReason, useOnlineOnly, type OfflineData } from '../../../ui/offline-data'
import { showToast } from '../../../ui/stores/toasts'
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { AzioneConferma } from './AzioneConferma'
import { EntePanel, type EntePanelProps } from './EntePanel'
import { Obiettivi } from './Obiettivi'
import { ElencoPasso, ServiziLista, UtentiUniciLista, type AmbitoScheda } from './PassiListe'
import { ScegliEnte } from './ScegliEnte'
import { SchedaTabs, type SchedaTab } from './SchedaTabs'
import { usePermessi } from './usePermesso'

/** The entity of a card: its Italian noun (lower case) and, capitalised, for the toasts. */
export type EntitaScheda = 'programma' | 'progetto'
const Maiuscola = (e: EntitaScheda) => `${e.charAt(0).toUpperCase()}${e.slice(1)}`

/** The card's frame: offline notice, name and state, subtitle, actions bar, tabs, then the tab's content. */
export function SchedaGestione({ offline, nome, stato, sottotitolo, azioni, tabs, tab, path, entita, children }: {
  offline: OfflineData; nome: string; stato: string; sottotitolo: ReactNode; azioni: ReactNode
  tabs: readonly SchedaTab[]; tab: string; path: string; entita: EntitaScheda; children: ReactNode
}) {
  return (
    <>
      <DatiAggiornatiAl data={offline} />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="mb-0">{nome}</h1>
        <span data-testid="stato-entita"><StatusChip value={stato} /></span>
      </div>
      <p className="text-secondary">{sottotitolo}</p>
      {azioni}
      <SchedaTabs tabs={tabs} current={tab} path={path} label={`Sezioni del ${entita}`} />
      {children}
    </>
  )
}

/** The actions bar (`data-testid` azioni-{entita}). */
export function BarraAzioni({ entita, children }: { entita: EntitaScheda; children: ReactNode }) {
  return <div className="d-flex flex-wrap gap-3 mb-4" data-testid={`azioni-${entita}`}>{children}</div>
}

/** 'Modifica': the edit page `to`, disabled offline with the reason. */
export function ModificaLink({ to }: { to: string }) {
  const guard = useOnlineOnly()
  return (
    <span className="d-inline-flex flex-column">
      <AppLink to={to} className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps}>Modifica</AppLink>
      <OnlineOnlyReason guard={guard} />
    </span>
  )
}

/** 'Termina {entita}' with a date, confirmed (`conseguenze`: what the termination does), then the caches refresh. */
export function AzioneTermina({ entita, nome, conseguenze, motivo, termina }: {
  entita: EntitaScheda; nome: string; conseguenze: string; motivo: string | null; termina(data: string): Promise<unknown>
}) {
  return (
    <AzioneConferma danger conData label={`Termina ${entita}`} motivo={motivo} title={`Termina ${entita}`}
      testo={`Confermi di voler terminare il ${entita} ${nome}? ${conseguenze}`}
      confirmLabel="Termina" onConfirm={async (data) => {
        await termina(data!)
        showToast({ status: 'success', message: `${Maiuscola(entita)} terminato` })
      }} />
  )
}

/** 'Elimina {entita}', confirmed; then the caches refresh and `dopo` (a path) opens. */
export function AzioneElimina({ entita, nome, motivo, elimina, dopo }: {
  entita: EntitaScheda; nome: string; motivo: string | null; elimina(): Promise<unknown>; dopo: { to: string; search?: object }
}) {
  const navigate = useNavigate()
  return (
    <AzioneConferma danger label={`Elimina ${entita}`} motivo={motivo} title={`Elimina ${entita}`}
      testo={`Confermi di voler eliminare il ${entita} ${nome}? L'operazione non si può annullare.`}
      confirmLabel="Elimina" onConfirm={async () => {
        await elimina()
        showToast({ status: 'success', message: `${Maiuscola(entita)} eliminato` })
        await navigate({ to: dopo.to as '/', ...(dopo.search ? { search: dopo.search as never } : {}) })
      }} />
  )
}

/** Steps 0–4: count and targets of `famiglia`, the unique users or services list of `ambito`, and `sedi` (steps 1 and 4). */
export function PassoObiettivi({ famiglia, conteggi, obiettivi, entita, ambito, sedi }: {
  famiglia: Famiglia; conteggi: Conteggi; obiettivi: ObiettiviWire | null; entita: EntitaScheda; ambito: AmbitoScheda; sedi: ReactNode
}) {
  const puo = usePermessi()
  return (
    <>
      <Obiettivi famiglia={famiglia} conteggi={conteggi} obiettivi={obiettivi} entita={entita} />
      {famiglia === 'utentiUnici' && <ElencoPasso titolo="Elenco degli utenti unici"><UtentiUniciLista ambito={ambito} /></ElencoPasso>}
      {famiglia === 'servizi' && puo('list.serv') && (
        <ElencoPasso titolo="Elenco dei servizi"><ServiziLista ambito={ambito} canDownload={puo('list.dwnl.serv')} /></ElencoPasso>
      )}
      {(famiglia === 'puntiFacilitazione' || famiglia === 'facilitatori') && sedi}
    </>
  )
}

/**
 * 'Ente gestore': the managing body's panel, or (none yet) 'Associa ente gestore' for a profile holding
 * `permessi.gestisci` while the entity is not TERMINATO (`chiuso`).
 */
export function EnteGestoreSezione({ entita, ente, ruolo, idEntita, href, permessi, chiuso, assegna }: {
  entita: EntitaScheda; ente: EntePanelProps['ente'] | null; ruolo: EntePanelProps['ruolo']; idEntita: number; href(idEnte: number): string
  permessi: { gestisci: string; aggiungiReferenti: string; rimuoviReferenti: string }; chiuso: boolean
  assegna(idEnte: number): Promise<unknown>
}) {
  const puo = usePermessi()
  return (
    <section aria-labelledby="ente-gestore-h">
      <h2 id="ente-gestore-h" className="h4">Ente gestore</h2>
      {ente ? (
        <EntePanel ente={ente} ruolo={ruolo} idEntita={idEntita} href={href(ente.id)}
          puoGestire={puo(permessi.gestisci)} puoAggiungereReferenti={puo(permessi.aggiungiReferenti)} puoRimuovereReferenti={puo(permessi.rimuoviReferenti)}
          chiuso={chiuso} />
      ) : (
        <>
          <p>Il {entita} non ha ancora un ente gestore.</p>
          {puo(permessi.gestisci) && !chiuso && (
            <ScegliEnte label="Associa ente gestore" title={`Associa ente gestore del ${entita}`}
              onScelto={async (idEnte) => {
                await assegna(idEnte)
                showToast({ status: 'success', message: 'Ente gestore associato' })
              }} />
          )}
        </>
      )}
    </section>
  )
}
