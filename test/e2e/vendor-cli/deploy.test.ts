/**
 * The hosted service's own CLI deploying a project written for it (test/fixtures/vendor-project) to a real Picket
 * server, unchanged: preview, deploy, an update after one file changed, destroy, and destroy keeping the resources.
 * What each step did is read back through Picket's API.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, startServer, stopStrayProcesses, type RunningServer } from '../../helpers/process.js'
import { vendorCli, type VendorCliRun } from '../../helpers/vendor-cli.js'

const ACCOUNT = '7a1c2d3e-4a5b-4c6d-8e7f-0011223344dd'
const KEY = 'vendor-cli-deploy-key-0123456789abcdef'
const FIXTURE = path.resolve('test/fixtures/vendor-project')
const cli = await vendorCli()

/** Every resource of the project, by kind: 18 in all (a subscription or an assignment is part of its check or group). */
const KINDS = { check: 8, 'check-group': 1, 'alert-channel': 4, 'maintenance-window': 1, 'private-location': 1, dashboard: 1, 'status-page': 1, 'status-page-service': 1 }
const TOTAL = Object.values(KINDS).reduce((a, b) => a + b, 0)

const URLS: Record<string, (id: string | number) => string> = {
  check: (id) => `/v1/checks/${id}`,
  'check-group': (id) => `/v1/check-groups/${id}`,
  'alert-channel': (id) => `/v1/alert-channels/${id}`,
  'maintenance-window': (id) => `/v1/maintenance-windows/${id}`,
  'private-location': (id) => `/v1/private-locations/${id}`,
  dashboard: (id) => `/v1/dashboards/${id}`,
  'status-page': (id) => `/v1/status-pages/${id}`,
  'status-page-service': (id) => `/v1/status-pages/services/${id}`,
}

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions
type Resource = { kind: string; logicalId: string; id: string | number }

