import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { endpoints as E } from '../../contract/endpoints.ts'
import { INVOICING } from '../../contract/constants/invoicing.ts'
import { INVOICING_MSG } from '../../contract/messages/invoicing.ts'
import { href } from '../../contract/routes.ts'
import { zonedDate } from '../../contract/time.ts'
import { decode } from '../../contract/validation.ts'
import { invoiceDetailMachine } from '../../../machines/invoicingDetail.ts'
import { invoiceListMachine } from '../../../machines/invoicingList.ts'
import { type ServerTablePage, type ServerTableRequest, serverTableMachine } from '../../../machines/serverTable.ts'
import { ApiError, call } from '../api/client.ts'
import { apiUrl, saveUrl } from '../api/files.ts'
import { notify } from '../ui/toast.tsx'
import { pagingBody } from './serverTable.ts'

/**
 * The invoice screens' machines with their real actors: the contract's endpoints, toasts,
 * navigation and new windows. Views render these and never call the API.
 */

export const invoiceListLogic = invoiceListMachine.provide({
  actors: {
    table: serverTableMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }: { input: ServerTableRequest }): Promise<ServerTablePage> => {
          const d = decode(E.invoiceList.body, pagingBody(input))
          if (!d.ok) throw new ApiError(422, { message: Object.values(d.errors).flat()[0] ?? '', errors: d.errors })
          const page = await call(E.invoiceList, d.value)
          return { data: page.data, recordsTotal: page.recordsTotal, recordsFiltered: page.recordsFiltered }
        }),
      },
    }),
    preview: fromPromise(({ input }) => call(E.invoiceTriggerPreview, { trigger_date: input.date })),
    trigger: fromPromise(({ input }) => call(E.invoiceTrigger, { trigger_date: input.date })),
  },
  actions: {
    triggered: ({ context }) => {
      if (context.result) notify.success(context.result)
    },
    failed: ({ context }) => {
      if (context.failure) notify.error(context.failure.message, context.failure.durationMs)
    },
  },
})

export const invoiceListInput = () => ({ today: zonedDate(new Date()) })

/** The window opened on the click, so popup blockers take it as the click's answer. */
let pendingWindow: Window | null = null
/** Opens a blank window at once (call from the click), filled when the address is known. */
export const prepareWindow = () => {
  pendingWindow = window.open('', '_blank')
}

const fileToken = async () => (await call(E.publicToken)).public_token

export const invoiceDetailLogic = invoiceDetailMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      const [detail, errors] = await Promise.all([call(E.invoiceGet, undefined, { id: input.id }), call(E.invoiceValidationErrors, undefined, { id: input.id })])
      return { detail, errors }
    }),
    review: fromPromise(({ input }) => call(E.invoiceReview, { id: input.errorId, reviewed: input.reviewed }, { id: input.id })),
    locate: fromPromise(async ({ input }) => {
      if (input.file === 'external') {
        const link = await call(E.invoiceExternalLink, undefined, { id: input.id })
        // The built-in system: the invoice is its PDF.
        if (link.url === null) return apiUrl(E.invoiceDownload, { id: input.id }, { _public_token: await fileToken() })
        if (link.system === 'sandbox') return apiUrl(E.invoiceSandboxView, { id: input.id }, { _public_token: await fileToken() })
        return link.url
      }
      const ep = input.file === 'pdf' ? E.invoiceDownload : E.invoiceStatementDownload
      return apiUrl(ep, { id: input.id }, { _public_token: await fileToken() })
    }),
    reissue: fromPromise(({ input }) => call(E.invoiceReissue, { id: input.id })),
  },
  actions: {
    open: ({ context }) => {
      const url = context.openUrl
      const win = pendingWindow
      pendingWindow = null
      if (url && context.opening === 'statement') return saveUrl(url)
      if (!url) return win?.close()
      if (win && !win.closed) win.location.href = url
      else window.open(url, '_blank')
    },
    left: ({ context }) => {
      notify.success(context.result ?? INVOICING_MSG.reissued, INVOICING.toastMs)
      navigate(href('invoices'))
    },
    failed: ({ context }) => {
      pendingWindow?.close()
      pendingWindow = null
      if (context.failure) notify.error(context.failure, INVOICING.toastMs)
    },
  },
})
