import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { isStaff } from '../../contract/constants/access.ts'
import { SHIPMENT } from '../../contract/constants/shipments.ts'
import { endpoints as ep } from '../../contract/endpoints.ts'
import { MSG } from '../../contract/messages.ts'
import { SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import { href } from '../../contract/routes.ts'
import { SetBufferNumberRequest } from '../../contract/schemas/shipments.ts'
import { decode } from '../../contract/validation.ts'
import { adoptionMachine } from '../../../machines/shipmentsAdoption.ts'
import { type ActResult, type Loaded, type Values, answerOf, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { type CountryOption, requestOf, shipmentFormMachine } from '../../../machines/shipmentsForm.ts'
import { ApiError, call } from '../api/client.ts'
import { apiUrl, openWithPublicToken, saveBlob } from '../api/files.ts'
import { notify } from '../ui/toast.tsx'
import { errorOf, isStatus, showFailure } from './failure.ts'
import { loading } from '../ui/load.ts'

/**
 * The shipment page (/shipment/new, /shipment/{internalNumber}) wired to the contract: the
 * shipment's load, the form's save, the admin tabs' loads and actions, the header's modals.
 * Views render these machines and never call the API.
 */

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

// ---- the shipment ------------------------------------------------------------------------------------

/** GET the shipment by its number (the key); 404 says the shipment does not exist. */
/** The shipment page's images (flag, danger icon): asset endpoints' URLs, for the view's <img>. */
export const assetUrl = apiUrl

export const shipmentLoad = loading((internalNumber: string) =>
  call(ep.shipmentGet, undefined, { internalNumber }).catch((e: unknown) => {
    throw isStatus(e, 404) ? new ApiError(404, { message: SHIPMENT_MSG.notFound }) : e
  }),
)

// ---- the form ------------------------------------------------------------------------------------------

/** The countries the signed-in client may send to (the key: creating; an existing shipment needs none). */
export const allowedCountriesLoad = loading((creating: boolean): Promise<readonly CountryOption[]> => (creating ? call(ep.allowedCountries) : Promise.resolve([])))
/** The countries a client chosen by staff may send to (null: none chosen, or the list failed: the form's own countries). */
export const clientCountriesLoad = loading((clientId: number | null): Promise<readonly CountryOption[] | null> =>
  clientId === null ? Promise.resolve(null) : call(ep.clientAllowedCountries, undefined, { id: clientId }).catch(() => null),
)
/** Street suggestions of a locality while the address is typed (the key: locality and text, null below 3 characters). */
export const streetsLoad = loading((key: { localityId: number; query: string } | null) =>
  key === null ? Promise.resolve([]) : call(ep.streetSearch, undefined, { localityId: key.localityId }, { query: key.query }).catch(() => []),
)
export const searchClients = (text: string) => call(ep.clientSearch, undefined, { text })
export const searchLockers = (countryId: number, query: string) => call(ep.lockerSearch, undefined, undefined, { country_id: countryId, query })
export const searchLocalities = (countryId: number, query: string) => call(ep.localitySearch, undefined, undefined, { country_id: countryId, query })

/** The request body (requestOf: money as decimal text), checked with the endpoint's schema before it is sent. */
function checked<S extends Parameters<typeof decode>[0]>(schema: S, body: S['Encoded']): S['Encoded'] {
  const r = decode(schema, body)
  if (!r.ok) throw new ApiError(422, { message: SHIPMENT_MSG.invalid, errors: r.errors })
  return body
}

/** The form's machine; `onSaved` reloads the page after changes are saved (a new shipment opens its own page). */
export const shipmentFormFor = (onSaved: () => void) =>
  shipmentFormMachine.provide({
    actors: {
      save: fromPromise(async ({ input }) =>
        input.mode === 'create'
          ? call(ep.shipmentCreate, checked(ep.shipmentCreate.body, requestOf(input.draft)))
          : call(ep.shipmentUpdate, checked(ep.shipmentUpdate.body, { id: input.draft.id ?? 0, ...requestOf(input.draft) })),
      ),
    },
    actions: {
      notifySaved: ({ context }) => {
        if (context.mode === 'create') {
          notify.success(SHIPMENT_MSG.created)
          if (context.internalWaybill) navigate(href('shipment', { internalNumber: context.internalWaybill }))
        } else {
          notify.success(SHIPMENT_MSG.updated)
          onSaved()
        }
      },
      notifyFailed: ({ context }) => notify.error(context.message ?? SHIPMENT_MSG.updateFailed),
    },
  })

// ---- the admin tabs ------------------------------------------------------------------------------------

/** The history tab; its row action deletes a status (the item: the status id). */
export const historyLoad = loading((internalNumber: string) => call(ep.shipmentHistory, undefined, { internalNumber })).provide({
  actors: { act: fromPromise<unknown, { key: unknown; item: unknown }>(async ({ input }) => call(ep.parcelHistoryDelete, { id: typeof input.item === 'number' ? input.item : 0 })) },
  actions: {
    acted: () => notify.success(SHIPMENT_MSG.historyStatusDeleted),
    failed: (_, params) => notify.error(messageOf(params.error)),
  },
})

/** The internal info tab; its action retries the registration with the courier (the item: the shipment id). */
export const internalInfoFor = (onRegistered: () => void) =>
  loading((internalNumber: string) => call(ep.shipmentInternalInfo, undefined, { internalNumber })).provide({
    actors: { act: fromPromise<unknown, { key: unknown; item: unknown }>(async ({ input }) => call(ep.shipmentRegister, { id: typeof input.item === 'number' ? input.item : 0 })) },
    actions: {
      acted: () => {
        notify.success(SHIPMENT_MSG.registered)
        onRegistered()
      },
      failed: (_, params) => notify.error(isStatus(params.error, 422) ? SHIPMENT_MSG.registerFailed : messageOf(params.error) || SHIPMENT_MSG.registerFailed),
    },
  })


// ---- the header's actions ------------------------------------------------------------------------------

/**
 * "Oznacz jako usunięte": the record form's confirmed action on the shipment (values: its number);
 * after removal the parcel list (a client has its own at /parcels).
 */
export const shipmentRemovalFor = (internalNumber: string, role: number) =>
  recordFormMachine.provide({
    actors: {
      load: fromPromise(async (): Promise<Loaded> => ({ values: {}, actable: true, readOnly: true })),
      act: fromPromise(async (): Promise<ActResult> => {
        await call(ep.shipmentDelete, { waybill: internalNumber })
        return { leave: true, message: SHIPMENT_MSG.deleted }
      }),
    },
    actions: {
      left: () => {
        notify.success(SHIPMENT_MSG.deleted)
        navigate(href(isStaff(role) ? 'parcelList' : 'parcels'))
      },
      failed: () => notify.error(SHIPMENT_MSG.deleteFailed),
    },
  })

/** "Ustaw nowy numer": the new outgoing number and the marketplace flag of a parcel (the record). */
export const bufferNumberFor = (onSaved: () => void) =>
  recordFormMachine.provide({
    actors: {
      load: fromPromise(async (): Promise<Loaded> => ({ values: { barcode: '', emag: 0 }, options: { emag: [{ value: 0, label: 'Nie' }, { value: 1, label: 'Tak' }] } })),
      save: fromPromise(async ({ input }) => {
        const d = decode(SetBufferNumberRequest, { parcel_id: input.id, barcode: String(input.values.barcode ?? '').trim(), emag: input.values.emag })
        if (!d.ok) throw new ApiError(422, { message: MSG.invalidData, errors: d.errors })
        return call(ep.setNewBufferNumber, d.value)
      }),
    },
    actions: {
      saved: ({ context }) => {
        const { message } = answerOf(context.saved)
        if (message) notify.success(message)
        onSaved()
      },
    },
  })
export const bufferNumberInput = (parcelId: number) => ({
  id: parcelId,
  validate: (values: Values) => validateWith(SetBufferNumberRequest)({ parcel_id: parcelId, barcode: String(values.barcode ?? '').trim(), emag: values.emag }),
})

/** Said while the adopted shipment's page is about to open. */
export const REDIRECT_NOTICE = `Za ${SHIPMENT.adoptionRedirectMs / 1000} sekund nastąpi przekierowanie do strony przesyłki.`

/** Adoption of a buffer or unprocessable parcel; `openShipment` goes to the adopted shipment's page. */
export const adoptionFor = (openShipment: (internalWaybill: string) => void) =>
  adoptionMachine.provide({
    actors: {
      adopt: fromPromise(async ({ input }) => {
        const { kind, ...body } = input
        return call(kind === 'buffer' ? ep.parcelAdoptBuffer : ep.parcelAdoptUnprocessable, body)
      }),
    },
    actions: {
      notifyAdopted: ({ context }) => {
        notify.success(context.message ?? (context.kind === 'buffer' ? SHIPMENT_MSG.adoptedBuffer : SHIPMENT_MSG.adoptedUnprocessable))
        notify.info(REDIRECT_NOTICE, SHIPMENT.adoptionRedirectMs)
      },
      notifyFailed: () => notify.error(SHIPMENT_MSG.adoptFailed),
      openShipment: ({ context }) => {
        if (context.internalWaybill) openShipment(context.internalWaybill)
      },
    },
  })

export type LabelSize = (typeof SHIPMENT.labelSizes)[number]
const isLabelSize = (v: unknown): v is LabelSize => SHIPMENT.labelSizes.some((s) => s === v)

/**
 * The labels dialog: the dataLoad machine's row action downloads the labels in the size asked
 * (the item); done closes the dialog, 409 says the label is not ready yet.
 */
export const labelsFor = (internalNumber: string, onDone: () => void) =>
  loading(async () => SHIPMENT.labelSizes).provide({
    actors: {
      act: fromPromise<unknown, { key: unknown; item: unknown }>(async ({ input }) => {
        const size = isLabelSize(input.item) ? input.item : 'dl'
        const params = { internalNumber }
        saveBlob(size === 'dl' ? await call(ep.labelsDl, undefined, params) : await call(ep.labels100150, undefined, params), `${internalNumber}.pdf`)
      }),
    },
    actions: {
      acted: () => onDone(),
      failed: (_, params) => {
        if (isStatus(params.error, 409)) notify.warning(SHIPMENT_MSG.labelNotReady)
        else showFailure(params.error)
      },
    },
  })

/** "Generuj naklejkę zwrotną": the return sticker of a duplicated parcel, opened with a file token. */
export async function openReturnSticker(internalNumber: string) {
  try {
    await openWithPublicToken(ep.returnSticker, { internalNumber })
  } catch (e) {
    notify.error(messageOf(e))
  }
}
export { errorOf }
