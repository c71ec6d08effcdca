/**
 * A status page as customers see it, in headless Chromium against the running service (SQLite), with the real
 * engine, a local target and a real SMTP server: a visitor subscribes through the page's form and confirms from
 * the e-mail; a failing check opens an incident (triggerIncident) that the open page shows at its next refresh,
 * without a reload, and the subscriber is e-mailed; the recovery resolves it on the page and by e-mail; the
 * unsubscribe link of the e-mail works in the browser. Reached at its subdomain of STATUS_PAGE_DOMAIN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { PUBLIC_BASE_URL, startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../helpers/receivers/smtp-receiver.js'
import { startSwitchTarget, type SwitchTarget } from '../alerting/alert-flow-kit.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { launchViewer, openViewer } from '../helpers/viewer.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const sqlite = testDbs.filter((d) => d.name === 'sqlite')
const ADDRESS = 'visitor@example.com'

describe.skipIf(!HAS_CHROMIUM).each(sqlite)('a status page in Chromium ($name)', (db) => {
  let t: TestApp
  let e: TestEngine
  let smtp: SmtpReceiver
  let target: SwitchTarget
  let browser: Browser
  let origin = ''
  let checkId = ''
  let pageId = ''
  const clock = new FakeClock(Date.now())
  const errors: unknown[] = []

  const deliver = () => t.services.statusPageSubscribers.deliverDue()
  const mails = () => smtp.mails.filter((m: ReceivedMail) => m.to.includes(ADDRESS))
  /** A link of the e-mail's text, on the running service instead of PUBLIC_BASE_URL. */
  const linkIn = (mail: ReceivedMail | undefined, kind: string): string => {
    const match = new RegExp(`${PUBLIC_BASE_URL}(/status-pages/\\S+/subscriptions/${kind}\\?token=[\\w%-]+)`).exec(mail?.text ?? '')
    expect(match, mail?.text ?? undefined).not.toBeNull()
    return `${origin}${match?.[1] ?? ''}`
  }
  const runSlot = async () => {
    const row = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', checkId).executeTakeFirstOrThrow()
    clock.set(Math.max(clock.now(), Number(row.next_due_at)))
    await e.engine.runOnce()
    expect(errors).toEqual([])
  }
  const subscriberStatus = async () => ((await t.call('GET', `/v1/status-pages/${pageId}/subscriptions`)).json() as Json[]).find((s) => s.address === ADDRESS)?.status

  beforeAll(async () => {
    smtp = await startSmtpReceiver()
    target = await startSwitchTarget()
    t = await startTestApp(db, {
      clock,
      sites: { dashboardDomain: null, statusPageDomain: 'status.test' },
      delivery: {
        smtp: { url: smtp.url, from: 'Acme status <status@picket.test>' },
        sms: { url: undefined, username: undefined, password: undefined, from: undefined },
        resultLinkBase: PUBLIC_BASE_URL,
      },
    })
    e = startTestEngine(t.store, clock, { onFinalResults: (rows) => t.services.alerting.evaluate(rows).catch((err: unknown) => void errors.push(err)) })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (t.app.server.address() as AddressInfo).port
    origin = `http://acme.status.test:${port}`
    const service = (await t.call('POST', '/v1/status-pages/services', { name: 'Checkout' })).json() as Json
    const page = await t.call('POST', '/v1/status-pages', { name: 'Acme status', url: 'acme', cards: [{ name: 'Shop', services: [service.id] }] })
    expect(page.statusCode, page.body).toBe(201)
    pageId = String((page.json() as Json).id)
    const check = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'Checkout API',
      frequency: 1,
      locations: ['us-east-1'],
      doubleCheck: false,
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 1 } },
      request: { method: 'GET', url: `${target.url}/t/checkout`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      triggerIncident: { serviceId: service.id, severity: 'MAJOR', name: 'Checkout is failing', description: 'Payments cannot be completed.', notifySubscribers: true },
    })
    expect(check.statusCode, check.body).toBe(201)
    checkId = String((check.json() as Json).id)
    browser = await launchViewer()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await e?.engine.stop()
    await t?.close()
    await smtp?.close()
    await target?.close()
  })

  it('subscribes, shows the incident a failing check opens and its resolution without a reload, and unsubscribes', async () => {
    const v = await openViewer(browser)
    const { page } = v
    await page.clock.install()
    await page.goto(`${origin}/`)
    expect(await page.locator('.banner').textContent()).toBe('All systems operational')
    expect(await page.locator('.service-name').allTextContents()).toEqual(['Checkout'])
    expect(await page.locator('svg.bars rect').count()).toBe(90)

    // Subscribe through the form; confirm from the e-mail.
    await page.getByLabel('E-mail address').fill(ADDRESS)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => page.locator('.notice').textContent()).toMatch(/inbox/i)
    expect(await subscriberStatus()).toBe('PENDING')
    await deliver()
    const verification = mails()[0]
    expect(verification?.subject).toBe('Confirm your subscription to Acme status')
    const confirm = await browser.newPage()
    await confirm.goto(linkIn(verification, 'verify'))
    expect(await confirm.locator('body').textContent()).toContain('Subscription confirmed')
    await confirm.close()
    expect(await subscriberStatus()).toBe('VERIFIED')

    // The check fails: an incident opens, the open page shows it at its next refresh, the subscriber is told.
    await page.evaluate(() => ((window as unknown as Json).__stay = true))
    target.set('checkout', { status: 503 })
    await runSlot()
    await page.clock.runFor(61_000)
    await expect.poll(() => page.locator('.banner').textContent(), { timeout: 5000 }).toBe('Major outage')
    expect(await page.locator('.open-incidents .sp-incident h3').allTextContents()).toEqual(['Checkout is failing'])
    expect(await page.locator('.open-incidents .u-text').first().textContent()).toContain('Payments cannot be completed.')
    expect(await page.locator('.service .state').textContent()).toBe('Major outage')
    await deliver()
    expect(mails().map((m) => m.subject)).toContain('[Acme status] Checkout is failing: Investigating')

    // It recovers: the incident is resolved on the page and by e-mail.
    target.set('checkout', { status: 200 })
    await runSlot()
    await page.clock.runFor(61_000)
    await expect.poll(() => page.locator('.banner').textContent(), { timeout: 5000 }).toBe('All systems operational')
    expect(await page.locator('.open-incidents').count()).toBe(0)
    expect(await page.locator('.history .sp-incident.resolved h3').allTextContents()).toEqual(['Checkout is failing'])
    expect(await page.evaluate(() => (window as unknown as Json).__stay)).toBe(true)
    await deliver()
    const resolved = mails().find((m) => m.subject === '[Acme status] Checkout is failing: Resolved')
    expect(resolved).toBeDefined()

    // The feeds list it; the unsubscribe link of the e-mail works in the browser.
    const rss = await page.evaluate(async () => (await fetch('/_site/feed.rss')).text())
    expect(rss).toContain('<title>Checkout is failing</title>')
    const leave = await browser.newPage()
    await leave.goto(linkIn(resolved, 'unsubscribe'))
    await leave.getByRole('button').click()
    await expect.poll(() => leave.locator('body').textContent()).toMatch(/unsubscribed/i)
    await leave.close()
    expect(await subscriberStatus()).toBeUndefined()
    expect(v.problems).toEqual([])
    await v.close()
  })
})
