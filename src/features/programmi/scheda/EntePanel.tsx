/**
 * A body linked to a programme or project (platform-backend §2.3 managing body, §2.4 partner): name
 * (linking to its page when `href`), state, 'Rimuovi' while NON ATTIVO and 'Termina' while ATTIVO (each
 * with a confirmation, disabled with the reason otherwise), and its referents and delegates.
 */
import type { EnteInScheda } from '../../../api/contract/gestione'
import { azioniEnte } from '../../../lib/ciclo-vita'
import { AppLink } from '../../../ui/AppLink'
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { rimuoviEnte, type RuoloEnte } from '../api'
import { AzioneConferma } from './AzioneConferma'
import { Referenti } from './Referenti'

export interface EntePanelProps {
  ente: EnteInScheda
  ruolo: RuoloEnte
  idEntita: number
  href?: string
  puoGestire: boolean
  puoAggiungereReferenti: boolean
  puoRimuovereReferenti: boolean
  chiuso: boolean
}

const NOMI: Record<RuoloEnte, string> = { gestoreProgramma: 'ente gestore del programma', gestoreProgetto: 'ente gestore del progetto', partner: 'ente partner' }

export function EntePanel({ ente, ruolo, idEntita, href, puoGestire, puoAggiungereReferenti, puoRimuovereReferenti, chiuso }: EntePanelProps) {
  const azioni = azioniEnte(ente.stato)
  return (
    <article className="border rounded p-3 mb-3" data-testid={`ente-${ente.id}`}>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h3 className="h5 mb-0">{href ? <AppLink to={href}>{ente.nome}</AppLink> : ente.nome}</h3>
        {ente.stato && <StatusChip value={ente.stato} />}
      </div>
      {puoGestire && !chiuso && ente.stato !== 'TERMINATO' && (
        <div className="d-flex flex-wrap gap-3 mb-2">
          <AzioneConferma small danger label="Rimuovi ente" detail={ente.nome} motivo={azioni.rimuovi} title={`Rimuovi ${NOMI[ruolo]}`}
            testo={`Confermi di voler rimuovere ${ente.nome}? Vengono rimossi anche i suoi referenti, delegati e sedi in questo ${ruolo === 'gestoreProgramma' ? 'programma' : 'progetto'}.`}
            confirmLabel="Rimuovi" onConfirm={async () => { await rimuoviEnte(ruolo, ente.id, idEntita, 'cancella') }} />
          <AzioneConferma small danger label="Termina ente" detail={ente.nome} motivo={azioni.termina} title={`Termina ${NOMI[ruolo]}`}
            testo={`Confermi di voler terminare ${ente.nome}? I suoi referenti, delegati e sedi vengono terminati.`}
            confirmLabel="Termina" onConfirm={async () => { await rimuoviEnte(ruolo, ente.id, idEntita, 'termina') }} />
        </div>
      )}
      <Referenti ruolo={ruolo} idEnte={ente.id} nomeEnte={ente.nome} idEntita={idEntita} referenti={ente.referenti}
        puoAggiungere={puoAggiungereReferenti} puoRimuovere={puoRimuovereReferenti} chiuso={chiuso || ente.stato === 'TERMINATO'} />
    </article>
  )
}
