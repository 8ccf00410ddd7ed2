import { useState } from 'react'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { isStaff } from '../../../contract/constants/access.ts'
import { SHIPMENT } from '../../../contract/constants/shipments.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { endpoints as ep } from '../../../contract/endpoints.ts'
import { SHIPMENT_MSG } from '../../../contract/messages/shipment.ts'
import { canOpen, href } from '../../../contract/routes.ts'
import type { ShipmentReply } from '../../../contract/schemas/shipment.ts'
import type { ClientRef } from '../../../contract/schemas/warehouse.ts'
import { type AdoptionKind, adoptionMachine } from '../../../../machines/adoption.ts'
import { ApiError, call, callWithStatus } from '../../api/client.ts'
import { openWithPublicToken, saveBlob } from '../../api/files.ts'
import { inspect } from '../../inspector/index.ts'
import { Confirm, Modal } from '../../ui/modal.tsx'
import { notify } from '../../ui/toast.tsx'
import { TypeAhead } from '../../ui/typeahead.tsx'
import type { ShipmentScreen } from './rules.ts'

const stateString = (v: unknown): string =>
  typeof v === 'string' ? v : Object.entries(v as Record<string, unknown>).map(([k, c]) => `${k}.${stateString(c)}`).join(',')

/** Notice shown with the adoption message; wording chosen here. */
const REDIRECT_NOTICE = `Za ${SHIPMENT.adoptionRedirectMs / 1000} sekund nastąpi przekierowanie do strony przesyłki.`

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
  const [modal, setModal] = useState<null | 'labels' | 'adopt-buffer' | 'adopt-unprocessable' | 'buffer-number' | 'remove'>(null)
  const [busy, setBusy] = useState(false)
  const duplicated = s.parcels.find((p) => p.waybill.external_duplicated) ?? null
  const buffered = s.parcels.find((p) => p.waybill.external_buffer) ?? s.parcels[0] ?? null

  const remove = async () => {
    setBusy(true)
    try {
      await call(ep.shipmentDelete, { waybill: number })
      notify.success(SHIPMENT_MSG.deleted)
      setModal(null)
      // After removal: the parcel list; a client has its own list at /parcels.
      navigate(href(isStaff(role) ? 'parcelList' : 'parcels'))
    } catch {
      notify.error(SHIPMENT_MSG.deleteFailed)
    } finally {
      setBusy(false)
    }
  }

  const returnSticker = async () => {
    if (!duplicated) return
    try {
      await openWithPublicToken(ep.returnSticker, { internalNumber: duplicated.waybill.internal })
    } catch (e) {
      notify.error((e as Error).message)
    }
  }

  const copyLink = async () => {
    await copyText(trackingLink(number))
    notify.success('link_was_copied')
  }

  return (
    <div className="header-actions" data-testid="shipment-actions">
      {screen.adoptUnprocessable && (
        <button type="button" className="btn" data-action="adopt-unprocessable" onClick={() => setModal('adopt-unprocessable')}>
          Przypisz klienta (nieprocesowalna)
        </button>
      )}
      {screen.adoptBuffer && (
        <button type="button" className="btn" data-action="adopt-buffer" onClick={() => setModal('adopt-buffer')}>
          Przypisz klienta (buforowa)
        </button>
      )}
      {screen.returnSticker && (
        <button type="button" className="btn" data-action="return-sticker" onClick={returnSticker}>
          Generuj naklejkę zwrotną
        </button>
      )}
      {screen.printLabel && (
        <button type="button" className="btn btn-primary" data-action="print-label" onClick={() => setModal('labels')}>
          Drukuj etykietę
        </button>
      )}
      {screen.setBufferNumber && (
        <button type="button" className="btn" data-action="buffer-number" onClick={() => setModal('buffer-number')}>
          Ustaw nowy numer
        </button>
      )}
      {screen.markRemoved && (
        <button type="button" className="btn btn-danger" data-action="remove" onClick={() => setModal('remove')}>
          Oznacz jako usunięte
        </button>
      )}
      <button type="button" className="btn" data-action="copy-link" onClick={copyLink}>
        Kopiuj link do śledzenia
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
      <Confirm open={modal === 'remove'} busy={busy} onCancel={() => setModal(null)} onConfirm={remove} />
    </div>
  )
}

