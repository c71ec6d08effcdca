/**
 * The public status page the status-page HTML tests read, through the real HTTP app: "Acme" (`/status-pages/acme`)
 * with two cards over three services (one created two days before now), a fourth service on no card, an open major
 * incident with two updates, an open minor one, one resolved five days ago and an open critical one on the service
 * that is on no card. Also the helpers that post services, pages and incidents and cut blocks out of the HTML.
 */
import { afterAll, beforeAll, expect } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { FakeClock } from '../../src/lib/clock.js'
import type { TestDb } from './db.js'
import { startTestApp, type TestApp } from './app.js'

export const NOW = Date.UTC(2026, 5, 10, 12, 0, 0)
export const MIN = 60_000
export const H = 60 * MIN
export const DAY = 24 * H
export const NASTY = '<script>alert(1)</script>'
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

export type Json = Record<string, unknown>
type Update = { status: string; description: string; at: number }

const iso = (ms: number) => new Date(ms).toISOString()

/** The markup of one service block. */
export const serviceBlock = (body: string, name: string): string => {
  const at = body.indexOf(`<span class="service-name">${name}</span>`)
  expect(at, name).toBeGreaterThan(-1)
  return body.slice(at, body.indexOf('</div>\n</div>', at))
}

export const incidentBlock = (body: string, id: string): string => {
  const at = body.lastIndexOf('<article', body.indexOf(`id="incident-${id}"`))
  expect(at, id).toBeGreaterThan(-1)
  return body.slice(at, body.indexOf('</article>', at))
}

/**
 * Starts the app with the Acme page before the tests of the calling describe block and closes it after them. The
 * app, the clock and the page's id exist only once the block's beforeAll has run, so they are read through getters.
 */
export function acmeStatusPage(db: TestDb) {
  let app: TestApp | undefined
  let clock: FakeClock | undefined
  let pageId = ''
  const t = (): TestApp => {
    if (!app) throw new Error('the status page fixture is read before its beforeAll ran')
    return app
  }
  const svc: Record<string, string> = {}
  const ids: Record<string, string> = {}

  const ok = async (res: Promise<LightMyRequestResponse>, code: number): Promise<Json> => {
    const r = await res
    expect(r.statusCode, r.body).toBe(code)
    return r.body === '' ? {} : (r.json() as Json)
  }
  const get = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: 'GET', url, headers })
  const page = async (url: string, code = 200): Promise<string> => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(code)
    return res.body
  }
  const service = async (name: string) => (svc[name] = String((await ok(t().call('POST', '/v1/status-pages/services', { name }), 200)).id))
  const statusPage = async (body: Json) => ok(t().call('POST', '/v1/status-pages', body), 201)
  /** An incident whose updates are posted one by one with their (backfilled) public dates. */
  const incident = async (name: string, severity: string, services: string[], updates: Update[]): Promise<string> => {
    const [first, ...rest] = updates
    if (!first) throw new Error('an incident needs an update')
    const created = await ok(
      t().call('POST', '/v1/status-pages/incidents', {
        name,
        severity,
        services,
        incidentUpdates: [{ status: first.status, description: first.description, publicIncidentUpdateDate: iso(first.at) }],
      }),
      201,
    )
    for (const u of rest) {
      await ok(
        t().call('POST', `/v1/status-pages/incidents/${String(created.id)}/incident-updates`, {
          status: u.status,
          description: u.description,
          publicIncidentUpdateDate: iso(u.at),
        }),
        200,
      )
    }
    return String(created.id)
  }

  beforeAll(async () => {
    clock = new FakeClock(NOW - 30 * DAY)
    app = await startTestApp(db, { clock })
    await service('API')
    await service('Website')
    await service('Billing')
    clock.set(NOW - 2 * DAY)
    await service('Brand new')
    clock.set(NOW)
    pageId = String(
      (
        await statusPage({
          name: 'Acme',
          url: 'acme',
          description: 'Live status of Acme',
          logo: 'https://cdn.acme.test/logo.png',
          redirectTo: 'https://acme.test/',
          cards: [
            { name: 'Core', services: [svc.API, svc.Website] },
            { name: 'Extras', services: [svc['Brand new']] },
          ],
        })
      ).id,
    )
    ids.open = await incident(
      'API errors',
      'MAJOR',
      [svc.API ?? ''],
      [
        { status: 'INVESTIGATING', description: 'We are looking\ninto it', at: NOW - 3 * H },
        { status: 'IDENTIFIED', description: 'Found the cause', at: NOW - 2 * H },
      ],
    )
    ids.minor = await incident('Slow pages', 'MINOR', [svc.Website ?? ''], [{ status: 'MONITORING', description: 'Watching', at: NOW - H }])
    ids.past = await incident(
      'Website down',
      'CRITICAL',
      [svc.Website ?? ''],
      [
        { status: 'INVESTIGATING', description: 'Down', at: NOW - 5 * DAY },
        { status: 'RESOLVED', description: 'Back up', at: NOW - 5 * DAY + 65 * MIN },
      ],
    )
    ids.billing = await incident('Billing outage', 'CRITICAL', [svc.Billing ?? ''], [{ status: 'INVESTIGATING', description: 'Invoices late', at: NOW - H }])
  })
  afterAll(() => app?.close())

  return {
    get t(): TestApp {
      return t()
    },
    get clock(): FakeClock {
      if (!clock) throw new Error('the status page fixture is read before its beforeAll ran')
      return clock
    },
    /** The Acme page's id. */
    get pageId(): string {
      return pageId
    },
    /** Service ids by name, and incident ids by key: the fixture's open, minor, past and billing, and the tests' own. */
    svc,
    ids,
    ok,
    get,
    page,
    service,
    statusPage,
    incident,
  }
}
