import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { publicFileMachine } from './publicFile.ts'

export const publicFileSamples = defineSamples(publicFileMachine, {
  inputs: { '/downloads': undefined },
  events: [
    named('RO', { type: 'DOWNLOAD', file: 'RO' }),
    named('BG', { type: 'DOWNLOAD', file: 'BG' }),
    doneActor('fetchToken', 'tok-123', 'token'),
    errorActor('fetchToken', httpError(401, { message: 'Sesja wygasła, zaloguj się ponownie' }), '401'),
  ],
  key: ({ token: _t, failure: _f, ...rest }) => rest,
})
