import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { SEARCH_MIN_CHARS, SEARCH_DELAY_MS } from '../src/contract/constants/ui.ts'
import { tagFileName } from '../src/contract/files.ts'
import type { TAG_TYPES } from '../src/contract/schemas/floorRecords.ts'

/**
 * The tags form (/tags): choose the type, then what the tag is for, then "Generuj"
 * downloads the PDF (named from type and value) and resets the form.
 *
 *   loading ─▶ form.choosingType ─CHOOSE_TYPE─▶ form.client        typing ⇄ debouncing ─▶ searching ─▶ results | noResults ─▶ chosen
 *                                               form.workstation   warehouse ─▶ type ─▶ loading ─▶ choosing ─▶ chosen
 *                                               form.sector        warehouse ─▶ loading ─▶ choosing ─▶ chosen
 *   form.*.chosen ─GENERATE─▶ generating ─done─▶ download, reset ─▶ form.choosingType
 *                                        └error─▶ form (the same choice, restored from context)
 *
 * Client search starts at 3 characters, SEARCH_DELAY_MS after the last keystroke. The data
 * (warehouses, types, clients, workstations, sectors) and the PDF come from actors the web provides.
 */
export type TagType = (typeof TAG_TYPES)[number]

/** One choice of a picker: `value` is what the tag request carries (client id, workstation code, sector id). */
export interface TagOption {
  value: number | string
  label: string
}

export interface Reference {
  warehouses: ReadonlyArray<{ id: number; name: string }>
  workstationTypes: ReadonlyArray<{ id: number; name: string; code: string }>
}

/** What `generateTag` is given: the body of POST app/v1/tag and the name the file is saved under. */
export interface TagJob {
  request: { type: TagType; label: string; value: number | string }
  fileName: string
}

export interface TagFormContext extends Reference {
  type: TagType | null
  warehouseId: number | null
  workstationTypeId: number | null
  /** What the client search field holds. */
  clientText: string
  /** Choices of the last picker (clients found, workstations, sectors). */
  options: readonly TagOption[]
  value: TagOption | null
  error: string | null
  /** The last file downloaded. */
  lastFile: string | null
}

export type TagFormEvent =
  | { type: 'CHOOSE_TYPE'; tagType: TagType }
  | { type: 'CHOOSE_WAREHOUSE'; id: number }
  | { type: 'CHOOSE_WORKSTATION_TYPE'; id: number }
  | { type: 'SEARCH_CLIENT'; text: string }
  | { type: 'CHOOSE_VALUE'; option: TagOption }
  | { type: 'GENERATE' }
  | { type: 'RETRY' }

export const isClientSearchable = (text: string) => text.trim().length >= SEARCH_MIN_CHARS

/** The job for the current choice (null until a value is chosen). */
export const tagJobOf = (c: Pick<TagFormContext, 'type' | 'value'>): TagJob | null =>
  c.type && c.value
    ? { request: { type: c.type, label: c.value.label, value: c.value.value }, fileName: tagFileName(c.type, c.value.value) }
    : null

const errorText = (e: unknown) =>
  e instanceof Error ? e.message : e && typeof e === 'object' && 'message' in e && typeof e.message === 'string' ? e.message : String(e)

const emptyChoice = { type: null, warehouseId: null, workstationTypeId: null, clientText: '', options: [], value: null, error: null } as const

