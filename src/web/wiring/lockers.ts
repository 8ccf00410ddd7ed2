import { fromPromise } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import { publicFileMachine } from '../../../machines/publicFile.ts'
import { call } from '../api/client.ts'
import { apiUrl } from '../api/files.ts'
import { notify } from '../ui/toast.tsx'

const showFailure = ({ context }: { context: { failure: string | null } }) => {
  if (context.failure) notify.error(context.failure)
}
/** /downloads: a locker file (RO, HU, BG) opened with a file token; the server's attachment is saved by the browser. */
export const lockerFiles = publicFileMachine.provide({
  actors: { fetchToken: fromPromise(async () => (await call(endpoints.publicToken)).public_token) },
  actions: {
    open: ({ context }) => {
      if (!context.file || !context.token) return
      const a = document.createElement('a')
      a.href = apiUrl(endpoints.lockerFile, { country: context.file }, { _public_token: context.token })
      a.download = ''
      document.body.appendChild(a)
      a.click()
      a.remove()
    },
    failed: showFailure,
  },
})
