/**
 * Status page e-mail subscriptions end to end, on every test database, against a real SMTP server:
 * verification e-mail and link, incident e-mails to VERIFIED subscribers only, one-click unsubscribe, the
 * verification throttle, 404 pages for unknown tokens and escaping of user text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { PUBLIC_BASE_URL, startTestApp, type TestApp } from '../helpers/app.js'
import { PUBLIC_LINK_RATE_LIMIT } from '../../src/api/routes/status-pages/status-page-public.js'
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../helpers/receivers/smtp-receiver.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions

const expectStatus = (res: LightMyRequestResponse, code: number): Json => {
  expect(res.statusCode, res.body).toBe(code)
  return res.body === '' ? {} : (res.json() as Json)
}

/** A header of the raw message, unfolded. */
const headerOf = (mail: ReceivedMail, name: string): string | undefined => {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ')
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line?.slice(name.length + 1).trim()
}

/** The link of this kind in the text part, as a path to inject. */
const linkIn = (mail: ReceivedMail, kind: 'verify' | 'unsubscribe'): string => {
  const match = new RegExp(`${PUBLIC_BASE_URL}(/status-pages/[^\\s]+/subscriptions/${kind}\\?token=[A-Za-z0-9_%-]+)`).exec(mail.text ?? '')
  expect(match, mail.text ?? '').not.toBeNull()
  return match?.[1] ?? ''
}

const NASTY = '<script>alert(1)</script>'
const UNKNOWN_PAGE = '00000000-0000-4000-8000-000000000000'

