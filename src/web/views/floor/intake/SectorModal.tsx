import { FLOOR_SCREEN_LABEL as L } from '../../../../contract/messages/floor.ts'
import type { Sector } from '../../../../contract/schemas/warehouse.ts'
import { Modal } from '../../../ui/modal.tsx'

export interface SectorModalProps {
  open: boolean
  sectors: readonly Sector[]
  sectorId: number | null
  suggestedSectorId: number | null
  duplicatedRow: boolean
  canConfirm: boolean
  /** A barcode waits for a client: offer the client chooser from here. */
  canChooseClient: boolean
  onSelect: (sectorId: number) => void
  onConfirm: () => void
  onCancel: () => void
  onChooseClient: () => void
}

/**
 * The problem sector window: the sectors, the suggested one marked, and — for the
 * duplicated-parcel sectors (codes 3 and 4) — the "additional row" checkbox, forced on.
 */
export function SectorModal(p: SectorModalProps) {
  const chosen = p.sectors.find((s) => s.id === p.sectorId)
  return (
    <Modal
      open={p.open}
      onClose={p.onCancel}
      title={L.chooseSector}
      footer={
        <>
          {p.canChooseClient && (
            <button type="button" className="btn" data-testid="sector-choose-client" onClick={p.onChooseClient}>
              {L.chooseClient}
            </button>
          )}
          <span className="spacer" />
          <button type="button" className="btn" onClick={p.onCancel}>
            {L.cancel}
          </button>
          <button type="button" className="btn btn-primary" data-testid="sector-confirm" disabled={!p.canConfirm} onClick={p.onConfirm}>
            {L.setSector}
          </button>
        </>
      }
    >
      <form
        data-testid="sector-modal"
        onSubmit={(e) => {
          e.preventDefault()
          if (p.canConfirm) p.onConfirm()
        }}
      >
        <ul className="sector-list" role="radiogroup" aria-label={L.sector}>
          {p.sectors.map((s) => (
            <li key={s.id} className={s.id === p.suggestedSectorId ? 'suggested' : undefined}>
              <label>
                <input
                  type="radio"
                  name="sector"
                  value={s.id}
                  checked={s.id === p.sectorId}
                  autoFocus={s.id === p.sectorId || (p.sectorId === null && s === p.sectors[0])}
                  data-sector-code={s.code}
                  onChange={() => p.onSelect(s.id)}
                />
                <span>
                  {s.code} – {s.name}
                  {s.id === p.suggestedSectorId && <em className="hint"> ({L.suggested})</em>}
                </span>
              </label>
            </li>
          ))}
        </ul>
        {chosen?.duplicated && (
          <label className="scan-manual" data-testid="duplicated-row">
            <input type="checkbox" checked={p.duplicatedRow} disabled readOnly /> {L.duplicatedRow}
          </label>
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}
