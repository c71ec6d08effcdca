/**
 * Real Playwright projects, as their authors wrote them, through the browser runner in its box with Debian's
 * Chromium: a TodoMVC project with a fixtures file, a page object, `test.extend`, a setup project writing
 * storageState, Firefox and WebKit projects, a webServer, video, and a config that loads dotenv from its
 * package.json (installed with npm from a registry on loopback, then from the cache); an ES module project and a
 * CommonJS one; and the ways a project breaks, each of which must name its cause. No result may show a path of
 * the host: the service's install folder, the run's folder or the box's mounts.
 */
import { mkdtemp, readFile, rm, chmod } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { unzipSync, strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckType } from '../../src/domain/checks/enums.js'
import type { CheckRunSpec, RunResult } from '../../src/runners/contract.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { lockfileFor, startNpmRegistry, type NpmRegistry } from '../helpers/npm-registry.js'
import { projectFiles, type ProjectFile } from '../helpers/project-files.js'
import { runDoc } from '../helpers/run-spec.js'
import { startTodoApp, type TodoApp } from '../helpers/targets/todo-app.js'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const MODULES = path.join(REPO, 'node_modules')

interface Details {
  summary: { passed: number; failed: number; skipped: number; total: number } | null
  tests: Array<{ title: string; file: string; project: string; status: string; error: { message: string; location: string | null } | null }>
  notes: string[]
  stderr: string[]
}
const details = (r: RunResult): Details => r.details as unknown as Details

