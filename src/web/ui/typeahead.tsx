import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { SEARCH_MIN_CHARS, SUGGESTION_LIST_MAX_HEIGHT_PX, SEARCH_DELAY_MS } from '../../contract/constants/ui.ts'

export interface TypeAheadProps<T> {
  label: ReactNode
  name: string
  /** The chosen item (shown in the field), or null. */
  selected: T | null
  display: (item: T) => string
  itemKey: (item: T) => string | number
  /** Asks the server; called from SEARCH_MIN_CHARS characters, SEARCH_DELAY_MS after the last keystroke. */
  search: (text: string) => Promise<readonly T[]>
  onSelect: (item: T | null) => void
  renderItem?: (item: T) => ReactNode
  disabled?: boolean
  placeholder?: string
  errors?: string[]
  /** Text under the list when the search found nothing. */
  emptyText?: string
  /** Keeps the typed text when nothing is chosen (the field is free text with suggestions). */
  onText?: (text: string) => void
  testId?: string
  /** Empties the field after a choice (adding to a list rather than choosing one). */
  clearOnSelect?: boolean
}

/**
 * A type-ahead search: searches from 3 characters, suggestion list at most 200 px
 * high, arrows and Enter to choose, Escape to close. Typing over a chosen item un-chooses it.
 */
export function TypeAhead<T>(props: TypeAheadProps<T>) {
  const { label, name, selected, display, itemKey, search, onSelect, renderItem, disabled, placeholder, errors = [], emptyText, onText, testId, clearOnSelect } = props
  const id = useId()
  const [text, setText] = useState(selected ? display(selected) : '')
  const [items, setItems] = useState<readonly T[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [searching, setSearching] = useState(false)
  const [searched, setSearched] = useState(false)
  const typed = useRef(false)
  const seq = useRef(0)
  const searchRef = useRef(search)
  searchRef.current = search

  // The chosen item changed from outside (a reset, a loaded shipment): show it.
  const selectedLabel = selected ? display(selected) : null
  useEffect(() => {
    if (selectedLabel !== null) setText(selectedLabel)
    else if (!typed.current) setText('')
  }, [selectedLabel])

  useEffect(() => {
    if (!typed.current) return
    const q = text.trim()
    if (q.length < SEARCH_MIN_CHARS || (selectedLabel !== null && q === selectedLabel)) {
      setItems([])
      setSearched(false)
      return
    }
    const mine = ++seq.current
    const timer = setTimeout(() => {
      setSearching(true)
      searchRef
        .current(q)
        .then((found) => {
          if (mine !== seq.current) return
          setItems(found)
          setActive(0)
          setSearched(true)
          setOpen(true)
        })
        .catch(() => mine === seq.current && setItems([]))
        .finally(() => mine === seq.current && setSearching(false))
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, selectedLabel])

  const choose = (item: T) => {
    typed.current = false
    seq.current++
    setText(clearOnSelect ? '' : display(item))
    setItems([])
    setOpen(false)
    setSearched(false)
    onSelect(item)
  }

  const listId = `${id}-list`
  const showList = open && !disabled && (items.length > 0 || (searched && !searching && !!emptyText))
  return (
    <div className={`field typeahead${errors.length ? ' has-error' : ''}`} data-testid={testId}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        name={name}
        type="text"
        autoComplete="off"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={errors.length > 0}
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          typed.current = true
          setText(e.target.value)
          setOpen(true)
          onText?.(e.target.value)
          if (selected) onSelect(null)
        }}
        onFocus={() => items.length && setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setOpen(true)
            setActive((a) => Math.min(items.length - 1, a + 1))
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setActive((a) => Math.max(0, a - 1))
          } else if (e.key === 'Enter' && showList && items[active]) {
            e.preventDefault()
            choose(items[active]!)
          } else if (e.key === 'Escape') setOpen(false)
        }}
      />
      {text.trim().length > 0 && text.trim().length < SEARCH_MIN_CHARS && !selected && (
        <small className="hint">Wpisz co najmniej {SEARCH_MIN_CHARS} znaki</small>
      )}
      {showList && (
        <ul id={listId} role="listbox" className="suggestions" style={{ maxHeight: SUGGESTION_LIST_MAX_HEIGHT_PX }}>
          {items.length === 0 && <li className="suggestion-empty">{emptyText}</li>}
          {items.map((item, i) => (
            <li
              key={itemKey(item)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault()
                choose(item)
              }}
              onMouseEnter={() => setActive(i)}
            >
              {renderItem ? renderItem(item) : display(item)}
            </li>
          ))}
        </ul>
      )}
      {errors.length > 0 && (
        <ul className="field-errors" role="alert">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
