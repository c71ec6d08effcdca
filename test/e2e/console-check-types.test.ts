/**
 * SSL, traceroute and agentic checks through the console's own forms, in headless Chromium against the real
 * service process (SQLite, engine on, no model configured): an SSL check of a local TLS server (its certificate
 * signed by a CA the service trusts) and a traceroute check of this machine are made with their forms, run for real,
 * and their result pages show the certificate, the handshake and the baseline, and the route as a table of hops;
 * their edit tabs load what was saved; the agentic form shows the service's 400 naming AGENTIC_MODEL_URL. axe finds
 * no violation on any of these pages. Screenshots go to PICKET_SCREENSHOTS/check-types (default /tmp/h2-shots).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { apiCall, startConsoleService, type ConsoleService } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'
import { makeSslCerts, type SslCerts } from '../helpers/ssl-certs.js'
import { launchViewer, openViewer, type ViewerPage } from '../helpers/viewer.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const ADMIN = { email: 'ada@example.com', password: 'three more types' }
const SHOTS = process.env.PICKET_SCREENSHOTS ? path.join(process.env.PICKET_SCREENSHOTS, 'check-types') : '/tmp/h2-shots'

describe.skipIf(!HAS_CHROMIUM)('SSL, traceroute and agentic checks in the console', () => {
  let svc: ConsoleService
  let browser: Browser
  let viewer: ViewerPage
  let certs: SslCerts
  let tls: https.Server
  let dataDir = ''
  const ids: Record<'ssl' | 'traceroute', string> = { ssl: '', traceroute: '' }

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
  const settled = (page: Page) => page.waitForFunction(() => document.querySelector('.loading') === null, undefined, { timeout: 30_000 })
  const violations = async (page: Page) => (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.join(', ')}`)

  /** Runs a check now and answers the id of its result once the session ended. */
  async function runNow(checkId: string): Promise<string> {
    const trigger = await apiCall(svc, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })
    const sessionId = String(((await trigger.json()) as Json).sessions?.[0]?.checkSessionId)
    // The completion call waits (up to 30 s a call) for the run to end; a 408 says to ask again.
    for (let call = 0; call < 4; call++) {
      const res = await apiCall(svc, 'GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`)
      if (res.status === 200) break
    }
    const results = (await (await apiCall(svc, 'GET', `/v1/check-results/${checkId}`)).json()) as Json[]
    return String(results[0]?.id ?? '')
  }

  /** Fills the name of a new check's form and the fields `fill` sets, creates it, and answers its id. */
  async function createThroughForm(slug: string, name: string, fill: (page: Page) => Promise<void>): Promise<string> {
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/checks/new/${slug}`)
    await page.getByLabel('Name', { exact: true }).fill(name)
    await fill(page)
    expect(await violations(page), `axe on the ${slug} form`).toEqual([])
    await shot(page, `form-${slug}`)
    await page.getByRole('button', { name: 'Create check' }).click()
    await page.waitForURL(/\/checks\/[0-9a-f-]{36}$/, { timeout: 30_000 })
    return new URL(page.url()).pathname.split('/').pop() ?? ''
  }

  beforeAll(async () => {
    certs = makeSslCerts()
    const leaf = certs.leaf({ names: ['localhost', '127.0.0.1'], days: 30 })
    tls = https.createServer({ cert: leaf.cert, key: leaf.key }, (_req, res) => res.end('ok'))
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve))
    dataDir = await mkdtemp(path.join(tmpdir(), 'picket-console-types-'))
    const caFile = path.join(dataDir, 'test-ca.pem')
    await writeFile(caFile, certs.caCert)
    const env = { DATA_DIR: dataDir, PICKET_ADMIN_EMAIL: ADMIN.email, PICKET_ADMIN_PASSWORD: ADMIN.password, NODE_EXTRA_CA_CERTS: caFile }
    ;[svc, browser] = await Promise.all([startConsoleService(env), launchViewer()])
    viewer = await openViewer(browser)
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/sign-in`)
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Checks' }).waitFor()
    await mkdir(SHOTS, { recursive: true })
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await viewer?.close()
    await browser?.close()
    tls?.close()
    await svc?.stop()
    certs?.cleanup()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    stopStrayProcesses()
  })

  it('makes an SSL check with its form, runs it, and shows the certificate, the handshake and the baseline', async () => {
    const port = (tls.address() as AddressInfo).port
    ids.ssl = await createThroughForm('ssl', 'Local certificate', async (page) => {
      await page.getByLabel('Host', { exact: true }).fill('localhost')
      await page.getByLabel('Port', { exact: true }).fill(String(port))
      await page.getByLabel('Degrade when fewer days are left').fill('10')
      await page.getByLabel('Recommended TLS version: when not met').selectOption('degrade')
    })
    const saved = (await (await apiCall(svc, 'GET', `/v1/checks/${ids.ssl}`)).json()) as Json
    expect(saved.request.sslConfig).toMatchObject({
      hostname: 'localhost',
      port,
      alertDaysBeforeExpiry: 10,
      securityBaseline: { recommendedTLSVersion: { value: 'TLS1.3', severity: 'degrade' } },
    })

    const resultId = await runNow(ids.ssl)
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/checks/${ids.ssl}/results/${resultId}`)
    await page.getByRole('heading', { name: 'Handshake', exact: true }).waitFor({ timeout: 30_000 })
    await settled(page)
    const facts = await page.locator('main').innerText()
    expect(facts).toContain('CN=localhost')
    expect(facts).toContain('Picket SSL Test CA')
    expect(facts).toMatch(/2\d days? left|30 days left/)
    expect(facts).toMatch(/Chain trusted\s+Yes/)
    expect(facts).toMatch(/Host name matches\s+Yes/)
    expect(await page.getByRole('table', { name: 'Security baseline rules' }).locator('tbody tr').count()).toBe(9)
    expect(await violations(page)).toEqual([])
    await shot(page, 'result-ssl')
    expect(viewer.problems).toEqual([])
  })

  it('makes a traceroute check with its form, runs it, and shows the route as a table of hops', async () => {
    ids.traceroute = await createThroughForm('traceroute', 'Route home', async (page) => {
      await page.getByLabel('Host', { exact: true }).fill('127.0.0.1')
      await page.getByLabel('Max hops').fill('5')
    })
    const resultId = await runNow(ids.traceroute)
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/checks/${ids.traceroute}/results/${resultId}`)
    await page.getByRole('heading', { name: 'Route', exact: true }).waitFor({ timeout: 30_000 })
    await settled(page)
    const hops = page.getByRole('table', { name: 'Hops on the route, nearest first' })
    expect(await hops.locator('thead th').allTextContents()).toEqual(['Hop', 'Address', 'Name', 'Probe 1', 'Probe 2', 'Probe 3', 'Loss'])
    expect(await hops.locator('tbody tr').first().locator('td').first().textContent()).toBe('127.0.0.1')
    expect(await page.locator('main').innerText()).toMatch(/Reached\s+Yes, in 1 hops/)
    expect(await violations(page)).toEqual([])
    await shot(page, 'result-traceroute')
    expect(viewer.problems).toEqual([])
  })

  it.each([
    ['ssl', 'Host', 'localhost'],
    ['traceroute', 'Host', '127.0.0.1'],
  ] as const)('the edit tab of the %s check loads what was saved', async (slug, label, value) => {
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/checks/${ids[slug]}/edit`)
    await expect.poll(() => page.getByLabel(label, { exact: true }).inputValue(), { timeout: 30_000 }).toBe(value)
    expect(await violations(page)).toEqual([])
    await shot(page, `edit-${slug}`)
  })

  it('shows the service’s 400 naming AGENTIC_MODEL_URL on the agentic form', async () => {
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/checks/new/agentic`)
    await page.getByLabel('Name', { exact: true }).fill('Lamp in the cart')
    await page.getByLabel('Start URL').fill('https://shop.example.com')
    await page.getByLabel('Prompt').fill('Find "Lamp 42", put it in the cart and check the cart.')
    await page.getByRole('button', { name: '+ Add condition' }).click()
    await page.getByLabel('Condition 1: what must hold').fill('The cart shows one item')
    await page.getByLabel('Condition 1: expected value').fill('1 item')
    await page.getByRole('button', { name: 'Create check' }).click()
    const error = page.getByText('AGENTIC_MODEL_URL', { exact: false }).first()
    await error.waitFor({ timeout: 30_000 })
    expect(new URL(page.url()).pathname).toBe('/checks/new/agentic')
    expect(await violations(page)).toEqual([])
    await shot(page, 'form-agentic-no-model')
  })
})
