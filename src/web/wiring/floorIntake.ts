import { type AnyActorRef, type EventObject, fromCallback, fromPromise } from 'xstate'
import { API_BASE } from '../../contract/constants/platform.ts'
import { fillPath } from '../../contract/endpoint.ts'
import type { ClientRef } from '../../contract/schemas/common.ts'
import type { ParcelFields, ScanRequest } from '../../contract/schemas/floor.ts'
import { chooseClientMachine } from '../../../machines/floorChooseClient.ts'
import { type DimensionsRequestBody, dimensionsMachine } from '../../../machines/floorDimensions.ts'
import { type IntakeEvent, clearSection, editShownDimensions, intakeScanMachine } from '../../../machines/floorIntakeScan.ts'
import { type ParcelData, parcelPanelMachine } from '../../../machines/floorParcelPanel.ts'
import { call, request } from '../api/client.ts'
import { announce, endpoints, floorActions, floorActors, scanCall, withdrawFeedback } from './floor.ts'
import { DIMENSIONS_FIRST_FIELD, dialogOpen, focusByIdAfterRender, focusFirstFieldUnlessInside, focusedSection } from './floorDom.ts'

/**
 * The intake screens' machine (parcel from number, and from number with a client) with its real
 * actors and the floor's shared actions. Each scanning screen has its own wiring module, so opening
 * one screen loads only its own machine. The view renders the machine's connect function; it never
 * calls the API itself.
 */

/** The re-paste label's URL: the file endpoint with a fresh public token (it opens in a new window). */
async function repasteLabelUrl({ internalNumber }: { internalNumber: string }) {
  const { public_token } = await call(endpoints.publicToken)
  return `${API_BASE}${fillPath(endpoints.parcelRepasteLabel.path, { internalNumber })}?_public_token=${encodeURIComponent(public_token)}`
}

/**
 * The intake page's keys (a document listener while the screen lives): Delete clears the section
 * that has the focus, Page Down opens the dimension form for the parcel shown. Keys in an open window
 * are the window's.
 */
export const intakePageKeys = fromCallback<EventObject, { screen: AnyActorRef }, IntakeEvent>(({ input, sendBack }) => {
  const onKey = (e: KeyboardEvent) => {
    if (dialogOpen()) return
    if (e.key === 'Delete') {
      const section = focusedSection()
      if (!section) return
      e.preventDefault()
      const clear = clearSection(section)
      if (clear) sendBack(clear)
    } else if (e.key === 'PageDown') {
      e.preventDefault()
      sendBack(editShownDimensions(input.screen.getSnapshot()))
    }
  }
  document.addEventListener('keydown', onKey)
  return () => document.removeEventListener('keydown', onKey)
})

/** The choose-client window's body (ChooseClientModal marks it with its machine's name). */
const CHOOSE_CLIENT_BODY = '[data-machine="chooseClient"]'

/** How long after the window opens or turns its focus is taken: its fields are drawn, and a window closing beside it has handed the focus back. */
const WINDOW_FOCUS_DELAY_MS = 50

/**
 * The choose-client window's focus (its machine's `windowFocus` child): when the window opens, and
 * when it turns between the search and the confirmation, its first field takes the focus, unless
 * the focus is in the window already (moving it would send a phone number typed there into the
 * postal code). It may open as another window closes, which hands the focus back to the barcode.
 */
export const chooseClientWindowFocus = fromCallback<EventObject, { window: AnyActorRef }>(({ input }) => {
  let timer = setTimeout(() => focusFirstFieldUnlessInside(CHOOSE_CLIENT_BODY), WINDOW_FOCUS_DELAY_MS)
  let confirming: boolean | null = null
  queueMicrotask(() => (confirming ??= input.window.getSnapshot().hasTag('confirming')))
  const sub = input.window.subscribe((snapshot) => {
    const now = snapshot.hasTag('confirming')
    if (confirming === null || now === confirming) return void (confirming = now)
    confirming = now
    clearTimeout(timer)
    timer = setTimeout(() => focusFirstFieldUnlessInside(CHOOSE_CLIENT_BODY), WINDOW_FOCUS_DELAY_MS)
  })
  return () => {
    clearTimeout(timer)
    sub.unsubscribe()
  }
})

/** machines/floorIntakeScan.ts with its real actors; the sub-machines with theirs. `scan` is the endpoint of the route. */
const intakeScreen = (scan: typeof endpoints.parcelScan | typeof endpoints.parcelScanAssign) =>
  intakeScanMachine.provide({
    actors: {
      scannerInput: floorActors.scannerInput,
      loadFloor: floorActors.loadFloor,
      submitScan: scanCall<typeof scan, ScanRequest>(scan),
      repasteLabel: fromPromise<string, { internalNumber: string }>(({ input }) => repasteLabelUrl(input)),
      pageKeys: intakePageKeys,
      parcelPanel: parcelPanelMachine.provide({
        actors: {
          loadParcel: fromPromise<ParcelData, { parcelId: number }>(async ({ input }) => {
            const params = { idType: 'id', value: input.parcelId }
            const [parcel, history] = await Promise.all([call(endpoints.parcelFind, undefined, params), call(endpoints.parcelHistory, undefined, params)])
            return { parcel, history }
          }),
        },
      }),
      chooseClient: chooseClientMachine.provide({
        actors: {
          searchClients: fromPromise<readonly ClientRef[], { text: string }>(({ input }) => call(endpoints.clientSearch, undefined, { text: input.text })),
          verifyChoice: fromPromise<ClientRef, { client_id: number; postal_code: string; phone_number: string }>(async ({ input }) => (await call(endpoints.clientVerifyChoose, input)).client),
          windowFocus: chooseClientWindowFocus,
        },
        actions: { announce: ({ context }) => announce(context.feedback) },
      }),
      dimensions: dimensionsMachine.provide({
        actors: {
          checkDimensions: fromPromise<unknown, DimensionsRequestBody>(({ input }) => request(endpoints.parcelCheckDimensions, input)),
          saveDimensions: fromPromise<ParcelFields, DimensionsRequestBody>(async ({ input }) => (await call(endpoints.parcelDimensions, input)).data),
        },
        actions: { announce: ({ context }) => announce(context.feedback) },
      }),
    },
    actions: {
      ...floorActions,
      withdrawAsking: ({ context }) => withdrawFeedback(context.asking),
      focusDimensions: () => focusByIdAfterRender(DIMENSIONS_FIRST_FIELD),
      openLabel: ({ context }) => {
        if (context.labelUrl) window.open(context.labelUrl, '_blank')
      },
    },
  })

export const intakeScreens = { scan: intakeScreen(endpoints.parcelScan), assign: intakeScreen(endpoints.parcelScanAssign) }
