/**
 * The hosted service's own CLI deploying through POST /v1/projects/deploy: its request (gzip, its shape, its query
 * flags) beside Picket's own, the diff of a dry run, the deployment it follows, preserveResources, destroy, and
 * refused requests named by the client's own resource positions with nothing written.
 */
import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { expectStatus, rowCounts, type Json } from '../helpers/projects.js'
import { vendorDeploy, vendorQuery, vendorRequest, type VendorRequest } from '../helpers/vendor-projects.js'

const tag = () => randomBytes(4).toString('hex')
const MEMBERS = 18

describe.each(testDbs)('vendor CLI deploys on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    // A model, so that the client's agentic checks deploy (none runs here: nothing is scheduled in these tests).
    t = await startTestApp(db, { agenticModel: { url: 'http://127.0.0.1:9/v1', model: 'm', apiKey: null } })
  })
  afterAll(() => t.close())

  const project = async (logicalId: string): Promise<Json> => expectStatus(await t.call('GET', `/v1/projects/${logicalId}`), 200)

  it('answers a dry run with the diff the client prints, writing nothing', async () => {
    const rows = await rowCounts(t)
    const body = expectStatus(await vendorDeploy(t, vendorRequest(tag()), { dryRun: true }), 200)
    expect(body.diff).toHaveLength(MEMBERS)
    expect(body.diff).toContainEqual({ type: 'check', logicalId: 'api-health', physicalId: null, action: 'CREATE' })
    expect(body.diff).toContainEqual({ type: 'private-location', logicalId: 'private-dc', physicalId: null, action: 'CREATE' })
    expect(await rowCounts(t)).toEqual(rows)
  })

  it('deploys, answering a deployment the client follows by its record, completion, events and cancel', async () => {
    const request = vendorRequest(tag())
    const logicalId = request.project.logicalId
    const deployment = expectStatus(await vendorDeploy(t, request), 202)
    expect(deployment).toMatchObject({ projectLogicalId: logicalId, operation: 'DEPLOY', status: 'SUCCEEDED', progress: 100, error: null })
    expect(deployment.result.diff.filter((d: Json) => d.action === 'CREATE')).toHaveLength(MEMBERS)
    expect((await project(logicalId)).resources).toHaveLength(MEMBERS)

    const base = `/v1/projects/${logicalId}/deployments/${deployment.id}`
    expect(expectStatus(await t.call('GET', base), 200)).toEqual(deployment)
    expect(expectStatus(await t.call('GET', `${base}/completion?maxWaitSeconds=30`), 200)).toEqual(deployment)
    expect(expectStatus(await t.call('POST', `${base}/cancel`), 200)).toEqual(deployment)
    const events = await t.call('GET', `${base}/events`, undefined, { accept: 'text/event-stream' })
    expect(events.statusCode).toBe(200)
    expect(events.headers['content-type']).toContain('text/event-stream')
    expect(events.body).toBe(`event: progress\ndata: {"progress":100}\n\nevent: complete\ndata: ${JSON.stringify(deployment)}\n\n`)
    for (const url of [`/v1/projects/${logicalId}/deployments/nope`, `/v1/projects/other/deployments/${deployment.id}`]) {
      expect(expectStatus(await t.call('GET', url), 404).statusCode).toBe(404)
    }
    const other = await t.otherAccount()
    expect((await t.call('GET', base, undefined, other.headers)).statusCode).toBe(404)

    // The same request again changes nothing; each resource is answered as UPDATE, the client's "Update and Unchanged".
    const again = expectStatus(await vendorDeploy(t, request), 202)
    expect(new Set(again.result.diff.map((d: Json) => d.action))).toEqual(new Set(['UPDATE']))
  })

  it('keeps resources removed from code with preserveResources, and deletes them without', async () => {
    const request = vendorRequest(tag())
    const logicalId = request.project.logicalId
    expectStatus(await vendorDeploy(t, request), 202)
    const ids = new Map(((await project(logicalId)).resources as Json[]).map((r) => [r.logicalId, r.id]))
    const without = (drop: string): VendorRequest => ({ ...request, resources: request.resources.filter((r) => r.logicalId !== drop && !r.logicalId.includes(`#${drop}#`)) })

    const kept = expectStatus(await vendorDeploy(t, without('homepage'), { preserveResources: true }), 202)
    expect(kept.result.diff).toContainEqual({ type: 'check', logicalId: 'homepage', physicalId: ids.get('homepage'), action: 'DETACHED' })
    expect((await t.call('GET', `/v1/checks/${ids.get('homepage')}`)).statusCode).toBe(200)
    expect((await project(logicalId)).resources).toHaveLength(MEMBERS - 1)

    const preview = expectStatus(await vendorDeploy(t, without('dns-a-record'), { dryRun: true }), 200)
    expect(preview.diff).toContainEqual({ type: 'check', logicalId: 'dns-a-record', physicalId: ids.get('dns-a-record'), action: 'DELETE' })
    expectStatus(await vendorDeploy(t, without('dns-a-record')), 202)
    expect((await t.call('GET', `/v1/checks/${ids.get('dns-a-record')}`)).statusCode).toBe(404)
  })

  it('deploys, updates and deletes SSL, traceroute and agentic checks as the client synthesises them', async () => {
    const request = vendorRequest(tag())
    const logicalId = request.project.logicalId
    const check = (id: string, payload: Json) => ({
      type: 'check',
      logicalId: id,
      member: true,
      payload: { activated: false, doubleCheck: true, locations: ['eu-west-1'], ...payload },
    })
    const ssl = check('shop-cert', {
      name: 'Shop certificate',
      checkType: 'SSL',
      request: {
        sslConfig: { hostname: 'shop.example.com', port: 443, handshakeTimeoutMs: 5000 },
        assertions: [{ source: 'CERTIFICATE', property: 'subjectCN', comparison: 'EQUALS', target: 'shop.example.com', regex: null }],
      },
    })
    const route = check('shop-route', { name: 'Route', checkType: 'TRACEROUTE', request: { url: 'shop.example.com', maxHops: 20 } })
    const agent = check('shop-agent', { name: 'Agent', checkType: 'AGENTIC', prompt: 'Check the shop lists tea', agentRuntime: { skills: [] }, frequency: 30 })
    const withThree = { ...request, resources: [...request.resources, ssl, route, agent] }
    const deployed = expectStatus(await vendorDeploy(t, withThree), 202)
    expect(deployed.status).toBe('SUCCEEDED')
    const ids = new Map(((await project(logicalId)).resources as Json[]).map((r) => [r.logicalId, r.id]))
    const read = async (id: string): Promise<Json> => expectStatus(await t.call('GET', `/v1/checks/${ids.get(id)}`), 200)
    expect(await read('shop-cert')).toMatchObject({
      checkType: 'SSL',
      request: { sslConfig: { hostname: 'shop.example.com', handshakeTimeoutMs: 5000 }, assertions: [expect.objectContaining({ property: 'commonName' })] },
    })
    expect(await read('shop-route')).toMatchObject({ checkType: 'TRACEROUTE', request: { url: 'shop.example.com', protocol: 'TCP', port: 443, maxHops: 20 } })
    expect(await read('shop-agent')).toMatchObject({ checkType: 'AGENTIC', prompt: 'Check the shop lists tea', frequency: 30, activated: false })

    const changed = {
      ...withThree,
      resources: withThree.resources.map((r) => (r.logicalId === 'shop-route' ? { ...r, payload: { ...r.payload, request: { url: 'shop.example.com', maxHops: 10 } } } : r)),
    }
    expectStatus(await vendorDeploy(t, changed), 202)
    expect(await read('shop-route')).toMatchObject({ request: { maxHops: 10 } })

    expectStatus(await vendorDeploy(t, request), 202)
    for (const id of ['shop-cert', 'shop-route', 'shop-agent']) expect((await t.call('GET', `/v1/checks/${ids.get(id)}`)).statusCode).toBe(404)
  })

  it('destroys with and without preserveResources; a project that does not exist is already destroyed', async () => {
    for (const preserveResources of [true, false]) {
      const request = vendorRequest(tag())
      const logicalId = request.project.logicalId
      expectStatus(await vendorDeploy(t, request), 202)
      const resources = (await project(logicalId)).resources as Json[]
      const check = resources.find((r) => r.logicalId === 'api-health')
      const dryRun = expectStatus(await t.call('DELETE', `/v1/projects/${logicalId}?preserveResources=${preserveResources}&dryRun=true`), 200)
      expect(dryRun.diff).toHaveLength(MEMBERS)
      const done = expectStatus(await t.call('DELETE', `/v1/projects/${logicalId}?preserveResources=${preserveResources}&dryRun=false`), 202)
      expect(done).toMatchObject({ operation: 'DESTROY', status: 'SUCCEEDED' })
      expect(new Set(done.result.diff.map((d: Json) => d.action))).toEqual(new Set([preserveResources ? 'DETACHED' : 'DELETE']))
      expect((await t.call('GET', `/v1/projects/${logicalId}`)).statusCode).toBe(404)
      expect((await t.call('GET', `/v1/checks/${check?.id}`)).statusCode).toBe(preserveResources ? 200 : 404)
      expect(expectStatus(await t.call('GET', `/v1/projects/${logicalId}/deployments/${done.id}`), 200)).toEqual(done)
    }
    expect(expectStatus(await t.call('DELETE', `/v1/projects/never-${tag()}?preserveResources=false&dryRun=false`), 200)).toEqual({ diff: [] })
  })

  const component = { type: 'status-page-component', logicalId: 'comp', member: true, payload: { name: 'c' } }
  const at = (logicalId: string) => vendorRequest('x').resources.findIndex((r) => r.logicalId === logicalId)
  it.each([
    ['a kind Picket lacks', (r: VendorRequest) => ({ ...r, resources: [...r.resources, component] }), 'resources[23] (status-page-component:comp).type'],
    [
      'a payload its create refuses, named by the client\u2019s position',
      (r: VendorRequest) => ({ ...r, resources: r.resources.map((x) => (x.logicalId === 'private-dc' ? { ...x, payload: { ...x.payload, proxyUrl: 'ftp://proxy' } } : x)) }),
      `resources[${at('private-dc')}] (private-location:private-dc).proxyUrl`,
    ],
    [
      'a check field of the wrong type',
      (r: VendorRequest) => ({ ...r, resources: r.resources.map((x) => (x.logicalId === 'dns-a-record' ? { ...x, payload: { ...x.payload, frequency: 'often' } } : x)) }),
      `resources[${at('dns-a-record')}] (check:dns-a-record).frequency`,
    ],
  ])('refuses %s with a 400 naming it, writing nothing', async (_what, change, field) => {
    const rows = await rowCounts(t)
    const res = expectStatus(await vendorDeploy(t, change(vendorRequest(tag()))), 400)
    expect(res).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(Object.keys(res.attributes)).toContain(field)
    expect(res.message).toContain(field)
    expect(await rowCounts(t)).toEqual(rows)
  })

  it('refuses a body that is not gzip, and an unknown encoding', async () => {
    const url = `/v1/projects/deploy?${vendorQuery()}`
    const json = { 'content-type': 'application/json' }
    const bad = expectStatus(await t.call('POST', url, Buffer.from('not gzip at all'), { ...json, 'content-encoding': 'gzip' }), 400)
    expect(bad.attributes).toEqual({ body: expect.stringContaining('not valid gzip') })
    const br = expectStatus(await t.call('POST', url, gzipSync('{}'), { ...json, 'content-encoding': 'br' }), 415)
    expect(Object.keys(br.attributes)).toEqual(['Content-Encoding'])
    const flag = expectStatus(await t.call('POST', '/v1/projects/deploy?dryRun=maybe', vendorRequest(tag())), 400)
    expect(Object.keys(flag.attributes)).toEqual(['querystring.dryRun'])
  })

  it('still takes Picket\u2019s own request, gzip too', async () => {
    const own = { project: { logicalId: `own-${tag()}` }, resources: [{ kind: 'check-group', logicalId: 'g', payload: { name: 'G' } }] }
    const res = expectStatus(await t.call('POST', '/v1/projects/deploy', gzipSync(JSON.stringify(own)), { 'content-type': 'application/json', 'content-encoding': 'gzip' }), 200)
    expect(res.summary).toMatchObject({ create: 1 })
  })
})
