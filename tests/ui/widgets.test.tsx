import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { DurationInput } from '../../src/ui/widgets/DurationInput'
import { FilterChips } from '../../src/ui/widgets/FilterChips'
import { FilterDropdown } from '../../src/ui/widgets/FilterDropdown'
import { NO_FILTER_OPTIONS, optionsOf, visibleFilterOptions } from '../../src/ui/widgets/filter-options'
import { Pagination } from '../../src/ui/widgets/Pagination'
import { ResponsiveTable } from '../../src/ui/widgets/ResponsiveTable'
import { statusColor, statusLabel } from '../../src/ui/widgets/StatusChip'
import { ConfirmModal } from '../../src/ui/widgets/ConfirmModal'

function Duration({ onBlurValue }: { onBlurValue?: (v: string) => void }) {
  const [value, setValue] = useState('')
  return <DurationInput label="Durata" value={value} onChange={setValue} onBlur={onBlurValue} required />
}

describe('DurationInput', () => {
  it('keeps every keystroke as typed: invalid input is never turned into another value (issue 8 point 8)', () => {
    const onBlur = vi.fn()
    render(<Duration onBlurValue={onBlur} />)
    const input = screen.getByLabelText(/Durata/) as HTMLInputElement
    for (const typed of ['1:75', '1234:00', '+2', '1,5', '1x']) {
      fireEvent.change(input, { target: { value: typed } })
      expect(input.value).toBe(typed)
      fireEvent.blur(input)
      expect(input.value).toBe(typed)
      expect(onBlur).toHaveBeenLastCalledWith(typed)
    }
  })

  it('blur normalises only the unambiguous: 5 → 5:00, 1:5 → 1:05, 1.30 → 1:30', () => {
    const onBlur = vi.fn()
    render(<Duration onBlurValue={onBlur} />)
    const input = screen.getByLabelText(/Durata/) as HTMLInputElement
    for (const [typed, kept] of [['5', '5:00'], ['1:5', '1:05'], ['1.30', '1:30'], ['12:', '12:00']] as const) {
      fireEvent.change(input, { target: { value: typed } })
      fireEvent.blur(input)
      expect(input.value).toBe(kept)
      expect(onBlur).toHaveBeenLastCalledWith(kept)
    }
  })

  it('error is linked to the field', () => {
    render(<DurationInput label="Durata" value="" onChange={() => {}} error="Campo obbligatorio" />)
    const input = screen.getByLabelText('Durata')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const ids = input.getAttribute('aria-describedby')!.split(' ')
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain('Campo obbligatorio')
  })
})

