import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { SUGGESTION_LIST_MAX_HEIGHT_PX } from '../../../contract/constants/ui.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { WAREHOUSE_ADMIN_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_LABEL } from '../../../contract/messages/warehouse.ts'
import { TAG_TYPES } from '../../../contract/schemas/warehouse.ts'
import { stateString } from '../../../../machines/graph/describe.ts'
import { type TagOption, isClientSearchable, tagFormMachine, tagJobOf } from '../../../../machines/tagForm.ts'
import { call, callWithStatus } from '../../api/client.ts'
import { inspect } from '../../inspector/index.ts'
import { Select } from '../../ui/form.tsx'
import { notify } from '../../ui/toast.tsx'
import { loadReference, optionsOf } from './adminKit.tsx'

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

/** The tags workflow (machines/tagForm.ts) with its real actors: the contract's endpoints. */
const tagsMachine = tagFormMachine.provide({
  actors: {
    loadReference: fromPromise(loadReference),
    searchClients: fromPromise(async ({ input }) =>
      (await call(endpoints.clientSearch, undefined, { text: input.text })).map((c): TagOption => ({ value: c.id, label: c.name })),
    ),
    loadWorkstations: fromPromise(async ({ input }) =>
      (await call(endpoints.workstationsByType, undefined, { warehouse: input.warehouseId, type: input.workstationTypeId })).map(
        (w): TagOption => ({ value: w.code, label: w.code }),
      ),
    ),
    loadSectors: fromPromise(async ({ input }) =>
      (await call(endpoints.problematicSectorList, undefined, undefined, { warehouse_id: input.warehouseId })).map(
        (s): TagOption => ({ value: s.id, label: `${s.code} – ${s.name}` }),
      ),
    ),
    generateTag: fromPromise(async ({ input }) => (await callWithStatus(endpoints.tag, input.request)).data),
  },
  actions: {
    download: ({ context, event }) => {
      const job = tagJobOf(context)
      if (!job) return
      saveFile((event as unknown as { output: Blob }).output, job.fileName)
      notify.success(WAREHOUSE_ADMIN_TEXT.tagGenerated(job.fileName))
    },
    notifyError: ({ context }) => {
      if (context.error) notify.error(context.error)
    },
  },
})

/** /tags (staff): a tag for a client, a workstation or a problem sector; "Generuj" downloads the PDF and resets. */
export default function TagsView() {
  const [state, send] = useMachine(tagsMachine, { inspect })
  const c = state.context
  const inForm = state.matches('form')
  const options = (list: readonly TagOption[]) => [{ value: '', label: '— wybierz —' }, ...list.map((o) => ({ value: o.value, label: o.label }))]
  const chooseValue = (v: string) => {
    const option = c.options.find((o) => String(o.value) === v)
    if (option) send({ type: 'CHOOSE_VALUE', option })
  }
  const warehouseSelect = (
    <Select
      label="Magazyn"
      name="warehouse_id"
      value={c.warehouseId ?? ''}
      options={optionsOf(c.warehouses, (w) => w.name)}
      onChange={(v) => v && send({ type: 'CHOOSE_WAREHOUSE', id: Number(v) })}
    />
  )
  return (
    <section className="page wh-admin" data-machine="tagForm" data-state={stateString(state.value)} data-testid="tags-page">
      <div className="page-header">
        <h1>Etykiety</h1>
      </div>
      {state.matches('loadFailed') && (
        <div className="alert alert-danger" role="alert">
          {WAREHOUSE_ADMIN_TEXT.loadFailed}: {c.error}{' '}
          <button type="button" className="btn btn-sm" onClick={() => send({ type: 'RETRY' })}>
            Spróbuj ponownie
          </button>
        </div>
      )}
      {state.matches('loading') && <div className="loading">Ładowanie…</div>}
      {(inForm || state.matches('generating')) && (
        <form
          className="card form-narrow"
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'GENERATE' })
          }}
        >
          <fieldset className="tag-types" disabled={!inForm}>
            <legend>Rodzaj etykiety</legend>
            <div className="segmented" role="radiogroup">
              {TAG_TYPES.map((t) => (
                <button
                  key={t}
                  type="button"
                  role="radio"
                  name="type"
                  value={t}
                  aria-checked={c.type === t}
                  onClick={() => send({ type: 'CHOOSE_TYPE', tagType: t })}
                >
                  {WAREHOUSE_ADMIN_TEXT.tagType[t]}
                </button>
              ))}
            </div>
          </fieldset>

          {state.matches({ form: 'client' }) && (
            <div className="field typeahead">
              <label htmlFor="f-client">Klient</label>
              <input
                id="f-client"
                name="client"
                autoComplete="off"
                placeholder="Nazwa lub ID klienta (min. 3 znaki)"
                value={c.clientText}
                onChange={(e) => send({ type: 'SEARCH_CLIENT', text: e.target.value })}
                aria-busy={state.matches({ form: { client: 'searching' } })}
              />
              {state.matches({ form: { client: 'results' } }) && (
                <ul className="suggestions" role="listbox" data-testid="client-suggestions" style={{ maxHeight: SUGGESTION_LIST_MAX_HEIGHT_PX }}>
                  {c.options.map((o) => (
                    <li key={o.value} role="option" aria-selected={false}>
                      <button type="button" className="link" onClick={() => send({ type: 'CHOOSE_VALUE', option: o })}>
                        {o.label}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {state.matches({ form: { client: 'noResults' } }) && <small className="hint">{WAREHOUSE_ADMIN_TEXT.noClients}</small>}
              {!isClientSearchable(c.clientText) && c.clientText !== '' && <small className="hint">Wpisz co najmniej 3 znaki</small>}
            </div>
          )}

          {state.matches({ form: 'workstation' }) && (
            <>
              {warehouseSelect}
              <Select
                label="Typ stanowiska"
                name="workstation_type_id"
                value={c.workstationTypeId ?? ''}
                disabled={!state.can({ type: 'CHOOSE_WORKSTATION_TYPE', id: 0 })}
                options={optionsOf(c.workstationTypes, (t) => `${t.code} – ${t.name}`)}
                onChange={(v) => v && send({ type: 'CHOOSE_WORKSTATION_TYPE', id: Number(v) })}
              />
              <Select
                label="Stanowisko"
                name="workstation"
                value={c.value?.value ?? ''}
                disabled={!(state.matches({ form: { workstation: 'choosing' } }) || state.matches({ form: { workstation: 'chosen' } }))}
                options={options(c.options)}
                onChange={chooseValue}
              />
            </>
          )}

          {state.matches({ form: 'sector' }) && (
            <>
              {warehouseSelect}
              <Select
                label="Sektor"
                name="problematic_sector_id"
                value={c.value?.value ?? ''}
                disabled={!(state.matches({ form: { sector: 'choosing' } }) || state.matches({ form: { sector: 'chosen' } }))}
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
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" name="generate" disabled={!state.can({ type: 'GENERATE' })}>
              {state.matches('generating') ? 'Generowanie…' : WAREHOUSE_LABEL.generate}
            </button>
            {c.lastFile && (
              <span className="hint" data-testid="tag-last-file">
                Ostatnio: {c.lastFile}
              </span>
            )}
          </div>
        </form>
      )}
    </section>
  )
}
