/**
 * Code from files: a browser or multi-step check's entry point is read relative to the file that declared the
 * construct, when the construct is serialised, with the local files it imports; a Playwright suite's entry point
 * gives the suite's files.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { BrowserCheck, MultiStepCheck, PlaywrightCheckSuite, closeSession, openSession } from '../../src/constructs/index.js'

const CONSTRUCTS = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/constructs/index.ts')).href
const SPEC =
  "import { test } from '@playwright/test'\nimport { login } from './helpers/auth.js'\nimport users from '../data/users.json'\ntest('t', async () => { await login(users) })\n"
const AUTH = "export { pick } from './pick'\nexport const login = async (_u: unknown) => {}\n"
const PICK = 'export const pick = 1\n'

const roots: string[] = []
afterEach(() => closeSession())
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true })
})

const tempProject = (files: Record<string, string>): string => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-code-'))
  roots.push(root)
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), content.replaceAll('CONSTRUCTS', CONSTRUCTS))
  }
  return root
}

const loadProject = async (root: string, files: string[]) => {
  const session = openSession({ config: { logicalId: 'p' }, baseDir: root })
  for (const file of files) {
    session.loadingFile = path.join(root, file)
    await import(pathToFileURL(session.loadingFile).href)
  }
  return session
}

describe('browser and multi-step code from an entry point', () => {
  it.each([
    ['BrowserCheck', 'browser'],
    ['MultiStepCheck', 'multistep'],
  ])('%s: reads the entry point relative to the declaring file, with its local imports', async (construct, checkType) => {
    const root = tempProject({
      'checks/login.check.ts': `import { ${construct} } from 'CONSTRUCTS'\nnew ${construct}('login', { name: 'Login', code: { entrypoint: '../tests/login.spec.ts' } })\n`,
      'tests/login.spec.ts': SPEC,
      'tests/helpers/auth.ts': AUTH,
      'tests/helpers/pick.ts': PICK,
      'data/users.json': '[]\n',
    })
    const session = await loadProject(root, ['checks/login.check.ts'])
    const [resource] = session.resources()
    expect(resource).toEqual({
      kind: 'check',
      logicalId: 'login',
      checkType,
      payload: {
        name: 'Login',
        script: SPEC,
        scriptPath: 'tests/login.spec.ts',
        dependencies: [
          { path: 'data/users.json', content: '[]\n' },
          { path: 'tests/helpers/auth.ts', content: AUTH },
          { path: 'tests/helpers/pick.ts', content: PICK },
        ],
      },
    })
  })

  it('reads relative to a helper module that creates the construct, not to the file being loaded', async () => {
    const root = tempProject({
      'lib/make.ts': "import { BrowserCheck } from 'CONSTRUCTS'\nexport const make = (id: string) => new BrowserCheck(id, { name: id, code: { entrypoint: `./${id}.js` } })\n",
      'lib/home.js': 'home()\n',
      'site.check.ts': "import { make } from './lib/make.ts'\nmake('home')\n",
    })
    const session = await loadProject(root, ['site.check.ts'])
    expect(session.resources()[0]?.payload).toMatchObject({ script: 'home()\n', scriptPath: 'home.js' })
  })

  it('reads the file when serialised, not when declared', () => {
    const root = tempProject({ 'a.spec.js': 'first()\n' })
    const check = new BrowserCheck('a', { name: 'a', code: { entrypoint: path.join(root, 'a.spec.js') } })
    fs.writeFileSync(path.join(root, 'a.spec.js'), 'second()\n')
    expect(check.toResource().payload).toEqual({ name: 'a', script: 'second()\n', scriptPath: 'a.spec.js' })
  })

  it('keeps scriptPath and dependencies given in the props', () => {
    const root = tempProject({ 'x.spec.ts': "import './y'\n", 'y.ts': '' })
    const check = new MultiStepCheck('x', { name: 'x', code: { entrypoint: path.join(root, 'x.spec.ts') }, scriptPath: 'main.spec.ts', dependencies: [] })
    expect(check.toResource().payload).toEqual({ name: 'x', script: "import './y'\n", scriptPath: 'main.spec.ts', dependencies: [] })
  })

  it.each([
    ['a missing entry point', {}, /BrowserCheck "gone": cannot read its entrypoint .*gone\.spec\.ts/],
    ['an import that names no file', { 'gone.spec.ts': "import { x } from './nowhere'\n" }, /gone\.spec\.ts imports \.\/nowhere, which names no file/],
  ])('names the construct and the file for %s', (_name, files, message) => {
    const root = tempProject(files)
    const check = new BrowserCheck('gone', { name: 'g', code: { entrypoint: path.join(root, 'gone.spec.ts') } })
    expect(() => check.toResource()).toThrow(message)
  })
})

describe('Playwright suite from an entry point', () => {
  const files = {
    'suite/playwright.config.ts': "import { defineConfig } from '@playwright/test'\nexport default defineConfig({ testDir: 'tests' })\n",
    'suite/package.json': '{"type":"module"}\n',
    'suite/tests/home.spec.ts': "import { open } from '../support/open'\n",
    'suite/tests/cart.test.ts': '',
    'suite/support/open.ts': 'export const open = 1\n',
    'suite/support/unused.ts': '',
    'suite/README.md': '',
    'suite/fixtures/cart.csv': 'a,b\n',
    'suite/node_modules/dep/x.spec.ts': '',
    'suite/.cache/y.spec.ts': '',
    'suite/test-results/z.spec.ts': '',
  }

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'the config, the test files and their imports, package.json',
      { entrypoint: './suite/playwright.config.ts' },
      ['package.json', 'playwright.config.ts', 'support/open.ts', 'tests/cart.test.ts', 'tests/home.spec.ts'],
    ],
    ['the folder alone', { entrypoint: 'suite' }, ['package.json', 'support/open.ts', 'tests/cart.test.ts', 'tests/home.spec.ts']],
    [
      'what include matches instead of the test files',
      { entrypoint: 'suite/playwright.config.ts', include: ['tests/*.spec.ts', 'fixtures/**'] },
      ['fixtures/cart.csv', 'package.json', 'playwright.config.ts', 'support/open.ts', 'tests/home.spec.ts'],
    ],
  ])('takes %s', async (_name, code, paths) => {
    const check = `import { PlaywrightCheckSuite } from 'CONSTRUCTS'\nnew PlaywrightCheckSuite('shop', { name: 'Shop', code: ${JSON.stringify(code)}, installCommand: 'npm ci' })\n`
    const root = tempProject({ ...files, 'shop.check.ts': check })
    const session = await loadProject(root, ['shop.check.ts'])
    const payload = session.resources()[0]?.payload as { files: Array<{ path: string; content: string }>; installCommand: string }
    expect(payload.files.map((f) => f.path)).toEqual(paths)
    expect(payload.files.find((f) => f.path === 'tests/home.spec.ts')?.content).toBe(files['suite/tests/home.spec.ts'])
    expect(payload.installCommand).toBe('npm ci')
  })

  it('refuses a suite with no test file', () => {
    const root = tempProject({ 'playwright.config.ts': '' })
    const suite = new PlaywrightCheckSuite('empty', { name: 'e', code: { entrypoint: path.join(root, 'playwright.config.ts') } })
    expect(() => suite.toResource()).toThrow(/PlaywrightCheckSuite "empty": no test file/)
  })
})
