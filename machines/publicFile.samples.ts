import { httpError } from './calendar.samples.ts'
import { defineSamples, doneActor, errorActor, named } from './graph/samples.ts'
import { publicFileMachine } from './publicFile.ts'

export const publicFileSamples = defineSamples(publicFileMachine, {
  inputs: { '/downloads': undefined },
  events: [
    named('RO', { type: 'DOWNLOAD', file: 'RO' }),
    named('BG', { type: 'DOWNLOAD', file: 'BG' }),
    doneActor('fetchToken', 'tok-123', 'token'),
    errorActor('fetchToken', httpError(401, 'Sesja wygasła, zaloguj się ponownie'), '401'),
  ],
  key: ({ token: _t, failure: _f, ...rest }) => rest,
})
