/**
 * Lists of the detail steps 1 and 4 (spec 002 §2): the facilitation points (body-sites) and the
 * facilitators/volunteers working there, of a project or — with the project column — of a programme.
 */
import type { SedeInScheda } from '../../../api/contract/gestione'
import { AppLink } from '../../../ui/AppLink'
import { StatusChip } from '../../../ui/widgets/StatusChip'

export type RigaSede = SedeInScheda & { idProgetto?: number; nomeProgetto?: string }

export function SediTabella({ sedi, conProgetto = false }: { sedi: readonly RigaSede[]; conProgetto?: boolean }) {
  if (sedi.length === 0) return <p>Non ci sono ancora punti di facilitazione.</p>
  return (
    <div className="table-responsive">
      <table className="table" data-testid="sedi-tabella">
        <caption>Punti di facilitazione</caption>
        <thead>
          <tr>
            <th scope="col">Sede</th>{conProgetto && <th scope="col">Progetto</th>}<th scope="col">Ente</th>
            <th scope="col">Ruolo dell&apos;ente</th><th scope="col">Facilitatori</th><th scope="col">Stato</th>
          </tr>
        </thead>
        <tbody>
          {sedi.map((x) => (
            <tr key={`${x.idProgetto ?? ''}-${x.idSede}-${x.idEnte}`}>
              <th scope="row"><AppLink to={`/area-amministrativa/sedi/${x.idSede}`}>{x.nome}</AppLink></th>
              {conProgetto && <td>{x.idProgetto ? <AppLink to={`/area-amministrativa/progetti/${x.idProgetto}/info`}>{x.nomeProgetto}</AppLink> : '—'}</td>}
              <td>{x.nomeEnte}</td>
              <td>{x.ruoloEnte === 'gestore' ? 'Ente gestore' : 'Ente partner'}</td>
              <td>{x.facilitatori.length}</td>
              <td><StatusChip value={x.stato} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function FacilitatoriTabella({ sedi, conProgetto = false }: { sedi: readonly RigaSede[]; conProgetto?: boolean }) {
  const righe = sedi.flatMap((x) => x.facilitatori.map((f) => ({ ...f, sede: x.nome, ente: x.nomeEnte, progetto: x.nomeProgetto, key: `${f.idUtente}-${x.idProgetto ?? ''}-${x.idSede}-${x.idEnte}` })))
  if (righe.length === 0) return <p>Non ci sono ancora facilitatori o volontari.</p>
  return (
    <div className="table-responsive">
      <table className="table" data-testid="facilitatori-tabella">
        <caption>Facilitatori e volontari</caption>
        <thead>
          <tr>
            <th scope="col">Cognome e nome</th><th scope="col">Ruolo</th>{conProgetto && <th scope="col">Progetto</th>}
            <th scope="col">Sede</th><th scope="col">Ente</th><th scope="col">Stato</th>
          </tr>
        </thead>
        <tbody>
          {righe.map((f) => (
            <tr key={f.key}>
              <th scope="row">{f.cognome} {f.nome}</th>
              <td>{f.codiceRuolo === 'FAC' ? 'Facilitatore' : 'Volontario'}</td>
              {conProgetto && <td>{f.progetto ?? '—'}</td>}
              <td>{f.sede}</td>
              <td>{f.ente}</td>
              <td><StatusChip value={f.stato} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
