import { exportedFilesMachine } from './billingExportedFiles.ts'
import { defineSamples, doneActor, errorActor, httpError } from './graph/samples.ts'
import { clean, running } from './billingMyReports.samples.ts'

export const exportedFilesSamples = defineSamples(exportedFilesMachine, {
  inputs: { latest: undefined },
  events: [
    doneActor('load', [running, clean], 'one accounting'),
    doneActor('load', [clean], 'all settled'),
    errorActor('load', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
    { type: 'RELOAD' },
  ],
  key: ({ files, failure }) => ({ files: files.map((f) => f.status), failure: failure !== null }),
})
