import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { SEARCH_MIN_CHARS, SUGGESTION_LIST_MAX_HEIGHT_PX } from '../../../contract/constants/ui.ts'
import { WAREHOUSE_ADMIN_TEXT, WAREHOUSE_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_LABEL } from '../../../contract/messages/warehouse.ts'
import { TAG_TYPES } from '../../../contract/schemas/floorRecords.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { type TagOption, connectTagForm, tagFormMachine } from '../../../../machines/floorTagForm.ts'
import { inspect } from '../../inspector/index.ts'
import { tagActors } from '../../wiring/floorTags.ts'
import { Select, optionsOf } from '../../ui/form.tsx'
import { notify } from '../../ui/toast.tsx'
import { FormActions } from '../../ui/recordKit.tsx'

/** Saves a downloaded file under its name (an object URL and a clicked link). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** The tags workflow (machines/floorTagForm.ts) with its real actors; the download is the page's. */
const tagsMachine = tagFormMachine.provide({
  actors: tagActors,
  actions: {
    download: (_, { file, fileName }) => {
      saveFile(file, fileName)
      notify.success(WAREHOUSE_ADMIN_TEXT.tagGenerated(fileName))
    },
    notifyError: ({ context }) => {
      if (context.error) notify.error(context.error)
    },
  },
})

/** /tags (staff): a tag for a client, a workstation or a problem sector; "Generuj" downloads the PDF and resets. */
export default function TagsView() {
  const [state, send] = useMachine(tagsMachine, { inspect })
  const c = connectTagForm(state, send)
  const inForm = c.editable
  const options = (list: readonly TagOption[]) => [{ value: '', label: UI_TEXT.choose }, ...list.map((o) => ({ value: o.value, label: o.label }))]
  const chooseValue = (v: string) => {
    const option = c.options.find((o) => String(o.value) === v)
    if (option) c.chooseValue(option)
  }
  const warehouseSelect = (
    <Select
      label={WAREHOUSE_TEXT.warehouse}
      name="warehouse_id"
      value={c.warehouseId ?? ''}
      options={optionsOf(c.warehouses, (w) => w.name)}
      onChange={(v) => v && c.chooseWarehouse(Number(v))}
    />
  )
  return (
    <section className="page wh-admin" data-machine="tagForm" data-state={stateString(state.value)} data-testid="tags-page">
      <div className="page-header">
        <h1>{WAREHOUSE_ADMIN_TEXT.tagsTitle}</h1>
      </div>
      {c.loadFailed && (
        <div className="alert alert-danger" role="alert">
          {WAREHOUSE_ADMIN_TEXT.loadFailed}: {c.error}{' '}
          <button type="button" className="btn btn-sm" onClick={c.retry}>
            {UI_TEXT.retry}
          </button>
        </div>
      )}
      {c.loading && <div className="loading">{UI_TEXT.loading}</div>}
      {c.formShown && (
        <form
          className="card form-narrow"
          onSubmit={(e) => {
            e.preventDefault()
            c.generate()
          }}
        >
          <fieldset className="tag-types" disabled={!inForm}>
            <legend>{WAREHOUSE_ADMIN_TEXT.tagKind}</legend>
            <div className="segmented" role="radiogroup">
              {TAG_TYPES.map((t) => (
                <button
                  key={t}
                  type="button"
                  role="radio"
                  name="type"
                  value={t}
                  aria-checked={c.type === t}
                  onClick={() => c.chooseType(t)}
                >
                  {WAREHOUSE_ADMIN_TEXT.tagType[t]}
                </button>
              ))}
            </div>
          </fieldset>

          {c.clientForm && (
            <div className="field typeahead">
              <label htmlFor="f-client">{UI_TEXT.client}</label>
              <input
                id="f-client"
                name="client"
                autoComplete="off"
                placeholder={UI_TEXT.clientPlaceholder}
                value={c.clientText}
                onChange={(e) => c.searchClient(e.target.value)}
                aria-busy={c.searching}
              />
              {c.results && (
                <ul className="suggestions" role="listbox" data-testid="client-suggestions" style={{ maxHeight: SUGGESTION_LIST_MAX_HEIGHT_PX }}>
                  {c.options.map((o) => (
                    <li key={o.value} role="option" aria-selected={false}>
                      <button type="button" className="link" onClick={() => c.chooseValue(o)}>
                        {o.label}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {c.noResults && <small className="hint">{WAREHOUSE_ADMIN_TEXT.noClients}</small>}
              {c.tooShort && <small className="hint">{UI_TEXT.typeAtLeast(SEARCH_MIN_CHARS)}</small>}
            </div>
          )}

          {c.workstationForm && (
            <>
              {warehouseSelect}
              <Select
                label={WAREHOUSE_TEXT.workstationType}
                name="workstation_type_id"
                value={c.workstationTypeId ?? ''}
                disabled={!c.canChooseWorkstationType}
                options={optionsOf(c.workstationTypes, (t) => `${t.code} – ${t.name}`)}
                onChange={(v) => v && c.chooseWorkstationType(Number(v))}
              />
              <Select
                label={WAREHOUSE_TEXT.workstation}
                name="workstation"
                value={c.value?.value ?? ''}
                disabled={!c.valueOpen}
                options={options(c.options)}
                onChange={chooseValue}
              />
            </>
          )}

          {c.sectorForm && (
            <>
              {warehouseSelect}
              <Select
                label={UI_TEXT.sector}
                name="problematic_sector_id"
                value={c.value?.value ?? ''}
                disabled={!c.valueOpen}
                options={options(c.options)}
                onChange={chooseValue}
              />
            </>
          )}

          {c.value && (
            <p className="hint" data-testid="tag-chosen">
              {WAREHOUSE_ADMIN_TEXT.tagType[c.type!]}: <strong>{c.value.label}</strong>
            </p>
          )}
          <FormActions submit={{ label: WAREHOUSE_LABEL.generate, busyLabel: UI_TEXT.generating, busy: c.generating, disabled: !c.canGenerate, name: 'generate' }}>
            {c.lastFile && (
              <span className="hint" data-testid="tag-last-file">
                {WAREHOUSE_LABEL.lastFile} {c.lastFile}
              </span>
            )}
          </FormActions>
        </form>
      )}
    </section>
  )
}