describe.each(testDbs)('status page subscriber e-mails on $name', (db) => {
  let t: TestApp
  let smtp: SmtpReceiver
  const clock = new FakeClock(Date.UTC(2026, 2, 1))
  let service: Json
  let pages = 0

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
    service = expectStatus(await t.call('POST', '/v1/status-pages/services', { name: 'API' }), 200)
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const newPage = async (name = 'Acme status') =>
    expectStatus(await t.call('POST', '/v1/status-pages', { name, url: `mail-page-${++pages}`, cards: [{ name: 'Core', services: [service.id] }] }), 201)
  const subscribe = (pageId: string, address: string) => t.call('POST', `/v1/status-pages/${pageId}/subscriptions`, { address })
  const deliver = () => t.services.statusPageSubscribers.deliverDue()
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address))
  const statusOf = async (pageId: string, address: string) =>
    (expectStatus(await t.call('GET', `/v1/status-pages/${pageId}/subscriptions?limit=100`), 200) as unknown as Json[]).find((s) => s.address === address)?.status
  const openIncident = (name: string, notifySubscribers = true) =>
    t.call('POST', '/v1/status-pages/incidents', {
      name,
      severity: 'MAJOR',
      services: [service.id],
      incidentUpdates: [{ description: `Errors on ${NASTY}`, status: 'INVESTIGATING', notifySubscribers }],
    })
  const postUpdate = (incidentId: string, description: string, status = 'IDENTIFIED', notifySubscribers = true) =>
    t.call('POST', `/v1/status-pages/incidents/${incidentId}/incident-updates`, { description, status, notifySubscribers })

  it('verifies, sends incident e-mails to verified subscribers only, and unsubscribes in one click', async () => {
    const page = await newPage(`Acme ${NASTY}`)
    expectStatus(await subscribe(page.id, 'ann@example.com'), 201)
    expectStatus(await subscribe(page.id, 'pete@example.com'), 201)
    expect(smtp.mails).toHaveLength(0) // never sent inside the request
    expect(await deliver()).toMatchObject({ sent: 2, failed: 0 })

    const [verification] = mailsTo('ann@example.com')
    expect(verification?.subject).toBe(`Confirm your subscription to Acme ${NASTY}`)
    expect(verification?.html).not.toContain('<script>')
    expect(verification?.html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt;')
    const verify = linkIn(verification!, 'verify')
    expect(verify).toContain(`/status-pages/${page.id}/subscriptions/verify?token=`)
    expect(headerOf(verification!, 'List-Unsubscribe')).toMatch(/^<http:\/\/picket\.test\/status-pages\/.+\/subscriptions\/unsubscribe\?token=.+>$/)

    // The link works without credentials; the page escapes the page name; a used token is a 404 page.
    const confirmed = await t.app.inject({ method: 'GET', url: verify })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.headers['content-type']).toMatch(/^text\/html/)
    expect(confirmed.body).toContain('Subscription confirmed to Acme &lt;script&gt;')
    expect(confirmed.body).not.toContain('<script>')
    expect(await statusOf(page.id, 'ann@example.com')).toBe('VERIFIED')
    expect(await statusOf(page.id, 'pete@example.com')).toBe('PENDING')
    const again = await t.app.inject({ method: 'GET', url: verify })
    expect(again.statusCode).toBe(404)
    expect(again.headers['content-type']).toMatch(/^text\/html/)

    // An incident and an update: two e-mails to Ann, none to the PENDING Pete.
    const incident = expectStatus(await openIncident(`Outage ${NASTY}`), 201)
    expectStatus(await postUpdate(incident.id, 'Fixed the <b>root</b> cause'), 200)
    expect(await deliver()).toMatchObject({ sent: 2 })
    const incidentMails = mailsTo('ann@example.com').slice(1)
    expect(incidentMails.map((m) => m.subject)).toEqual([`[Acme ${NASTY}] Outage ${NASTY}: Investigating`, `[Acme ${NASTY}] Outage ${NASTY}: Identified`])
    expect(incidentMails[0]?.text).toContain(`Errors on ${NASTY}`)
    expect(incidentMails[1]?.text).toContain('Fixed the <b>root</b> cause')
    expect(incidentMails[1]?.html).toContain('Fixed the &lt;b&gt;root&lt;/b&gt; cause')
    for (const mail of incidentMails) {
      expect(mail.html).not.toContain('<script>')
      expect(headerOf(mail, 'List-Unsubscribe')).toBe(`<${PUBLIC_BASE_URL}${linkIn(mail, 'unsubscribe')}>`)
      expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    }
    expect(mailsTo('pete@example.com')).toHaveLength(1)

    // GET shows a button; a one-click POST (as a mail client sends it) removes the subscriber; again is fine.
    const unsubscribe = linkIn(incidentMails[1]!, 'unsubscribe')
    const prompt = await t.app.inject({ method: 'GET', url: unsubscribe })
    expect(prompt.statusCode).toBe(200)
    expect(prompt.body).toMatch(/<form method="post" action="[^"]+unsubscribe\?token=/)
    expect(prompt.body).toContain('ann@example.com')
    const oneClick = { method: 'POST' as const, url: unsubscribe, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }
    expect((await t.app.inject(oneClick)).statusCode).toBe(200)
    expect((await t.app.inject(oneClick)).statusCode).toBe(200)
    expect(await statusOf(page.id, 'ann@example.com')).toBeUndefined()
    expect((await t.app.inject({ method: 'GET', url: unsubscribe })).statusCode).toBe(404)

    const before = smtp.mails.length
    expectStatus(await postUpdate(incident.id, 'All good', 'RESOLVED'), 200)
    await deliver()
    expect(smtp.mails).toHaveLength(before)
  })

  it('sends one verification e-mail for five subscribes of one address within 10 minutes', async () => {
    const page = await newPage()
    expectStatus(await subscribe(page.id, 'repeat@example.com'), 201)
    for (let i = 0; i < 4; i++) expectStatus(await subscribe(page.id, 'Repeat@Example.com'), 409)
    await deliver()
    expect(mailsTo('repeat@example.com')).toHaveLength(1)

    // After the window, a repeated subscribe of the still PENDING address sends the link again (still 409).
    clock.advance(10 * 60_000)
    expectStatus(await subscribe(page.id, 'repeat@example.com'), 409)
    await deliver()
    const mails = mailsTo('repeat@example.com')
    expect(mails).toHaveLength(2)
    expect(linkIn(mails[1]!, 'verify')).toBe(linkIn(mails[0]!, 'verify'))

    // Removing and re-adding the subscriber does not reset the window.
    const sub = (expectStatus(await t.call('GET', `/v1/status-pages/${page.id}/subscriptions`), 200) as unknown as Json[])[0]!
    expectStatus(await t.call('DELETE', `/v1/status-pages/${page.id}/subscriptions/${String(sub.id)}`), 204)
    expectStatus(await subscribe(page.id, 'repeat@example.com'), 201)
    await deliver()
    expect(mailsTo('repeat@example.com')).toHaveLength(2)
  })

  it('sends nothing for updates posted without notifySubscribers, and nothing to an unverified bulk import', async () => {
    const page = await newPage()
    expectStatus(await t.call('POST', `/v1/status-pages/${page.id}/subscriptions/bulk`, { subscriptions: [{ type: 'EMAIL', config: 'quiet@example.com' }], autoVerify: true }), 201)
    await deliver()
    const before = smtp.mails.length
    const incident = expectStatus(await openIncident('Quiet', false), 201)
    expectStatus(await postUpdate(incident.id, 'Still quiet', 'MONITORING', false), 200)
    await deliver()
    expect(smtp.mails).toHaveLength(before)
    expectStatus(await postUpdate(incident.id, 'Now loud', 'RESOLVED', true), 200)
    await deliver()
    expect(mailsTo('quiet@example.com').map((m) => m.subject)).toEqual(['[Acme status] Quiet: Resolved'])
  })

  it('retries an e-mail the SMTP server refused for now (outbox backoff), and gives up on a permanent refusal', async () => {
    const page = await newPage()
    expectStatus(await subscribe(page.id, 'later@example.com'), 201)
    smtp.rejectNext(1, 451)
    expect(await deliver()).toMatchObject({ attempted: 1, sent: 0, failed: 0 })
    expect(await deliver()).toMatchObject({ attempted: 0 })
    clock.advance(20_000)
    expect(await deliver()).toMatchObject({ attempted: 1, sent: 1 })
    expect(mailsTo('later@example.com')).toHaveLength(1)
    expectStatus(await subscribe(page.id, 'never@example.com'), 201)
    smtp.rejectNext(1, 550)
    expect(await deliver()).toMatchObject({ attempted: 1, failed: 1 })
  })

  it('e-mails subscribers of incidents that alerting opens and resolves (triggerIncident)', async () => {
    const page = await newPage('Alerts page')
    expectStatus(await t.call('POST', `/v1/status-pages/${page.id}/subscriptions/bulk`, { subscriptions: [{ type: 'EMAIL', config: 'ops@example.com' }], autoVerify: true }), 201)
    const opened = await t.services.statusPages.openIncident(t.accountId, {
      serviceId: String(service.id),
      name: 'Checkout failing',
      severity: 'CRITICAL',
      description: 'Check failed.',
      notifySubscribers: true,
    })
    await t.services.statusPages.resolveIncident(t.accountId, String(opened.id), 'Check recovered.')
    await deliver()
    expect(mailsTo('ops@example.com').map((m) => m.subject)).toEqual(['[Alerts page] Checkout failing: Investigating', '[Alerts page] Checkout failing: Resolved'])
  })

  it("answers unknown, malformed and other pages' tokens with a 404 HTML page, without credentials", async () => {
    const page = await newPage()
    const other = await newPage()
    expectStatus(await subscribe(page.id, 'tok@example.com'), 201)
    await deliver()
    const verify = linkIn(mailsTo('tok@example.com')[0]!, 'verify')
    const cases = [
      `/status-pages/${page.id}/subscriptions/verify?token=${'A'.repeat(32)}`,
      `/status-pages/${page.id}/subscriptions/verify?token=%3Cscript%3E`,
      `/status-pages/${page.id}/subscriptions/verify`,
      verify.replace(page.id, other.id),
      `/status-pages/not-a-page/subscriptions/unsubscribe?token=${'B'.repeat(32)}`,
    ]
    for (const url of cases) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toContain('Link not valid')
    }
    expect(await statusOf(page.id, 'tok@example.com')).toBe('PENDING')
  })

  it('limits the public links per client address (runs last: it uses up the budget)', async () => {
    const url = `/status-pages/${UNKNOWN_PAGE}/subscriptions/verify?token=${'C'.repeat(32)}`
    const codes: number[] = []
    for (let i = 0; i < PUBLIC_LINK_RATE_LIMIT.max + 1; i++) codes.push((await t.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7' })).statusCode)
    expect(codes.slice(0, PUBLIC_LINK_RATE_LIMIT.max).every((c) => c === 404)).toBe(true)
    expect(codes.at(-1)).toBe(429)
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.6' })).statusCode).toBe(404)
  })
})
