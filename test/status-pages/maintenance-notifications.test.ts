/**
 * Maintenances on status pages, on every test database, against a real SMTP server: a window shown on a page (its
 * statusPageVisibility) appears on the public page as scheduled and then in progress, with its times in the window's
 * time zone; creating it, posting an update with notifySubscribers and ending it e-mail the page's verified
 * subscribers; a hidden window, and a page the window is not linked to, get nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { PUBLIC_BASE_URL, startTestApp, type TestApp } from '../helpers/app.js'
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/receivers/smtp-receiver.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions

const HOUR = 3_600_000
const expectStatus = (res: LightMyRequestResponse, code: number): Json => {
  expect(res.statusCode, res.body).toBe(code)
  return res.body === '' ? {} : (res.json() as Json)
}

describe.each(testDbs)('maintenances on status pages on $name', (db) => {
  let t: TestApp
  let smtp: SmtpReceiver
  // 2026-03-01 is a Sunday; Berlin is on CET (UTC+1) until 2026-03-29.
  const clock = new FakeClock(Date.UTC(2026, 2, 1, 12))
  const pages: Record<string, Json> = {}
  let service: Json

  const deliver = () => t.services.statusPageSubscribers.deliverDue()
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address))
  const publicPage = async (url: string) => (await t.app.inject({ method: 'GET', url: `/status-pages/${url}` })).body

  /** A page with one verified subscriber. */
  async function pageWithSubscriber(url: string, address: string) {
    const page = expectStatus(await t.call('POST', '/v1/status-pages', { name: `Page ${url}`, url, cards: [{ name: 'Core', services: [service.id] }] }), 201)
    expectStatus(await t.call('POST', `/v1/status-pages/${page.id}/subscriptions`, { address }), 201)
    await deliver()
    const verify = new RegExp(`${PUBLIC_BASE_URL}(/status-pages/[^\\s]+/subscriptions/verify\\?token=[A-Za-z0-9_%-]+)`).exec(mailsTo(address)[0]?.text ?? '')?.[1]
    expect((await t.app.inject({ method: 'GET', url: String(verify) })).statusCode).toBe(200)
    return page
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver()
    t = await startTestApp(db, {
      clock,
      delivery: {
        smtp: { url: smtp.url, from: 'Status <status@picket.test>' },
        sms: { url: undefined, username: undefined, password: undefined, from: undefined },
        resultLinkBase: PUBLIC_BASE_URL,
      },
    })
    service = expectStatus(await t.call('POST', '/v1/status-pages/services', { name: 'Database' }), 200)
    pages.linked = await pageWithSubscriber('maint-linked', 'ann@example.com')
    pages.other = await pageWithSubscriber('maint-other', 'bob@example.com')
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  let windowId = 0

  it('announces a window shown on a page to its subscribers, in its time zone, and shows it as scheduled', async () => {
    const hidden = await t.call('POST', '/v1/maintenance-windows', { name: 'Quiet work', tags: ['db'], startsAt: '2026-03-03T01:00:00Z', endsAt: '2026-03-03T02:00:00Z' })
    expect(expectStatus(hidden, 201).statusPageVisibility).toMatchObject({ enabled: false })
    const created = expectStatus(
      await t.call('POST', '/v1/maintenance-windows', {
        name: 'Database upgrade',
        tags: ['db'],
        description: 'Short read-only periods.',
        startsAt: '2026-03-03T01:00:00Z',
        endsAt: '2026-03-03T03:00:00Z',
        repeatInterval: 1,
        repeatUnit: 'WEEK',
        timezone: 'Europe/Berlin',
        statusPageVisibility: { enabled: true, statusPageIds: [pages.linked?.id], serviceIds: [service.id], notifyOnStart: true, notifyOnEnd: true },
      }),
      201,
    )
    windowId = created.id
    expect(created).toMatchObject({ timezone: 'Europe/Berlin', statusPageVisibility: { enabled: true, statusPageIds: [pages.linked?.id], notifyOnEnd: true, autoStart: true } })
    expect(await deliver()).toMatchObject({ sent: 1, failed: 0 })
    const [mail] = mailsTo('ann@example.com').slice(1)
    expect(mail?.subject).toBe('[Page maint-linked] Scheduled maintenance: Database upgrade')
    expect(mail?.text).toContain('When: 2026-03-03 02:00 Europe/Berlin to 2026-03-03 04:00 Europe/Berlin')
    expect(mail?.text).toContain('Short read-only periods.')
    expect(mailsTo('bob@example.com')).toHaveLength(1) // the verification only

    const body = await publicPage('maint-linked')
    expect(body).toContain('<h2>Maintenance</h2>')
    expect(body).toMatch(/<article class="sp-maintenance scheduled"[^>]*>\s*<h3>Database upgrade<\/h3>/)
    expect(body).toContain('2026-03-03 02:00 Europe/Berlin to 2026-03-03 04:00 Europe/Berlin')
    expect(body).toContain('Affects: Database')
    expect(body).not.toContain('Quiet work')
    expect(await publicPage('maint-other')).not.toContain('sp-maintenance')
  })

  it('e-mails an update posted with notifySubscribers and the end, and shows the maintenance in progress until it ends', async () => {
    clock.set(Date.UTC(2026, 2, 3, 1, 30))
    const list = expectStatus(await t.call('GET', `/v1/maintenance-windows/${windowId}/maintenances`), 200) as unknown as Json[]
    const current = list.find((m) => m.status === 'IN_PROGRESS')
    expect(current).toBeDefined()
    expect(await publicPage('maint-linked')).toMatch(
      /<article class="sp-maintenance in-progress"[^>]*>\s*<h3>Database upgrade<\/h3>\s*<p class="meta"><span class="u-status">In progress/,
    )

    const silent = await t.call('POST', `/v1/maintenance-windows/${windowId}/maintenances/${current?.id}/updates`, { status: 'IN_PROGRESS', description: 'Halfway.' })
    expect(silent.statusCode, silent.body).toBeLessThan(300)
    const loud = await t.call('POST', `/v1/maintenance-windows/${windowId}/maintenances/${current?.id}/updates`, {
      status: 'VERIFYING',
      description: 'Upgrade done, <b>verifying</b>.',
      notifySubscribers: true,
    })
    expect(loud.statusCode, loud.body).toBeLessThan(300)
    expect(await deliver()).toMatchObject({ sent: 1 })
    const update = mailsTo('ann@example.com').at(-1)
    expect(update?.subject).toBe('[Page maint-linked] Maintenance update: Database upgrade')
    expect(update?.text).toContain('Status: Verifying')
    expect(update?.html).toContain('Upgrade done, &lt;b&gt;verifying&lt;/b&gt;.')

    clock.advance(HOUR / 4)
    expectStatus(await t.call('PATCH', `/v1/maintenance-windows/${windowId}/maintenances/${current?.id}`, { status: 'COMPLETED' }), 200)
    expect(await deliver()).toMatchObject({ sent: 1 })
    expect(mailsTo('ann@example.com').at(-1)?.subject).toBe('[Page maint-linked] Maintenance completed: Database upgrade')
    expect(mailsTo('bob@example.com')).toHaveLength(1)

    // Ended: the page shows only the next week's occurrence, still at 02:00 Berlin time.
    const body = await publicPage('maint-linked')
    expect(body).not.toContain('sp-maintenance in-progress')
    expect(body).toContain('2026-03-10 02:00 Europe/Berlin')
  })

  it('by the clock: reminds before a start, and announces the start and the end once each', async () => {
    clock.set(Date.UTC(2026, 3, 1, 6))
    const created = await t.call('POST', '/v1/maintenance-windows', {
      name: 'Network work',
      tags: ['net'],
      startsAt: '2026-04-01T10:00:00Z',
      endsAt: '2026-04-01T11:00:00Z',
      statusPageVisibility: { enabled: true, statusPageIds: [pages.linked?.id], affectAllServices: true, notifyOnStart: true, notifyOnEnd: true, reminderMinutesBefore: [120, 60] },
    })
    expect(created.statusCode, created.body).toBe(201)
    await deliver()
    const before = mailsTo('ann@example.com').length
    const subjects = async (at: number) => {
      clock.set(at)
      // Two passes at once, as two instances would run them: each notice still goes once.
      await Promise.all([t.services.maintenances.announceDue(), t.services.maintenances.announceDue()])
      await deliver()
      return mailsTo('ann@example.com')
        .slice(before)
        .map((m) => m.subject.replace('[Page maint-linked] ', ''))
    }
    expect(await subjects(Date.UTC(2026, 3, 1, 7))).toEqual([])
    // Both reminders are due by now: one e-mail for them.
    expect(await subjects(Date.UTC(2026, 3, 1, 9, 30))).toEqual(['Upcoming maintenance: Network work'])
    expect(await subjects(Date.UTC(2026, 3, 1, 9, 40))).toHaveLength(1)
    expect(await subjects(Date.UTC(2026, 3, 1, 10, 1))).toEqual(['Upcoming maintenance: Network work', 'Maintenance started: Network work'])
    expect(await publicPage('maint-linked')).toContain('Affects: All services')
    expect(await subjects(Date.UTC(2026, 3, 1, 11, 5))).toEqual(['Upcoming maintenance: Network work', 'Maintenance started: Network work', 'Maintenance completed: Network work'])
    expect(await subjects(Date.UTC(2026, 3, 1, 11, 30))).toHaveLength(3)
    expect(mailsTo('bob@example.com')).toHaveLength(1)
  })

  it('refuses a time zone that is not an IANA name, and visibility fields of the wrong type, naming them', async () => {
    const res = await t.call('POST', '/v1/maintenance-windows', {
      name: 'Bad',
      tags: ['db'],
      startsAt: '2026-03-03T01:00:00Z',
      endsAt: '2026-03-03T02:00:00Z',
      timezone: '+05:00',
      statusPageVisibility: { enabled: true, statusPageIds: ['not-an-id'] },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(Object.keys(res.json<{ attributes: Json }>().attributes).join()).toMatch(/timezone/)
    expect(res.body).toMatch(/statusPageIds/)
  })
})
