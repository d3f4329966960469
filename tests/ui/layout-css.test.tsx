/**
 * Layout defects of issue 24 (points 11, 12, 14, 16, 23) checked against the real stylesheets: bootstrap-italia
 * (its prebuilt CSS, the same Sass sources the app compiles) and the app's own CSS, loaded into the test
 * document; jsdom computes the cascade (selectors, specificity, inheritance), not the layout. So each test
 * asserts the rule that prevents the defect, on the markup the shared widgets render:
 * - table headers never break mid-word ('Fasci/a di età', 'Inter/vent/o') and status chips never wrap;
 * - a compact notice's icon fits in it ('Ultimo errore' in the sync centre);
 * - toasts are drawn above an open modal and its backdrop;
 * - a select shows one chevron; a row of fields leaves room for its floating labels.
 */
import { act, render, screen, within } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { StatoJob } from '../../src/features/caricamenti-massivi/StatoJob'
import { AggiungiPersona } from '../../src/features/enti/AggiungiPersona'
import { Referenti } from '../../src/features/programmi/scheda/Referenti'
import { EntryCard } from '../../src/features/sincronizzazione/EntryCard'
import type { OutboxEntry } from '../../src/offline'
import { ToastRegion } from '../../src/ui/feedback/ToastRegion'
import { SelectField } from '../../src/ui/form/fields'
import { showToast } from '../../src/ui/stores/toasts'
import { ConfirmModal } from '../../src/ui/widgets/ConfirmModal'
import { ResponsiveTable } from '../../src/ui/widgets/ResponsiveTable'
import { StatusChip } from '../../src/ui/widgets/StatusChip'

const STYLESHEETS = [
  'node_modules/bootstrap-italia/dist/css/bootstrap-italia.min.css',
  'src/styles/app.css',
  'src/ui/widgets/widgets.css',
  'src/features/caricamenti-massivi/caricamenti.css',
]

beforeAll(() => {
  for (const file of STYLESHEETS) {
    const style = document.createElement('style')
    style.dataset.file = file
    style.textContent = readFileSync(file, 'utf8')
    document.head.append(style)
  }
})

const css = (el: Element) => getComputedStyle(el)
/** A computed value with its `var(--x)` references replaced by the custom properties `el` has (jsdom leaves them). */
function resolved(el: Element, value: string): string {
  return value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => resolved(el, css(el).getPropertyValue(name).trim()))
}
const zIndexOf = (el: Element) => Number(resolved(el, css(el).zIndex))
/** px of a length in px or rem (16 px). */
const px = (length: string) => (length.endsWith('rem') ? Number.parseFloat(length) * 16 : Number.parseFloat(length))

interface Row { id: string; fascia: string; stato: string }
const COLUMNS = [
  { key: 'fascia', header: 'Fascia di età', cell: (r: Row) => r.fascia },
  { key: 'intervento', header: 'Intervento', cell: () => 'RFD' },
  { key: 'data', header: 'Ultimo aggiornamento', cell: () => '12-05-2026 10:00' },
  { key: 'stato', header: 'Stato questionario', cell: (r: Row) => <StatusChip value={r.stato} /> },
]

describe('tables of the shared list widget (issue 24 points 11 and 23)', () => {
  it('headers and cells break between words only, inside the page that lets long words break anywhere', () => {
    render(
      <main className="pd-main">
        <ResponsiveTable caption="Cittadini del servizio" columns={COLUMNS} rows={[{ id: '1', fascia: '30-54', stato: 'NON_COMPILATA' }]} rowKey={(r) => r.id} summary={(r) => r.id} layout="table" />
      </main>,
    )
    // the page keeps its rule for long fiscal codes and e-mails…
    expect(css(screen.getByRole('main')).overflowWrap).toBe('anywhere')
    // …and no header inherits it, nor a cell of the table (it scrolls sideways when too wide)
    expect(screen.getByRole('table').closest('.table-responsive')).not.toBeNull()
    for (const cell of [...screen.getAllByRole('columnheader'), ...screen.getAllByRole('cell')]) {
      expect(css(cell).overflowWrap, cell.textContent!).toBe('normal')
      expect(css(cell).wordBreak || 'normal', cell.textContent!).not.toMatch(/break-all|break-word/)
    }
  })

  it("a status chip's label never wraps (it would overflow the chip's fixed height)", () => {
    render(<main className="pd-main"><StatusChip value="NON_COMPILATA" /></main>)
    const label = screen.getByText('NON COMPILATA')
    expect(css(label.parentElement!).height).toBe('24px')
    expect(css(label).whiteSpace).toBe('nowrap')
    expect(css(label).overflowWrap).toBe('normal')
  })

  it("a failed job's information icon is an icon of the kit, not a character the fonts lack", () => {
    render(<StatoJob stato="GENERIC_FAIL" />)
    const button = screen.getByRole('button', { name: 'Perché il caricamento non è riuscito' })
    expect(button.textContent).not.toContain('ⓘ')
    // design-react-kit's Icon: an <svg class="icon"> drawing the named icon, which the kit ships
    const icon = button.querySelector('svg.icon')
    expect(icon).not.toBeNull()
    expect(readFileSync('node_modules/design-react-kit/dist/Icon/assets/ItInfoCircle.js', 'utf8')).toContain('svg')
  })
})

