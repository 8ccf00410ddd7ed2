import { SHIPMENT_MSG } from '../../../contract/messages/shipments.ts'
import { adopt, setNewBufferNumber } from '../../domain/shipmentsBuffer.ts'
import { returnSticker, shipmentLabels } from '../../domain/shipmentsLabels.ts'
import {
  allowedCountries, createShipment, findRecord, internalInfo, markRemoved, retryRegistration, shipmentAccountedAmounts, shipmentInvoices,
  shipmentReply, updateShipment,
} from '../../domain/shipments.ts'
import { DANGER_SVG, SVG_TYPE, flagSvg } from '../../documents/assets.ts'
import { isStaff } from '../../../contract/constants/access.ts'
import { notFound } from '../../domain/errors.ts'
import { pathId } from '../params.ts'
import { FileReply, type Handlers, reply } from '../handler.ts'

const svg = (text: string, name: string) => new FileReply(new TextEncoder().encode(text), name, SVG_TYPE, true)

/** Handlers of the shipments area (contract endpoints/shipments.ts); rules in domain/shipments*. */
export const shipmentHandlers: Handlers<
  | 'shipmentGet' | 'shipmentCreate' | 'shipmentUpdate' | 'shipmentDelete' | 'shipmentRegister' | 'shipmentInternalInfo'
  | 'shipmentInvoices' | 'shipmentAccountedAmounts' | 'labelsDl' | 'labels100150'
  | 'allowedCountries' | 'clientAllowedCountries' | 'parcelAdoptBuffer' | 'parcelAdoptUnprocessable' | 'setNewBufferNumber' | 'returnSticker'
  | 'assetFlag' | 'assetDangerIcon'
> = {
  shipmentGet: async ({ deps, user, params }) => shipmentReply(deps.db, await findRecord(deps.db, user, params.internalNumber ?? ''), !isStaff(user.role)),
  shipmentCreate: async ({ deps, user, body }) => reply(201, await createShipment(deps.db, user, body)),
  shipmentUpdate: ({ deps, user, body }) => updateShipment(deps.db, user, body),
  shipmentDelete: ({ deps, user, body }) => markRemoved(deps.db, user, body.waybill),
  shipmentRegister: ({ deps, user, body }) => retryRegistration(deps.db, user, body.id),
  shipmentInternalInfo: async ({ deps, user, params }) => internalInfo(deps.db, await findRecord(deps.db, user, params.internalNumber ?? '')),
  shipmentInvoices: ({ deps, user, params }) => shipmentInvoices(deps.db, user, params.internalNumber ?? ''),
  shipmentAccountedAmounts: ({ deps, user, params }) => shipmentAccountedAmounts(deps.db, user, params.internalNumber ?? ''),
  // Rendered outside a transaction: a PDF takes longer than a query, and PGlite runs one transaction at a time.
  labelsDl: async ({ deps, user, params }) => {
    const { pdf, filename } = await shipmentLabels(deps.db, await findRecord(deps.db, user, params.internalNumber ?? ''), 'dl')
    return new FileReply(pdf, filename, 'application/pdf')
  },
  labels100150: async ({ deps, user, params }) => {
    const { pdf, filename } = await shipmentLabels(deps.db, await findRecord(deps.db, user, params.internalNumber ?? ''), '100150')
    return new FileReply(pdf, filename, 'application/pdf')
  },
  allowedCountries: ({ deps, user }) => allowedCountries(deps.db, isStaff(user.role) ? null : user.client_id),
  clientAllowedCountries: ({ deps, params }) => allowedCountries(deps.db, pathId(params.id, SHIPMENT_MSG.clientNotFound)),

  parcelAdoptBuffer: ({ deps, body }) => adopt(deps.db, 'buffer', body),
  parcelAdoptUnprocessable: ({ deps, body }) => adopt(deps.db, 'unprocessable', body),
  setNewBufferNumber: ({ deps, body }) => setNewBufferNumber(deps.db, body),
  returnSticker: async ({ deps, user, params }) => {
    const { pdf, filename } = await returnSticker(deps.db, await findRecord(deps.db, user, params.internalNumber ?? ''))
    return new FileReply(pdf, filename, 'application/pdf', true)
  },

  assetFlag: async ({ params }) => {
    const iso = (params.isoCode ?? '').toUpperCase()
    const text = flagSvg(iso)
    if (!text) throw notFound()
    return svg(text, `${iso}.svg`)
  },
  assetDangerIcon: async () => svg(DANGER_SVG, 'danger.svg'),
}
