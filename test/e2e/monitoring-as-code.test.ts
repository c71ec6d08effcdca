/**
 * Monitoring as code end to end: the real service (embedded SQLite, a fresh data folder, its engine running) and
 * the real `picket` command in child processes, on a fixture project written here and a local target on port 0.
 * Deploy creates everything with the right fields, a re-deploy changes nothing, an edit updates only its resource,
 * a removed file deletes only its resources, --preview changes nothing, `test` exits 1 on a failing check and 0
 * when all pass, `destroy` removes the project's resources and nothing else, a type error names its file and line,
 * an unset environment variable that left "undefined" in a field stops a deploy, `trigger` names the heartbeats it
 * skips and fails when no check has its tags, and the `init` template follows SITE_URL and SITE_HOST throughout.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, runCli, startServer, stopStrayProcesses, type RunningServer } from '../helpers/process.js'
import { CONFIG, moreChecks, ordersCheck } from '../helpers/shop-project.js'

type Json = Record<string, unknown>
const ACCOUNT = '6f1c2d3e-4a5b-4c6d-8e7f-001122334455'
const KEY = 'mac-test-key-0123456789abcdef'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-mac-'))
const project = path.join(dir, 'shop')
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true })
  fs.writeFileSync(path.join(project, file), text)
}

describe('monitoring as code through the picket command', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let server: RunningServer
  let target: http.Server
  let targetUrl = ''
  let handMade = ''
  const cliEnv = () => ({ PICKET_API_URL: server.baseUrl, PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY, PICKET_CONFIG_DIR: path.join(dir, 'config'), SHOP_TOKEN: 'tok-123' })
  const picket = (args: string[], env: Record<string, string> = cliEnv(), cwd = project) => runCli(args, env, cwd)
  const api = async <T = Json & Json[]>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    return { status: res.status, body: (res.status === 204 ? null : await res.json()) as T }
  }
  const checks = async () => (await api<Json[]>('GET', '/v1/checks?limit=100')).body.map((c) => ({ id: String(c.id), name: String(c.name), updated_at: c.updated_at }))

  beforeAll(async () => {
    target = http.createServer((req, res) => {
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<!doctype html><title>Example Domain</title><h1>Example Domain</h1>')
        return
      }
      res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'application/json' })
      res.end('{"ok":true}')
    })
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r))
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
    server = await startServer({ DATA_DIR: path.join(dir, 'data'), PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY })
    handMade = String((await api('POST', '/v1/checks/api', { name: 'Hand made', activated: false, request: { url: `${targetUrl}/ok` } })).body.id)
    write('picket.config.ts', CONFIG)
    write('checks/orders.check.ts', ordersCheck(targetUrl, 10))
    write('checks/more.check.ts', moreChecks(targetUrl, (target.address() as AddressInfo).port, `shop-${Date.now().toString(36)}`))
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await server?.stop()
    target?.close()
    stopStrayProcesses()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('logs in only with a key the service accepts, and keeps the login in a private file', async () => {
    const bare = { PICKET_CONFIG_DIR: path.join(dir, 'config') }
    const refused = await picket(['login', '--url', server.baseUrl, '--account', ACCOUNT, '--key', 'wrong-key-0123456789'], bare)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/refused the key \(401\)/)
    const ok = await picket(['login', '--url', server.baseUrl, '--account', ACCOUNT, '--key', KEY], bare)
    expect(ok.code, ok.stderr).toBe(0)
    const file = path.join(dir, 'config', 'login.json')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const who = await picket(['whoami'], bare)
    expect(who.code, who.stderr).toBe(0)
    expect(who.stdout).toContain(`(${ACCOUNT})`)
    expect(who.stdout).not.toContain(KEY)
  })

  it('--preview shows every resource to create and changes nothing', async () => {
    const run = await picket(['deploy', '--preview'])
    expect(run.code, run.stderr).toBe(0)
    for (const line of ['+ alert-channel hook', '+ check-group backend', '+ check orders', '+ check home', '+ check nightly', '+ status-page status', '+ variable SHOP_TOKEN'])
      expect(run.stdout).toContain(line)
    expect((await checks()).map((c) => c.name)).toEqual(['Hand made'])
    expect((await api('GET', '/v1/projects')).body).toEqual([])
  })

  it('deploy creates everything with the right fields, references resolved', async () => {
    const run = await picket(['deploy'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/11 created, 0 updated, 0 deleted/)
    const all = (await api('GET', '/v1/checks?limit=100')).body as Json[]
    const byName = new Map(all.map((c) => [c.name, c]))
    const group = ((await api('GET', '/v1/check-groups')).body as Json[]).find((g) => g.name === 'Backend')
    const channel = ((await api('GET', '/v1/alert-channels')).body as Json[]).find((c) => (c.config as Json).name === 'Hook')
    const orders = byName.get('Orders API') as Json
    expect(orders).toMatchObject({ frequency: 10, groupId: group?.id, locations: ['us-east-1'], tags: ['shop'], request: { url: `${targetUrl}/ok` } })
    expect(orders.alertChannelSubscriptions).toEqual([expect.objectContaining({ alertChannelId: channel?.id, activated: true })])
    expect(orders).toMatchObject({ logicalId: 'orders', project: { logicalId: 'shop', name: 'Shop' } })
    expect(byName.get('Hand made')).toMatchObject({ logicalId: null, project: null })
    const service = ((await api('GET', '/v1/status-pages/services?limit=100')).body as unknown as { entries: Json[] }).entries.find((s) => s.name === 'Checkout')
    expect(byName.get('Home')).toMatchObject({ triggerIncident: expect.objectContaining({ serviceId: service?.id }) })
    expect(byName.get('Nightly')).toMatchObject({ checkType: 'HEARTBEAT', tags: ['shop'] })
    const variable = (await api('GET', '/v1/variables/SHOP_TOKEN')).body as Json
    expect(variable).toMatchObject({ key: 'SHOP_TOKEN', secret: true })
    expect(JSON.stringify(variable)).not.toContain('tok-123')
    const page = ((await api('GET', '/v1/status-pages?limit=100')).body as unknown as { entries: Json[] }).entries.find((p) => p.name === 'Shop status') as Json
    expect(JSON.stringify(page.cards)).toContain(String(service?.id))
    expect(fs.readdirSync(project).sort()).toEqual(['checks', 'picket.config.ts'])
  })

  it('a second deploy of the same files changes nothing', async () => {
    const before = await checks()
    const run = await picket(['deploy'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/No changes \(11 unchanged\)/)
    expect(await checks()).toEqual(before)
  })

  it('trigger says which checks it leaves out (heartbeats), and says plainly when no check has the tags', async () => {
    const run = await picket(['trigger', '--tags', 'shop', '--timeout', '120'])
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/✔ Orders API\s+PASSED/)
    expect(run.stdout).toContain('Skipped 1 heartbeat (heartbeats are not run, they wait for pings): Nightly')
    const none = await picket(['trigger', '--tags', 'nosuch', '--tags', 'shop,nosuch'])
    expect(none.code).toBe(1)
    expect(none.stdout).toBe('')
    expect(none.stderr).toBe('picket: no deployed check has the tags nosuch, or shop and nosuch: nothing was run\n')
  })

  it('changing a field updates only that resource', async () => {
    const before = await checks()
    write('checks/orders.check.ts', ordersCheck(targetUrl, 5))
    const run = await picket(['deploy'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('~ check orders (frequency)')
    expect(run.stdout).toMatch(/0 created, 1 updated, 0 deleted, 10 unchanged/)
    const after = await checks()
    for (const c of after) {
      const old = before.find((b) => b.id === c.id)
      if (c.name === 'Orders API') expect(c.updated_at).not.toEqual(old?.updated_at)
      else expect(c).toEqual(old)
    }
  })

  it('a type error is reported with its file and line, and nothing is deployed', async () => {
    write('checks/bad.check.ts', "import { UrlMonitor } from 'picket/constructs'\n\nnew UrlMonitor('bad', { name: 'Bad', frequency: 'often', request: { url: 'x' } })\n")
    const run = await picket(['deploy'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/checks\/bad\.check\.ts:3:\d+ - TS2322/)
    expect((await checks()).map((c) => c.name)).not.toContain('Bad')
    fs.rmSync(path.join(project, 'checks/bad.check.ts'))
  })

  it('an unset environment variable put into a field: preview and test warn, deploy refuses and deploys nothing', async () => {
    write(
      'checks/token.check.ts',
      `import { ApiCheck } from 'picket/constructs'
new ApiCheck('token-api', { name: 'Token API', request: { url: '${targetUrl}/ok', headers: [{ key: 'Authorization', value: \`Bearer \${process.env.ORDERS_TOKEN}\` }] } })
`,
    )
    const warning = 'ApiCheck "token-api" (checks/token.check.ts): request.headers[0].value holds "undefined" (is the environment variable ORDERS_TOKEN set?)'
    try {
      const before = await checks()
      const preview = await picket(['deploy', '--preview'])
      expect(preview.code, preview.stderr).toBe(0)
      expect(preview.stdout).toContain('+ check token-api')
      expect(preview.stderr).toBe(`warning: ${warning}\n`)
      const refused = await picket(['deploy'])
      expect(refused.code).toBe(1)
      expect(refused.stdout).toBe('')
      expect(refused.stderr).toContain('picket: nothing was deployed')
      expect(refused.stderr).toContain(`  ${warning}\n`)
      expect(await checks()).toEqual(before)
      const test = await picket(['test', 'token-api', '--timeout', '120'])
      expect(test.code, test.stdout + test.stderr).toBe(0)
      expect(test.stderr).toBe(`warning: ${warning}\n`)
      const set = await picket(['deploy', '--preview'], { ...cliEnv(), ORDERS_TOKEN: 't0k3n' })
      expect(set.code, set.stderr).toBe(0)
      expect(set.stderr).toBe('')
    } finally {
      fs.rmSync(path.join(project, 'checks/token.check.ts'))
    }
  })

  it('a variable construct without its value names the environment variable, before the service is called', async () => {
    write(
      'checks/secret.check.ts',
      "import { EnvironmentVariable } from 'picket/constructs'\nnew EnvironmentVariable('ORDERS_TOKEN', { value: process.env.ORDERS_TOKEN as string, secret: true })\n",
    )
    try {
      for (const args of [['deploy'], ['deploy', '--preview']]) {
        const run = await picket(args)
        expect(run.code).toBe(1)
        expect(run.stderr).toContain('EnvironmentVariable "ORDERS_TOKEN" (checks/secret.check.ts): value is missing (is the environment variable ORDERS_TOKEN set?)')
        expect(run.stderr).not.toContain('HTTP 400')
      }
      expect((await api('GET', '/v1/variables/ORDERS_TOKEN')).status).toBe(404)
    } finally {
      fs.rmSync(path.join(project, 'checks/secret.check.ts'))
    }
  })

  it('test exits 0 when every check passes and 1 when one fails, and leaves nothing behind', async () => {
    const before = await checks()
    const pass = await picket(['test', 'orders', '--timeout', '120'])
    expect(pass.code, pass.stdout + pass.stderr).toBe(0)
    expect(pass.stdout).toMatch(/✔ Orders API \(orders\)\s+PASSED/)
    write('checks/failing.check.ts', `import { ApiCheck } from 'picket/constructs'\nnew ApiCheck('broken', { name: 'Broken', request: { url: '${targetUrl}/fail' } })\n`)
    const fail = await picket(['test', '--reporter', 'json', '--timeout', '120'])
    expect(fail.code, fail.stderr).toBe(1)
    const report = JSON.parse(fail.stdout) as { passed: boolean; skipped: string[]; checks: Json[] }
    expect(report.passed).toBe(false)
    expect(report.skipped).toEqual(['nightly'])
    expect(report.checks.find((c) => c.logicalId === 'broken')).toMatchObject({ status: 'FAILED' })
    expect(report.checks.find((c) => c.logicalId === 'orders')).toMatchObject({ status: 'PASSED' })
    fs.rmSync(path.join(project, 'checks/failing.check.ts'))
    expect(await checks()).toEqual(before)
    expect(((await api('GET', '/v1/projects')).body as Json[]).map((p) => p.logicalId)).toEqual(['shop'])
  })

  it('test --record keeps the runs as a test session that still reads back once the test project is gone', async () => {
    const before = await checks()
    const run = await picket(['test', 'orders', '--record', '--timeout', '120'])
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/✔ Orders API \(orders\)\s+PASSED/)
    const id = /Recorded as test session (\S+): /.exec(run.stdout)?.[1] ?? ''
    const session = await api<Json>('GET', `/v1/test-sessions/${id}`)
    expect(session.status, run.stdout).toBe(200)
    const results = session.body.results as Json[]
    expect(session.body.status).toBe('PASSED')
    expect(results.map((r) => [r.name, r.resultType])).toEqual([['Orders API', 'FINAL']])
    expect((await api('GET', `/v1/test-sessions/${id}/results/${String(results[0]?.testSessionResultId)}`)).status).toBe(200)
    expect(await checks()).toEqual(before)
  })

  it('removing a file deletes only its resources', async () => {
    fs.rmSync(path.join(project, 'checks/more.check.ts'))
    const preview = await picket(['deploy', '--preview'])
    expect(preview.stdout).toMatch(/Plan: 0 to create, 0 to update, 8 to delete, 3 unchanged/)
    const run = await picket(['deploy'])
    expect(run.code, run.stderr).toBe(0)
    expect((await checks()).map((c) => c.name).sort()).toEqual(['Hand made', 'Orders API'])
    expect((await api('GET', '/v1/variables/SHOP_TOKEN')).status).toBe(404)
    expect(((await api('GET', '/v1/status-pages/services?limit=100')).body as unknown as { entries: Json[] }).entries.map((s) => s.name)).not.toContain('Checkout')
  })

  it('trigger runs deployed checks by tag and reports them', async () => {
    const run = await picket(['trigger', '--tags', 'shop', '--timeout', '120'])
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/✔ Orders API\s+PASSED/)
  })

  it('destroy shows what it would delete without --force, then deletes the project and nothing else', async () => {
    const dry = await picket(['destroy'])
    expect(dry.code).toBe(1)
    expect(dry.stdout).toContain('- check orders')
    expect((await checks()).length).toBe(2)
    const run = await picket(['destroy', '--force'])
    expect(run.code, run.stderr).toBe(0)
    expect((await checks()).map((c) => c.id)).toEqual([handMade])
    expect((await api('GET', '/v1/projects')).body).toEqual([])
  })

  it('answers wrong input with usage or one line, never a stack trace', async () => {
    const cases: Array<[string[], Record<string, string>, string, number, RegExp]> = [
      [['deploy', '--previwe'], cliEnv(), project, 2, /unknown option --previwe/],
      [['trigger'], cliEnv(), project, 2, /needs --tags/],
      [['test', '--reporter', 'xml'], cliEnv(), project, 2, /--reporter must be list or json/],
      [['deploy'], { PICKET_CONFIG_DIR: path.join(dir, 'nowhere') }, project, 1, /not logged in/],
      [['deploy'], cliEnv(), dir, 1, /no picket\.config\.ts in/],
    ]
    for (const [args, env, cwd, code, message] of cases) {
      const run = await picket(args, env, cwd)
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(code)
      expect(run.stderr).toMatch(message)
      expect(run.stderr).not.toMatch(/\n\s+at /)
    }
  })

  it('init writes a template project that type-checks and previews', async () => {
    const init = await picket(['init', 'starter'], cliEnv(), dir)
    expect(init.code, init.stderr).toBe(0)
    const again = await picket(['init', 'starter'], cliEnv(), dir)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already has/)
    const preview = await picket(['deploy', '--preview'], cliEnv(), path.join(dir, 'starter'))
    expect(preview.code, preview.stderr).toBe(0)
    for (const kind of [
      'check homepage-api',
      'check homepage-url',
      'check https-port',
      'check site-dns',
      'check site-ping',
      'check nightly-backup',
      'check homepage-browser',
      'alert-channel oncall-email',
      'check-group web',
    ]) {
      expect(preview.stdout).toContain(`+ ${kind}`)
    }
    expect(preview.stderr).toBe('')
  })

  it('the template project points every check at SITE_URL and SITE_HOST as they are when it is tested, its browser check too', async () => {
    const env = { ...cliEnv(), SITE_URL: targetUrl, SITE_HOST: '127.0.0.1' }
    const run = await picket(['test', 'homepage', 'site-ping', '--timeout', '120'], env, path.join(dir, 'starter'))
    expect(run.code, run.stdout + run.stderr).toBe(0)
    for (const line of [
      /✔ Homepage answers \(homepage-api\)\s+PASSED/,
      /✔ Homepage is up \(homepage-url\)\s+PASSED/,
      /✔ .* \(homepage-browser\)\s+PASSED/,
      /✔ Site answers ping \(site-ping\)\s+PASSED\s+us-east-1 avg \d/,
    ]) {
      expect(run.stdout).toMatch(line)
    }
    expect(run.stdout).toContain('4 checks: 4 passed, 0 failed')
  })
})