describe.skipIf(!HAS_CHROMIUM)('Playwright projects as written', () => {
  let app: TodoApp
  let registry: NpmRegistry
  let runner: BrowserRunner
  let workDir: string
  let todo: ProjectFile[]
  const results: RunResult[] = []

  beforeAll(async () => {
    app = await startTodoApp()
    registry = await startNpmRegistry([
      path.join(MODULES, 'dotenv'),
      path.join(MODULES, '@playwright', 'test'),
      path.join(MODULES, 'playwright'),
      path.join(MODULES, 'playwright-core'),
    ])
    const own = projectFiles('todomvc')
    const pkg = own.find((f) => f.path === 'package.json')?.content ?? ''
    const lock = await lockfileFor({ 'package.json': pkg, '.npmrc': registry.npmrc })
    todo = [...own, { path: '.npmrc', content: registry.npmrc }, { path: 'package-lock.json', content: lock }]
    workDir = await mkdtemp(path.join(os.tmpdir(), 'ppt-'))
    await chmod(workDir, 0o755) // runs execute as nobody when the tests run as root
    runner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 180_000, workDir })
  }, 120_000)
  afterAll(async () => {
    for (const r of results) await r.release?.()
    await runner?.close()
    await registry?.close()
    await app?.close()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  async function run(checkType: CheckType, doc: Record<string, unknown>, variables: Record<string, string> = {}): Promise<RunResult> {
    const spec: CheckRunSpec = {
      checkId: 'check-1',
      checkName: 'TodoMVC',
      checkType,
      doc: runDoc(checkType, { runtimeId: '2026.04', ...doc }),
      variables: { TODO_URL: app.url, ...variables },
      scripts: { setup: [], teardown: [] },
    }
    const result = await runner.run(spec, { location: 'eu-west-1', now: () => Date.now() })
    results.push(result)
    return result
  }
  const suite = (files: ProjectFile[], testCommand = 'npx playwright test', extra: Record<string, unknown> = {}): Promise<RunResult> =>
    run('PLAYWRIGHT', { files, testCommand, ...extra })

  /** Nothing of the host's layout in what a user reads: the result, its log, and the traces. */
  async function expectNoHostPaths(result: RunResult): Promise<void> {
    const shown = JSON.stringify({ ...result, artifacts: undefined, release: undefined })
    for (const hostPath of [workDir, REPO, '/suite/', '/opt/picket', os.tmpdir() + '/']) expect(shown).not.toContain(hostPath)
    for (const trace of (result.artifacts ?? []).filter((a) => a.type === 'trace')) {
      const entries = unzipSync(new Uint8Array(await readFile(trace.path)))
      const text = Object.entries(entries)
        .filter(([name]) => !name.startsWith('resources/') || name.endsWith('.txt'))
        .map(([, data]) => strFromU8(data))
        .join('\n')
      expect(text).not.toContain('preload.cjs')
      expect(text).not.toContain(workDir)
      expect(text).not.toContain(REPO)
    }
  }

  it('runs the TodoMVC project unchanged, installing dotenv from its package.json, and skips its Firefox and WebKit projects', async () => {
    const result = await suite(todo)
    const d = details(result)
    expect(result.errorMessage).toBeNull()
    expect(result.status).toBe('passing')
    expect(d.summary).toMatchObject({ passed: 26, failed: 0, total: 26 }) // 25 tests and the setup project's sign-in
    expect(new Set(d.tests.map((t) => t.project))).toEqual(new Set(['setup', 'chromium']))
    expect(d.tests.find((t) => t.title.includes('signed-in owner'))?.file).toBe('tests/persistence.spec.ts')
    expect(d.notes).toEqual(
      expect.arrayContaining([
        'Dependencies: installed with npm ci',
        'Project "firefox" is skipped: it runs Firefox, and only Chromium runs here',
        'Project "webkit" is skipped: it runs WebKit, and only Chromium runs here',
        expect.stringMatching(/^webServer is not started/),
        expect.stringMatching(/^video "retain-on-failure" is off/),
        expect.stringMatching(/^package\.json asks for @playwright\/test \^1\.48\.2; the run uses the runner's Playwright/),
      ]),
    )
    expect(registry.downloads.get('dotenv')).toBe(1)
    expect((result.artifacts ?? []).filter((a) => a.type === 'trace')).toHaveLength(26)
    await expectNoHostPaths(result)
  }, 300_000)

  it('takes the installed dependencies from the cache on the next run, and runs only what --grep selects', async () => {
    const result = await suite(todo, 'npx playwright test --grep Routing --project=chromium')
    const d = details(result)
    expect(result.status).toBe('passing')
    expect(d.tests.map((t) => t.title).filter((t) => t.startsWith('Routing'))).toHaveLength(4)
    expect(d.summary?.total).toBe(5) // the four, and the setup project they depend on
    expect(d.notes).toContain('Dependencies: npm ci (from the cache)')
    expect(registry.downloads.get('dotenv')).toBe(1)
  }, 200_000)

  const broken: Array<[string, ProjectFile[], string, RegExp]> = [
    [
      'a test that fails names its file and line',
      [
        {
          path: 'tests/counter.spec.ts',
          content:
            "import { test, expect } from '../fixtures';\n\ntest('counts', async ({ todoPage }) => {\n  await todoPage.add('one');\n  await expect(todoPage.count).toHaveText('7 items left', { timeout: 500 });\n});\n",
        },
      ],
      'Counter|counts',
      /^Test "counts" failed \(tests\/counter\.spec\.ts:5:\d+\): .*toHaveText/,
    ],
    [
      'a module the project does not have names the module and its importer',
      [{ path: 'tests/extra.spec.ts', content: "import { test } from '../fixtures';\nimport leftPad from 'left-pad';\n\ntest('pads', async () => { leftPad('x', 3) });\n" }],
      'pads',
      /Cannot find module 'left-pad' imported by tests\/extra\.spec\.ts: add "left-pad" to the project's package\.json/,
    ],
    [
      'a syntax error names file, line and column',
      [{ path: 'tests/broken.spec.ts', content: "import { test } from '../fixtures';\n\ntest('broken', async ({ page }) => {\n  await page.goto('/'))\n});\n" }],
      'broken',
      /Syntax error at tests\/broken\.spec\.ts:4:\d+/,
    ],
    [
      'a config with only Firefox and WebKit projects says only Chromium runs',
      [
        {
          path: 'playwright.config.ts',
          content:
            "import { defineConfig, devices } from '@playwright/test';\nexport default defineConfig({ testDir: './tests', projects: [{ name: 'firefox', use: { ...devices['Desktop Firefox'] } }, { name: 'webkit', use: { ...devices['Desktop Safari'] } }] });\n",
        },
      ],
      'anything',
      /no Chromium project \("firefox", "webkit"\): only Chromium runs here/,
    ],
    ['a filter that matches nothing says where Playwright looked', [], 'nothing-matches-this', /^No tests found in tests matching \*\*\/\*\.@\(spec\|test\)/],
  ]
  it.each(broken)(
    '%s',
    async (_name, changed, grep, message) => {
      const result = await suite(
        projectFiles('todomvc', [...todo.filter((f) => f.path === '.npmrc' || f.path === 'package-lock.json'), ...changed]),
        `npx playwright test --grep "${grep}"`,
      )
      expect(result.status).toBe('failing')
      expect(result.errorMessage).toMatch(message)
      await expectNoHostPaths(result)
    },
    200_000,
  )

  it("fails an install that npm cannot do with npm's own error, before any test runs", async () => {
    const pkg = JSON.stringify({ name: 'todo-e2e', version: '1.0.0', devDependencies: { '@playwright/test': '^1.65.0', 'not-published-anywhere': '^2.0.0' } })
    const result = await suite([...projectFiles('cjs-js', [{ path: 'package.json', content: pkg }]), { path: '.npmrc', content: registry.npmrc }])
    expect(result.status).toBe('failing')
    expect(result.errorKind).toBe('CONFIG')
    expect(result.errorMessage).toMatch(/^Installing the dependencies \(npm install\) failed: npm error (code E404|404)/)
    expect(result.jobLog.join('\n')).toContain('not-published-anywhere')
    await expectNoHostPaths(result)
  }, 200_000)

  it.each([
    [
      'an ES module project ("type": "module", a .js config using import.meta, globalSetup and globalTeardown, its own test.extend, top-level await)',
      'esm-js',
      'adds items in an ES module project',
    ],
    ['a CommonJS project (require, a helper that re-exports the runner, a Pixel 5 device)', 'cjs-js', 'adds an item on a phone-sized screen'],
  ])(
    'runs %s',
    async (_name, project, title) => {
      const result = await suite(projectFiles(project))
      expect(result.errorMessage).toBeNull()
      expect(details(result).tests.map((t) => [t.title, t.status])).toEqual([[title, 'passed']])
      await expectNoHostPaths(result)
    },
    200_000,
  )

  it('runs a spec of the project as a browser check, with the rest of the project as its dependency files', async () => {
    const spec = todo.find((f) => f.path === 'tests/new-todo.spec.ts') as ProjectFile
    const dependencies = todo.filter((f) => f.path !== spec.path && !f.path.startsWith('tests/'))
    const result = await run(
      'BROWSER',
      { script: spec.content, scriptPath: spec.path, dependencies, playwrightConfig: { use: { baseURL: app.url } } },
      { TODO_DEFAULT_ITEMS: 'buy some cheese,feed the cat,book a doctors appointment' },
    )
    expect(result.errorMessage).toBeNull()
    expect(details(result).summary).toMatchObject({ passed: 5, total: 5 })
    await expectNoHostPaths(result)
  }, 200_000)

  it.each([
    [
      "a script without a path that takes test from the project's fixtures file runs as a test",
      "import { test, expect } from './fixtures';\n\ntest('adds one', async ({ todoPage }) => {\n  await todoPage.add('one');\n  await expect(todoPage.count).toHaveText('1 item left');\n});\n",
      'PLAYWRIGHT_TEST',
    ],
    [
      'a plain script that takes only expect from @playwright/test stays a plain script',
      "const { chromium } = require('playwright');\nconst { expect } = require('@playwright/test');\n(async () => {\n  const browser = await chromium.launch();\n  const page = await browser.newPage();\n  await page.goto(process.env.TODO_URL);\n  await expect(page.getByRole('heading')).toHaveText('todos');\n  await browser.close();\n})();\n",
      'PLAYWRIGHT',
    ],
  ])(
    '%s',
    async (_name, script, type) => {
      const dependencies = todo.filter((f) => ['fixtures.ts', 'pages/todo-page.ts', 'support/data.ts'].includes(f.path))
      const result = await run('BROWSER', { script, dependencies, playwrightConfig: { use: { baseURL: app.url } } })
      expect(result.errorMessage).toBeNull()
      expect((result.details as { type: string }).type).toBe(type)
    },
    200_000,
  )
})
