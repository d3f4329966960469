/**
 * Create/edit form of a programme (spec 002 §5; platform-backend §1.1, §2.1): codice, nome, nome breve,
 * intervento (RFD/SCD; a DSCU creates SCD only), bando, CUP, start and end dates ('gg-mm-aaaa'), targets.
 * Errors show after the first submit, summarised and focused; the submit needs the server (offline guard).
 */
import { validaProgramma, type ProgrammaFormValues } from '../../../lib/gestione-form'
import { Campo, FieldError, RequiredMark } from '../../../ui/form/fields'
import { FormGestione, useFormGestione } from './FormGestione'

export const POLICY_LABELS = { RFD: 'RFD – Rete dei servizi di Facilitazione Digitale', SCD: 'SCD – Servizio Civile Digitale' } as const

export interface ProgrammaFormProps {
  initial: ProgrammaFormValues
  /** policies the caller may choose (DSCU: SCD only) */
  policies: readonly ('RFD' | 'SCD')[]
  submitLabel: string
  /** sends the valid values; rejects with the Italian message to show */
  onSubmit(values: ProgrammaFormValues): Promise<void>
  onCancel(): void
}

export function ProgrammaForm({ initial, policies, submitLabel, onSubmit, onCancel }: ProgrammaFormProps) {
  const f = useFormGestione(initial, validaProgramma, onSubmit)
  const { values, set, shown } = f
  return (
    <FormGestione form={f} prefix="programma" titolo="Dati del programma" submitLabel={submitLabel} onCancel={onCancel}>
      <Campo id="programma-codice" label="Codice" required maxLength={50} value={values.codice} onChange={set('codice')} error={shown('codice')} />
      <Campo id="programma-nome" label="Nome" required maxLength={200} value={values.nome} onChange={set('nome')} error={shown('nome')} />
      <Campo id="programma-nome-breve" label="Nome breve" required maxLength={100} value={values.nomeBreve} onChange={set('nomeBreve')} error={shown('nomeBreve')} />
      <fieldset className="mb-4" aria-describedby={shown('policy') ? 'programma-policy-error' : undefined}>
        <legend className="h6">Intervento<RequiredMark required /></legend>
        {policies.map((p) => (
          <div className="form-check" key={p}>
            <input className="form-check-input" type="radio" name="programma-policy" id={`programma-policy-${p}`} value={p}
              checked={values.policy === p} onChange={() => set('policy')(p)} aria-invalid={shown('policy') ? true : undefined} />
            <label className="form-check-label" htmlFor={`programma-policy-${p}`}>{POLICY_LABELS[p]}</label>
          </div>
        ))}
        <FieldError id="programma-policy-error" message={shown('policy')} />
      </fieldset>
      <Campo id="programma-bando" label="Bando" maxLength={500} value={values.bando} onChange={set('bando')} error={shown('bando')} />
      <Campo id="programma-cup" label="CUP" maxLength={50} value={values.cup} onChange={set('cup')} error={shown('cup')}
        hint="Facoltativo: se vuoto o già usato da un altro programma, il sistema ne registra uno con un suffisso." />
    </FormGestione>
  )
}