export const tagFormMachine = setup({
  types: {
    context: {} as TagFormContext,
    events: {} as TagFormEvent,
  },
  actors: {
    /** Warehouses and workstation types (GET app/v1/warehouse, GET app/v1/warehouse/workstation-types). */
    loadReference: fromPromise<Reference>(async () => {
      throw new Error('loadReference not provided')
    }),
    /** GET app/v1/client/search/{text}. */
    searchClients: fromPromise<TagOption[], { text: string }>(async () => {
      throw new Error('searchClients not provided')
    }),
    /** GET app/v1/warehouse/{warehouse}/workstation/by-type/{type}. */
    loadWorkstations: fromPromise<TagOption[], { warehouseId: number; workstationTypeId: number }>(async () => {
      throw new Error('loadWorkstations not provided')
    }),
    /** GET app/v1/problematic-sector/list?warehouse_id. */
    loadSectors: fromPromise<TagOption[], { warehouseId: number }>(async () => {
      throw new Error('loadSectors not provided')
    }),
    /** POST app/v1/tag: the PDF. */
    generateTag: fromPromise<Blob, TagJob>(async () => {
      throw new Error('generateTag not provided')
    }),
  },
  delays: { searchDelay: SEARCH_DELAY_MS },
  guards: {
    isClient: ({ event }) => event.type === 'CHOOSE_TYPE' && event.tagType === 'client',
    isWorkstation: ({ event }) => event.type === 'CHOOSE_TYPE' && event.tagType === 'workstation',
    searchable: ({ event }) => event.type === 'SEARCH_CLIENT' && isClientSearchable(event.text),
    foundClients: (_, options: readonly TagOption[]) => options.length > 0,
    hasWarehouse: ({ context }) => context.warehouseId !== null,
    hasWorkstationType: ({ context }) => context.workstationTypeId !== null,
    /** The value chosen is one of the picker's options. */
    offered: ({ context, event }) => event.type === 'CHOOSE_VALUE' && context.options.some((o) => o.value === event.option.value),
    chosenClient: ({ context }) => context.type === 'client' && context.value !== null,
    chosenWorkstation: ({ context }) => context.type === 'workstation' && context.value !== null,
    chosenSector: ({ context }) => context.type === 'problematic_sector' && context.value !== null,
  },
  actions: {
    storeReference: assign((_, reference: Reference) => reference),
    chooseType: assign(({ event }) => (event.type === 'CHOOSE_TYPE' ? { ...emptyChoice, type: event.tagType } : {})),
    chooseWarehouse: assign(({ event }) => (event.type === 'CHOOSE_WAREHOUSE' ? { warehouseId: event.id, options: [], value: null, error: null } : {})),
    chooseWorkstationType: assign(({ event }) =>
      event.type === 'CHOOSE_WORKSTATION_TYPE' ? { workstationTypeId: event.id, options: [], value: null, error: null } : {},
    ),
    setClientText: assign(({ event }) => (event.type === 'SEARCH_CLIENT' ? { clientText: event.text, options: [], value: null, error: null } : {})),
    storeOptions: assign((_, options: readonly TagOption[]) => ({ options })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    chooseValue: assign(({ context, event }) =>
      event.type === 'CHOOSE_VALUE' ? { value: event.option, clientText: context.type === 'client' ? event.option.label : context.clientText } : {},
    ),
    rememberFile: assign({ lastFile: ({ context }) => tagJobOf(context)?.fileName ?? null }),
    resetForm: assign({ ...emptyChoice }),
    /** Saves the generated PDF under its file name; provided by the web. */
    download: (_, _file: { file: Blob; fileName: string }) => {},
    /** Shows `context.error`; provided by the web. */
    notifyError: () => {},
  },
}).createMachine({
  id: 'tagForm',
  context: { warehouses: [], workstationTypes: [], ...emptyChoice, lastFile: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadReference',
        src: 'loadReference',
        onDone: { target: 'form', actions: { type: 'storeReference', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: ['problem'],
      on: { RETRY: 'loading' },
    },
    form: {
      tags: ['editable'],
      initial: 'restore',
      on: {
        CHOOSE_TYPE: [
          { guard: 'isClient', target: '.client', actions: 'chooseType' },
          { guard: 'isWorkstation', target: '.workstation', actions: 'chooseType' },
          { target: '.sector', actions: 'chooseType' },
        ],
      },
      states: {
        /** Entry: back to the choice held in context (after a failed generation), else the type choice. */
        restore: {
          always: [
            { guard: 'chosenClient', target: 'client.chosen' },
            { guard: 'chosenWorkstation', target: 'workstation.chosen' },
            { guard: 'chosenSector', target: 'sector.chosen' },
            { target: 'choosingType' },
          ],
        },
        choosingType: {},
        client: {
          tags: ['client'],
          initial: 'typing',
          on: {
            SEARCH_CLIENT: [
              { guard: 'searchable', target: '.debouncing', reenter: true, actions: 'setClientText' },
              { target: '.typing', actions: 'setClientText' },
            ],
          },
          states: {
            /** Fewer than 3 characters: no search. */
            typing: {},
            debouncing: { after: { searchDelay: 'searching' } },
            searching: {
              tags: ['searching'],
              invoke: {
                id: 'searchClients',
                src: 'searchClients',
                input: ({ context }) => ({ text: context.clientText.trim() }),
                onDone: [
                  { guard: { type: 'foundClients', params: ({ event }) => event.output }, target: 'results', actions: { type: 'storeOptions', params: ({ event }) => event.output } },
                  { target: 'noResults', actions: { type: 'storeOptions', params: ({ event }) => event.output } },
                ],
                onError: { target: 'typing', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'notifyError'] },
              },
            },
            results: { tags: ['results'], on: { CHOOSE_VALUE: { guard: 'offered', target: 'chosen', actions: 'chooseValue' } } },
            noResults: { tags: ['noResults'] },
            chosen: { on: { GENERATE: '#tagForm.generating' } },
          },
        },
        workstation: {
          tags: ['workstation'],
          initial: 'warehouse',
          on: {
            CHOOSE_WAREHOUSE: [
              { guard: 'hasWorkstationType', target: '.loading', actions: 'chooseWarehouse' },
              { target: '.type', actions: 'chooseWarehouse' },
            ],
            CHOOSE_WORKSTATION_TYPE: { guard: 'hasWarehouse', target: '.loading', actions: 'chooseWorkstationType' },
          },
          states: {
            warehouse: {},
            type: {},
            loading: {
              invoke: {
                id: 'loadWorkstations',
                src: 'loadWorkstations',
                input: ({ context }) => ({ warehouseId: context.warehouseId!, workstationTypeId: context.workstationTypeId! }),
                onDone: { target: 'choosing', actions: { type: 'storeOptions', params: ({ event }) => event.output } },
                onError: { target: 'type', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'notifyError'] },
              },
            },
            choosing: { tags: ['choosingValue'], on: { CHOOSE_VALUE: { guard: 'offered', target: 'chosen', actions: 'chooseValue' } } },
            chosen: {
              tags: ['choosingValue'],
              on: {
                CHOOSE_VALUE: { guard: 'offered', target: 'chosen', actions: 'chooseValue' },
                GENERATE: '#tagForm.generating',
              },
            },
          },
        },
        sector: {
          tags: ['sector'],
          initial: 'warehouse',
          on: {
            CHOOSE_WAREHOUSE: { target: '.loading', actions: 'chooseWarehouse' },
          },
          states: {
            warehouse: {},
            loading: {
              invoke: {
                id: 'loadSectors',
                src: 'loadSectors',
                input: ({ context }) => ({ warehouseId: context.warehouseId! }),
                onDone: { target: 'choosing', actions: { type: 'storeOptions', params: ({ event }) => event.output } },
                onError: { target: 'warehouse', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'notifyError'] },
              },
            },
            choosing: { tags: ['choosingValue'], on: { CHOOSE_VALUE: { guard: 'offered', target: 'chosen', actions: 'chooseValue' } } },
            chosen: {
              tags: ['choosingValue'],
              on: {
                CHOOSE_VALUE: { guard: 'offered', target: 'chosen', actions: 'chooseValue' },
                GENERATE: '#tagForm.generating',
              },
            },
          },
        },
      },
    },
    generating: {
      tags: ['busy', 'generating'],
      invoke: {
        id: 'generateTag',
        src: 'generateTag',
        input: ({ context }) => tagJobOf(context)!,
        onDone: { target: 'form', actions: [{ type: 'download', params: ({ context, event }) => ({ file: event.output, fileName: tagJobOf(context)!.fileName }) }, 'rememberFile', 'resetForm'] },
        onError: { target: 'form', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'notifyError'] },
      },
    },
  },
})

