/**
 * 'Caricamento massivo dei dati sui servizi' (`/gestione-configurazioni/caricamenti-massivi`;
 * platform-frontend §7.4): the upload for the roles that upload (REG, REGP, REPP: the contexts the server
 * offers) and the 'Registro dei caricamenti' on the list pattern, refreshed when a job ends. A DTD (or any
 * other role with the monitoring permission) sees the registry only, as in the reference.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { listPageQuery, ServerList } from '../../ui/list/ServerList'
import { contestiQuery } from './api'
import { caricamentiKeys } from './keys'
import { CaricamentoPanel } from './CaricamentoPanel'
import { caricamentiDefinition } from './lista'

function Contenuto() {
  const session = useSession()
  const client = useQueryClient()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => caricamentiDefinition('registro'), [session.profilo])
  const contesti = useQuery(contestiQuery())
  const refresh = useCallback(() => { void client.invalidateQueries({ queryKey: caricamentiKeys.lista('registro') }) }, [client])
  return (
    <>
      {contesti.isPending && <p role="status">Caricamento delle informazioni…</p>}
      {contesti.isError && <p className="text-danger" role="alert">Non è stato possibile leggere i progetti in cui puoi caricare dati. Riprova più tardi.</p>}
      {contesti.data && contesti.data.length > 0 && <CaricamentoPanel contesti={contesti.data} onJobChange={refresh} />}
      {contesti.data && contesti.data.length === 0 && (
        <p className="mb-4">Con il tuo ruolo puoi consultare il registro dei caricamenti; il caricamento è riservato ai referenti degli enti.</p>
      )}
      <section aria-labelledby="pd-registro-title">
        <h2 id="pd-registro-title" className="h4 mb-3">Registro dei caricamenti</h2>
        <ServerList definition={definition} />
      </section>
    </>
  )
}

/** The reads of the page, for its route loader (src/api/prefetch.ts): the contexts and the register's page the URL's `search` shows. */
export function caricamentiMassiviReads(search: Record<string, unknown>) {
  return [contestiQuery(), listPageQuery(caricamentiDefinition('registro'), search)]
}

export function CaricamentiMassiviPage() {
  return (
    <ListScreen title="Caricamento massivo dei dati sui servizi" testId="caricamenti-massivi-page"
      description="Caricamento massivo dei dati sui cittadini e sui servizi acquisiti al di fuori di Punto Digitale.">
      <QueryProvider>
        <Contenuto />
      </QueryProvider>
    </ListScreen>
  )
}
