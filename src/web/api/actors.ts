import { fromPromise } from 'xstate'
import type { Endpoint, SuccessAnswer } from '../../contract/endpoint.ts'
import { request } from './client.ts'

/**
 * An XState actor calling one endpoint with `request()`: its input is the request body, its
 * output the 2xx answer discriminated on `status`. Given to `setup({ actors })` or `provide`, it
 * types `onDone`'s `event.output` without casts:
 *
 *   actors: { submitScan: fromRequest(endpoints.parcelClassify) }
 *   onDone: { guard: ({ event }) => event.output.status === 201, ... }
 */
export const fromRequest = <E extends Endpoint>(ep: E, params?: Record<string, string | number>) =>
  fromPromise<SuccessAnswer<E>, E['body']['Encoded']>(({ input }) => request(ep, input, params))
