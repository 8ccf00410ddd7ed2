import { fromPromise } from 'xstate'
import { FLOOR_MSG } from '../../contract/messages/floor.ts'
import type { TagJob, TagOption } from '../../../machines/floorTagForm.ts'
import { call, request } from '../api/client.ts'
import { floorRecordEndpoints } from '../../contract/endpoints/floorRecords.ts'
import { endpoints, loadReference } from './floor.ts'

/** The tag form's actors (machines/floorTagForm.ts): the contract's endpoints; the download itself is the page's. */
export const tagActors = {
  loadReference: fromPromise(loadReference),
  searchClients: fromPromise<TagOption[], { text: string }>(async ({ input }) =>
    (await call(endpoints.clientSearch, undefined, { text: input.text })).map((c): TagOption => ({ value: c.id, label: c.name })),
  ),
  loadWorkstations: fromPromise<TagOption[], { warehouseId: number; workstationTypeId: number }>(async ({ input }) =>
    (await call(endpoints.workstationsByType, undefined, { warehouse: input.warehouseId, type: input.workstationTypeId })).map(
      (w): TagOption => ({ value: w.code, label: w.code }),
    ),
  ),
  loadSectors: fromPromise<TagOption[], { warehouseId: number }>(async ({ input }) =>
    (await call(endpoints.problematicSectorList, undefined, undefined, { warehouse_id: input.warehouseId })).map(
      (s): TagOption => ({ value: s.id, label: `${s.code} – ${s.name}` }),
    ),
  ),
  generateTag: fromPromise<Blob, TagJob>(async ({ input }) => {
    const { data } = await request(floorRecordEndpoints.tag, input.request)
    if (!(data instanceof Blob)) throw new Error(FLOOR_MSG.tagNotPdf)
    return data
  }),
}
