import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { LOCATIONS, RUNTIME_IDS } from '../../src/domain/checks/enums.js'

const staticIps = {
  ipv4: { 'us-east-1': ['203.0.113.10', '203.0.113.11'], 'eu-west-1': ['198.51.100.7', '203.0.113.10'] },
  ipv6: { 'us-east-1': ['2001:db8:1::/56'], 'eu-central-1': ['2001:db8:2::/56', '2001:db8:1::/56'] },
}

const NODE_AND_PLAYWRIGHT: Record<string, [string, string]> = {
  '2026.04': ['24.13.1', '1.58.2'],
  '2025.04': ['22.11.0', '1.51.1'],
  '2024.09': ['18.20.3', '1.48.2'],
  '2024.02': ['18.20.3', '1.42.1'],
  '2023.09': ['18.20.3', '1.38.1'],
  '2023.02': ['16.20.2', '1.32.3'],
  '2022.10': ['16.20.2', '1.28.0'],
}

describe.each(testDbs)('runtimes, locations and source addresses on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db, { staticIps })
  })
  afterAll(() => t.close())

  it('lists the seven runtimes of the public API as a bare array, newest first', async () => {
    const res = await t.call('GET', '/v1/runtimes')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-range']).toBeUndefined()
    const runtimes = res.json() as Array<Record<string, unknown>>
    expect(runtimes.map((r) => r.name)).toEqual([...RUNTIME_IDS])
    for (const r of runtimes) {
      expect(Object.keys(r).sort()).toEqual(['dependencies', 'description', 'multiStepSupport', 'name', 'nodeJsVersion', 'runtimeEndOfLife', 'stage'])
      const [node, playwright] = NODE_AND_PLAYWRIGHT[r.name as string]!
      expect(r.nodeJsVersion).toBe(node)
      const deps = r.dependencies as Record<string, string>
      expect(deps['@playwright/test']).toBe(playwright)
      for (const pkg of ['axios', 'lodash', 'moment']) expect(typeof deps[pkg]).toBe('string')
      expect(['ALPHA', 'BETA', 'CURRENT', 'DEPRECATED', 'REMOVED', 'STABLE']).toContain(r.stage)
      expect(r.runtimeEndOfLife).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
      expect(typeof r.multiStepSupport).toBe('boolean')
      expect((r.description as string).length).toBeGreaterThan(0)
    }
    expect(runtimes.filter((r) => r.stage === 'CURRENT').map((r) => r.name)).toEqual(['2026.04'])
  })

  it('gets one runtime by id, and 404 for an unknown one', async () => {
    const res = await t.call('GET', '/v1/runtimes/2025.04')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: '2025.04', nodeJsVersion: '22.11.0', multiStepSupport: true, stage: 'STABLE' })
    for (const id of ['2021.06', 'latest', '2025.04.1']) {
      const missing = await t.call('GET', `/v1/runtimes/${id}`)
      expect(missing.statusCode, id).toBe(404)
      expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
    }
  })

  it('lists the 22 data-center locations with display names', async () => {
    const res = await t.call('GET', '/v1/locations')
    expect(res.statusCode).toBe(200)
    const locations = res.json() as Array<{ region: string; name: string }>
    expect(locations.map((l) => l.region)).toEqual([...LOCATIONS])
    expect(locations).toContainEqual(expect.objectContaining({ region: 'us-east-1', name: 'N. Virginia' }))
    expect(locations).toContainEqual(expect.objectContaining({ region: 'sa-east-1', name: 'São Paulo' }))
    expect(locations).toContainEqual(expect.objectContaining({ region: 'af-south-1', name: 'Cape Town' }))
    for (const l of locations) expect(l.name.length).toBeGreaterThan(0)
  })

  it('marks as served the default location and the regions with runner addresses, and only those', async () => {
    const locations = (await t.call('GET', '/v1/locations')).json<Array<{ region: string; served: boolean }>>()
    expect(locations.filter((l) => l.served).map((l) => l.region)).toEqual(['us-east-1', 'eu-west-1', 'eu-central-1'])
  })

  it('serves IPv6 source addresses by region, flat and de-duplicated, and as text', async () => {
    const byRegion = await t.call('GET', '/v1/static-ipv6s-by-region')
    expect(byRegion.statusCode).toBe(200)
    expect(byRegion.json()).toEqual(staticIps.ipv6)
    const flat = await t.call('GET', '/v1/static-ipv6s')
    expect(flat.json()).toEqual(['2001:db8:1::/56', '2001:db8:2::/56'])
    const text = await t.call('GET', '/v1/static-ipv6s.txt')
    expect(text.statusCode).toBe(200)
    expect(text.headers['content-type']).toMatch(/^text\/plain/)
    expect(text.body).toBe('2001:db8:1::/56\n2001:db8:2::/56\n')
  })

  it('serves IPv4 source addresses the same way', async () => {
    expect((await t.call('GET', '/v1/static-ips-by-region')).json()).toEqual(staticIps.ipv4)
    expect((await t.call('GET', '/v1/static-ips')).json()).toEqual(['203.0.113.10', '203.0.113.11', '198.51.100.7'])
    const text = await t.call('GET', '/v1/static-ips.txt')
    expect(text.headers['content-type']).toMatch(/^text\/plain/)
    expect(text.body.split('\n').filter(Boolean)).toEqual(['203.0.113.10', '203.0.113.11', '198.51.100.7'])
  })

  it('needs the API key like every /v1 route', async () => {
    for (const url of ['/v1/runtimes', '/v1/runtimes/2026.04', '/v1/locations', '/v1/static-ips', '/v1/static-ipv6s-by-region', '/v1/static-ipv6s.txt']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(401)
    }
  })
})

describe.each(testDbs)('source addresses without configuration on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  it('answers empty lists when the operator configured no addresses', async () => {
    expect((await t.call('GET', '/v1/static-ipv6s-by-region')).json()).toEqual({})
    expect((await t.call('GET', '/v1/static-ips')).json()).toEqual([])
    const text = await t.call('GET', '/v1/static-ipv6s.txt')
    expect(text.statusCode).toBe(200)
    expect(text.body).toBe('')
  })
})
