/** The pure core of the browser runner: script forms, run plans, the JSON report and verdicts. */
import { describe, expect, it } from 'vitest'
import type { CheckType } from '../../src/domain/checks/enums.js'
import { decideVerdict, type VerdictInput } from '../../src/runners/browser/outcome.js'
import { readReport } from '../../src/runners/browser/report.js'
import { emptySummary } from '../../src/runners/browser/trace-summary.js'
import { planRun } from '../../src/runners/browser/run-plan.js'
import { isTestFile } from '../../src/runners/browser/test-files.js'
import type { ProcessOutcome } from '../../src/runners/browser/run-process.js'
import type { CheckRunSpec } from '../../src/runners/contract.js'
import { runDoc } from '../helpers/run-spec.js'

describe('script forms', () => {
  const files = (entries: Record<string, string>) => new Map(Object.entries(entries))
  it.each([
    ['named *.spec.*, whatever it imports', 'tests/home.spec.ts', { 'tests/home.spec.ts': '' }, true],
    ['named *.test.mjs', 'home.test.mjs', { 'home.test.mjs': "import x from 'y'" }, true],
    ['requires @playwright/test', 'check.js', { 'check.js': "const { test, expect } = require('@playwright/test')\ntest('a', async () => {})" }, true],
    [
      'imports its fixtures file, which extends the runner',
      'flows/cart.ts',
      {
        'flows/cart.ts': "import { test } from '../fixtures'\ntest('a', async () => {})",
        'fixtures.ts': "import { test as base } from '@playwright/test'\nexport const test = base.extend({})",
      },
      true,
    ],
    [
      'a .js import that names a .ts helper re-exporting the runner',
      'check.ts',
      { 'check.ts': "import { test } from './support/index.js'", 'support/index.ts': "export * from './base'", 'support/base.ts': "export { test } from '@playwright/test'" },
      true,
    ],
    ['a dynamic import of playwright/test', 'check.mjs', { 'check.mjs': "const { test } = await import('playwright/test')" }, true],
    [
      'drives the library and takes expect from the runner',
      'check.js',
      { 'check.js': "const { chromium } = require('playwright')\nconst { expect } = require('@playwright/test')" },
      false,
    ],
    ['drives the library', 'check.js', { 'check.js': "const { chromium } = require('playwright-core')\n;(async () => { await chromium.launch() })()" }, false],
    ['mentions the runner only in a comment and a string', 'check.js', { 'check.js': "// uses @playwright/test soon\nconsole.log('@playwright/test')" }, false],
    ["imports a file that is not among the check's files", 'check.js', { 'check.js': "require('./missing')" }, false],
    ['imports files in a cycle', 'a.js', { 'a.js': "require('./b')", 'b.js': "require('./a')" }, false],
  ])('a file that %s: test file %s', (_what, entry, content, expected) => {
    expect(isTestFile(entry, files(content))).toBe(expected)
  })

  const options = { runtime: { node: '20.0.0', playwright: '1.65.1' }, allowInstallScripts: false }
  const spec = (checkType: CheckType, doc: Record<string, unknown>): CheckRunSpec => ({
    checkId: 'c',
    checkName: 'n',
    checkType,
    doc: runDoc(checkType, doc),
    variables: {},
    scripts: { setup: [], teardown: [] },
  })
  it.each<[CheckType, Record<string, unknown>, Record<string, unknown>]>([
    ['BROWSER', { script: "const { test } = require('@playwright/test')\ntest('a', async () => {})" }, { mode: 'browser', plain: false, entry: 'check.spec.ts' }],
    [
      'BROWSER',
      { script: "import { test } from './fixtures'\ntest('a', async () => {})", dependencies: [{ path: 'fixtures.ts', content: "export { test } from '@playwright/test'" }] },
      { mode: 'browser', plain: false, entry: 'check.spec.ts' },
    ],
    ['BROWSER', { script: "require('playwright')", scriptPath: 'flows/login.ts' }, { mode: 'browser', plain: true, entry: 'flows/login.ts' }],
    ['BROWSER', { script: "import { chromium } from 'playwright'" }, { mode: 'browser', plain: true, entry: 'check.mjs' }],
    [
      'MULTI_STEP',
      { script: "const { test } = require('@playwright/test')\ntest('a', async () => {})", scriptPath: '../escape.js' },
      { mode: 'multistep', entry: 'check.spec.ts' },
    ],
    [
      'PLAYWRIGHT',
      {
        files: [
          { path: 'playwright.config.ts', content: '' },
          { path: 'tests/a.spec.ts', content: '' },
        ],
      },
      { mode: 'suite', userConfigFile: 'playwright.config.ts', userConfigIsModule: false },
    ],
    [
      'PLAYWRIGHT',
      {
        files: [
          { path: 'package.json', content: '{"type":"module"}' },
          { path: 'e2e/playwright.config.js', content: '' },
          { path: 'e2e/a.spec.js', content: '' },
        ],
        workingDir: 'e2e',
      },
      { workDir: 'e2e', userConfigFile: 'e2e/playwright.config.js', userConfigIsModule: true },
    ],
    [
      'PLAYWRIGHT',
      {
        files: [
          { path: 'ci.config.cjs', content: '' },
          { path: 'a.spec.ts', content: '' },
        ],
        testCommand: 'CI=1 npx playwright test -c ci.config.cjs --grep @smoke -x',
      },
      { userConfigFile: 'ci.config.cjs', command: { env: { CI: '1' }, args: ['--grep', '@smoke', '--max-failures=1'] } },
    ],
  ])('plans a %s run', (checkType, doc, expected) => {
    expect(planRun(spec(checkType, doc), options)).toMatchObject(expected)
  })
  it.each<[CheckType, Record<string, unknown>, string]>([
    ['BROWSER', { script: '  ' }, 'The check has no script'],
    ['BROWSER', { script: 'x', dependencies: [{ path: '/etc/passwd', content: '' }] }, 'dependencies: "/etc/passwd" is not a usable relative path'],
    ['PLAYWRIGHT', { files: [{ path: 'picket.config.cjs', content: '' }] }, 'files: "picket.config.cjs" is not a usable relative path'],
    ['PLAYWRIGHT', { files: [{ path: 'e2e/picket.config.mjs', content: '' }] }, 'files: "e2e/picket.config.mjs" is not a usable relative path'],
    ['PLAYWRIGHT', { files: [] }, 'The Playwright check has no files to run'],
    [
      'PLAYWRIGHT',
      { files: [{ path: 'a.spec.ts', content: '' }], testCommand: 'npx playwright test -c other.config.ts' },
      'testCommand: --config other.config.ts: the suite has no such file',
    ],
    ['PLAYWRIGHT', { files: [{ path: 'a.spec.ts', content: '' }], installCommand: 'npm ci' }, 'installCommand is "npm ci" but there is no package.json to install from'],
  ])('refuses a %s run that cannot be planned', (checkType, doc, error) => {
    expect(planRun(spec(checkType, doc), options)).toEqual({ error })
  })
})

