/**
 * POST /v1/checks and PUT /v1/checks/{id}: the body's checkType picks the type, and the check stored is the one the
 * typed route stores from the same body; bodies without a creatable type are refused naming checkType.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { CONFIG_FILE, SPEC_FILE } from '../helpers/playwright-suite.js'
import { CHECK_BODIES, CHECK_UPDATES } from './reference/cases/checks.js'

type Json = Record<string, unknown>

/** [segment, checkType, create body, update body] of every creatable type. */
const TYPES: Array<[string, string, Json, Json]> = [
  ['api', 'API', CHECK_BODIES.api as Json, CHECK_UPDATES.api as Json],
  ['browser', 'BROWSER', CHECK_BODIES.browser as Json, CHECK_UPDATES.browser as Json],
  ['dns', 'DNS', CHECK_BODIES.dns as Json, CHECK_UPDATES.dns as Json],
  ['heartbeat', 'HEARTBEAT', CHECK_BODIES.heartbeat as Json, CHECK_UPDATES.heartbeat as Json],
  ['icmp', 'ICMP', CHECK_BODIES.icmp as Json, CHECK_UPDATES.icmp as Json],
  ['multistep', 'MULTI_STEP', CHECK_BODIES.multistep as Json, CHECK_UPDATES.multistep as Json],
  ['tcp', 'TCP', CHECK_BODIES.tcp as Json, CHECK_UPDATES.tcp as Json],
  ['url', 'URL', CHECK_BODIES.url as Json, CHECK_UPDATES.url as Json],
  ['grpc', 'GRPC', CHECK_BODIES.grpc as Json, CHECK_UPDATES.grpc as Json],
  ['playwright', 'PLAYWRIGHT', { name: 'Suite', frequency: 30, files: [SPEC_FILE, CONFIG_FILE] }, { name: 'Suite', testCommand: 'npx playwright test --retries=1' }],
]

/** What differs between two checks made from the same body: identity, times, the spread offset and the ping token. */
function comparable(check: Json): Json {
  const { id: _id, created_at: _c, updated_at: _u, frequencyOffset: _o, codeBundlePath: _b, ...rest } = check
  const heartbeat = rest.heartbeat as Json | undefined
  if (heartbeat && 'pingToken' in heartbeat) {
    const { pingToken: _t, pingUrl: _p, ...kept } = heartbeat
    rest.heartbeat = kept
  }
  return rest
}

describe.each(testDbs)(
  'the generic check routes on $name',
  (db) => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(db)
    })
    afterAll(() => t.close())

    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, status: number): Promise<Json> => {
      const res = await t.call(method, url, body)
      expect(res.statusCode, res.body).toBe(status)
      return res.json<Json>()
    }

    it.each(TYPES)('creates and updates a %s check as its typed route does', async (segment, checkType, body, update) => {
      const typed = await call('POST', `/v1/checks/${segment}?autoAssignAlerts=false`, body, 201)
      const generic = await call('POST', '/v1/checks?autoAssignAlerts=false', { ...body, checkType }, 201)
      expect(generic.checkType).toBe(checkType)
      expect(comparable(generic)).toEqual(comparable(typed))
      expect(await call('GET', `/v1/checks/${String(generic.id)}`, undefined, 200)).toEqual(generic)

      const typedUpdate = await call('PUT', `/v1/checks/${segment}/${String(typed.id)}`, update, 200)
      const genericUpdate = await call('PUT', `/v1/checks/${String(generic.id)}`, { ...update, checkType }, 200)
      expect(comparable(genericUpdate)).toEqual(comparable(typedUpdate))
      expect(genericUpdate.created_at).toBe(generic.created_at)
      expect(await call('GET', `/v1/checks/${String(generic.id)}`, undefined, 200)).toEqual(genericUpdate)
    })

    it.each([
      ['no checkType', { name: 'Typeless', request: { url: 'https://example.com' } }, /is required: one of API, BROWSER/],
      ['a checkType that is no type', { name: 'Odd', checkType: 'FTP' }, /must be one of API/],
      ['a checkType that is not text', { name: 'Odd', checkType: 7 }, /must be text/],
      // This app has no model endpoint: an agentic check is refused naming the setting it needs.
      ['an AGENTIC check without a model', { name: 'Agent', checkType: 'AGENTIC', prompt: 'Open the shop' }, /AGENTIC_MODEL_URL/],
    ])('refuses %s naming checkType', async (_label, body, why) => {
      const res = await call('POST', '/v1/checks', body, 400)
      expect(Object.keys(res.attributes as Json)).toEqual(['checkType'])
      expect((res.attributes as Json).checkType).toMatch(why)
      expect(res.message).toContain('checkType')
    })

    it.each([
      ['TRACEROUTE', { name: 'Route', checkType: 'TRACEROUTE', request: { hostname: 'example.com' } }, 'request.url'],
      ['SSL', { name: 'Certificate', checkType: 'SSL' }, 'request'],
      ['GRPC', { name: 'Health', checkType: 'GRPC', request: { port: 50051 } }, 'request.url'],
    ])('judges a %s body by its own schema, naming the missing field', async (_type, body, field) => {
      const res = await call('POST', '/v1/checks', body, 400)
      expect(Object.keys(res.attributes as Json)).toContain(field)
    })

    it("judges the rest of the body by its type's own schema and rules, naming every field", async () => {
      const res = await call('POST', '/v1/checks', { checkType: 'API', name: 'Broken', frequency: 7, request: { method: 'FETCH' } }, 400)
      expect(Object.keys(res.attributes as Json).sort()).toEqual(expect.arrayContaining(['frequency', 'request.method', 'request.url']))
      const tcp = await call('POST', '/v1/checks', { checkType: 'TCP', name: 'Mail', request: { hostname: 'mail.example.com', port: 0 } }, 400)
      expect(Object.keys(tcp.attributes as Json)).toContain('request.port')
    })

    it("keeps a check's type: a PUT naming another type is refused, an unknown id is not found", async () => {
      const api = await call('POST', '/v1/checks', { ...CHECK_BODIES.api, checkType: 'API' }, 201)
      const other = await call('PUT', `/v1/checks/${String(api.id)}`, { ...CHECK_BODIES.tcp, checkType: 'TCP' }, 400)
      expect(other.attributes).toEqual({ checkType: "is API for this check: a check's type cannot change" })
      const missing = await call('PUT', `/v1/checks/${String(api.id)}`, { name: 'No type' }, 400)
      expect(Object.keys(missing.attributes as Json)).toEqual(['checkType'])
      await call('PUT', '/v1/checks/00000000-0000-4000-8000-000000000000', { checkType: 'API', name: 'Ghost' }, 404)
      expect(await call('GET', `/v1/checks/${String(api.id)}`, undefined, 200)).toEqual(api)
    })

    it('subscribes a new check to the alert channels unless autoAssignAlerts is false, as the typed route does', async () => {
      const channel = await call('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: 'ops@example.com' } }, 201)
      const assigned = await call('POST', '/v1/checks', { ...CHECK_BODIES.url, checkType: 'URL' }, 201)
      expect(assigned.alertChannelSubscriptions).toEqual([{ alertChannelId: channel.id, activated: true }])
      const alone = await call('POST', '/v1/checks?autoAssignAlerts=false', { ...CHECK_BODIES.url, checkType: 'URL' }, 201)
      expect(alone.alertChannelSubscriptions).toEqual([])
    })
  },
  // The first request of a file compiles the check view unions (about 60 KB of schema each), which takes tens of
  // seconds on a loaded machine: a time limit, not a timing assertion.
  { timeout: 120_000 },
)