export type TagFormMachine = typeof tagFormMachine

/** What the tags view shows and may send (tags, never state names). */
export function connectTagForm(state: SnapshotFrom<TagFormMachine>, send: (e: TagFormEvent) => void) {
  const c = state.context
  return {
    ...c,
    loading: state.hasTag('busy') && !state.hasTag('generating'),
    loadFailed: state.hasTag('problem'),
    /** The form shows while editable and while the PDF is generated. */
    formShown: state.hasTag('editable') || state.hasTag('generating'),
    editable: state.hasTag('editable'),
    generating: state.hasTag('generating'),
    clientForm: state.hasTag('client'),
    searching: state.hasTag('searching'),
    results: state.hasTag('results'),
    noResults: state.hasTag('noResults'),
    workstationForm: state.hasTag('workstation'),
    sectorForm: state.hasTag('sector'),
    /** The value picker (workstation or sector) has its options. */
    valueOpen: state.hasTag('choosingValue'),
    canChooseWorkstationType: state.can({ type: 'CHOOSE_WORKSTATION_TYPE', id: 0 }),
    canGenerate: state.can({ type: 'GENERATE' }),
    tooShort: !isClientSearchable(c.clientText) && c.clientText !== '',
    retry: () => send({ type: 'RETRY' }),
    chooseType: (tagType: TagType) => send({ type: 'CHOOSE_TYPE', tagType }),
    chooseWarehouse: (id: number) => send({ type: 'CHOOSE_WAREHOUSE', id }),
    chooseWorkstationType: (id: number) => send({ type: 'CHOOSE_WORKSTATION_TYPE', id }),
    searchClient: (text: string) => send({ type: 'SEARCH_CLIENT', text }),
    chooseValue: (option: TagOption) => send({ type: 'CHOOSE_VALUE', option }),
    generate: () => send({ type: 'GENERATE' }),
  }
}
