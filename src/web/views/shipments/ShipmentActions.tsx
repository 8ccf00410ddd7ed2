import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useState } from 'react'
import { useMachine } from '@xstate/react'
import { SHIPMENT } from '../../../contract/constants/shipments.ts'
import { SHIPMENTS_TEXT, SHIPMENT_LABEL, SHIPMENT_MSG } from '../../../contract/messages/shipments.ts'
import { canOpen, href } from '../../../contract/routes.ts'
import type { ShipmentReply } from '../../../contract/schemas/shipments.ts'
import type { ClientRef } from '../../../contract/schemas/common.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { type AdoptionKind, connectAdoption } from '../../../../machines/shipmentsAdoption.ts'
import { connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { type LabelSize, REDIRECT_NOTICE, openReturnSticker, adoptionFor, bufferNumberFor, bufferNumberInput, labelsFor, searchClients, shipmentRemovalFor } from '../../wiring/shipments.ts'
import { useDataLoad } from '../../ui/load.ts'
import { Confirm, Modal } from '../../ui/modal.tsx'
import { notify } from '../../ui/toast.tsx'
import { TypeAhead } from '../../ui/typeahead.tsx'
import type { ShipmentScreen } from './rules.ts'


/** Copies text; falls back to a hidden text area where the Clipboard API is not available (plain http). */
async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    document.execCommand('copy')
    area.remove()
  }
}

/** The link of the public tracking page: the site origin plus /tracking/{internalNumber}. */
export const trackingLink = (number: string) => `${window.location.origin}${href('trackingId', { id: number })}`

export interface ShipmentActionsProps {
  role: number
  reply: ShipmentReply
  screen: ShipmentScreen
  navigate: (to: string) => void
  reload: () => void
}

/** The header buttons of the shipment screen and their modals ("Modals"). */
export function ShipmentActions({ role, reply, screen, navigate, reload }: ShipmentActionsProps) {
  const s = reply.shipment
  const number = s.waybill
  // Which modal is open is UI state; each modal's work is its machine's.
  const [modal, setModal] = useState<null | 'labels' | 'adopt-buffer' | 'adopt-unprocessable' | 'buffer-number'>(null)
  // "Oznacz jako usunięte": the record form's confirmed action on this shipment.
  const [removal] = useState(() => shipmentRemovalFor(number, role))
  const [removalState, removalSend] = useMachine(removal, { input: { id: s.id ?? 0, validate: () => ({}) }, inspect })
  const removing = connectForm(removalState, removalSend)
  const duplicated = s.parcels.find((p) => p.waybill.external_duplicated) ?? null
  const buffered = s.parcels.find((p) => p.waybill.external_buffer) ?? s.parcels[0] ?? null

  const returnSticker = async () => {
    if (!duplicated) return
    await openReturnSticker(duplicated.waybill.internal)
  }

  const copyLink = async () => {
    await copyText(trackingLink(number))
    notify.success('link_was_copied')
  }

  return (
    <div className="header-actions" data-testid="shipment-actions">
      {screen.adoptUnprocessable && (
        <button type="button" className="btn" data-action="adopt-unprocessable" onClick={() => setModal('adopt-unprocessable')}>
          {SHIPMENTS_TEXT.assignUnprocessable}
        </button>
      )}
      {screen.adoptBuffer && (
        <button type="button" className="btn" data-action="adopt-buffer" onClick={() => setModal('adopt-buffer')}>
          {SHIPMENTS_TEXT.assignBuffer}
        </button>
      )}
      {screen.returnSticker && (
        <button type="button" className="btn" data-action="return-sticker" onClick={returnSticker}>
          {SHIPMENTS_TEXT.returnLabel}
        </button>
      )}
      {screen.printLabel && (
        <button type="button" className="btn btn-primary" data-action="print-label" onClick={() => setModal('labels')}>
          {SHIPMENTS_TEXT.printLabel}
        </button>
      )}
      {screen.setBufferNumber && (
        <button type="button" className="btn" data-action="buffer-number" onClick={() => setModal('buffer-number')}>
          {SHIPMENTS_TEXT.setNumber}
        </button>
      )}
      {screen.markRemoved && (
        <button type="button" className="btn btn-danger" data-action="remove" onClick={removing.act}>
          {SHIPMENTS_TEXT.markDeleted}
        </button>
      )}
      <button type="button" className="btn" data-action="copy-link" onClick={copyLink}>
        {SHIPMENTS_TEXT.copyTrackingLink}
      </button>

      <LabelsModal open={modal === 'labels'} number={number} role={role} onClose={() => setModal(null)} navigate={navigate} />
      {(modal === 'adopt-buffer' || modal === 'adopt-unprocessable') && buffered && (
        <AdoptionModal
          kind={modal === 'adopt-buffer' ? 'buffer' : 'unprocessable'}
          parcelId={buffered.id}
          onClose={() => setModal(null)}
          openShipment={(n) => {
            setModal(null)
            if (n === number) reload()
            else navigate(href('shipment', { internalNumber: n }))
          }}
        />
      )}
      {modal === 'buffer-number' && duplicated && <BufferNumberModal parcelId={duplicated.id} onClose={() => setModal(null)} onSaved={reload} />}
      <Confirm open={removing.confirming} busy={removing.busy} onCancel={removing.cancel} onConfirm={removing.confirm} />
    </div>
  )
}

