/**
 * A Playwright project run by a private-location agent as an operator runs it: the service and `picket-agent` as
 * real processes on loopback ports, on each database. A PLAYWRIGHT check holding the TodoMVC project as its team
 * wrote it (fixtures file, page object, a config that loads dotenv, an .npmrc pointing at a registry on loopback and
 * the lockfile made against it) runs only on the private location. The agent installs the project's dependencies
 * with npm ci (the registry and the app it tests are on 127.0.0.1, which the agent's open egress allows but for
 * the service's own port), runs what --grep selects, and the stored result names the tests and says how the
 * dependencies were installed, in the cache folder the agent's DEPENDENCY_CACHE_DIR names; the next run takes them
 * from that cache and downloads nothing again.
 */
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readiness, startAgent, stopAgentProcesses, type AgentProcess } from '../helpers/agent-process.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { apiCall, startConsoleService, type ConsoleService } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'
import { dropServiceDatabases, serviceStores } from '../helpers/service-stores.js'
import { startTodoApp, type TodoApp } from '../helpers/targets/todo-app.js'
import { startTodoProject, type TodoProject } from '../helpers/todo-project.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

/** A project run installs, then runs Chromium: minutes on a slow machine, never a hang. */
const RUN_WAIT = { timeout: 200_000, interval: 500 }
const COUNTER_TESTS = ['should display the current number of todo items', 'should use the singular for one item']

afterAll(async () => {
  stopAgentProcesses()
  stopStrayProcesses()
  await dropServiceDatabases()
})

describe.skipIf(!HAS_CHROMIUM).each(serviceStores('picket_agent_pw'))('a Playwright project through a private-location agent on $name', (store) => {
  let svc: ConsoleService
  let app: TodoApp
  let project: TodoProject
  let agent: AgentProcess
  let checkId = ''
  let cacheDir = ''

  const results = async (): Promise<Json[]> => (await (await apiCall(svc, 'GET', `/v1/check-results/${checkId}?limit=10`)).json()) as Json[]
  /** Triggers the check and waits for its result number `count`; returns that result (the newest). */
  async function runOnce(count: number): Promise<Json> {
    expect((await apiCall(svc, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })).status).toBe(201)
    await expect.poll(async () => (await results()).length, RUN_WAIT).toBe(count)
    const [newest] = await results()
    return newest as Json
  }

  beforeAll(async () => {
    ;[svc, app, project] = await Promise.all([store.env().then((env) => startConsoleService(env)), startTodoApp(), startTodoProject()])
    const location = (await (await apiCall(svc, 'POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })).json()) as Json
    const created = await apiCall(svc, 'POST', '/v1/checks/playwright', {
      name: 'TodoMVC counter',
      activated: false,
      locations: [],
      privateLocations: ['office'],
      files: project.files,
      testCommand: 'npx playwright test --grep Counter',
      environmentVariables: [{ key: 'TODO_URL', value: app.url }],
    })
    expect(created.status).toBe(201)
    checkId = String(((await created.json()) as Json).id)
    cacheDir = await mkdtemp(path.join(os.tmpdir(), 'picket-agent-deps-'))
    await chmod(cacheDir, 0o755) // the runs' user (nobody, when the tests run as root) mounts it
    agent = await startAgent({ API_KEY: String(location.keys[0].rawKey), PICKET_URL: svc.baseUrl, DEPENDENCY_CACHE_DIR: cacheDir })
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    agent?.child.kill('SIGKILL')
    await project?.close()
    await app?.close()
    await svc?.stop()
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
  })

  /** The installs kept in the agent's DEPENDENCY_CACHE_DIR (boxed and unboxed runs keep theirs apart). */
  async function cachedInstalls(): Promise<string[]> {
    const kinds = await readdir(cacheDir)
    const installs = await Promise.all(
      kinds.map(async (kind) => (await readdir(path.join(cacheDir, kind))).filter((k) => !k.startsWith('tmp-')).map((k) => path.join(cacheDir, kind, k))),
    )
    return installs.flat()
  }

  it(
    'installs the project with npm ci on the agent and runs what --grep selects, and the result says so',
    async () => {
      await expect.poll(() => readiness(agent), { timeout: 60_000 }).toBe(200)
      const result = await runOnce(1)
      const details = result.playwrightCheckResult as Json
      expect(result, JSON.stringify(details?.jobLog ?? result)).toMatchObject({ runLocation: 'office', hasFailures: false, error: null })
      expect(details.summary).toMatchObject({ passed: 3, failed: 0, total: 3 }) // the two Counter tests and the setup project's sign-in
      expect(
        (details.tests as Json[])
          .filter((t) => t.file === 'tests/counter.spec.ts')
          .map((t) => [t.title, t.project, t.status])
          .sort(),
      ).toEqual(COUNTER_TESTS.map((title) => [expect.stringContaining(title), 'chromium', 'passed']))
      expect(details.notes).toContain('Dependencies: installed with npm ci')
      expect(project.registry.downloads.get('dotenv')).toBe(1)
      // The runtime's own Playwright runs: npm is never asked for it.
      expect(project.registry.downloads.get('@playwright/test')).toBeUndefined()
      const installs = await cachedInstalls()
      expect(installs).toHaveLength(1)
      expect(existsSync(path.join(installs[0] as string, 'node_modules', 'dotenv', 'package.json'))).toBe(true)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    "takes the dependencies from the agent's cache on the next run",
    async () => {
      const result = await runOnce(2)
      const details = result.playwrightCheckResult as Json
      expect(result, JSON.stringify(details?.jobLog ?? result)).toMatchObject({ runLocation: 'office', hasFailures: false })
      expect(details.notes).toContain('Dependencies: npm ci (from the cache)')
      expect(project.registry.downloads.get('dotenv')).toBe(1)
      expect(await cachedInstalls()).toHaveLength(1)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
