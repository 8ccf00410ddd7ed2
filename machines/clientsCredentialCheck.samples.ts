import { CLIENT_MSG } from '../src/contract/messages/clients.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { type CheckResult, type LoadedCredential, credentialCheckMachine } from './clientsCredentialCheck.ts'

/** After the demo data: Demo Shop SRL's sandbox account of DPD Romania (courier 2). */
export const sandboxContract: CheckResult = { client_id: '100200300', contract_number: 'RO-DPD-2024-0042', email: 'contracte@dpd.example.ro', phone_number: '+40 21 300 4000' }
const reference = { types: [{ id: 2, name: 'DPD Rumunia – konto klienta' }] }
const account = (isProtected: boolean): LoadedCredential => ({
  reference,
  account: {
    values: { id_courier: 2, id_type: isProtected ? 1 : 2, username: 'sandbox', service: 'Classic', note: '', comment: '' },
    protected: isProtected,
    contract: sandboxContract,
  },
})

export const credentialCheckSamples = defineSamples(credentialCheckMachine, {
  inputs: {
    'new account': { mode: 'account', clientId: 1, id: null, defaultCourierId: 2 },
    'account 7': { mode: 'account', clientId: 1, id: 7, defaultCourierId: 2 },
    'permission check': { mode: 'probe', clientId: 1, id: null, defaultCourierId: 2 },
  },
  events: [
    doneActor('load', { reference }, 'reference only'),
    doneActor('load', account(false), 'client account'),
    doneActor('load', account(true), 'protected account'),
    errorActor('load', httpError(404, { message: CLIENT_MSG.credentialNotFound }), '404'),
    { type: 'RETRY' },
    named('login sandbox', { type: 'SET', name: 'username', value: 'sandbox' }),
    named('login empty', { type: 'SET', name: 'username', value: '' }),
    named('password sandbox123', { type: 'SET', name: 'password', value: 'sandbox123' }),
    named('kind 2', { type: 'SET', name: 'id_type', value: 2 }),
    named('note', { type: 'SET', name: 'note', value: 'Konto klienta' }),
    { type: 'CHECK' },
    doneActor('check', sandboxContract, 'accepted'),
    errorActor('check', httpError(406, { message: CLIENT_MSG.checkFailed }), '406'),
    errorActor('check', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
    { type: 'SAVE' },
    doneActor('save', { id: 7 }, 'saved'),
    errorActor('save', httpError(406, { message: CLIENT_MSG.checkFailed }), '406'),
    errorActor('save', httpError(422, { message: 'Przesłane dane są nieprawidłowe', errors: { username: ['Pole jest wymagane'] } }), '422'),
    { type: 'DELETE' },
    { type: 'UNPIN' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    doneActor('remove', { message: CLIENT_MSG.credentialDeleted }, 'deleted'),
    errorActor('remove', httpError(409, { message: CLIENT_MSG.credentialProtected }), '409'),
    doneActor('unpin', { message: CLIENT_MSG.credentialUnpinned }, 'unpinned'),
    errorActor('unpin', httpError(404, { message: CLIENT_MSG.credentialNotFound }), '404'),
  ],
  key: ({ values, checked, protected: locked, id, mode }) => ({ values, checked, locked, id, mode }),
})
