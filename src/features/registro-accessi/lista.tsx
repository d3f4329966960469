/**
 * 'Registro degli accessi' on the list pattern (issue 28 part 1): `POST registroAccessi/all` (generic list engine,
 * `view.registro.accessi`), newest first; the search names a user (part of the name, or the id); filters period,
 * role (dropdown `ruoli`), object, action and outcome; CSV `registro-accessi.csv` (the download is itself recorded).
 * A row never holds a citizen's personal value: citizens by their internal id.
 */
import {
  AZIONI_REGISTRO, ENTITA_REGISTRO, ESITI_REGISTRO, ETICHETTE_AZIONE, ETICHETTE_ENTITA, ETICHETTE_ESITO, RegistroPaginaSchema,
  type AzioneRegistro, type EsitoRegistro, type FiltroRegistro, type RigaRegistro,
} from '../../api/contract/registro-accessi'
import { fetchDropdown } from '../../api/lists'
import { formatDisplayDateTime } from '../../lib/dates'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition, ListFilterDefinition } from '../../ui/list/ServerList'
import { wireList } from '../../ui/list/wire-list'
import { registroAccessiKeys } from './keys'

/** The period filter's options: days back from today (today included). */
export const PERIODI = [
  { value: '1', label: 'Oggi' }, { value: '7', label: 'Ultimi 7 giorni' }, { value: '30', label: 'Ultimi 30 giorni' },
  { value: '90', label: 'Ultimi 3 mesi' }, { value: '365', label: 'Ultimi 12 mesi' },
] as const

const giorno = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

/** The wire filter of the list's state (several periods ticked: the widest). */
export function filtroRegistro(s: ListState, oggi = new Date()): Partial<FiltroRegistro> {
  const periodi = filterValues(s, 'periodo')?.map(Number).filter((n) => n > 0)
  const dal = periodi && periodi.length > 0 ? new Date(oggi.getFullYear(), oggi.getMonth(), oggi.getDate() - Math.max(...periodi) + 1) : undefined
  return compact({
    criterioRicerca: s.q || undefined,
    dal: dal ? giorno(dal) : undefined,
    ruoli: filterValues(s, 'ruolo'),
    entita: filterValues(s, 'oggetto'),
    azioni: filterValues(s, 'azione') as AzioneRegistro[] | undefined,
    esiti: filterValues(s, 'esito') as EsitoRegistro[] | undefined,
  })
}

export const etichettaEntita = (e: string) => ETICHETTE_ENTITA[e] ?? e
export const etichettaAzione = (a: string) => (ETICHETTE_AZIONE as Record<string, string>)[a] ?? a
export const etichettaEsito = (e: string) => (ETICHETTE_ESITO as Record<string, string>)[e] ?? e

const fisso = (key: string, label: string, options: readonly { value: string; label: string }[]): ListFilterDefinition => ({
  key, label, optionsKey: registroAccessiKeys.filtro(key), loadOptions: async () => [...options],
})

/** Who: the user's name and id, or 'Non identificato' (a refused request without a valid token). */
export const chi = (r: RigaRegistro) => (r.idUtente === null ? 'Non identificato' : `${r.utente ?? 'Utente'} (ID ${r.idUtente})`)
/** What: the object and its id, or the rows read. */
export const cosa = (r: RigaRegistro) =>
  [etichettaEntita(r.entita), r.idEntita ? `ID ${r.idEntita}` : null, r.righe !== null ? `${r.righe} ${r.righe === 1 ? 'riga' : 'righe'}` : null].filter(Boolean).join(' · ')
/** The profile the user acted with. */
export const profilo = (r: RigaRegistro) =>
  [r.codiceRuolo, r.idProgramma ? `programma ${r.idProgramma}` : null, r.idProgetto ? `progetto ${r.idProgetto}` : null, r.idEnte ? `ente ${r.idEnte}` : null]
    .filter(Boolean).join(' · ') || '—'

/** The register's list definition. */
export function registroDefinition(): ListDefinition<RigaRegistro> {
  return {
    ...wireList({
      entity: 'registroAccessi', filtro: (s: ListState) => filtroRegistro(s), schema: RegistroPaginaSchema, rows: (d) => d.righe,
      queryKey: registroAccessiKeys.lista, singular: 'accesso registrato', plural: 'accessi registrati', theseRows: 'le righe del registro degli accessi',
      csv: 'registro-accessi.csv',
    }),
    caption: 'Registro degli accessi ai dati personali',
    columns: [
      { key: 'quando', header: 'Data e ora', sortKey: 'quando', cell: (r) => formatDisplayDateTime(r.quando) },
      { key: 'chi', header: 'Utente', cell: chi },
      { key: 'profilo', header: 'Ruolo e profilo', cell: profilo },
      { key: 'azione', header: 'Azione', cell: (r) => etichettaAzione(r.azione) },
      { key: 'cosa', header: 'Oggetto', cell: cosa },
      { key: 'esito', header: 'Esito', cell: (r) => etichettaEsito(r.esito) },
      { key: 'origine', header: 'Indirizzo e richiesta', cell: (r) => <>{r.indirizzo ?? '—'}<br /><span className="small text-secondary">{r.idRichiesta ?? ''}</span></> },
      { key: 'dettaglio', header: 'Dettaglio', cell: (r) => r.dettaglio ?? '—' },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => `${formatDisplayDateTime(r.quando)} · ${etichettaAzione(r.azione)} · ${etichettaEntita(r.entita)}`,
    search: { label: 'Cerca utente', placeholder: 'Inserisci il nome, il cognome o l’ID dell’utente' },
    filters: [
      fisso('periodo', 'Periodo', PERIODI),
      { key: 'ruolo', label: 'Ruolo', optionsKey: registroAccessiKeys.filtro('ruolo'), loadOptions: (signal) => fetchDropdown('registroAccessi', 'ruoli', signal) },
      fisso('oggetto', 'Oggetto', ENTITA_REGISTRO.map((e) => ({ value: e, label: etichettaEntita(e) }))),
      fisso('azione', 'Azione', AZIONI_REGISTRO.map((a) => ({ value: a, label: etichettaAzione(a) }))),
      fisso('esito', 'Esito', ESITI_REGISTRO.map((e) => ({ value: e, label: etichettaEsito(e) }))),
    ],
    defaultSort: { campo: 'quando', verso: 'desc' },
  }
}