describe('Pagination', () => {
  it('hidden for one page; moves by number, previous and next; current page marked', () => {
    const { container, rerender } = render(<Pagination page={1} totalPages={1} onChange={() => {}} />)
    expect(container.textContent).toBe('')
    const onChange = vi.fn()
    rerender(<Pagination page={2} totalPages={10} onChange={onChange} />)
    const nav = screen.getByRole('navigation', { name: 'Paginazione' })
    expect(within(nav).getByRole('button', { name: 'Pagina 2' }).getAttribute('aria-current')).toBe('page')
    fireEvent.click(within(nav).getByRole('button', { name: 'Pagina 10' }))
    fireEvent.click(within(nav).getByRole('button', { name: 'Pagina successiva' }))
    fireEvent.click(within(nav).getByRole('button', { name: 'Pagina precedente' }))
    expect(onChange.mock.calls).toEqual([[10], [3], [1]])
    rerender(<Pagination page={10} totalPages={10} onChange={onChange} />)
    expect((within(nav).getByRole('button', { name: 'Pagina successiva' }) as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('FilterDropdown and chips', () => {
  it('search box only above 4 options, first 4 matches, selected kept', () => {
    const opts = optionsOf(['Uno', 'Due', 'Tre', 'Quattro', 'Cinque', 'Sei'])
    expect(visibleFilterOptions(opts.slice(0, 4), 'x')).toHaveLength(4)
    expect(visibleFilterOptions(opts, '').map((o) => o.value)).toEqual(['Uno', 'Due', 'Tre', 'Quattro'])
    expect(visibleFilterOptions(opts, 'u', ['Sei']).map((o) => o.value)).toEqual(['Uno', 'Due', 'Quattro', 'Cinque', 'Sei'])
    expect(visibleFilterOptions(opts, 'CINQ').map((o) => o.value)).toEqual(['Cinque'])
  })

  it('opens, ticks values, closes with Escape returning focus', () => {
    function Host() {
      const [sel, setSel] = useState<string[]>([])
      return <FilterDropdown label="Stato" options={optionsOf(['ATTIVO', 'NON ATTIVO'])} selected={sel} onChange={setSel} />
    }
    render(<Host />)
    const toggle = screen.getByRole('button', { name: /Stato/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(screen.getByLabelText('ATTIVO'))
    expect((screen.getByLabelText('ATTIVO') as HTMLInputElement).checked).toBe(true)
    expect(toggle.textContent).toContain('1')
    fireEvent.keyDown(screen.getByLabelText('ATTIVO'), { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  it('names the count in agreement with the number: "1 selezionato", "2 selezionati" (issue 24 point 19)', () => {
    const options = optionsOf(['Uno', 'Due'])
    const { rerender } = render(<FilterDropdown label="Intervento" options={options} selected={['Uno']} onChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Intervento 1 selezionato' })).toBeTruthy()
    rerender(<FilterDropdown label="Intervento" options={options} selected={['Uno', 'Due']} onChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Intervento 2 selezionati' })).toBeTruthy()
    rerender(<FilterDropdown label="Intervento" options={options} selected={[]} onChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Intervento' })).toBeTruthy()
  })

  it('a filter without options says so', () => {
    render(<FilterDropdown label="Tipo" options={[]} selected={[]} onChange={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: /Tipo/ }))
    expect(screen.getByText(NO_FILTER_OPTIONS)).toBeTruthy()
  })

  it('chips remove one value or all', () => {
    const a = vi.fn()
    const all = vi.fn()
    render(<FilterChips chips={[{ key: 'a', label: 'ATTIVO', onRemove: a }, { key: 'b', label: 'Altro', onRemove: vi.fn() }]} onClearAll={all} />)
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi filtro ATTIVO' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancella filtri' }))
    expect(a).toHaveBeenCalledOnce()
    expect(all).toHaveBeenCalledOnce()
  })
})

describe('ResponsiveTable and StatusChip', () => {
  const columns = [{ key: 'n', header: 'Nome', cell: (r: { n: string }) => r.n }]
  it('table with caption and headers; accordion on phones; empty state', () => {
    const { rerender } = render(<ResponsiveTable caption="Elenco" columns={columns} rows={[{ n: 'Uno' }]} rowKey={(r) => r.n} summary={(r) => r.n} />)
    expect(screen.getByRole('table', { name: 'Elenco' })).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toBeTruthy()
    rerender(<ResponsiveTable caption="Elenco" columns={columns} rows={[{ n: 'Uno' }]} rowKey={(r) => r.n} summary={(r) => r.n} layout="accordion" />)
    expect(screen.getByTestId('responsive-accordion').querySelector('details summary')!.textContent).toBe('Uno')
    rerender(<ResponsiveTable caption="Elenco" columns={columns} rows={[]} rowKey={(r) => r.n} summary={(r) => r.n} />)
    expect(screen.getByText('Questa sezione è vuota')).toBeTruthy()
  })

  it('status labels with spaces, coloured by group', () => {
    expect(statusLabel('NON_COMPILATA')).toBe('NON COMPILATA')
    expect(statusColor('COMPILATA')).toBe('chip-success')
    expect(statusColor('NON ATTIVO')).toBe('chip-secondary')
    expect(statusColor('INVIATO')).toBe('chip-primary')
  })
})

describe('ConfirmModal', () => {
  it('confirm and cancel', async () => {
    const ok = vi.fn()
    const no = vi.fn()
    await act(async () => {
      render(<ConfirmModal isOpen title="Elimina servizio" confirmLabel="Elimina" onConfirm={ok} onCancel={no}>Confermi?</ConfirmModal>)
    })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Elimina servizio')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }))
    expect(ok).toHaveBeenCalledOnce()
    expect(no).toHaveBeenCalledOnce()
  })
})
