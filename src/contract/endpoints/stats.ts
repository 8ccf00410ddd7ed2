import { ADMIN_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply, FileBody } from '../schemas/common.ts'
import { StatsQuery, StatsReply } from '../schemas/stats.ts'

/**
 * Statistics (/stats, admin): parcels received per client — at the shipping warehouse
 * (`received_by_re`) or back in Poland as returns (`back_in_poland`) — and the same table as XLSX
 * (statystyki_przesyłek_klientów_{date}.xlsx / statystyki_zwrotów_klientów_{date}.xlsx).
 */
export const statsEndpoints = {
  statsClientShipments: ep({
    method: 'GET', path: 'app/v1/statistics/client-shipments', roles: ADMIN_ONLY, body: Empty, query: StatsQuery, replies: { 200: StatsReply, 422: ErrorReply },
    statuses: { 422: 'status other than received_by_re or back_in_poland' },
  }),
  statsClientShipmentsDownload: ep({
    method: 'GET', path: 'app/v1/statistics/client-shipments/download', roles: ADMIN_ONLY, body: Empty, query: StatsQuery, replies: { 200: FileBody, 422: ErrorReply }, file: true,
    statuses: { 422: 'status other than received_by_re or back_in_poland' },
  }),
}
