import { assign, fromPromise, setup } from 'xstate'
import { MSG } from '../src/contract/messages.ts'
import type { FieldErrors } from '../src/contract/validation.ts'

/**
 * The password change form (/profile): the current password, the new one and its confirmation.
 *
 *   editing ─SUBMIT─▶ saving ─done─▶ saved (form emptied, success toast) ─EDIT/SUBMIT─▶ …
 *                        └error─▶ editing: 422 → per-field messages (a wrong current password
 *                                 lands on current_password); 401/419 are handled by the API
 *                                 client; anything else → an error toast
 *
 * The field rules themselves (required, length, equal) are the contract's schema, checked by the
 * form before SUBMIT. The call and the toasts are provided by the web.
 */
export interface PasswordChangeValues {
  current_password: string
  password: string
  confirmation: string
}

export interface PasswordChangeContext {
  /** The server's per-field messages of the last attempt; a field's go when it is edited. */
  fieldErrors: FieldErrors
  /** How many times the password was changed here (the view starts an empty form for each). */
  saved: number
}

export type PasswordChangeEvent = { type: 'SUBMIT'; values: PasswordChangeValues } | { type: 'EDIT'; field: string }

/** A failed call as src/web/api/client.ts throws it: HTTP status and the server's JSON body. */
const failure = (e: unknown) => e as { status?: number; data?: { message?: string; errors?: FieldErrors }; message?: string }

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    save: fromPromise<{ message: string }, PasswordChangeValues>(async () => {
      throw new Error('save not provided')
    }),
  },
  actions: {
    /** Success toast with the server's message key. */
    announceSaved: (_, _params: { message: string }) => {},
    /** Error toast with the server's message (not for 401/419: the API client handles those). */
    announceError: (_, _params: { message: string }) => {},
  },
  guards: {
    hasFieldErrors: ({ event }) => failure((event as { error?: unknown }).error).status === 422 && !!failure((event as { error?: unknown }).error).data?.errors,
    isSessionProblem: ({ event }) => [401, 419].includes(failure((event as { error?: unknown }).error).status ?? 0),
  },
}).createMachine({
  id: 'passwordChange',
  context: { fieldErrors: {}, saved: 0 },
  initial: 'editing',
  on: {
    EDIT: {
      actions: assign({
        fieldErrors: ({ context, event }) => {
          if (!context.fieldErrors[event.field]) return context.fieldErrors
          const { [event.field]: _gone, ...rest } = context.fieldErrors
          return rest
        },
      }),
    },
  },
  states: {
    editing: {
      tags: ['editable'],
      on: { SUBMIT: { target: 'saving', actions: assign({ fieldErrors: {} }) } },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => (event as Extract<PasswordChangeEvent, { type: 'SUBMIT' }>).values,
        onDone: {
          target: 'saved',
          actions: [assign({ saved: ({ context }) => context.saved + 1 }), { type: 'announceSaved', params: ({ event }) => ({ message: event.output.message || 'password_changed' }) }],
        },
        onError: [
          { guard: 'hasFieldErrors', target: 'editing', actions: assign({ fieldErrors: ({ event }) => failure(event.error).data?.errors ?? {} }) },
          { guard: 'isSessionProblem', target: 'editing' },
          {
            target: 'editing',
            actions: { type: 'announceError', params: ({ event }) => ({ message: failure(event.error).data?.message ?? MSG.serverError }) },
          },
        ],
      },
    },
    saved: {
      tags: ['editable', 'done'],
      on: { SUBMIT: { target: 'saving', actions: assign({ fieldErrors: {} }) } },
    },
  },
})

export type PasswordChangeMachine = typeof passwordChangeMachine

/** Tags: `editable` (the form takes input), `busy` (saving), `done` (a change was saved; a fresh form is shown). */
export type PasswordChangeTag = 'editable' | 'busy' | 'done'

/** The profile page's props, by tags. */
export function connectPasswordChange(
  state: { context: PasswordChangeContext; hasTag: (tag: PasswordChangeTag) => boolean },
  send: (e: PasswordChangeEvent) => void,
) {
  return {
    isBusy: state.hasTag('busy'),
    isEditable: state.hasTag('editable'),
    /** The server's messages per field (a wrong current password lands on current_password). */
    serverErrors: state.context.fieldErrors,
    /** Grows with each saved change: the form starts empty again. */
    formKey: state.context.saved,
    edited: (field: string) => send({ type: 'EDIT', field }),
    submit: (values: PasswordChangeValues) => send({ type: 'SUBMIT', values }),
  }
}
export type PasswordChangeProps = ReturnType<typeof connectPasswordChange>
