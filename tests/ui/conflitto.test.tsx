/**
 * The conflict view of issue 27 (src/ui/conflitto): per field 'La tua modifica' beside 'Modificato da altri il …',
 * a radio group named by the field's label, 'Salva' enabled once every field has a choice, the keyboard moves
 * within a group, the heading takes the focus, the fields taken without asking are listed.
 */
import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { applicaScelte, merge3, type Scelta } from '../../src/lib/merge3'
import { campiPresiDaAltri, testoModificatoDaAltri, VistaConflitto } from '../../src/ui/conflitto'

const base = { nome: 'Progetto A', descrizione: 'Prima', budget: 10, note: 'x' }
const mine = { nome: 'Progetto B', descrizione: 'Mia', budget: 10, note: 'x' }
const theirs = { nome: 'Progetto C', descrizione: 'Loro', budget: 20, note: 'x' }
const campi = { nome: { label: 'Nome' }, descrizione: { label: 'Descrizione' }, budget: { label: 'Budget', format: (v: unknown) => `${String(v)} €` } }

function Vista({ onSalva }: { onSalva(record: object): void }) {
  const esito = merge3(base, mine, theirs)
  const [scelte, setScelte] = useState<Record<string, Scelta>>({})
  return (
    <VistaConflitto conflitti={esito.conflitti} campi={campi} modificatoIl="2026-11-28T09:05:00Z" scelte={scelte}
      presiDaAltri={campiPresiDaAltri(mine, esito.merged)}
      onScelta={(p, s) => setScelte((x) => ({ ...x, [p]: s }))} onSalva={() => onSalva(applicaScelte(esito, scelte))} onAnnulla={() => {}} />
  )
}

describe('VistaConflitto', () => {
  it('the time line of the other change', () => {
    expect(testoModificatoDaAltri('2026-11-28T09:05:00Z')).toBe('Modificato da altri il 28-11-2026 alle 10:05')
    expect(testoModificatoDaAltri(null)).toBe('Modificato da altri')
    expect(testoModificatoDaAltri('non una data')).toBe('Modificato da altri')
  })

  it('shows both values per field, the automatic ones, and focuses its heading', () => {
    render(<Vista onSalva={() => {}} />)
    const heading = screen.getByRole('heading', { name: 'Modifica in conflitto' })
    expect(document.activeElement).toBe(heading)
    const nome = screen.getByRole('group', { name: 'Nome' })
    expect(within(nome).getByText('La tua modifica')).toBeTruthy()
    expect(within(nome).getByText('Progetto B')).toBeTruthy()
    expect(within(nome).getByText('Modificato da altri il 28-11-2026 alle 10:05')).toBeTruthy()
    expect(within(nome).getByText('Progetto C')).toBeTruthy()
    expect(screen.getByText('Un campo modificato solo da altri è stato preso dalla versione salvata:')).toBeTruthy()
    expect(screen.getByText('Budget')).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Budget' })).toBeNull()
  })

  it('Salva is disabled until every field has a choice, then sends the chosen sides', () => {
    const onSalva = vi.fn()
    render(<Vista onSalva={onSalva} />)
    const salva = screen.getByRole('button', { name: 'Salva' }) as HTMLButtonElement
    expect(salva.disabled).toBe(true)
    expect(screen.getByRole('status').textContent).toBe('Scelte fatte: 0 di 2.')
    fireEvent.click(within(screen.getByRole('group', { name: 'Nome' })).getByRole('radio', { name: 'Mantieni la mia' }))
    expect(salva.disabled).toBe(true)
    fireEvent.click(within(screen.getByRole('group', { name: 'Descrizione' })).getByRole('radio', { name: 'Usa quella salvata' }))
    expect(salva.disabled).toBe(false)
    fireEvent.click(salva)
    expect(onSalva).toHaveBeenCalledWith({ nome: 'Progetto B', descrizione: 'Loro', budget: 20, note: 'x' })
  })

  it('each choice is a radio group operable with the keyboard (one tab stop, described by its value)', () => {
    render(<Vista onSalva={() => {}} />)
    const group = screen.getByRole('group', { name: 'Descrizione' })
    const [mia, salvata] = within(group).getAllByRole('radio') as HTMLInputElement[]
    expect(mia!.name).toBe(salvata!.name)
    expect(mia!.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(salvata!.getAttribute('aria-describedby')!)!.textContent).toBe('Loro')
    mia!.focus()
    fireEvent.keyDown(mia!, { key: ' ' })
    fireEvent.click(mia!)
    expect(mia!.checked).toBe(true)
  })

  it('a failed save is announced', () => {
    render(<VistaConflitto conflitti={[{ percorso: 'nome', base: 'a', mine: 'b', theirs: 'c' }]} campi={{}} scelte={{ nome: 'mine' }}
      onScelta={() => {}} onSalva={() => {}} errore="Non è stato possibile salvare." />)
    expect(screen.getByRole('alert').textContent).toBe('Non è stato possibile salvare.')
    expect(screen.getByRole('group', { name: 'nome' })).toBeTruthy()
  })
})
