import { fromPromise } from 'xstate'
import { ROLE, isStaff } from '../../contract/constants/access.ts'
import { STORAGE_KEY, TOAST_MS } from '../../contract/constants/ui.ts'
// The areas' tables the listing calls, not the whole endpoint table (every area's schemas).
import { billingEndpoints } from '../../contract/endpoints/billing.ts'
import { scanEndpoints } from '../../contract/endpoints/floor.ts'
import { parcelEndpoints } from '../../contract/endpoints/parcels.ts'
import { warehouseEndpoints } from '../../contract/endpoints/warehouse.ts'
import { SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import { type ReportOrder, type ReportType, parcelListingMachine, skippedOf } from '../../../machines/parcelsListing.ts'
import { type ServerTablePage, type ServerTableRequest, serverTableMachine } from '../../../machines/serverTable.ts'
import { call } from '../api/client.ts'
import { downloadFile } from '../api/files.ts'
import { localToServerDateTime, warsawToday } from '../ui/format.ts'
import { notify } from '../ui/toast.tsx'
import { errorOf, isStatus } from './failure.ts'
import { loading } from '../ui/load.ts'
import { pagingRequest } from './serverTable.ts'

const ep = { ...parcelEndpoints, ...billingEndpoints, ...warehouseEndpoints, ...scanEndpoints }

/**
 * The parcel listing (/parcel-list, /parcels-list, /parcels) wired to the contract: its table's
 * page, the group status change, the reports, the saved criteria and the side lists of the filters.
 */

export const REPORT_DONE = 'Raport został wygenerowany i pobrany'
export const STATUSES_CHANGED = 'Statusy zostały zmienione'

/** The criteria saved for the browser's user (restored by the machine, which checks whose they are). */
export function readSavedCriteria(): unknown {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY.parcelListCriteria) ?? 'null')
  } catch {
    return null
  }
}

const fetchListingPage = async (req: ServerTableRequest): Promise<ServerTablePage> => {
  const page = await call(ep.parcelList, pagingRequest(ep.parcelList.body, req))
  // For big sets the server answers the planner's estimate of the count.
  return { data: page.data, recordsTotal: page.recordsTotal, recordsFiltered: page.recordsFiltered, estimated: page.recordsFilteredEstimated === true }
}

async function orderAndDownload(type: ReportType, criteria: ReportOrder['criteria']) {
  const order = await call(ep.exportOrder, { type, criteria })
  await downloadFile(ep.exportDownload, { identifier: order.identifier }, order.file_name ?? `${order.identifier}.xlsx`)
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : null)
const outputMessage = (event: unknown) =>
  typeof event === 'object' && event !== null && 'output' in event && typeof event.output === 'object' && event.output !== null && 'message' in event.output && typeof event.output.message === 'string'
    ? event.output.message
    : null

/** The input of the listing's workflow for the signed-in user: today in Warsaw and the criteria kept in the browser. */
export const parcelListingInput = (user: { role: number; userId: number }) => ({ role: user.role, userId: user.userId, today: warsawToday(), saved: readSavedCriteria() })

export const parcelListingLogic = parcelListingMachine.provide({
  actors: {
    table: serverTableMachine.provide({ actors: { fetchPage: fromPromise(({ input }: { input: ServerTableRequest }) => fetchListingPage(input)) } }),
    changeStatuses: fromPromise(({ input }) =>
      call(ep.groupStatus, { ids: input.ids, id_status_type: input.id_status_type ?? 0, when: localToServerDateTime(input.when), where: input.where.trim() }),
    ),
    orderReport: fromPromise(({ input }) => orderAndDownload(input.reportType, input.criteria)),
    downloadReport: fromPromise(({ input }) => orderAndDownload('list', input.criteria)),
  },
  actions: {
    persist: ({ context }) => localStorage.setItem(STORAGE_KEY.parcelListCriteria, JSON.stringify({ userId: context.userId, criteria: context.criteria })),
    notifyStatusesChanged: ({ event }) => notify.success(outputMessage(event) || STATUSES_CHANGED),
    notifySkipped: ({ event }) => notify.warning(SHIPMENT_MSG.groupSkipped(skippedOf(errorOf(event))), TOAST_MS.s5),
    notifyReportOrdered: () => notify.success(REPORT_DONE),
    notifyReportFailed: ({ event }) => {
      const e = errorOf(event)
      notify.error(isStatus(e, 406) ? SHIPMENT_MSG.exportProcessable : (messageOf(e) ?? SHIPMENT_MSG.adoptFailed))
    },
  },
})

export interface ListingOptions {
  groups: ReadonlyArray<{ id: number; name: string }>
  statuses: ReadonlyArray<{ id: number; displayed_name: string; name: string }>
  rules: ReadonlyArray<{ code: string; name: string }>
  sectors: ReadonlyArray<{ id: number; code: string; name: string }>
}
const none = <T,>(): readonly T[] => []
/** Side lists of the filters and dialogs for a role (the key), loaded once per visit; a list that fails stays empty. */
export const listingOptionsLoad = loading(async (role: number): Promise<ListingOptions> => {
  const quiet = <T,>(p: Promise<readonly T[]>) => p.catch(() => none<T>())
  const [groups, statuses, rules, sectors] = await Promise.all([
    quiet(call(ep.statusTypeGroups)),
    role === ROLE.admin ? quiet(call(ep.statusTypeList)) : Promise.resolve([]),
    role === ROLE.admin ? quiet(call(ep.problemRules)) : Promise.resolve([]),
    isStaff(role) ? quiet(call(ep.problematicSectorList)) : Promise.resolve([]),
  ])
  return { groups, statuses, rules, sectors }
})

export const searchClients = (text: string) => call(ep.clientSearch, undefined, { text })
