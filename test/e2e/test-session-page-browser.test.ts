/**
 * A test session's console page, opened from the link the API (and so the reference CLI) gives for it, in headless
 * Chromium against the real service process: its name and state, each run with its status, and a link from a run
 * to its result; an unknown session says so. axe finds nothing serious.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { apiCall, startConsoleService, type ConsoleService } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'
import { launchViewer, openViewer, type ViewerPage } from '../helpers/viewer.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const ADMIN = { email: 'tess@example.com', password: 'sessions at a glance' }

describe.skipIf(!HAS_CHROMIUM)('the test session page in Chromium', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let svc: ConsoleService
  let browser: Browser
  let target: http.Server
  let viewer: ViewerPage
  let session: Json = {}

  beforeAll(async () => {
    target = http.createServer((req, res) => res.writeHead(req.url === '/fail' ? 500 : 200).end('ok'))
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
    ;[svc, browser] = await Promise.all([startConsoleService({ PICKET_ADMIN_EMAIL: ADMIN.email, PICKET_ADMIN_PASSWORD: ADMIN.password }), launchViewer()])
    const ids: string[] = []
    for (const [name, path] of [
      ['Orders API', '/ok'],
      ['Payments API', '/fail'],
    ]) {
      const res = await apiCall(svc, 'POST', '/v1/checks/api', { name, activated: false, locations: ['eu-west-1'], request: { url: `${url}${path}` } })
      expect(res.status).toBe(201)
      ids.push(String(((await res.json()) as Json).id))
    }
    const started = await apiCall(svc, 'POST', '/v1/test-sessions/trigger', { name: 'Release 2.0', runLocation: 'eu-west-1', target: { checkId: ids, allowDeactivated: true } })
    const id = String(((await started.json()) as Json).testSessionId)
    // The completion call waits for the session to end; a 408 says to ask again.
    for (let res = await apiCall(svc, 'GET', `/v1/test-sessions/${id}/completion`); ; res = await apiCall(svc, 'GET', `/v1/test-sessions/${id}/completion`)) {
      if (res.status === 200) {
        session = (await res.json()) as Json
        break
      }
    }
    viewer = await openViewer(browser)
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/sign-in`)
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Checks' }).waitFor()
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await viewer?.close()
    await browser?.close()
    target?.close()
    await svc?.stop()
    stopStrayProcesses()
  })

  it('opens from the session link with its state and each run, and a run links to its result', async () => {
    const { page } = viewer
    const link = new URL(String(session.testSessionLink))
    expect(link.pathname).toBe(`/test-sessions/${session.testSessionId}`)
    await page.goto(`${svc.baseUrl}${link.pathname}`)
    await page.getByRole('heading', { level: 1, name: 'Release 2.0' }).waitFor()
    await expect.poll(() => page.title()).toMatch(/Release 2\.0/)
    const table = page.getByRole('table', { name: 'Runs of this test session' })
    const row = (name: string) => table.getByRole('row').filter({ hasText: name })
    await expect.poll(() => row('Orders API').innerText()).toMatch(/Passed/)
    await expect.poll(() => row('Payments API').innerText()).toMatch(/Failed/)
    expect(await page.getByRole('main').innerText()).toMatch(/Test session Failed started .*2 runs, 1 failed/)
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious).toEqual([])

    const orders = (session.results as Json[]).find((r) => r.name === 'Orders API') as Json
    await row('Orders API').getByRole('link', { name: 'View result' }).click()
    await page.waitForURL((u) => u.pathname === new URL(String(orders.testSessionResultLink)).pathname)
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/checks/${orders.checkId}/results/[0-9a-f-]{36}$`))
    expect(viewer.problems).toEqual([])
  })

  it('says when there is no such session', async () => {
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/test-sessions/00000000-0000-4000-8000-000000000000`)
    await page.getByRole('heading', { name: 'Test session not found' }).waitFor()
  })
})
