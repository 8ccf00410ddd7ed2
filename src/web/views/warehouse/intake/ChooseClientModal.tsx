import { useEffect, useRef } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { FLOOR_SCREEN_LABEL as L } from '../../../../contract/messages/floor.ts'
import { FLOOR_MSG } from '../../../../contract/messages/floor.ts'
import { type chooseClientMachine, isSearchable } from '../../../../../machines/chooseClient.ts'
import { stateString } from '../../../../../machines/graph/describe.ts'
import { Field } from '../../../ui/form.tsx'
import { Modal } from '../../../ui/modal.tsx'

export type ChooseClientRef = ActorRefFrom<typeof chooseClientMachine>

/**
 * The choose-client window, a thin view of machines/chooseClient.ts: search from 3
 * characters, pick, confirm with the client's postal code and phone number without prefix.
 */
export function ChooseClientModal({ actor }: { actor: ChooseClientRef | undefined }) {
  const state = useSelector(actor, (s) => s)
  const body = useRef<HTMLDivElement>(null)
  const confirming = !!state && (state.matches('confirming') || state.matches('verifying'))
  // The window may open as another closes (which hands the focus back to the barcode): take it.
  useEffect(() => {
    const t = setTimeout(() => body.current?.querySelector<HTMLInputElement>('input')?.focus(), 50)
    return () => clearTimeout(t)
  }, [actor, confirming])
  if (!actor || !state || state.status !== 'active') return null
  const c = state.context
  const send = actor.send
  return (
    <Modal open onClose={() => send({ type: 'CANCEL' })} title={L.chooseClient}>
      <div ref={body} data-machine="chooseClient" data-state={stateString(state.value)} data-testid="choose-client">
        {c.barcode && (
          <p className="hint">
            {L.forBarcode}: <code data-testid="choose-client-barcode">{c.barcode}</code>
          </p>
        )}
        {!confirming ? (
          <>
            <Field label={L.search} name="client-search" autoFocus autoComplete="off" value={c.text} onChange={(e) => send({ type: 'TYPE', text: e.target.value })} />
            {state.matches({ searching: 'results' }) && c.clients.length === 0 && <p className="hint">{FLOOR_MSG.noClientsFound}</p>}
            {c.clients.length > 0 && isSearchable(c.text) && (
              <ul className="suggestions" data-testid="client-results">
                {c.clients.map((client) => (
                  <li key={client.id}>
                    <button type="button" onClick={() => send({ type: 'PICK', client })}>
                      {client.name} <span className="hint">#{client.id}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="modal-footer-inline form-actions">
              <button type="button" className="btn" onClick={() => send({ type: 'CANCEL' })}>
                {L.cancel}
              </button>
            </div>
          </>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              send({ type: 'VERIFY' })
            }}
          >
            <p>
              <strong data-testid="client-picked">{c.picked?.name}</strong>
            </p>
            <Field label={L.postalCode} name="postal_code" autoFocus autoComplete="off" value={c.postalCode} onChange={(e) => send({ type: 'SET_POSTAL_CODE', value: e.target.value })} />
            <Field label={L.phone} name="phone_number" autoComplete="off" inputMode="tel" value={c.phone} onChange={(e) => send({ type: 'SET_PHONE', value: e.target.value })} />
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" data-testid="client-verify" disabled={!state.can({ type: 'VERIFY' })}>
                {state.matches('verifying') ? '…' : L.verify}
              </button>
              <button type="button" className="btn" disabled={!state.can({ type: 'BACK' })} onClick={() => send({ type: 'BACK' })}>
                {L.back}
              </button>
              <span className="spacer" />
              <button type="button" className="btn" onClick={() => send({ type: 'CANCEL' })}>
                {L.cancel}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  )
}