describe.skipIf(cli === undefined)('the vendor CLI deploys and destroys a project on Picket', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-vendor-deploy-'))
  const project = path.join(work, 'project')
  let server: RunningServer

  const run = async (...args: string[]): Promise<VendorCliRun> => {
    const result = await cli!.run(args, { apiUrl: server.baseUrl, accountId: ACCOUNT, apiKey: KEY, cwd: project })
    return result
  }
  const api = async (url: string): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT } })
    return { status: res.status, body: (await res.json()) as Json }
  }
  const deployed = async (): Promise<Resource[]> => {
    const { status, body } = await api('/v1/projects/vendor-project')
    expect(status).toBe(200)
    return body.resources as Resource[]
  }
  /** How many of these resources still exist. */
  const existing = async (resources: Resource[]): Promise<number> => {
    let n = 0
    for (const r of resources) if ((await api(URLS[r.kind]!(r.id))).status === 200) n += 1
    return n
  }
  const expectOk = (r: VendorCliRun): void => expect(r.code, r.output).toBe(0)

  beforeAll(async () => {
    fs.cpSync(FIXTURE, project, { recursive: true })
    fs.mkdirSync(path.join(project, 'node_modules'))
    fs.symlinkSync(cli!.root, path.join(project, 'node_modules', 'checkly'), 'dir')
    server = await startServer({ DATA_DIR: path.join(work, 'data'), PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY })
  }, PROCESS_TEST_TIMEOUT_MS)

  afterAll(async () => {
    await server?.stop()
    stopStrayProcesses()
    fs.rmSync(work, { recursive: true, force: true })
  })

  it(
    'previews, deploys, updates and destroys',
    async () => {
      const preview = await run('deploy', '--preview')
      expectOk(preview)
      for (const line of ['Create:', 'ApiCheck: api-health', 'UrlMonitor: homepage', 'TcpMonitor: database-port', 'DnsMonitor: dns-a-record', 'IcmpMonitor: gateway-ping']) {
        expect(preview.output).toContain(line)
      }
      for (const line of [
        'HeartbeatMonitor: nightly-backup',
        'BrowserCheck: homepage-browser',
        'MultiStepCheck: checkout-flow',
        'CheckGroupV2: backend-group',
        'PrivateLocation: private-dc',
      ]) {
        expect(preview.output).toContain(line)
      }
      expect((await api('/v1/projects/vendor-project')).status).toBe(404)

      const first = await run('deploy', '--force')
      expectOk(first)
      expect(first.output).toContain('Successfully deployed project "Vendor Project"')
      const resources = await deployed()
      expect(resources).toHaveLength(TOTAL)
      for (const [kind, n] of Object.entries(KINDS))
        expect(
          resources.filter((r) => r.kind === kind),
          kind,
        ).toHaveLength(n)
      expect(await existing(resources)).toBe(TOTAL)
      const idOf = (logicalId: string) => resources.find((r) => r.logicalId === logicalId)!.id
      // Subscriptions and private-location assignments arrived as fields of their check or group.
      const tcp = (await api(URLS.check!(idOf('database-port')))).body
      expect(tcp.privateLocations).toEqual(['vendor-dc'])
      const apiCheck = (await api(URLS.check!(idOf('api-health')))).body
      expect(apiCheck.groupId).toBe(idOf('backend-group'))
      expect(apiCheck.alertChannelSubscriptions).toEqual([expect.objectContaining({ alertChannelId: idOf('webhook-ops'), activated: true })])
      const group = (await api(URLS['check-group']!(idOf('backend-group')))).body
      expect(group.alertChannelSubscriptions.map((s: Json) => s.alertChannelId).sort()).toEqual([idOf('email-ops'), idOf('sms-oncall')].sort())

      // One file changes: the next deploy updates that check in place.
      const file = path.join(project, '__checks__', 'api.check.ts')
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("name: 'Homepage',", "name: 'Homepage (www)',"))
      const second = await run('deploy', '--force', '--output')
      expectOk(second)
      expect(second.output).toContain('Update and Unchanged:')
      expect((await deployed()).map((r) => [r.logicalId, r.id]).sort()).toEqual(resources.map((r) => [r.logicalId, r.id]).sort())
      expect((await api(URLS.check!(idOf('homepage')))).body.name).toBe('Homepage (www)')

      const destroyed = await run('destroy', '--force')
      expectOk(destroyed)
      expect(destroyed.output).toContain('All resources associated with project "Vendor Project" have been successfully deleted.')
      expect((await api('/v1/projects/vendor-project')).status).toBe(404)
      expect(await existing(resources)).toBe(0)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    'refuses a project with a kind of resource Picket lacks, naming it, and deploys none of it',
    async () => {
      const extra = path.join(project, '__checks__', 'pager.check.ts')
      fs.writeFileSync(extra, "import { PagerdutyAlertChannel } from 'checkly/constructs'\nnew PagerdutyAlertChannel('pager', { serviceKey: 'abc123' })\n")
      try {
        const refused = await run('deploy', '--force')
        expect(refused.code).toBe(1)
        expect(refused.output).toContain('Your project could not be deployed.')
        expect(refused.output).toMatch(/resources\[\d+\] \(alert-channel:pager\)\.type/)
        expect(refused.output).toContain('"PAGERDUTY" alert channels are not a kind Picket has')
        expect((await api('/v1/projects/vendor-project')).status).toBe(404)
        for (const list of ['/v1/checks', '/v1/check-groups', '/v1/alert-channels', '/v1/dashboards']) expect((await api(list)).body, list).toEqual([])
      } finally {
        fs.rmSync(extra)
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    'deploys a Playwright check suite, its code uploaded as a bundle and read into the check\u2019s files',
    async () => {
      // The suite's project: its checkly package is the client's, @playwright/test the one Picket runs suites with.
      const suite = path.join(work, 'suite')
      fs.cpSync(path.join(FIXTURE, 'suite'), suite, { recursive: true })
      fs.mkdirSync(path.join(suite, 'node_modules', '@playwright'), { recursive: true })
      fs.symlinkSync(cli!.root, path.join(suite, 'node_modules', 'checkly'), 'dir')
      for (const pkg of ['@playwright/test', 'playwright', 'playwright-core']) fs.symlinkSync(path.resolve('node_modules', pkg), path.join(suite, 'node_modules', pkg), 'dir')
      const deployedSuite = await cli!.run(['deploy', '--force'], { apiUrl: server.baseUrl, accountId: ACCOUNT, apiKey: KEY, cwd: suite })
      expectOk(deployedSuite)
      expect(deployedSuite.output).toContain('Uploading Playwright tests')
      const { body } = await api('/v1/projects/vendor-suite')
      expect(body.resources).toEqual([expect.objectContaining({ kind: 'check', logicalId: 'home-suite' })])
      const check = (await api(URLS.check!(body.resources[0].id))).body
      expect(check).toMatchObject({ checkType: 'PLAYWRIGHT', name: 'Home suite', testCommand: 'npx playwright test --config playwright.config.ts' })
      expect(check.files.map((f: Json) => f.path).sort()).toEqual(['package-lock.json', 'package.json', 'playwright.config.ts', 'tests/home.spec.ts'])
      const spec = check.files.find((f: Json) => f.path === 'tests/home.spec.ts')
      expect(spec.content).toBe(fs.readFileSync(path.join(FIXTURE, 'suite', 'tests', 'home.spec.ts'), 'utf8'))
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    'destroys the project but keeps every resource with --preserve-resources',
    async () => {
      expectOk(await run('deploy', '--force'))
      const resources = await deployed()
      expect(resources).toHaveLength(TOTAL)
      const kept = await run('destroy', '--force', '--preserve-resources')
      expectOk(kept)
      expect(kept.output).toContain('All resources have been preserved as account-level resources.')
      expect((await api('/v1/projects/vendor-project')).status).toBe(404)
      expect(await existing(resources)).toBe(TOTAL)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
