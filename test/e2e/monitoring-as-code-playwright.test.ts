/**
 * `picket deploy` of a Playwright project, end to end on each database: the TodoMVC project as its team keeps it
 * (fixtures file with test.extend, a page object, a support module, a config, package.json with its lockfile and
 * an .npmrc pointing at a registry on loopback) with a picket.config.ts at its root. The real CLI deploys every
 * spec file as a browser check carrying, as dependencies, the local files it reaches and the project's npm files;
 * the config's playwrightConfig gives them the app's baseURL. One deployed check, run now through the API, passes
 * on the service's runner, which installs the project's dependencies with npm ci from the registry.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { PROCESS_TEST_TIMEOUT_MS, runCli, startServer, stopStrayProcesses, type RunningServer } from '../helpers/process.js'
import { dropServiceDatabases, serviceStores } from '../helpers/service-stores.js'
import { startTodoApp, type TodoApp } from '../helpers/targets/todo-app.js'
import { startTodoProject, type TodoProject } from '../helpers/todo-project.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies
const ACCOUNT = '6f1c2d3e-4a5b-4c6d-8e7f-00112233aa55'
const KEY = 'mac-playwright-key-0123456789abcdef'

const SPECS = ['clear-completed', 'counter', 'item', 'mark-all', 'new-todo', 'persistence', 'routing'].map((name) => `tests/${name}.spec.ts`)
/** What each spec reaches: the fixtures file, its page object and support module, and the project's npm files. */
const DEPENDENCIES = ['.npmrc', 'fixtures.ts', 'package-lock.json', 'package.json', 'pages/todo-page.ts', 'support/data.ts']

const config = (baseURL: string) => `import { defineConfig } from 'picket/constructs'
export default defineConfig({
  logicalId: 'todomvc',
  name: 'TodoMVC',
  checks: { locations: ['us-east-1'], activated: false, tags: ['todo'], playwrightConfig: { use: { baseURL: '${baseURL}' } } },
})
`

afterAll(async () => {
  stopStrayProcesses()
  await dropServiceDatabases()
})

describe.skipIf(!HAS_CHROMIUM).each(serviceStores('picket_mac_pw'))('picket deploy of a Playwright project on $name', (store) => {
  let dir = ''
  let server: RunningServer
  let app: TodoApp
  let project: TodoProject
  const root = () => path.join(dir, 'todomvc')
  const picket = (args: string[]) =>
    runCli(args, { PICKET_API_URL: server.baseUrl, PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY, PICKET_CONFIG_DIR: path.join(dir, 'config') }, root())
  const api = async (method: string, url: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    return { status: res.status, body: (await res.json()) as Json }
  }
  const browserChecks = async (): Promise<Json[]> => ((await api('GET', '/v1/checks?limit=100')).body as Json[]).filter((c) => c.checkType === 'BROWSER')

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-mac-pw-'))
    ;[app, project] = await Promise.all([startTodoApp(), startTodoProject()])
    for (const file of [...project.files, { path: 'picket.config.ts', content: config(app.url) }]) {
      fs.mkdirSync(path.dirname(path.join(root(), file.path)), { recursive: true })
      fs.writeFileSync(path.join(root(), file.path), file.content)
    }
    server = await startServer({ DATA_DIR: path.join(dir, 'data'), PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY, ...(await store.env()) })
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await server?.stop()
    await project?.close()
    await app?.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it(
    "deploys every spec as a browser check carrying its local files and the project's npm files",
    async () => {
      const run = await picket(['deploy'])
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/7 created, 0 updated, 0 deleted/)
      const checks = await browserChecks()
      expect(checks.map((c) => c.logicalId).sort()).toEqual(SPECS)
      for (const check of checks) {
        const spec = String(check.logicalId)
        expect(check, spec).toMatchObject({ scriptPath: spec, script: fs.readFileSync(path.join(root(), spec), 'utf8'), playwrightConfig: { use: { baseURL: app.url } } })
        expect(
          (check.dependencies as Json[]).map((d) => d.path),
          spec,
        ).toEqual(DEPENDENCIES)
        for (const d of check.dependencies as Json[]) expect(d.content, `${spec}: ${String(d.path)}`).toBe(fs.readFileSync(path.join(root(), String(d.path)), 'utf8'))
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    'runs a deployed spec check now: the runner installs the project with npm ci and the tests pass',
    async () => {
      const counter = (await browserChecks()).find((c) => c.logicalId === 'tests/counter.spec.ts') as Json
      const trigger = await api('POST', '/v1/check-sessions/trigger', { target: { checkId: [counter.id] } })
      expect(trigger.status).toBe(201)
      const results = async () => (await api('GET', `/v1/check-results/${String(counter.id)}`)).body as Json[]
      await expect.poll(async () => (await results()).length, { timeout: 200_000, interval: 500 }).toBe(1)
      const [result] = (await results()) as [Json]
      const details = result.browserCheckResult as Json
      expect(result, JSON.stringify(details?.jobLog ?? result)).toMatchObject({ runLocation: 'us-east-1', hasFailures: false, error: null })
      expect(details.summary).toMatchObject({ passed: 2, failed: 0, total: 2 })
      expect(details.notes).toContain('Dependencies: installed with npm ci')
      expect(project.registry.downloads.get('dotenv')).toBe(1)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
