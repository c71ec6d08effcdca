/**
 * Spec files of real Playwright projects as browser checks (monitoring as code): a spec that takes `test` from the
 * project's fixtures file carries, as dependencies, every local file it reaches (TypeScript and JavaScript, ES
 * modules and CommonJS) and its package's package.json, lockfile and .npmrc, so that the runner installs what the
 * project installs. The package is the nearest folder up to the project root with a package.json, never above it.
 * The config's playwrightConfig reaches browser and multi-step checks that set none, and a suite carries its
 * lockfile and .npmrc too.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ApiCheck, BrowserCheck, MultiStepCheck, PlaywrightCheckSuite, browserCheckFromSpec, closeSession, openSession, type ProjectConfig } from '../../src/constructs/index.js'
import { packageFolderOf } from '../../src/constructs/package-files.js'
import { projectFiles } from '../helpers/project-files.js'

const NPMRC = 'registry=http://127.0.0.1:4873/\n'
const LOCK = '{ "name": "todomvc-e2e", "lockfileVersion": 3, "packages": {} }\n'

const roots: string[] = []
afterEach(() => closeSession())
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true })
})

/** A folder holding `files` (path → content); returns its path. */
function tempFolder(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-specs-'))
  roots.push(root)
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), content)
  }
  return root
}

/** A fixture project of test/fixtures/playwright-projects, with `extra` files, as a folder. */
const fixtureProject = (name: string, extra: Record<string, string> = {}): string =>
  tempFolder({ ...Object.fromEntries(projectFiles(name).map((f) => [f.path, f.content])), ...extra })

type Payload = { script: string; scriptPath?: string; dependencies?: Array<{ path: string; content: string }>; playwrightConfig?: unknown }

/** The payload of the browser check a spec file becomes in a project rooted at `root`. */
function specPayload(root: string, spec: string, config: ProjectConfig = { logicalId: 'p' }): Payload {
  const session = openSession({ config, baseDir: root })
  browserCheckFromSpec(session, path.join(root, spec))
  return session.resources()[0]?.payload as Payload
}

describe('a spec file as a browser check carries what it needs to run', () => {
  it.each<[string, string, Record<string, string>, string, string[]]>([
    [
      'TypeScript: a spec taking test from the fixtures file (page object, support module), with .npmrc and lockfile',
      'todomvc',
      { '.npmrc': NPMRC, 'package-lock.json': LOCK },
      'tests/counter.spec.ts',
      ['.npmrc', 'fixtures.ts', 'package-lock.json', 'package.json', 'pages/todo-page.ts', 'support/data.ts'],
    ],
    [
      'TypeScript: a spec importing the fixtures and a support module itself, without lockfile',
      'todomvc',
      {},
      'tests/new-todo.spec.ts',
      ['fixtures.ts', 'package.json', 'pages/todo-page.ts', 'support/data.ts'],
    ],
    ['an ES module project in JavaScript: a .js import of its own test.extend', 'esm-js', {}, 'e2e/todos.e2e.js', ['e2e/support/test.js', 'package.json']],
    ['a CommonJS project: require of a helper that re-exports the runner', 'cjs-js', {}, 'specs/mobile.test.js', ['package.json', 'specs/base.js']],
  ])('%s', (_what, project, extra, spec, dependencies) => {
    const root = fixtureProject(project, extra)
    const payload = specPayload(root, spec)
    expect(payload.script).toBe(fs.readFileSync(path.join(root, spec), 'utf8'))
    expect(payload.scriptPath).toBe(spec)
    expect(payload.dependencies?.map((d) => d.path)).toEqual(dependencies)
    for (const d of payload.dependencies ?? []) expect(d.content, d.path).toBe(fs.readFileSync(path.join(root, d.path), 'utf8'))
  })

  it("follows a barrel's export * as, and no import that only a comment or a string names", () => {
    const root = tempFolder({
      'tests/home.spec.ts': "// import { old } from '../old-helpers'\nimport { pages } from '../support'\nconst note = \"require('./nowhere')\"\n",
      'support/index.ts': "export * as pages from './pages'\n",
      'support/pages.ts': "export { expect } from '@playwright/test'\n",
    })
    expect(specPayload(root, 'tests/home.spec.ts').dependencies?.map((d) => d.path)).toEqual(['support/index.ts', 'support/pages.ts'])
  })
})

