import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { FLOOR_SCREEN_LABEL as L } from '../../../../contract/messages/floor.ts'
import { FLOOR_MSG } from '../../../../contract/messages/floor.ts'
import { type chooseClientMachine, connectChooseClient } from '../../../../../machines/floorChooseClient.ts'
import { stateString } from '../../../../../machines/graph/state.ts'
import { Field } from '../../../ui/form.tsx'
import { Modal } from '../../../ui/modal.tsx'

export type ChooseClientRef = ActorRefFrom<typeof chooseClientMachine>

/**
 * The choose-client window, a thin view of machines/floorChooseClient.ts: search from 3
 * characters, pick, confirm with the client's postal code and phone number without prefix.
 */
export function ChooseClientModal({ actor }: { actor: ChooseClientRef | undefined }) {
  const state = useSelector(actor, (s) => s)
  const v = state && actor ? connectChooseClient(state, actor.send) : null
  const confirming = !!v?.confirming
  if (!v || !state || !v.open) return null
  return (
    <Modal open onClose={v.cancel} title={L.chooseClient}>
      <div data-machine="chooseClient" data-state={stateString(state.value)} data-testid="choose-client">
        {v.barcode && (
          <p className="hint">
            {L.forBarcode}: <code data-testid="choose-client-barcode">{v.barcode}</code>
          </p>
        )}
        {!confirming ? (
          <>
            <Field label={L.search} name="client-search" autoFocus autoComplete="off" value={v.text} onChange={(e) => v.type(e.target.value)} />
            {v.noClients && <p className="hint">{FLOOR_MSG.noClientsFound}</p>}
            {v.clients.length > 0 && (
              <ul className="suggestions" data-testid="client-results">
                {v.clients.map((client) => (
                  <li key={client.id}>
                    <button type="button" onClick={() => v.pick(client)}>
                      {client.name} <span className="hint">#{client.id}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="modal-footer-inline form-actions">
              <button type="button" className="btn" onClick={v.cancel}>
                {L.cancel}
              </button>
            </div>
          </>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              v.verify()
            }}
          >
            <p>
              <strong data-testid="client-picked">{v.picked?.name}</strong>
            </p>
            <Field label={L.postalCode} name="postal_code" autoFocus autoComplete="off" value={v.postalCode} onChange={(e) => v.setPostalCode(e.target.value)} />
            <Field label={L.phone} name="phone_number" autoComplete="off" inputMode="tel" value={v.phone} onChange={(e) => v.setPhone(e.target.value)} />
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" data-testid="client-verify" disabled={!v.canVerify}>
                {v.busy ? '…' : L.verify}
              </button>
              <button type="button" className="btn" disabled={!v.canBack} onClick={v.back}>
                {L.back}
              </button>
              <span className="spacer" />
              <button type="button" className="btn" onClick={v.cancel}>
                {L.cancel}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  )
}