/** Download labels: sizes 297×210 and 100×150, or add the next shipment. */
function LabelsModal({ open, number, role, onClose, navigate }: { open: boolean; number: string; role: number; onClose: () => void; navigate: (to: string) => void }) {
  const [busy, setBusy] = useState(false)
  const download = async (size: (typeof SHIPMENT.labelSizes)[number]) => {
    setBusy(true)
    try {
      const { data } = await callWithStatus(size === 'dl' ? ep.labelsDl : ep.labels100150, undefined, { internalNumber: number })
      saveBlob(data as Blob, `${number}.pdf`)
      onClose()
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) notify.warning(SHIPMENT_MSG.labelNotReady)
      else notify.error((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Pobierz etykiety"
      footer={
        <>
          {canOpen('shipmentNew', role) && (
            <button type="button" className="btn" onClick={() => (onClose(), navigate(href('shipmentNew')))}>
              Dodaj kolejną przesyłkę
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
            Zamknij
          </button>
        </>
      }
    >
      <p>Wybierz rozmiar etykiety:</p>
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

/** Adoption of a buffer or unprocessable parcel (machines/adoption.ts). */
function AdoptionModal({ kind, parcelId, onClose, openShipment }: { kind: AdoptionKind; parcelId: number; onClose: () => void; openShipment: (n: string) => void }) {
  const [machine] = useState(() =>
    adoptionMachine.provide({
      actors: {
        adopt: fromPromise(async ({ input }) => {
          const { kind: k, ...body } = input
          return call(k === 'buffer' ? ep.parcelAdoptBuffer : ep.parcelAdoptUnprocessable, body)
        }),
      },
      actions: {
        notifyAdopted: ({ context }) => {
          notify.success(context.message ?? (context.kind === 'buffer' ? SHIPMENT_MSG.adoptedBuffer : SHIPMENT_MSG.adoptedUnprocessable))
          notify.info(REDIRECT_NOTICE, SHIPMENT.adoptionRedirectMs)
        },
        notifyFailed: () => notify.error(SHIPMENT_MSG.adoptFailed),
        openShipment: ({ context }) => openShipment(context.internalWaybill!),
      },
    }),
  )
  const [state, send] = useMachine(machine, { input: { parcelId, kind }, inspect })
  const { client, isEmag, isReturn, error } = state.context
  const editing = state.matches('editing')
  return (
    <Modal
      open
      onClose={() => editing && onClose()}
      title={kind === 'buffer' ? 'Przypisz klienta do przesyłki buforowej' : 'Przypisz klienta do przesyłki nieprocesowalnej'}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={!editing}>
            Anuluj
          </button>
          <button type="button" className="btn btn-primary" disabled={!state.can({ type: 'SUBMIT' })} onClick={() => send({ type: 'SUBMIT' })}>
            Zapisz
          </button>
        </>
      }
    >
      <div data-machine="adoption" data-state={stateString(state.value)}>
        <TypeAhead<ClientRef>
          label="Klient"
          name="adopt-client"
          selected={client}
          display={(c) => c.name}
          itemKey={(c) => c.id}
          search={(text) => call(endpoints.clientSearch, undefined, { text })}
          onSelect={(c) => send({ type: 'CHOOSE_CLIENT', client: c })}
          disabled={!editing}
          emptyText="Nie znaleziono klienta"
        />
        <label className="checkbox">
          <input type="checkbox" checked={isEmag} disabled={!editing} onChange={(e) => send({ type: 'SET_EMAG', on: e.target.checked })} /> Przesyłka eMAG
        </label>
        {kind === 'unprocessable' && (
          <label className="checkbox">
            <input type="checkbox" checked={isReturn} disabled={!editing} onChange={(e) => send({ type: 'SET_RETURN', on: e.target.checked })} /> Zwrot
          </label>
        )}
        {error && <div className="alert alert-danger">{error}</div>}
        {state.matches('redirecting') && (
          <div className="alert alert-success" role="status">
            {state.context.message} {REDIRECT_NOTICE}
          </div>
        )}
      </div>
    </Modal>
  )
}

/** Set new buffer number: new outgoing number and the marketplace flag. */
function BufferNumberModal({ parcelId, onClose, onSaved }: { parcelId: number; onClose: () => void; onSaved: () => void }) {
  const [barcode, setBarcode] = useState('')
  const [emag, setEmag] = useState<0 | 1>(0)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const save = async () => {
    setBusy(true)
    setError(null)
    try {
      const r = await call(ep.setNewBufferNumber, { parcel_id: parcelId, barcode: barcode.trim(), emag })
      notify.success(r.message)
      onClose()
      onSaved()
    } catch (e) {
      const err = e as ApiError
      setError(err.data?.errors?.barcode?.[0] ?? err.message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      onClose={onClose}
      title="Ustaw nowy numer przesyłki"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Anuluj
          </button>
          <button type="button" className="btn btn-primary" disabled={busy || barcode.trim() === ''} onClick={save}>
            Zapisz
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="f-new-barcode">Nowy numer wyjściowy</label>
        <input id="f-new-barcode" name="barcode" value={barcode} autoFocus onChange={(e) => setBarcode(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="f-new-emag">eMAG</label>
        <select id="f-new-emag" name="emag" value={emag} onChange={(e) => setEmag(Number(e.target.value) as 0 | 1)}>
          <option value={0}>Nie</option>
          <option value={1}>Tak</option>
        </select>
      </div>
      {error && <div className="alert alert-danger">{error}</div>}
    </Modal>
  )
}