describe("the package of a check's code", () => {
  it.each<[string, Record<string, string>, string, string | undefined]>([
    ['the project root', { 'package.json': '{}' }, 'tests/a.spec.ts', ''],
    ['the nearest folder with a package.json', { 'package.json': '{}', 'e2e/package.json': '{}' }, 'e2e/tests/a.spec.ts', 'e2e'],
    ['none: a lone .npmrc makes no package', { '.npmrc': NPMRC }, 'tests/a.spec.ts', undefined],
    ["none: a package.json above the project root is not the project's", { '../package.json': '{}' }, 'tests/a.spec.ts', undefined],
    ['none: a file outside the project root', { 'package.json': '{}' }, '../elsewhere/a.spec.ts', undefined],
  ])('%s', (_what, files, file, expected) => {
    const outer = tempFolder({})
    const root = path.join(outer, 'project')
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
      fs.writeFileSync(path.join(root, name), content)
    }
    expect(packageFolderOf(path.join(root, file), root)).toBe(expected === undefined ? undefined : path.join(root, expected))
  })

  it('gives a nested package its own root: paths relative to it, only its npm files', () => {
    const root = tempFolder({
      'package.json': '{"name":"monitoring"}',
      'e2e/package.json': '{"name":"e2e"}',
      'e2e/.npmrc': NPMRC,
      'e2e/tests/a.spec.ts': "import { go } from '../lib/go'\n",
      'e2e/lib/go.ts': '',
    })
    const payload = specPayload(root, 'e2e/tests/a.spec.ts')
    expect(payload.scriptPath).toBe('tests/a.spec.ts')
    expect(payload.dependencies).toEqual([
      { path: '.npmrc', content: NPMRC },
      { path: 'lib/go.ts', content: '' },
      { path: 'package.json', content: '{"name":"e2e"}' },
    ])
  })

  it('is not looked for outside a session (no project root bounds the search)', () => {
    const root = tempFolder({ 'package.json': '{}', 'a.spec.ts': '' })
    expect(new BrowserCheck('a', { name: 'a', code: { entrypoint: path.join(root, 'a.spec.ts') } }).toResource().payload).toEqual({
      name: 'a',
      script: '',
      scriptPath: 'a.spec.ts',
    })
  })

  it('goes with a Playwright suite too: its lockfile and .npmrc next to its package.json', () => {
    const root = fixtureProject('todomvc', { '.npmrc': NPMRC, 'package-lock.json': LOCK })
    const suite = new PlaywrightCheckSuite('todo', { name: 'Todo', code: { entrypoint: path.join(root, 'playwright.config.ts') } })
    const files = (suite.toResource().payload as { files: Array<{ path: string }> }).files.map((f) => f.path)
    expect(files).toEqual(expect.arrayContaining(['.npmrc', 'package-lock.json', 'package.json', 'playwright.config.ts', 'fixtures.ts', 'tests/counter.spec.ts']))
  })
})

describe("the config's playwrightConfig", () => {
  const DEFAULT = { use: { baseURL: 'http://127.0.0.1:8080' }, expect: { timeout: 2_000 } }
  const OWN = { use: { baseURL: 'https://own.example.com' } }

  it.each<[string, (entry: string) => unknown, unknown]>([
    ['reaches a browser check that sets none', (entry) => new BrowserCheck('b', { name: 'b', code: { entrypoint: entry } }), DEFAULT],
    ['reaches a multi-step check that sets none', (entry) => new MultiStepCheck('m', { name: 'm', code: { entrypoint: entry } }), DEFAULT],
    ["leaves a check's own playwrightConfig", (entry) => new BrowserCheck('b', { name: 'b', code: { entrypoint: entry }, playwrightConfig: OWN }), OWN],
    ['leaves a playwrightConfig set to null', (entry) => new BrowserCheck('b', { name: 'b', code: { entrypoint: entry }, playwrightConfig: null }), null],
    ['does not reach an API check', () => new ApiCheck('api', { name: 'api', request: { url: 'https://example.com' } }), undefined],
  ])('%s', (_what, create, expected) => {
    const root = tempFolder({ 'a.spec.ts': '' })
    const session = openSession({ config: { logicalId: 'p', checks: { playwrightConfig: DEFAULT } }, baseDir: root })
    create(path.join(root, 'a.spec.ts'))
    expect(session.resources()[0]?.payload.playwrightConfig).toEqual(expected)
  })

  it('reaches a spec file found by testMatch, as a copy', () => {
    const root = fixtureProject('todomvc')
    const config = { logicalId: 'p', checks: { playwrightConfig: DEFAULT } }
    const payload = specPayload(root, 'tests/counter.spec.ts', config)
    expect(payload.playwrightConfig).toEqual(DEFAULT)
    expect(payload.playwrightConfig).not.toBe(DEFAULT)
  })
})
