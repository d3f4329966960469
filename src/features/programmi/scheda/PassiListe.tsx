/**
 * The lists of detail steps 2 and 3 of a programme or project (spec 002 §2 detail steps; issue 9 points
 * 2–3), on the list pattern (ServerList: 8 per page, 'Questa sezione è vuota', accordion rows on phones,
 * kept on the device for offline reading):
 * - `UtentiUniciLista`: the citizens reached (`POST programma|progetto/{id}/cittadini/all`), masked
 *   identity and counts only — never a fiscal code in clear; readable by whoever reads the card;
 * - `ServiziLista`: the services list narrowed to the programme or project (`POST servizio/all` with
 *   `filtroRequest.idProgramma|idProgetto`), shown to profiles holding list.serv.
 * Needs `QueryProvider` above.
 */
import { useMemo, type ReactNode } from 'react'
import { CittadiniListaSchema, type CittadinoRiga } from '../../../api/contract/registro-cittadini'
import { fetchListPage, listBody } from '../../../api/lists'
import { gestioneKeys } from '../keys'
import { useSession } from '../../../auth/session'
import { formatDisplayDate } from '../../../lib/dates'
import { NO_MASK, shortMask } from '../../../lib/masked-identity'
import { countLabel } from '../../../lib/plural'
import { compact, type ListState } from '../../../ui/list/list-state'
import { ServerList, type ListDefinition } from '../../../ui/list/ServerList'
import { serviziDefinition, type AmbitoServizi } from '../../servizi'

/** The programme or project whose lists are shown. */
export type AmbitoScheda = AmbitoServizi

const entitaDi = (a: AmbitoScheda) => ('idProgramma' in a ? { entity: 'programma', id: a.idProgramma } : { entity: 'progetto', id: a.idProgetto })

const nome = (r: CittadinoRiga) => (r.identificativoMascherato ? `Cittadino ${shortMask(r.identificativoMascherato)}` : `Cittadino ${r.id}`)

/** The definition of the unique users of a programme or project (step 2). */
export function utentiUniciDefinition(ambito: AmbitoScheda): ListDefinition<CittadinoRiga> {
  const { entity, id } = entitaDi(ambito)
  const body = (s: ListState) => listBody(compact({ criterioRicerca: s.q || undefined }), s.sort)
  return {
    caption: `Utenti unici del ${entity}`,
    columns: [
      { key: 'cf', header: 'Codice fiscale', cell: (r) => <span className="fw-semibold pd-mask">{r.identificativoMascherato ?? NO_MASK}</span> },
      { key: 'id', header: 'ID', sortKey: 'id', cell: (r) => r.id },
      { key: 'servizi', header: 'Numero servizi', cell: (r) => r.numeroServizi },
      { key: 'questionari', header: 'Questionari compilati', cell: (r) => r.numeroQuestionariCompilati },
      { key: 'aggiornato', header: 'Data ultimo aggiornamento', sortKey: 'dataUltimoAggiornamento', cell: (r) => formatDisplayDate(r.dataUltimoAggiornamento) },
    ],
    rowKey: (r) => String(r.id),
    summary: nome,
    search: { label: 'Cerca utente', placeholder: 'Inserisci il codice fiscale, il numero del documento o l’ID' },
    filters: [],
    defaultSort: { campo: 'dataUltimoAggiornamento', verso: 'desc' },
    queryKey: gestioneKeys.utentiUnici(entity, id),
    fetchPage: async (s, signal) => {
      const d = await fetchListPage(`${entity}/${id}/cittadini`, s.page, body(s), CittadiniListaSchema, signal)
      return { rows: d.cittadini, total: d.numeroTotaleElementi, totalPages: d.numeroPagine }
    },
    countLabel: (n) => countLabel(n, 'utente unico', 'utenti unici'),
    errorMessage: 'Non è stato possibile caricare gli utenti. Controlla la connessione e riprova.',
    // rows hold the mask only; a search typed with a fiscal code is dropped by the persist rules
    persist: true,
  }
}

/** Step 2: the citizens reached by the programme or project. */
export function UtentiUniciLista({ ambito }: { ambito: AmbitoScheda }) {
  const profilo = useSession().profilo
  const key = JSON.stringify(ambito)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile or the entity changes (query keys carry them)
  const definition = useMemo(() => utentiUniciDefinition(ambito), [key, profilo])
  return <ServerList definition={definition} />
}

/** Step 3: the services of the programme or project; `canDownload`: the profile holds list.dwnl.serv. */
export function ServiziLista({ ambito, canDownload }: { ambito: AmbitoScheda; canDownload: boolean }) {
  const profilo = useSession().profilo
  const key = JSON.stringify(ambito)
  const definition = useMemo(() => {
    const { entity } = entitaDi(ambito)
    return { ...serviziDefinition(canDownload, ambito), caption: `Servizi del ${entity}` }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile or the entity changes (query keys carry them)
  }, [key, canDownload, profilo])
  return <ServerList definition={definition} />
}

/** A step's list under its own heading. */
export function ElencoPasso({ titolo, children }: { titolo: string; children: ReactNode }) {
  return (
    <section aria-label={titolo} className="mt-4">
      <h3 className="h5">{titolo}</h3>
      {children}
    </section>
  )
}
