/**
 * Phone prefix selector (spec 000 §2.7, §5: default Italy +39, list from the static country file): an
 * editable combobox with a list popup following the WAI-ARIA APG pattern — type a country name or a
 * prefix ('sviz', '+41', '0041') to filter; ArrowDown/ArrowUp move through the options
 * (`aria-activedescendant`, focus stays in the field), Enter or a click chooses, Escape closes and restores
 * the chosen country, Alt+ArrowDown opens without moving. `value` is the prefix ('+41'); `code` tells the
 * country when several share a prefix (+1, +7, +39 Italy / Vatican).
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { COUNTRIES_URL, countryText, searchCountries, type Country } from '../../lib/countries'
import './phone-prefix.css'

const ITALY: Country = { code: 'IT', prefix: '+39', label: 'Italia' }

let loaded: Country[] | null = null
let loading: Promise<Country[]> | null = null

function loadCountries(): Promise<Country[]> {
  loading ??= fetch(COUNTRIES_URL)
    .then((res) => {
      if (!res.ok) throw new Error(`countries.json ${res.status}`)
      return res.json() as Promise<Country[]>
    })
    .then((list) => (loaded = list))
    .catch(() => {
      loading = null // tried again by the next selector that mounts
      return [ITALY]
    })
  return loading
}

/** The static country file (precached with the shell; Italy alone until it arrives). No provider needed. */
export function useCountries(): readonly Country[] {
  const [list, setList] = useState<readonly Country[]>(() => loaded ?? [ITALY])
  useEffect(() => {
    if (loaded) return
    let alive = true
    void loadCountries().then((l) => { if (alive) setList(l) })
    return () => { alive = false }
  }, [])
  return list
}

export interface PhonePrefixSelectProps {
  id: string
  value: string
  code?: string | null
  onChange: (prefix: string, code: string) => void
  invalid?: boolean
  describedBy?: string
  label?: string
}

export function PhonePrefixSelect({ id, value, code, onChange, invalid, describedBy, label = 'Prefisso' }: PhonePrefixSelectProps) {
  const countries = useCountries()
  const listId = useId()
  const selected = useMemo(
    () => countries.find((c) => c.prefix === value && (!code || c.code === code)) ?? countries.find((c) => c.prefix === value) ?? null,
    [countries, value, code],
  )
  const shown = selected ? countryText(selected) : value
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(-1)
  const listRef = useRef<HTMLUListElement>(null)
  const options = useMemo(() => searchCountries(countries, query ?? ''), [countries, query])

  useEffect(() => {
    if (!open || active < 0) return
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [open, active])

  const close = () => {
    setOpen(false)
    setQuery(null)
    setActive(-1)
  }
  const choose = (c: Country) => {
    onChange(c.prefix, c.code)
    close()
  }
  const openAt = (index: number) => {
    setOpen(true)
    setActive(index)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault()
        if (e.altKey) return openAt(active)
        if (!open) return openAt(Math.max(0, selected ? options.indexOf(selected) : 0))
        return setActive((i) => (i >= last ? 0 : i + 1))
      case 'ArrowUp':
        e.preventDefault()
        if (!open) return openAt(last)
        return setActive((i) => (i <= 0 ? last : i - 1))
      case 'Home':
      case 'End':
        if (!open) return
        e.preventDefault()
        return setActive(e.key === 'Home' ? 0 : last)
      case 'Enter': {
        if (!open) return
        e.preventDefault()
        const c = options[active] ?? (options.length === 1 ? options[0] : undefined)
        if (c) choose(c)
        return
      }
      case 'Escape':
        if (open || query !== null) {
          e.preventDefault()
          close()
        }
        return
      default:
    }
  }

  const activeId = open && active >= 0 && options[active] ? `${listId}-opt-${active}` : undefined
  return (
    <div className="position-relative pd-prefix-select">
      <label htmlFor={id} className="active">{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={invalid || undefined}
        aria-describedby={[`${id}-aiuto`, describedBy].filter(Boolean).join(' ')}
        value={query ?? shown}
        onChange={(e) => {
          setQuery(e.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={(e) => e.target.select()}
        onClick={() => (open ? close() : openAt(selected ? options.indexOf(selected) : 0))}
        onKeyDown={onKeyDown}
        onBlur={() => close()}
        data-testid={`${id}-input`}
      />
      <span id={`${id}-aiuto`} className="visually-hidden">Scrivi il nome del paese o il prefisso, poi scegli con le frecce e Invio.</span>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={`${label}: paesi`}
        className="list-unstyled bg-white border rounded shadow position-absolute start-0 mt-1 mb-0 py-1 pd-prefix-list"
        hidden={!open}
      >
        {options.length === 0 ? (
          <li className="px-3 py-2 text-secondary" role="presentation">Nessun paese corrisponde alla ricerca</li>
        ) : options.map((c, i) => (
          <li
            key={c.code}
            id={`${listId}-opt-${i}`}
            data-index={i}
            role="option"
            aria-selected={selected?.code === c.code}
            className={`px-3 py-2 pd-prefix-option${i === active ? ' pd-prefix-option-active' : ''}`}
            // mousedown, not click: the field keeps the focus (no blur closing the list first)
            onMouseDown={(e) => {
              e.preventDefault()
              choose(c)
            }}
          >
            {c.label} <span className="text-nowrap">({c.prefix})</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
