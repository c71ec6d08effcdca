/**
 * The pure parts of running Playwright projects as written: the two suite commands, the install plan, how a run's
 * paths are shown, the config wrapper's choices, and errors said by their cause.
 */
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { parseInstallCommand, parseTestCommand } from '../../src/domain/checks/suite-commands.js'
import { explainLoadError, noTestsMessage } from '../../src/runners/browser/error-causes.js'
import { planInstall } from '../../src/runners/browser/install-plan.js'
import { relativePaths, runLayout } from '../../src/runners/browser/run-layout.js'

const require = createRequire(import.meta.url)
type Wrap = (loaded: unknown, settings: Record<string, unknown>) => Record<string, unknown> & { projects?: Array<{ name: string; dependencies: string[] }> }
const wrapConfig = require('../../src/runners/browser/config-wrapper.cjs') as Wrap

describe('testCommand', () => {
  it.each([
    ['npx playwright test', { args: [], env: {} }],
    [
      'npx playwright test --grep @smoke --project=chromium tests/cart.spec.ts:12',
      { args: ['--grep', '@smoke', '--project', 'chromium', 'tests/cart.spec.ts:12'], projects: ['chromium'] },
    ],
    [
      'CI=1 BASE_URL=https://x.test playwright test -g "checkout flow" --grep-invert=@slow -x',
      { env: { CI: '1', BASE_URL: 'https://x.test' }, args: ['--grep', 'checkout flow', '--grep-invert', '@slow', '--max-failures=1'] },
    ],
    ['npx playwright test -j 50% -c e2e/ci.config.ts --retries 2', { workers: '50%', config: 'e2e/ci.config.ts', args: ['--retries', '2'] }],
    [
      'npx playwright test --reporter=html --trace on --headed',
      {
        args: [],
        notes: [expect.stringMatching(/^--reporter html is not applied/), expect.stringMatching(/^--trace on is not applied/), expect.stringMatching(/^--headed is not applied/)],
      },
    ],
  ])('%s', (command, expected) => {
    expect(parseTestCommand(command)).toMatchObject(expected)
  })
  it.each([
    ['npm test', /^must be `npx playwright test`/],
    ['npx playwright test && curl evil.test', /^must be a single command without shell syntax \("&" found/],
    ['npx playwright test $(cat /etc/passwd)', /shell syntax \("\$" found/],
    ['npx playwright test --ui', /^does not accept the option --ui/],
    ['npx playwright test --retries many', /^--retries must be a whole number \("many" given\)/],
    ['npx playwright test --grep', /^--grep needs a value/],
    ["npx playwright test --grep 'unclosed", /^has an unclosed single quote/],
  ])('refuses %s', (command, message) => {
    expect((parseTestCommand(command) as { error: string }).error).toMatch(message)
  })
})

describe('installCommand', () => {
  it.each([
    ['', null],
    ['npm ci', { verb: 'ci', flags: [] }],
    ['npm i --legacy-peer-deps --omit=optional', { verb: 'install', flags: ['--legacy-peer-deps', '--omit=optional'] }],
    ['pnpm install --frozen-lockfile', { error: expect.stringMatching(/only npm is available on the runners, "pnpm" is not/) }],
    ['npm install left-pad', { error: expect.stringMatching(/^does not accept "left-pad" \(packages come from package\.json\)/) }],
    ['npm ci; rm -rf /', { error: expect.stringMatching(/shell syntax/) }],
  ])('%s', (command, expected) => {
    expect(parseInstallCommand(command)).toEqual(expected)
  })
})

describe('install plan', () => {
  const runtime = { node: '20.20.2', playwright: '1.65.1' }
  const pkg = (deps: Record<string, string>) => ({ path: 'package.json', content: JSON.stringify({ name: 'p', devDependencies: deps }) })
  const lock = {
    path: 'package-lock.json',
    content: JSON.stringify({
      lockfileVersion: 3,
      packages: {
        '': { devDependencies: { '@playwright/test': '^1.48.2', dotenv: '^16.0.0' } },
        'node_modules/@playwright/test': { version: '1.48.2' },
        'node_modules/playwright-core': { version: '1.48.2' },
        'node_modules/dotenv': { version: '16.4.5' },
      },
    }),
  }

  it("takes the runner's Playwright out of package.json and the lockfile, says so, and runs npm ci without scripts", () => {
    const plan = planInstall({ files: [pkg({ '@playwright/test': '^1.48.2', dotenv: '^16.0.0' }), lock], at: '', installCommand: '', runtime, allowScripts: false })
    if ('error' in plan) throw new Error(plan.error)
    expect(plan.notes).toEqual(["package.json asks for @playwright/test ^1.48.2; the run uses the runner's Playwright 1.65.1"])
    expect(plan.install?.args).toEqual(['ci', '--no-audit', '--no-fund', '--no-update-notifier', '--ignore-scripts'])
    const lockOut = JSON.parse(plan.install?.files.find((f) => f.path === 'package-lock.json')?.content ?? '{}') as { packages: Record<string, unknown> }
    expect(Object.keys(lockOut.packages)).toEqual(['', 'node_modules/dotenv'])
    expect(JSON.parse(plan.install?.files[0]?.content ?? '{}')).toMatchObject({ devDependencies: { dotenv: '^16.0.0' } })
  })
  it.each([
    ['no package.json', [], '', { install: null, notes: [] }],
    ['only the runner in package.json, same minor', [pkg({ '@playwright/test': '~1.65.0' })], '', { install: null, notes: [] }],
    [
      'install scripts allowed, npm install without a lockfile',
      [pkg({ dotenv: '16.4.5' })],
      '',
      { install: { args: ['install', '--no-audit', '--no-fund', '--no-update-notifier'], label: 'npm install' } },
    ],
  ])('%s', (_name, files, installCommand, expected) => {
    expect(planInstall({ files, at: '', installCommand, runtime, allowScripts: files.length === 1 && _name.includes('allowed') })).toMatchObject(expected)
  })
  it('keys the cache by what npm reads, so the same files share one install and a changed lockfile does not', () => {
    const key = (files: Array<{ path: string; content: string }>) =>
      (planInstall({ files, at: '', installCommand: '', runtime, allowScripts: false }) as { install: { key: string } }).install.key
    expect(key([pkg({ dotenv: '^16.0.0' }), lock])).toBe(key([pkg({ dotenv: '^16.0.0' }), lock]))
    expect(key([pkg({ dotenv: '^16.0.0' }), lock])).not.toBe(key([pkg({ dotenv: '^16.0.0' }), { ...lock, content: lock.content.replace('16.4.5', '16.4.7') }]))
  })
})

describe('paths as results show them', () => {
  const boxed = runLayout({
    boxed: true,
    runDir: '/var/tmp/pkb-1/r-2',
    dependencies: null,
    runtime: '/srv/picket/node_modules',
    helpers: ['/srv/picket/src/runners/browser/preload.cjs'],
  })
  const host = runLayout({
    boxed: false,
    runDir: '/var/tmp/pkb-1/r-2',
    dependencies: null,
    runtime: '/srv/picket/node_modules',
    helpers: ['/srv/picket/src/runners/browser/preload.cjs'],
  })
  it.each([
    [
      boxed,
      'Error: x\n    at /suite/tests/a.spec.ts:3:4\n    at file:///suite/b.mjs:1:2\n- /opt/picket/runtime/playwright/lib/x.js',
      'Error: x\n    at tests/a.spec.ts:3:4\n    at b.mjs:1:2\n- node_modules/playwright/lib/x.js',
    ],
    [boxed, 'see https://shop.test/suite/cart and "/suite/c.ts"', 'see https://shop.test/suite/cart and "c.ts"'],
    [
      host,
      'at /var/tmp/pkb-1/r-2/tests/a.spec.ts:1:1 (/srv/picket/node_modules/dotenv/lib/main.js:2:2) /var/tmp/pkb-1/node_modules/x',
      'at tests/a.spec.ts:1:1 (node_modules/dotenv/lib/main.js:2:2) node_modules/x',
    ],
  ])('%#', (layout, text, shown) => {
    expect(relativePaths(text, layout.shown)).toBe(shown)
  })
})

describe('the config wrapper', () => {
  const settings = {
    mode: 'suite',
    api: {},
    globalTimeout: 60_000,
    projects: [],
    workers: null,
    maxWorkers: 2,
    reportFile: '/suite/r.json',
    outputDir: '/suite/o',
    notesFile: null,
  }
  const user = {
    testDir: './tests',
    workers: 8,
    webServer: { command: 'npm start' },
    use: { trace: 'on-first-retry', video: 'on', channel: 'chrome' },
    projects: [
      { name: 'setup', testMatch: /setup/ },
      { name: 'chromium', use: { browserName: 'chromium' }, dependencies: ['setup'] },
      { name: 'firefox', use: { defaultBrowserType: 'firefox' }, dependencies: ['setup'] },
      { name: 'Mobile Safari', use: { defaultBrowserType: 'webkit' } },
      { name: 'after', use: {}, dependencies: ['firefox', 'chromium'] },
    ],
  }
  it("keeps the project's config and forces what the service owns", () => {
    const config = wrapConfig({ __esModule: true, default: user }, settings)
    expect(config).toMatchObject({
      testDir: './tests',
      workers: 2,
      reporter: [['json', { outputFile: '/suite/r.json' }]],
      outputDir: '/suite/o',
      use: { trace: 'on', video: 'off', headless: true },
    })
    expect(config.webServer).toBeUndefined()
    expect((config.use as Record<string, unknown>).channel).toBeUndefined()
    expect(config.projects?.map((p) => [p.name, p.dependencies])).toEqual([
      ['setup', []],
      ['chromium', ['setup']],
      ['after', ['chromium']],
    ])
  })
  it.each([
    [['chromium'], ['setup', 'chromium']],
    [['after'], ['setup', 'chromium', 'after']],
    [['CHROM*'], ['setup', 'chromium']],
  ])('--project %j runs %j (with what they depend on)', (projects, names) => {
    expect(wrapConfig(user, { ...settings, projects }).projects?.map((p) => p.name)).toEqual(names)
  })
  it('refuses a config whose projects are all of another browser, naming them', () => {
    expect(() => wrapConfig({ projects: [{ name: 'firefox', use: { browserName: 'firefox' } }] }, settings)).toThrow(
      'The Playwright config has no Chromium project ("firefox"): only Chromium runs here',
    )
  })
})

describe('errors by their cause', () => {
  it.each([
    [
      "Error: Cannot find module 'dotenv/config'\nRequire stack:\n- playwright.config.ts\n- picket.config.cjs\n- node_modules/playwright/lib/common/config.js",
      "Cannot find module 'dotenv/config' imported by playwright.config.ts: add \"dotenv\" to the project's package.json (its dependencies are installed before the run)",
    ],
    [
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package '@acme/test-utils' imported from e2e/support/test.js",
      "Cannot find module '@acme/test-utils' imported by e2e/support/test.js: add \"@acme/test-utils\" to the project's package.json (its dependencies are installed before the run)",
    ],
    [
      "Error: Cannot find module './pages/login'\nRequire stack:\n- tests/login.spec.ts",
      "Cannot find module './pages/login' imported by tests/login.spec.ts: the file is not among the check's files (paths are relative to the importing file)",
    ],
    ['SyntaxError: tests/a.spec.ts: Unexpected token (4:21)\n\n  2 |', 'Syntax error at tests/a.spec.ts:4:21: Unexpected token'],
    [
      "TypeError: Cannot read properties of undefined (reading 'goto')\n    at node_modules/playwright/lib/x.js:1:1\n    at fixtures.ts:12:9",
      "TypeError: Cannot read properties of undefined (reading 'goto') (at fixtures.ts:12:9)",
    ],
    ['something odd happened', null],
  ])('%s', (text, explained) => {
    expect(explainLoadError(text)).toBe(explained)
  })
  it('says where Playwright looked when no test was found', () => {
    expect(noTestsMessage({ notes: [], testDir: './e2e', testMatch: '**/*.e2e.ts', projects: ['chromium'] })).toBe(
      'No tests found in e2e matching **/*.e2e.ts (projects: chromium): check testDir and testMatch in the config, and the file filters of testCommand',
    )
  })
})
