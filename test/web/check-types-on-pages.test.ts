/**
 * SSL, traceroute and agentic checks show on public dashboards and status pages like every other type, through the
 * real HTTP app on every test database: a dashboard card with the check's type and current status, and a status
 * page service tied to the check (triggerIncident) whose state follows the check's failing result. The types differ
 * only in data; an API check is the row they are compared with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/services/stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResultRow } from '../helpers/result-rows.js'
import { serviceBlock } from '../helpers/status-page-site.js'

type Json = Record<string, unknown>

const TYPES: Array<[checkType: string, typeLabel: string, body: Json]> = [
  ['API', 'API', { request: { method: 'GET', url: 'http://127.0.0.1:9/health' } }],
  ['SSL', 'SSL', { request: { sslConfig: { hostname: 'shop.example.com' } } }],
  ['TRACEROUTE', 'Traceroute', { request: { url: 'shop.example.com' } }],
  ['AGENTIC', 'Agentic', { prompt: 'Open the shop and check the cart', startUrl: 'https://shop.example.com/' }],
]

/** The card of one check on a dashboard page. */
const card = (body: string, id: string): string => {
  const at = body.indexOf(`data-check-id="${id}"`)
  expect(at, id).toBeGreaterThan(-1)
  return body.slice(body.lastIndexOf('<article', at)).split('</article>')[0] ?? ''
}

describe.each(testDbs)('check types on dashboards and status pages on $name', (db) => {
  let t: TestApp
  const clock = new FakeClock(Date.UTC(2026, 5, 10, 12))
  let n = 0
  beforeAll(async () => {
    t = await startTestApp(db, { clock, agenticModel: { url: 'http://127.0.0.1:9/v1', model: 'pages-model', apiKey: null } })
  })
  afterAll(async () => {
    await t?.close()
  })
  const ok = async (method: 'POST', url: string, body: unknown, status = 201): Promise<Json> => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(status)
    return res.json<Json>()
  }

  it.each(TYPES)('a failing %s check shows on a dashboard as %s and makes its status page service an outage', async (checkType, typeLabel, body) => {
    const slug = `types-${checkType.toLowerCase()}`
    const service = String((await ok('POST', '/v1/status-pages/services', { name: `${checkType} service` }, 200)).id)
    await ok('POST', '/v1/status-pages', { name: 'Acme', url: slug, cards: [{ name: 'Shop', services: [service] }] })
    const check = await ok('POST', '/v1/checks?autoAssignAlerts=false', {
      checkType,
      name: `${checkType} check`,
      frequency: 10,
      tags: [slug],
      locations: ['us-east-1'],
      triggerIncident: { serviceId: service, severity: 'CRITICAL', name: 'The shop is failing', description: 'Orders fail.', notifySubscribers: false },
      ...body,
    })
    const id = String(check.id)
    const row = finalResultRow(t.accountId, id, { checkType, location: 'us-east-1', startedAt: clock.now() - 60_000 + n++, status: 'failing', responseTime: 20 }, n)
    const stores = buildStores(t.store)
    await stores.results.insertMany([row])
    await stores.results.applyStatuses([row])

    await ok('POST', '/v1/dashboards', { header: slug, customUrl: slug, tags: [slug], expandChecks: true })
    const dashboard = await t.app.inject({ method: 'GET', url: `/dashboards/${slug}` })
    expect(dashboard.statusCode, dashboard.body).toBe(200)
    const shown = card(dashboard.body, id)
    expect(shown).toContain('status-failing')
    expect(shown).toContain(`<dt>Type</dt><dd>${typeLabel}</dd>`)

    const statusPage = await t.app.inject({ method: 'GET', url: `/status-pages/${slug}` })
    expect(statusPage.statusCode).toBe(200)
    expect(serviceBlock(statusPage.body, `${checkType} service`)).toMatch(/<span class="state[^"]*">Critical outage<\/span>/)
  })
})
