/**
 * Pure rules of the 'Abilita programma' form (issue 10 point 4; platform-backend §9 M03): a programme
 * must be chosen and the start date ('Data di decorrenza', wire 'YYYY-MM-DD') must be a real date within
 * the programme's dates and not before today.
 */
export interface FormAbilita { idProgramma: string; dataDecorrenza: string }
export interface ProgrammaDate { idProgramma: number; dataInizio: string; dataFine: string }

/** Errors by field (Italian), empty when the form can be sent; `oggi` 'YYYY-MM-DD'. */
export function erroriAbilita(form: FormAbilita, programmi: readonly ProgrammaDate[], oggi: string): Partial<Record<keyof FormAbilita, string>> {
  const out: Partial<Record<keyof FormAbilita, string>> = {}
  const p = programmi.find((x) => String(x.idProgramma) === form.idProgramma)
  if (!p) out.idProgramma = 'Scegli il programma'
  const d = form.dataDecorrenza
  if (d === '') out.dataDecorrenza = 'Campo obbligatorio'
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)) || new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) !== d) {
    out.dataDecorrenza = 'Data non valida'
  } else if (d < oggi) out.dataDecorrenza = 'La data di decorrenza non può essere nel passato'
  else if (p && (d < p.dataInizio || d > p.dataFine)) out.dataDecorrenza = 'La data di decorrenza deve essere compresa tra le date del programma'
  return out
}
