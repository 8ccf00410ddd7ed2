import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { connectRouteLink, routeLinkMachine } from '../../machines/routeLink.ts'
import type { RouteName } from '../../src/contract/routes.ts'

/** A route link workflow whose code loads finish when the test says, recording where it navigates. */
function links() {
  const loads = new Map<RouteName, { done(): void; fail(): void }>()
  const went: string[] = []
  const actor = createActor(
    routeLinkMachine.provide({
      actors: {
        load: fromPromise<void, { route: RouteName }>(
          ({ input }) => new Promise<void>((done, fail) => loads.set(input.route, { done: () => done(), fail: () => fail(new Error('chunk')) })),
        ),
      },
      actions: { navigate: (_, { to }) => void went.push(to) },
    }),
  ).start()
  const props = () => connectRouteLink(actor.getSnapshot(), actor.send)
  const settle = () => new Promise((r) => setTimeout(r, 0))
  return { loads, went, props, settle }
}

describe('route links: the last click wins', () => {
  it('a click on a route whose code is not in navigates once the code is in', async () => {
    const { loads, went, props, settle } = links()
    props().click('invoices', '/invoices', false)
    expect(props().pending).toBe('/invoices')
    expect(went).toEqual([])
    loads.get('invoices')!.done()
    await settle()
    expect(went).toEqual(['/invoices'])
    expect(props().pending).toBeNull()
  })

  it('a slower load of an earlier click does not navigate; the later click does', async () => {
    const { loads, went, props, settle } = links()
    props().click('invoices', '/invoices', false)
    props().click('clients', '/clients', false)
    expect(props().pending).toBe('/clients')
    loads.get('clients')!.done()
    await settle()
    loads.get('invoices')!.done()
    await settle()
    expect(went).toEqual(['/clients'])
  })

  it('a click on a loaded route (the link navigates itself) cancels the pending one', async () => {
    const { loads, went, props, settle } = links()
    props().click('invoices', '/invoices', false)
    props().click('clients', '/clients', true)
    expect(props().pending).toBeNull()
    loads.get('invoices')!.done()
    await settle()
    expect(went).toEqual([])
  })

  it('a failed load navigates anyway: the screen shows its own load error', async () => {
    const { loads, went, props, settle } = links()
    props().click('invoices', '/invoices', false)
    loads.get('invoices')!.fail()
    await settle()
    expect(went).toEqual(['/invoices'])
  })
})
