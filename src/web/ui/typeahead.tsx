import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { SEARCH_MIN_CHARS, SUGGESTION_LIST_MAX_HEIGHT_PX, SEARCH_DELAY_MS } from '../../contract/constants/ui.ts'
import { loading, useDataLoad } from './load.ts'
import { UI_TEXT } from '../../contract/messages/ui.ts'

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
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const typed = useRef(false)
  const searchRef = useRef(search)
  searchRef.current = search
  // The search itself is the dataLoad machine's: asked SEARCH_DELAY_MS after the last keystroke,
  // an older answer never lands (the machine stops it), a failure shows no suggestions.
  const [logic] = useState(() => loading((q: string | null) => (q === null ? Promise.resolve<readonly T[]>([]) : searchRef.current(q).catch((): readonly T[] => []))))

  // The chosen item changed from outside (a reset, a loaded shipment): show it.
  const selectedLabel = selected ? display(selected) : null
  useEffect(() => {
    if (selectedLabel !== null) setText(selectedLabel)
    else if (!typed.current) setText('')
  }, [selectedLabel])

  const q = text.trim()
  const query = typed.current && q.length >= SEARCH_MIN_CHARS && !(selectedLabel !== null && q === selectedLabel) ? q : null
  const results = useDataLoad(logic, query, SEARCH_DELAY_MS)
  const items: readonly T[] = query === null ? [] : (results.data ?? [])
  const searching = query !== null && results.isBusy
  const searched = query !== null && !results.isBusy && results.data !== null
  const activeIndex = Math.max(0, Math.min(active, items.length - 1))

  const choose = (item: T) => {
    typed.current = false
    setText(clearOnSelect ? '' : display(item))
    setOpen(false)
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
          setActive(0)
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
            setActive(Math.min(items.length - 1, activeIndex + 1))
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setActive(Math.max(0, activeIndex - 1))
          } else if (e.key === 'Enter' && showList && items[activeIndex]) {
            e.preventDefault()
            choose(items[activeIndex]!)
          } else if (e.key === 'Escape') setOpen(false)
        }}
      />
      {text.trim().length > 0 && text.trim().length < SEARCH_MIN_CHARS && !selected && (
        <small className="hint">{UI_TEXT.typeAtLeast(SEARCH_MIN_CHARS)}</small>
      )}
      {showList && (
        <ul id={listId} role="listbox" className="suggestions" style={{ maxHeight: SUGGESTION_LIST_MAX_HEIGHT_PX }}>
          {items.length === 0 && <li className="suggestion-empty">{emptyText}</li>}
          {items.map((item, i) => (
            <li
              key={itemKey(item)}
              role="option"
              aria-selected={i === activeIndex}
              className={i === activeIndex ? 'active' : undefined}
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
