/** 'Elenco questionari' (spec 002 §2; platform-frontend §1.4, §3.4): the survey templates the profile sees, CTA 'Crea questionario'. */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { AppLink } from '../../ui/AppLink'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { questionariDefinition } from './lista'

export function QuestionariPage() {
  const session = useSession()
  const held = heldPermissions(session)
  const canDownload = hasAll(held, ['list.quest.templ'])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => questionariDefinition(canDownload), [canDownload, session.profilo])
  const cta = hasAll(held, ['new.quest.templ'])
    ? <AppLink to="/area-amministrativa/questionari/nuovo" className="btn btn-primary">Crea questionario</AppLink>
    : undefined
  return (
    <ListScreen title="Elenco questionari" description="Modelli dei questionari di rilevazione compilati dai cittadini." cta={cta} testId="questionari-page">
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
