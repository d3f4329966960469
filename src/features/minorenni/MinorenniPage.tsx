/**
 * 'Gestione configurazioni' → minors (`/gestione-configurazioni/minorenni`; spec 002 §1 view.conf.min,
 * §2 programme enablement table; platform-backend §9): the programmes enabled to register citizens aged
 * 14–17 from their start date. With gest.conf.min: 'Abilita un programma' (AbilitaForm) and, per row,
 * 'Revoca' with a confirmation. The add-citizen rule and the facilitators' devices follow the table at
 * their next addition or bootstrap.
 */
import { useMemo, useState } from 'react'
import { QueryProvider } from '../../api/query'
import * as v from 'valibot'
import { ConfigurazioneMinorenniSchema, type ConfigurazioneMinorenni } from '../../api/contract/minorenni'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { showToast } from '../../ui/stores/toasts'
import { ConfirmModal } from '../../ui/widgets/ConfirmModal'
import { useEsecuzione } from '../../ui/widgets/useConferma'
import { AbilitaForm } from './AbilitaForm'
import { revocaAbilitazione } from './api'
import { useAzioneVersionata } from '../../ui/conflitto'
import { minorenniDefinition } from './lista'

const CAMPI_CONFLITTO = { dataDecorrenza: { label: 'Data di decorrenza' }, statoAbilitazione: { label: 'Stato' }, intervento: { label: 'Intervento' } }

function Contenuto({ canManage }: { canManage: boolean }) {
  const [form, setForm] = useState(false)
  const [revoca, setRevoca] = useState<ConfigurazioneMinorenni | null>(null)
  const { busy, errore, setErrore, esegui } = useEsecuzione()
  // issue 27: the revoke acts on the row's version; a newer one is shown and asked again
  const conVersione = useAzioneVersionata({
    lettura: { valori: revoca ?? {}, versione: revoca?.versione }, campi: CAMPI_CONFLITTO, soggetto: 'L’abilitazione',
    daCorrente: (c) => {
      const r = v.safeParse(ConfigurazioneMinorenniSchema, c)
      return r.success && typeof r.output.versione === 'number' ? { valori: r.output, versione: r.output.versione } : null
    },
  })
  const session = useSession()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => minorenniDefinition(canManage ? setRevoca : null), [canManage, session.profilo])
  const chiudi = () => {
    setRevoca(null)
    setErrore(null)
  }
  const confirm = async (r: ConfigurazioneMinorenni) => {
    const ok = await esegui(async () => {
      await conVersione((versione) => revocaAbilitazione(r.id, versione))
      showToast({ message: `Abilitazione di «${r.nomeProgramma}» revocata`, status: 'success' })
    })
    if (ok) chiudi()
  }

  return (
    <>
      {canManage && !form && (
        <button type="button" className="btn btn-primary mb-4" aria-expanded="false" aria-controls="pd-minori-form" onClick={() => setForm(true)}>
          Abilita un programma
        </button>
      )}
      <div id="pd-minori-form">
        {form && (
          <AbilitaForm
            onCancel={() => setForm(false)}
            onDone={(nome) => {
              setForm(false)
              showToast({ message: `Programma «${nome}» abilitato ai minorenni`, status: 'success' })
            }}
          />
        )}
      </div>
      <ServerList definition={definition} />
      <ConfirmModal isOpen={revoca !== null} title="Revoca abilitazione" confirmLabel="Revoca" busyLabel="Revoca in corso…" danger busy={busy} error={errore}
        onCancel={chiudi} onConfirm={() => revoca && void confirm(revoca)}>
        <p className="mb-0">{`Confermi di voler revocare l’abilitazione ai minorenni del programma «${revoca?.nomeProgramma ?? ''}»? Da subito non si potranno più registrare cittadini con meno di 18 anni nei suoi progetti.`}</p>
      </ConfirmModal>
    </>
  )
}

export function MinorenniPage() {
  const session = useSession()
  const canManage = hasAll(heldPermissions(session), ['gest.conf.min'])
  return (
    <ListScreen title="Gestione configurazioni" description="Programmi abilitati a registrare cittadine e cittadini minorenni (da 14 a 17 anni) dalla data di decorrenza." testId="minorenni-page">
      <QueryProvider>
        <Contenuto canManage={canManage} />
      </QueryProvider>
    </ListScreen>
  )
}
