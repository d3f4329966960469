/**
 * Create/edit form of a project (spec 002 §5; platform-backend §2.2): nome, nome breve, CUP, start and
 * end dates within the programme's ('gg-mm-aaaa'), targets. Errors show after the first submit,
 * summarised and focused; the submit needs the server (offline guard).
 */
import { useCallback } from 'react'
import { validaProgetto, wireToInput, type ProgettoFormValues } from '../../../../lib/gestione-form'
import { Campo, HINT_DATA } from '../../../../ui/form/fields'
import { FormGestione, useFormGestione } from '../../form/FormGestione'

export interface ProgettoFormProps {
  initial: ProgettoFormValues
  /** the programme: name and wire dates bounding the project's */
  programma: { nome: string; dataInizio: string; dataFine: string }
  submitLabel: string
  onSubmit(values: ProgettoFormValues): Promise<void>
  onCancel(): void
}

export function ProgettoForm({ initial, programma, submitLabel, onSubmit, onCancel }: ProgettoFormProps) {
  const valida = useCallback((v: ProgettoFormValues) => validaProgetto(v, programma), [programma])
  const f = useFormGestione(initial, valida, onSubmit)
  const { values, set, shown } = f
  const hintDate = `${HINT_DATA}. Il programma ${programma.nome} va dal ${wireToInput(programma.dataInizio)} al ${wireToInput(programma.dataFine)}.`
  return (
    <FormGestione form={f} prefix="progetto" titolo="Dati del progetto" hintInizio={hintDate} submitLabel={submitLabel} onCancel={onCancel}>
      <Campo id="progetto-nome" label="Nome" required maxLength={200} value={values.nome} onChange={set('nome')} error={shown('nome')} />
      <Campo id="progetto-nome-breve" label="Nome breve" required maxLength={100} value={values.nomeBreve} onChange={set('nomeBreve')} error={shown('nomeBreve')} />
      <Campo id="progetto-cup" label="CUP" maxLength={50} value={values.cup} onChange={set('cup')} error={shown('cup')}
        hint="Facoltativo: se vuoto o già usato da un altro progetto, il sistema ne registra uno con un suffisso." />
    </FormGestione>
  )
}
