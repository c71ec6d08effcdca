/**
 * A status page follows the check tied to its service, in headless Chromium against the running service (SQLite)
 * with the real engine and a local target switched from failing to passing: the first failure (below the alert
 * threshold) already shows the service as not operational, the alerted failure opens the incident, the recovery
 * resolves it and the service is operational again. The public pages (the status page in light and dark with the
 * incident, and a dashboard) pass axe with no serious or critical violation, have a main landmark, fit a phone
 * without horizontal scrolling, are sent compressed when asked, and have a favicon. Screenshots go to
 * /tmp/shots/status/.
 */
import { mkdirSync } from 'node:fs'
import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { startSwitchTarget, type SwitchTarget } from '../alerting/alert-flow-kit.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { launchViewer, openViewer } from '../helpers/viewer.js'
import { axeViolations } from '../helpers/axe.js'

type Json = Record<string, unknown>

const sqlite = testDbs.filter((d) => d.name === 'sqlite')
const SHOTS = '/tmp/shots/status'
const PHONE = { width: 390, height: 844 }
const LAPTOP = { width: 1280, height: 800 }

const serious = async (page: Page) => (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe.skipIf(!HAS_CHROMIUM).each(sqlite)('a status page following its check in Chromium ($name)', (db) => {
  let t: TestApp
  let e: TestEngine
  let target: SwitchTarget
  let browser: Browser
  let origin = ''
  let dashboardUrl = ''
  let checkId = ''
  const clock = new FakeClock(Date.now())
  const errors: unknown[] = []

  const runSlot = async () => {
    const row = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', checkId).executeTakeFirstOrThrow()
    clock.set(Math.max(clock.now(), Number(row.next_due_at)))
    await e.engine.runOnce()
    expect(errors).toEqual([])
  }
  const apiIncidents = async () => ((await t.call('GET', '/v1/status-pages/incidents?limit=100')).json() as { entries: Json[] }).entries

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    target = await startSwitchTarget()
    t = await startTestApp(db, { clock, sites: { dashboardDomain: null, statusPageDomain: 'status.test' } })
    e = startTestEngine(t.store, clock, { onFinalResults: (rows) => t.services.alerting.evaluate(rows).catch((err: unknown) => void errors.push(err)) })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (t.app.server.address() as AddressInfo).port
    origin = `http://acme.status.test:${port}`
    dashboardUrl = `http://127.0.0.1:${port}/dashboards/acme-wall`
    const service = (await t.call('POST', '/v1/status-pages/services', { name: 'Shop API' })).json() as Json
    const website = (await t.call('POST', '/v1/status-pages/services', { name: 'Website' })).json() as Json
    const page = await t.call('POST', '/v1/status-pages', {
      name: 'Acme',
      url: 'acme',
      description: 'Live status of the Acme shop',
      cards: [{ name: 'Shop', services: [service.id, website.id] }],
    })
    expect(page.statusCode, page.body).toBe(201)
    const check = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'Shop API health',
      frequency: 1,
      locations: ['us-east-1'],
      doubleCheck: false,
      tags: ['shop'],
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 } },
      request: { method: 'GET', url: `${target.url}/t/shop`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      triggerIncident: { serviceId: service.id, severity: 'MAJOR', name: 'Shop API is failing', description: 'Orders cannot be placed.', notifySubscribers: false },
    })
    expect(check.statusCode, check.body).toBe(201)
    checkId = String((check.json() as Json).id)
    const dashboard = await t.call('POST', '/v1/dashboards', { header: 'Acme checks', customUrl: 'acme-wall', tags: ['shop'], enableIncidents: true })
    expect(dashboard.statusCode, dashboard.body).toBe(201)
    browser = await launchViewer()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await e?.engine.stop()
    await t?.close()
    await target?.close()
  })

  it('shows the failing check as not operational, its incident, and the recovery', async () => {
    const v = await openViewer(browser, { viewport: LAPTOP })
    const { page } = v
    await runSlot()
    await page.goto(`${origin}/`)
    expect(await page.locator('.banner').textContent()).toBe('All systems operational')
    expect(await page.title()).toBe('Acme status')
    expect(await page.locator('main').count()).toBe(1)
    await page.screenshot({ path: `${SHOTS}/status-operational-laptop.png`, fullPage: true })

    // The first failure is below the alert threshold: no incident yet, but the service is not shown operational.
    target.set('shop', { status: 503 })
    await runSlot()
    await page.reload()
    expect(await apiIncidents()).toEqual([])
    expect(await page.locator('.service', { hasText: 'Shop API' }).locator('.state').textContent()).toBe('Major outage')
    expect(await page.locator('.service', { hasText: 'Website' }).locator('.state').textContent()).toBe('Operational')
    expect(await page.locator('.banner').textContent()).toBe('Major outage')
    expect(await page.locator('.service', { hasText: 'Shop API' }).locator('svg.bars rect').last().getAttribute('class')).toBe('major')

    // The second failure is alerted: the incident opens, as the API lists it.
    await runSlot()
    await page.reload()
    const [opened] = await apiIncidents()
    expect(opened).toMatchObject({ name: 'Shop API is failing', lastUpdateStatus: 'INVESTIGATING' })
    expect(await page.locator('.open-incidents .sp-incident h3').allTextContents()).toEqual([opened?.name])
    expect(await page.locator('.service', { hasText: 'Shop API' }).locator('.state').textContent()).toBe('Major outage')
    await page.screenshot({ path: `${SHOTS}/status-incident-laptop.png`, fullPage: true })
    expect(await serious(page)).toEqual([])

    // The incident has a page of its own, titled by it.
    await page.locator('.open-incidents .sp-incident h3 a').click()
    await expect.poll(() => page.title()).toBe('Shop API is failing · Acme status')
    expect(await page.locator('main .sp-incident h2').textContent()).toBe('Shop API is failing')
    expect(await page.locator('main .u-text').allTextContents()).toEqual(['Orders cannot be placed.'])
    expect(await serious(page)).toEqual([])
    await page.screenshot({ path: `${SHOTS}/incident-page-laptop.png`, fullPage: true })
    await page.goto(`${origin}/`)

    for (const theme of ['DARK', 'LIGHT'] as const) {
      expect(
        (await t.call('PUT', `/v1/status-pages/${String(((await t.call('GET', '/v1/status-pages')).json() as { entries: Json[] }).entries[0]?.id)}`, { defaultTheme: theme }))
          .statusCode,
      ).toBe(200)
      await page.reload()
      expect(await page.locator(`body.${theme.toLowerCase()}`).count()).toBe(1)
      expect(await serious(page), theme).toEqual([])
      await page.screenshot({ path: `${SHOTS}/status-incident-${theme.toLowerCase()}-laptop.png`, fullPage: true })
    }

    const phone = await openViewer(browser, { viewport: PHONE, isMobile: true, hasTouch: true })
    await phone.page.goto(`${origin}/`)
    expect(await overflow(phone.page)).toBe(0)
    await phone.page.screenshot({ path: `${SHOTS}/status-incident-phone.png`, fullPage: true })

    // The target passes again: the incident is resolved and the service is operational.
    target.set('shop', { status: 200 })
    await runSlot()
    await page.reload()
    expect((await apiIncidents()).map((i) => i.lastUpdateStatus)).toEqual(['RESOLVED'])
    expect(await page.locator('.banner').textContent()).toBe('All systems operational')
    expect(await page.locator('.open-incidents').count()).toBe(0)
    expect(await page.locator('.history .sp-incident.resolved h3').allTextContents()).toEqual(['Shop API is failing'])
    expect(await page.locator('.service', { hasText: 'Shop API' }).locator('.state').textContent()).toBe('Operational')
    await phone.page.reload()
    expect(await overflow(phone.page)).toBe(0)
    await phone.page.screenshot({ path: `${SHOTS}/status-operational-phone.png`, fullPage: true })
    expect(v.problems).toEqual([])
    expect(phone.problems).toEqual([])
    await phone.close()
    await v.close()
  }, 120_000)

  it('shows a dashboard that passes axe, fits a phone and has a main landmark', async () => {
    target.set('shop', { status: 503 })
    await runSlot()
    for (const [name, viewport] of [
      ['laptop', LAPTOP],
      ['phone', PHONE],
    ] as const) {
      const v = await openViewer(browser, { viewport })
      await v.page.goto(dashboardUrl)
      expect(await v.page.locator('main').count()).toBe(1)
      expect(await v.page.locator('.check-status').first().textContent()).toMatch(/failing/i)
      expect(await serious(v.page)).toEqual([])
      expect(await overflow(v.page)).toBe(0)
      await v.page.screenshot({ path: `${SHOTS}/dashboard-${name}.png`, fullPage: true })
      expect(v.problems).toEqual([])
      await v.close()
    }
  }, 120_000)

  it('sends the pages and their stylesheet compressed when asked, and serves a favicon', async () => {
    const host = new URL(origin).host
    const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: { host, ...(encoding ? { 'accept-encoding': encoding } : {}) } })
    const plain = await get('/')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    const br = await get('/', 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gz = await get('/', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
    expect((await get('/', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip')
    const css = /href="(\/-\/web\/site\.css\?v=[^"]+)"/.exec(plain.body)?.[1] ?? ''
    const sheet = await get(css, 'br')
    expect(sheet.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(sheet.rawPayload).toString()).toContain('.banner')
    const dash = await t.app.inject({ method: 'GET', url: '/dashboards/acme-wall', headers: { 'accept-encoding': 'gzip' } })
    expect(dash.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(dash.rawPayload).toString()).toContain('<main>')

    const icon = await t.app.inject({ method: 'GET', url: '/favicon.ico' })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['content-type']).toBe('image/x-icon')
    expect(icon.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]))
    expect((await get('/favicon.ico')).statusCode).toBe(200)
    expect(plain.body).toMatch(/<link rel="icon" type="image\/svg\+xml" href="\/-\/web\/favicon\.svg\?v=/)
  })
})