/** Download labels: sizes 297×210 and 100×150, or add the next shipment. */
function LabelsModal({ open, number, role, onClose, navigate }: { open: boolean; number: string; role: number; onClose: () => void; navigate: (to: string) => void }) {
  // The download of a size is the labels machine's action (asked and run at once); the buttons wait while it runs.
  const [logic] = useState(() => labelsFor(number, onClose))
  const labels = useDataLoad(logic)
  const busy = labels.isBusy
  const download = (size: LabelSize) => {
    labels.ask(size)
    labels.confirm()
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={SHIPMENTS_TEXT.downloadLabels}
      footer={
        <>
          {canOpen('shipmentNew', role) && (
            <button type="button" className="btn" onClick={() => (onClose(), navigate(href('shipmentNew')))}>
              {SHIPMENTS_TEXT.addAnother}
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
            {UI_TEXT.close}
          </button>
        </>
      }
    >
      <p>{SHIPMENTS_TEXT.chooseLabelSize}</p>
      <div className="label-sizes">
        {SHIPMENT.labelSizes.map((size) => {
          const [w, h] = SHIPMENT.labelPageMm[size]
          return (
            <button key={size} type="button" className="btn btn-primary" disabled={busy} data-size={size} onClick={() => download(size)}>
              {w}×{h}
            </button>
          )
        })}
      </div>
    </Modal>
  )
}

/** Adoption of a buffer or unprocessable parcel (machines/shipmentsAdoption.ts). */
function AdoptionModal({ kind, parcelId, onClose, openShipment }: { kind: AdoptionKind; parcelId: number; onClose: () => void; openShipment: (n: string) => void }) {
  const [machine] = useState(() => adoptionFor(openShipment))
  const [state, send] = useMachine(machine, { input: { parcelId, kind }, inspect })
  const a = connectAdoption(state, send)
  const editing = a.isEditable
  return (
    <Modal
      open
      onClose={() => editing && onClose()}
      title={kind === 'buffer' ? SHIPMENTS_TEXT.assignBufferTitle : SHIPMENTS_TEXT.assignUnprocessableTitle}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={!editing}>
            {UI_TEXT.cancel}
          </button>
          <button type="button" className="btn btn-primary" disabled={!a.canSubmit} onClick={a.submit}>
            {UI_TEXT.save}
          </button>
        </>
      }
    >
      <div data-machine="adoption" data-state={stateString(state.value)}>
        <TypeAhead<ClientRef>
          label={UI_TEXT.client}
          name="adopt-client"
          selected={a.client}
          display={(c) => c.name}
          itemKey={(c) => c.id}
          search={searchClients}
          onSelect={a.chooseClient}
          disabled={!editing}
          emptyText={SHIPMENT_MSG.clientNotFound}
        />
        <label className="checkbox">
          <input type="checkbox" checked={a.isEmag} disabled={!editing} onChange={(e) => a.setEmag(e.target.checked)} /> {SHIPMENTS_TEXT.emag}
        </label>
        {a.asksReturn && (
          <label className="checkbox">
            <input type="checkbox" checked={a.isReturn} disabled={!editing} onChange={(e) => a.setReturn(e.target.checked)} /> {SHIPMENTS_TEXT.return}
          </label>
        )}
        {a.error && <div className="alert alert-danger">{a.error}</div>}
        {a.isAdopted && (
          <div className="alert alert-success" role="status">
            {a.message} {REDIRECT_NOTICE}
          </div>
        )}
      </div>
    </Modal>
  )
}

/** Set new buffer number: new outgoing number and the marketplace flag (the record form; 422 messages on the field). */
function BufferNumberModal({ parcelId, onClose, onSaved }: { parcelId: number; onClose: () => void; onSaved: () => void }) {
  const [machine] = useState(() =>
    bufferNumberFor(() => {
      onClose()
      onSaved()
    }),
  )
  const [state, send] = useMachine(machine, { input: bufferNumberInput(parcelId), inspect })
  const p = connectForm(state, send)
  const barcode = p.fieldProps('barcode')
  // A refused number says why (the server's message for the field, else the failure's).
  const problem = barcode.errors[0] ?? p.error
  return (
    <Modal
      open
      onClose={onClose}
      title={SHIPMENTS_TEXT.setNumberTitle}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {UI_TEXT.cancel}
          </button>
          <button type="button" className="btn btn-primary" disabled={p.busy || barcode.value.trim() === ''} onClick={p.submit}>
            {UI_TEXT.save}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="f-new-barcode">{SHIPMENT_LABEL.newBufferNumber}</label>
        <input id="f-new-barcode" name="barcode" value={barcode.value} autoFocus onChange={(e) => p.set('barcode', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="f-new-emag">{UI_TEXT.emag}</label>
        <select id="f-new-emag" name="emag" value={p.text('emag')} onChange={(e) => p.set('emag', Number(e.target.value))}>
          <option value={0}>{UI_TEXT.no}</option>
          <option value={1}>{UI_TEXT.yes}</option>
        </select>
      </div>
      {problem && <div className="alert alert-danger">{problem}</div>}
    </Modal>
  )
}