describe("a compact notice's icon fits in it (issue 24 point 12)", () => {
  const entry: OutboxEntry = {
    id: 'e1', seq: 1, idempotencyKey: 'k', kind: 'cittadino.aggiungi', payload: {}, dependsOn: [], status: 'attention', attempts: 1,
    lastError: { kind: 'validation', status: 400, errorCode: 'S05', message: 'Il cittadino è già presente nel servizio' },
    nextAttemptAt: 0, createdAt: 0, updatedAt: 0, record: null, recordKey: null, label: 'Cittadino RSS…90… aggiunto a «Corso SPID»',
    roleContext: { codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100, utente: 'u' },
  }

  it("'Ultimo errore': the icon's bottom stays inside a one-line notice", () => {
    render(<EntryCard entry={entry} profiles={[]} busy={false} onRetry={() => {}} onEdit={() => {}} onDiscard={() => {}} />)
    const notice = screen.getByTestId('sync-entry-error')
    const s = css(notice)
    expect(s.backgroundImage).toMatch(/^url\(/)
    const [, top] = s.backgroundPosition.split(' ')
    const size = px(s.backgroundSize.split(' ')[1] ?? s.backgroundSize)
    // one line of small text (0.875 rem × 1.5) between the paddings and the borders
    const height = px(s.paddingTop) + px(s.paddingBottom) + 0.875 * 16 * 1.5 + 2
    expect(px(top!) + size).toBeLessThanOrEqual(height)
  })
})

describe('toasts over an open modal (issue 24 point 14)', () => {
  it('the toast region is above the modal and its backdrop', async () => {
    await act(async () => {
      render(<><ToastRegion /><ConfirmModal isOpen title="Elimina" onConfirm={() => {}} onCancel={() => {}}>Confermi?</ConfirmModal></>)
    })
    act(() => {
      showToast({ status: 'error', title: 'SI È VERIFICATO UN ERRORE', message: 'Riprova più tardi.' })
    })
    const region = screen.getByTestId('toast-region')
    expect(within(region).getByText('Riprova più tardi.')).toBeTruthy()
    const modal = document.querySelector('.modal')!
    const backdrop = document.querySelector('.modal-backdrop')!
    expect(modal).not.toBeNull()
    expect(backdrop).not.toBeNull()
    expect(css(region).position).toBe('fixed')
    expect(zIndexOf(region)).toBeGreaterThan(zIndexOf(modal))
    expect(zIndexOf(region)).toBeGreaterThan(zIndexOf(backdrop))
    // above the dialog, the toast never takes a click meant for the dialog's buttons; its own close button does
    expect(document.body.classList.contains('modal-open')).toBe(true)
    expect(css(within(region).getByTestId('toast')).pointerEvents).toBe('none')
    expect(css(within(region).getByRole('button', { name: 'Chiudi notifica' })).pointerEvents).toBe('auto')
  })
})

describe('form fields (issue 24 point 16)', () => {
  it('a select of the shared fields draws one chevron: the native arrow or a background image, not both', () => {
    render(<SelectField id="p" label="Provincia" value="" onChange={() => {}} options={[{ value: 'RM', label: 'Roma (RM)' }]} />)
    const s = css(screen.getByRole('combobox', { name: 'Provincia' }))
    const nativeArrow = s.appearance !== 'none'
    const imageArrow = s.backgroundImage !== '' && s.backgroundImage !== 'none'
    expect([nativeArrow, imageArrow].filter(Boolean)).toHaveLength(1)
  })

  it.each([
    ['facilitator and referent rows of a body in a project (AggiungiPersona)', () => (
      <AggiungiPersona idPrefix="facilitatore-1" sceltaLabel="Tipo di contratto" scelte={[{ value: 'A', label: 'A' }]} submitLabel="Aggiungi" onAdd={async () => {}} />
    )],
    ['referents of a managing body (Referenti)', () => (
      <Referenti ruolo="gestoreProgetto" idEnte={5} nomeEnte="Comune" idEntita={30} referenti={[]} puoAggiungere puoRimuovere={false} chiuso={false} />
    )],
  ])("%s: each line of the row leaves room above it for the fields' floating labels, also stacked on phones", (_, ui) => {
    render(ui())
    const label = screen.getByText('Codice fiscale')
    const l = css(label)
    // bootstrap-italia lifts the label by 85 % of its line box (2.5 rem − 1 px): its text reaches this far above the field
    expect(l.transform).toBe('translateY(-85%)')
    const line = 2.5 * 16 - 1
    const overhang = 0.85 * line - (line - px(l.fontSize)) / 2
    const row = label.closest('form')!
    const col = label.closest('[class*="col-"]')!
    // the row does not pull its first line up (Bootstrap's negative gutter margin), and each column keeps the gutter above it
    expect(px(resolved(row, css(row).marginTop))).toBeGreaterThanOrEqual(0)
    expect(px(resolved(col, css(col).marginTop))).toBeGreaterThanOrEqual(overhang)
  })
})
