import { expect, test } from '@playwright/test'
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import type { MachineSamples } from '../../machines/graph/samples.ts'
import { stateString } from '../../machines/graph/state.ts'
import { sessionMachine } from '../../machines/session.ts'
import { sessionSamples } from '../../machines/session.samples.ts'
import { type PathDriver, drivablePaths, drivePath, nameOf, statesOf } from './machinePaths.ts'

/**
 * The session machine's generated paths on the real page, from a browser with no stored session:
 * signing in as the demo admin (the server's answer: the admin) and signing out.
 */
const driver: PathDriver = {
  machine: sessionMachine as AnyStateMachine,
  samples: sessionSamples as MachineSamples<AnyStateMachine>,
  input: 'no stored session',
  act: (e: AnyEventObject) => {
    if (e.type === 'LOGIN')
      return async (page) => {
        const form = page.locator('form').filter({ has: page.locator('input[name="email"]') })
        await form.locator('input[name="email"]').fill(String(e.email))
        await form.locator('input[name="password"]').fill(String(e.password))
        await form.locator('button[type="submit"]').click()
      }
    if (e.type === 'LOGOUT') return (page) => page.locator('[data-menu="logout"] button').click()
    return null
  },
  // The server's answers: the admin's password signs the admin in; logging out succeeds.
  answers: (e, cause) => {
    if (e.type === 'xstate.done.actor.login') return cause?.type === 'LOGIN' && cause.email === 'admin@example.com' && nameOf(e) === 'admin'
    if (e.type === 'xstate.done.actor.logout') return cause?.type === 'LOGOUT'
    return false
  },
  see: async (page, s) => {
    await expect(page.locator('[data-machine=session]')).toHaveAttribute('data-state', stateString(s.value))
    // Signed in: the role's menu with its logout; signed out: the login form.
    await expect(page.locator('[data-menu="logout"]')).toHaveCount(s.matches('signedIn') ? 1 : 0)
    await expect(page.locator('input[name="email"]')).toHaveCount(s.matches('anonymous') ? 1 : 0)
  },
}

const paths = drivablePaths(driver, { transitions: true })

test.describe('session paths', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
  })

  test(`the paths reach the states they were chosen for: ${statesOf(paths).join(', ')}`, () => {
    expect(statesOf(paths)).toEqual(expect.arrayContaining(['anonymous', 'signedIn.admin']))
  })

  for (const path of paths) test(path.description, async ({ page }) => drivePath(page, driver, path))
})
