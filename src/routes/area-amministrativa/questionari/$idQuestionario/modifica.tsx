import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { EditorPage } from '../../../../features/questionari-modelli'

/** 'Modifica questionario' (upd.quest.templ): a template in use gets a new version. */
export const Route = createFileRoute('/area-amministrativa/questionari/$idQuestionario/modifica')({
  staticData: { title: { page: 'Modifica questionario', section: 'Questionari' } },
  beforeLoad: requirePermissions(['tab.am', 'upd.quest.templ'], '/area-amministrativa/questionari'),
  component: function QuestionarioModifica() {
    const { idQuestionario } = Route.useParams()
    return <EditorPage modo="modifica" id={idQuestionario} />
  },
})