describe('the JSON report', () => {
  const report = {
    config: { projects: [{ name: 'chromium', testDir: '/run/tests' }] },
    stats: { duration: 1234.5 },
    errors: [],
    suites: [
      {
        title: 'cart.spec.ts',
        file: 'cart.spec.ts',
        suites: [
          {
            title: 'cart',
            file: 'cart.spec.ts',
            specs: [
              {
                title: 'adds',
                file: 'cart.spec.ts',
                tests: [
                  {
                    projectName: 'chromium',
                    status: 'unexpected',
                    annotations: [],
                    results: [
                      {
                        status: 'failed',
                        duration: 900,
                        retry: 0,
                        attachments: [{ name: 'trace', contentType: 'application/zip', path: '/run/out/trace.zip' }],
                        error: {
                          message: '\u001b[31mError: expect(locator).toHaveText(expected) failed\u001b[39m\n\nExpected: 1\nCall log:\n  - waiting',
                          location: { file: '/run/tests/cart.spec.ts', line: 4, column: 9 },
                        },
                        steps: [
                          { title: 'open', steps: [] },
                          { title: 'add one', error: { message: 'x' }, steps: [{ title: 'click', error: { message: 'x' } }] },
                        ],
                        annotations: [{ type: 'picket:degraded', description: 'slow' }],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  }
  it('reads tests, the failing step, files relative to the run, attachments and degraded marks', () => {
    const summary = readReport(report, '/run')
    expect(summary.tests).toEqual([
      {
        title: 'cart › adds',
        file: 'tests/cart.spec.ts',
        project: 'chromium',
        status: 'failed',
        durationMs: 900,
        retries: 0,
        stdout: [],
        error: { message: 'Error: expect(locator).toHaveText(expected) failed\n\nExpected: 1', step: 'click', location: 'tests/cart.spec.ts:4:9' },
      },
    ])
    expect(summary).toMatchObject({ durationMs: 1234.5, degradedReasons: ['slow'], counts: { passed: 0, failed: 1, flaky: 0, skipped: 0 } })
    expect(summary.attachments).toEqual([{ name: 'trace', contentType: 'application/zip', path: '/run/out/trace.zip', test: 'cart › adds' }])
  })
})

describe('verdicts', () => {
  const proc = (p: Partial<ProcessOutcome> = {}): ProcessOutcome => ({ code: 0, signal: null, killedFor: null, stdout: '', stderr: '', wallMs: 10, strays: 0, ...p })
  const test = (status: string, error: string | null, step: string | null = null) => ({
    title: 't',
    file: 'f',
    project: '',
    status,
    durationMs: 1,
    retries: 0,
    stdout: [],
    error: error === null ? null : { message: error, step, location: null },
  })
  const report = (tests: ReturnType<typeof test>[], degradedReasons: string[] = [], globalErrors: string[] = []) => ({
    tests,
    globalErrors,
    degradedReasons,
    attachments: [],
    durationMs: 5,
    counts: { passed: 0, failed: 0, flaky: 0, skipped: 0 },
  })
  const input = (v: Partial<VerdictInput>): VerdictInput => ({
    process: proc(),
    report: null,
    plain: false,
    plainError: null,
    plainDegraded: [],
    trace: emptySummary(),
    limits: { timeoutMs: 240_000, memoryMb: 2048 },
    ...v,
  })
  it.each([
    ['passing', input({ report: report([test('passed', null)]) }), { status: 'passing', errorKind: null }],
    ['degraded', input({ report: report([test('passed', null)], ['slow']) }), { status: 'degraded', isDegraded: true, degradedReason: 'slow' }],
    [
      'failed but marked degraded',
      input({ process: proc({ code: 1 }), report: report([test('failed', 'Error: boom')], ['slow']) }),
      { status: 'failing', isDegraded: false, errorKind: 'SCRIPT', errorMessage: 'Test "t" failed (f): Error: boom' },
    ],
    [
      'an expect',
      input({ process: proc({ code: 1 }), report: report([test('failed', 'Error: expect(x).toBe(y)', 'pay')]) }),
      { errorKind: 'ASSERTION', errorMessage: 'Test "t" failed at step "pay" (f): Error: expect(x).toBe(y)' },
    ],
    [
      'a failure, then the time limit',
      input({ process: proc({ code: 1 }), report: report([test('failed', 'Error: boom'), test('skipped', null)], [], ['Timed out waiting 15s for the entire test run']) }),
      { errorKind: 'SCRIPT', errorMessage: 'Test "t" failed (f): Error: boom; then the run reached its time limit with 1 test not run' },
    ],
    ['a test timeout', input({ process: proc({ code: 1 }), report: report([test('timedOut', 'Test timeout of 30000ms exceeded.')]) }), { errorKind: 'TIMEOUT' }],
    [
      'the hard limit',
      input({ process: proc({ killedFor: 'timeout', code: null, signal: 'SIGKILL' }) }),
      { errorKind: 'TIMEOUT', errorMessage: 'The run exceeded its hard limit of 240s and was killed' },
    ],
    ['the memory limit', input({ process: proc({ killedFor: 'memory' }) }), { errorKind: 'SCRIPT', errorMessage: 'The run used more than 2048 MB of memory and was killed' }],
    [
      'no tests',
      input({ process: proc({ code: 1 }), report: report([]) }),
      { errorKind: 'SCRIPT', errorMessage: 'No tests found: the check defines no test (or every test was skipped)' },
    ],
    [
      'a load error',
      input({ process: proc({ code: 1 }), report: report([], [], ['SyntaxError: Unexpected token']) }),
      { errorKind: 'SCRIPT', errorMessage: 'SyntaxError: Unexpected token' },
    ],
    [
      'no report',
      input({ process: proc({ code: 1, stderr: 'Error: config broke\n    at x (y.js:1:1)\n' }) }),
      { errorKind: 'SCRIPT', errorMessage: 'Playwright did not run the tests: Error: config broke (at y.js:1:1)' },
    ],
    ['a plain script that passes', input({ plain: true }), { status: 'passing' }],
    [
      'a plain script that throws',
      input({ plain: true, process: proc({ code: 1 }), plainError: { message: 'no price', stack: null } }),
      { errorKind: 'SCRIPT', errorMessage: 'Script failed: no price' },
    ],
    ['a plain script marked degraded', input({ plain: true, plainDegraded: ['slow'] }), { status: 'degraded' }],
  ])('%s', (_name, v, expected) => {
    expect(decideVerdict(v)).toMatchObject(expected)
  })
})
