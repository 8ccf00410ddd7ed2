import { fromPromise } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import { WAREHOUSE_ADMIN_TEXT } from '../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { ExternalInboundCommentRequest } from '../../contract/schemas/floorRecords.ts'
import { type Loaded, type Values, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { ApiError, call } from '../api/client.ts'
import { notify } from '../ui/toast.tsx'
import { loading } from '../ui/load.ts'
import { errorOf, showFailure } from './failure.ts'
import { pageFrom, pagingRequest, tableLogic } from './serverTable.ts'
import { decoded } from './recordForms.ts'

/**
 * The external hand-overs' list and detail (/external_inbound, /external_inbound/{id}); the scanning
 * screen's wiring is floorExternalInbound.ts, kept apart so that screen loads no table or form code.
 */

export const courierLoad = loading(() => call(endpoints.externalInboundCouriers))
export const externalInboundTable = tableLogic(async (req) =>
  pageFrom(await call(endpoints.externalInboundList, pagingRequest(endpoints.externalInboundList.body, req))),
)

/** /external_inbound/{id}: the read-only hand-over facts beside an editable comment. */
export const externalInboundForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      if (input.id === null || !Number.isInteger(input.id) || input.id <= 0) throw new ApiError(404, { message: WAREHOUSE_ADMIN_TEXT.inboundMissing })
      const i = await call(endpoints.externalInboundGet, undefined, { id: input.id })
      return { values: { comment: i.comment }, extra: i }
    }),
    save: fromPromise(async ({ input }) => {
      const r = await call(endpoints.externalInboundComment, decoded(ExternalInboundCommentRequest, { id: input.id, comment: input.values.comment }))
      return r
    }),
  },
  actions: {
    saved: () => notify.success(WAREHOUSE_MSG.updated),
    failed: ({ event }) => showFailure(errorOf(event)),
  },
})
export const externalInboundFormInput = (id: number) => ({
  id,
  validate: (values: Values) => validateWith(ExternalInboundCommentRequest)({ ...values, id }),
  keepEditing: true,
})
