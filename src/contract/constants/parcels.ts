/** Single-parcel calls. */
export const PARCELS = {
  /** Modes of DELETE app/v1/parcel: the one parcel, or every parcel of its shipment. */
  parcelDeleteModes: ['parcel', 'shipment'] as const,
} as const
