import { fromPromise } from 'xstate'
import { statsFileName } from '../../contract/constants/stats.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { statsMachine } from '../../../machines/stats.ts'
import { call, request } from '../api/client.ts'
import { saveBlob } from '../api/files.ts'
import { notify } from '../ui/toast.tsx'

/**
 * /stats with its real actors: the table of the chosen kind, and its XLSX saved as
 * statystyki_przesyłek_klientów_{date}.xlsx / statystyki_zwrotów_klientów_{date}.xlsx. A load
 * failure is only logged (the screen offers to try again); a failed download is a toast.
 */
export const statsScreen = statsMachine.provide({
  actors: {
    loadStats: fromPromise(({ input }) => call(endpoints.statsClientShipments, undefined, undefined, { status: input.status })),
    download: fromPromise(async ({ input }) => {
      const { data } = await request(endpoints.statsClientShipmentsDownload, undefined, undefined, { status: input.status })
      saveBlob(data as Blob, statsFileName(input.status, input.today))
    }),
  },
  actions: {
    loadFailed: ({ context }) => console.error('Statistics load failed:', context.failure),
    downloadFailed: ({ context }) => {
      if (context.failure) notify.error(context.failure)
    },
  },
})
