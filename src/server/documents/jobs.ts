import { invoicePdf } from './invoicePdf.ts'
import { repasteLabelPdf } from './repasteLabel.ts'
import { returnStickerPdf, shipmentLabelsPdf } from './shipmentLabel.ts'
import { tagPdf } from './tag.ts'
import { xlsx } from './xlsx.ts'

/**
 * The documents made in the worker thread (pool.ts): laying out a PDF or an XLSX is synchronous
 * CPU work that would otherwise hold the event loop (and every other request) for its duration.
 * Arguments and results are plain data (structured clone).
 */
export const documentJobs = { tagPdf, shipmentLabelsPdf, returnStickerPdf, repasteLabelPdf, xlsx, invoicePdf }
export type DocumentJobs = typeof documentJobs
