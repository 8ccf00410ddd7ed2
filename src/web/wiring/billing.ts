import { type ActorRefFrom, fromPromise } from 'xstate'
import { BILLING } from '../../contract/constants/billing.ts'
import { BILLING_MSG } from '../../contract/messages/billing.ts'
import { endpoints as E } from '../../contract/endpoints.ts'
import { billingExportMachine } from '../../../machines/billingExport.ts'
import { clientCardMachine } from '../../../machines/clientsCard.ts'
import { myReportsMachine } from '../../../machines/billingMyReports.ts'
import { exportedFilesMachine } from '../../../machines/billingExportedFiles.ts'
import { type ServerTablePage, serverTableMachine } from '../../../machines/serverTable.ts'
import { ApiError, call, messagesOf } from '../api/client.ts'
import { downloadFile } from '../api/files.ts'
import { notify } from '../ui/toast.tsx'
import { pagingBody } from './serverTable.ts'
import { clientCardLogic } from './clients.ts'

/** Billing statements and the export lists: the machines provided with endpoints, toasts and downloads. */

const failureText = (e: unknown) =>
  e instanceof ApiError ? (e.status === 401 || e.status === 419 ? '' : messagesOf(e.data).join('<br>') || e.message) : e instanceof Error ? e.message : String(e)
const toastFailure = ({ event }: { event: unknown }) => {
  const text = failureText((event as { error?: unknown }).error)
  if (text) notify.error(text)
}
const fileOf = (uuid: string, fileName: string | null | undefined) => downloadFile(E.exportDownload, { identifier: uuid }, fileName ?? `${uuid}.xlsx`).catch((e) => {
  const text = failureText(e)
  if (text) notify.error(text)
})

export const billingExportLogic = billingExportMachine.provide({
  actors: {
    order: fromPromise(async ({ input }) => (await call(E.exportOrder, { type: 'billing', ...input })).uuid),
    find: fromPromise(async ({ input }) => {
      const s = await call(E.exportFind, undefined, { uuid: input.uuid })
      return { uuid: s.uuid, status: s.status, performed_count: s.performed_count, total_count: s.total_count, errors_count: s.errors_count, error_message: s.error_message, file_name: s.file_name }
    }),
  },
  actions: {
    ordered: () => notify.success(BILLING_MSG.ordered),
    orderFailed: toastFailure,
    readyToast: () => notify.success(BILLING_MSG.ready),
    warningToast: () => notify.warning(BILLING_MSG.readyWithErrors),
    errorToast: ({ context }) => notify.error([BILLING_MSG.failed, context.statement?.error_message ?? context.failure].filter(Boolean).join('<br>')),
    download: ({ context }) => void fileOf(context.uuid!, context.statement?.file_name),
    downloadBlocked: () => notify.warning(BILLING_MSG.downloadNotPossible),
  },
})
export type BillingExportActor = ActorRefFrom<typeof billingExportLogic>

/** The client card whose billing modal hands its valid order to the billing flow. */
export const clientCardWithBilling = (billing: BillingExportActor) =>
  clientCardLogic.provide({
    actions: {
      ordered: ({ context }) => billing.send({ type: 'ORDER', order: { client_id: context.clientId, ...context.billing } }),
    },
  })

const reportsOf = (clientId: number | null) =>
  myReportsMachine.provide({
    actors: {
      table: serverTableMachine.provide({
        actors: {
          fetchPage: fromPromise(
            async ({ input }) =>
              (await call(E.exportLatest, { ...(pagingBody(input) as { start: number; length: number }), ...(clientId != null ? { client_id: clientId } : {}) })) as ServerTablePage,
          ),
        },
      }),
      loadErrors: fromPromise(({ input }) => call(E.exportValidationErrors, undefined, { uuid: input.uuid })),
      setUsed: fromPromise(({ input }) => call(E.exportUsedForInvoice, { id: input.id, used_for_invoice: input.value })),
      review: fromPromise(({ input }) => call(E.exportReview, { id: input.id, reviewed: input.reviewed })),
    },
    actions: {
      download: ({ context }) => void (context.row && fileOf(context.row.uuid, context.row.file_name)),
      downloadBlocked: () => notify.warning(BILLING_MSG.downloadNotPossible),
      failed: ({ context }) => context.failure && notify.error(context.failure),
      usedSaved: ({ context }) => notify.success(context.row?.used_for_invoice ? BILLING_MSG.usedForInvoiceSet : BILLING_MSG.usedForInvoiceCleared),
    },
  })

const filesOf = (clientId: number | null) =>
  exportedFilesMachine.provide({
    actors: {
      load: fromPromise(async () =>
        (await call(E.exportLatest, clientId != null ? { start: 0, length: BILLING.quickListSize, client_id: clientId } : [])).data,
      ),
    },
  })

/** "Moje raporty" of everything the user may see (null) or, opened from a client card, of that client only. */
export const myReportsLogic = reportsOf(null)
export const exportedFilesLogic = filesOf(null)
const perClient = new Map<number, { reports: ReturnType<typeof reportsOf>; files: ReturnType<typeof filesOf> }>()
export function reportsLogicFor(clientId: number | null) {
  if (clientId == null) return { reports: myReportsLogic, files: exportedFilesLogic }
  let l = perClient.get(clientId)
  if (!l) perClient.set(clientId, (l = { reports: reportsOf(clientId), files: filesOf(clientId) }))
  return l
}
