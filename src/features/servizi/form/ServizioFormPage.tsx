/**
 * Pages 'Crea servizio' (`/area-amministrativa/servizi/crea`) and 'Modifica servizio'
 * (`/$serviceId/modifica`) for facilitators and volunteers (platform-frontend §4.1). Data come from the
 * device (`useCampoRiferimenti`, `useServizioCampo`); saving goes through `creaServizio` /
 * `modificaServizio`, works offline, toasts and opens the detail. Without the programme's template
 * (S04) the form is not offered and the page says why.
 */
import '../servizi.css'
import { useNavigate } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useSession } from '../../../auth/session'
import { useConnectivity } from '../../../offline'
import { showToast } from '../../../ui/stores/toasts'
import {
  creaServizio, isFieldRole, modificaServizio, useCampoRiferimenti, useServizioCampo,
  type CampoRiferimenti, type ServizioInput, type ServizioLocale,
} from '../../campo'
import { T } from '../labels'
import { Loading, Notice, ServizioNonTrovato } from '../PageStates'
import { useRegisterBreadcrumbLabels } from '../../../ui/breadcrumb/labels'
import { q3Questions } from './q3-questions'
import { ServizioForm } from './ServizioForm'
import { emptyServizioForm, servizioToForm } from './servizio-form'
import { detailUrl, savedToastMessage } from './servizio-save'

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="servizio-form-page">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-9 col-xl-8">
          <h1 className="mb-3">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  )
}

/** Guards shared by both pages: field role, reference data present, template present (S04). */
function useFieldPrerequisites(): { block: ReactNode | null; riferimenti: CampoRiferimenti | null } {
  const session = useSession()
  const riferimenti = useCampoRiferimenti()
  if (!isFieldRole(session.profilo?.codiceRuolo)) {
    return { riferimenti: null, block: <Notice title="Operazione non disponibile" tone="warning"><p className="mb-0">Solo facilitatori e volontari possono creare e modificare i servizi.</p></Notice> }
  }
  if (riferimenti === undefined) return { riferimenti: null, block: <Loading /> }
  if (riferimenti === null) {
    return {
      riferimenti: null,
      block: (
        <Notice title="Dati non ancora disponibili su questo dispositivo" tone="warning">
          <p className="mb-0">Per registrare servizi anche senza connessione, collegati a Internet almeno una volta dopo l’accesso: il dispositivo scaricherà il questionario e le sedi del tuo progetto.</p>
        </Notice>
      ),
    }
  }
  return { riferimenti, block: null }
}

function useAfterSave() {
  const navigate = useNavigate()
  const connectivity = useConnectivity()
  return (saved: ServizioLocale) => {
    showToast({ message: savedToastMessage(connectivity), status: 'success' })
    void navigate({ to: detailUrl(saved) as '/' })
  }
}

/** 'Crea servizio'. */
export function CreaServizioPage() {
  useRegisterBreadcrumbLabels({ '/area-amministrativa/servizi/crea': T.creaServizio })
  const { block, riferimenti } = useFieldPrerequisites()
  const navigate = useNavigate()
  const afterSave = useAfterSave()
  const session = useSession()
  if (block || !riferimenti) return <Page title={T.creaServizio}>{block}</Page>
  if (!riferimenti.template) {
    return (
      <Page title={T.creaServizio}>
        <Notice title="Non è possibile creare servizi" tone="warning">
          <p className="mb-2">Al programma del tuo progetto non è associato un questionario attivo: senza questionario non si possono registrare servizi.</p>
          <p className="mb-0">Contatta il referente del programma. Quando il questionario sarà associato, collegati a Internet per aggiornare i dati del dispositivo.</p>
        </Notice>
        <button type="button" className="btn btn-primary" disabled aria-disabled>{T.creaServizio}</button>
      </Page>
    )
  }
  const questions = q3Questions(riferimenti.template)
  return (
    <Page title={T.creaServizio}>
      <CreaForm
        riferimenti={riferimenti}
        questions={questions}
        nomeEnte={session.profilo?.nomeEnte ?? ''}
        onSave={async (input) => afterSave(await creaServizio(input))}
        onCancel={() => void navigate({ to: '/area-amministrativa/servizi' })}
      />
    </Page>
  )
}

function CreaForm(p: { riferimenti: CampoRiferimenti; questions: ReturnType<typeof q3Questions>; nomeEnte: string; onSave(i: ServizioInput): Promise<void>; onCancel(): void }) {
  const [initial] = useState(() => emptyServizioForm(p.questions, p.riferimenti.sedi))
  return <ServizioForm mode="crea" initial={initial} questions={p.questions} ctx={p.riferimenti} nomeEnte={p.nomeEnte} onSave={p.onSave} onCancel={p.onCancel} />
}

/** 'Modifica servizio' of the service `serviceId` (server id or device id). */
export function ModificaServizioPage({ serviceId }: { serviceId: string }) {
  const { block, riferimenti } = useFieldPrerequisites()
  const servizio = useServizioCampo(serviceId)
  const navigate = useNavigate()
  const afterSave = useAfterSave()
  const session = useSession()
  useRegisterBreadcrumbLabels({ [`/area-amministrativa/servizi/${serviceId}`]: servizio?.nome, [`/area-amministrativa/servizi/${serviceId}/modifica`]: T.modificaServizio })
  if (block || !riferimenti) return <Page title={T.modificaServizio}>{block}</Page>
  if (servizio === undefined) return <Page title={T.modificaServizio}><Loading /></Page>
  if (servizio === null) return <Page title={T.modificaServizio}><ServizioNonTrovato /></Page>
  const template = riferimenti.templateSnapshot.find((t) => t.idQuestionarioTemplate === servizio.idQuestionarioTemplateSnapshot) ?? riferimenti.template
  const questions = q3Questions(template)
  if (questions.length === 0) {
    return (
      <Page title={T.modificaServizio}>
        <Notice title="Questionario del servizio non disponibile" tone="warning">
          <p className="mb-0">Il questionario con cui è stato creato il servizio non è presente su questo dispositivo. Collegati a Internet per aggiornare i dati, poi riprova.</p>
        </Notice>
      </Page>
    )
  }
  return (
    <Page title={T.modificaServizio}>
      <ModificaForm
        key={servizio.idLocale}
        servizio={servizio}
        riferimenti={riferimenti}
        questions={questions}
        nomeEnte={session.profilo?.nomeEnte ?? ''}
        onSave={async (input) => afterSave(await modificaServizio(servizio.idLocale, input))}
        onCancel={() => void navigate({ to: detailUrl(servizio) as '/' })}
      />
    </Page>
  )
}

function ModificaForm(p: { servizio: ServizioLocale; riferimenti: CampoRiferimenti; questions: ReturnType<typeof q3Questions>; nomeEnte: string; onSave(i: ServizioInput): Promise<void>; onCancel(): void }) {
  // the first values only: later live updates of the record (e.g. its sync state) must not reset what is typed
  const [initial] = useState(() => servizioToForm(p.servizio, p.questions, p.riferimenti.sedi))
  return <ServizioForm mode="modifica" initial={initial} questions={p.questions} ctx={p.riferimenti} nomeEnte={p.nomeEnte} onSave={p.onSave} onCancel={p.onCancel} />
}
