import type { StatsReply } from '../src/contract/schemas/stats.ts'

import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { statsMachine } from './stats.ts'

const row = (client_id: number | null, name: string, n: number) => ({ client_id, name, daily: n, yesterday: n, day_before_yesterday: 0, weekly: 2 * n, monthly: 3 * n, ever: 10 * n })
export const receivedReply: StatsReply = {
  status: 'received_by_re',
  today: '2026-11-25',
  data: [row(1, 'Demo Shop SRL', 4), row(2, 'Budapest Kft', 1)],
  all: row(null, 'all', 5),
  chart: [{ day: '2026-11-24', received_by_re: 5, back_in_poland: 1 }, { day: '2026-11-25', received_by_re: 5, back_in_poland: 0 }],
}
export const returnsReply: StatsReply = { ...receivedReply, status: 'back_in_poland', data: [row(1, 'Demo Shop SRL', 1)], all: row(null, 'all', 1) }

export const statsSamples = defineSamples(statsMachine, {
  inputs: { '/stats': undefined },
  events: [
    doneActor('loadStats', receivedReply, 'received'),
    doneActor('loadStats', returnsReply, 'returns'),
    errorActor('loadStats', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
    named('returns', { type: 'CHOOSE', status: 'back_in_poland' }),
    named('received', { type: 'CHOOSE', status: 'received_by_re' }),
    { type: 'RETRY' },
    { type: 'DOWNLOAD' },
    doneActor('download', undefined, 'saved'),
    errorActor('download', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
  ],
  key: ({ failure: _f, ...rest }) => rest,
})
