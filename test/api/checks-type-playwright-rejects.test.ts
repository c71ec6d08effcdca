/**
 * Bodies a PLAYWRIGHT check refuses, each a 400 naming exactly its fields (and storing nothing), the commands it
 * accepts and stores as given, and the playwrightConfig that BROWSER and MULTI_STEP checks share with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { expectProblems } from '../helpers/bad-request.js'
import { CONFIG_FILE, FULL_CONFIG, SPEC_FILE, suiteBody } from '../helpers/playwright-suite.js'

type Json = Record<string, unknown>

const spec = (path: string) => ({ path, content: SPEC_FILE.content })
const MB = 1024 * 1024

/** [what, body, the fields the 400 names with their reasons] */
const CREATE_REJECTS: Array<[string, Json, Record<string, RegExp>]> = [
  ['missing files', { name: 'No files' }, { files: /required/ }],
  ['files null', { name: 'Null files', files: null }, { files: /required/ }],
  ['no files at all', suiteBody({ files: [] }), { files: /must have at least one entry/ }],
  [
    'no test file and no config that could name them',
    suiteBody({
      files: [
        { path: 'tests/helper.ts', content: '' },
        { path: 'package.json', content: '{}' },
      ],
    }),
    { files: /test file/ },
  ],
  ['a test file with an unknown extension', suiteBody({ files: [spec('tests/home.spec.py')] }), { files: /test file/ }],
  ['a .. segment', suiteBody({ files: [spec('../x.spec.ts')] }), { 'files[0].path': /\.\./ }],
  ['a .. segment inside', suiteBody({ files: [SPEC_FILE, spec('tests/../../x.spec.ts')] }), { 'files[1].path': /\.\./ }],
  ['an absolute path', suiteBody({ files: [spec('/etc/x.spec.ts')] }), { 'files[0].path': /relative/ }],
  ['a backslash', suiteBody({ files: [spec('tests\\x.spec.ts')] }), { 'files[0].path': /backslash/ }],
  ['a path over 200 characters', suiteBody({ files: [spec(`${'a'.repeat(193)}.spec.ts`)] }), { 'files[0].path': /200/ }],
  ['duplicate paths', suiteBody({ files: [SPEC_FILE, CONFIG_FILE, SPEC_FILE] }), { 'files[2].path': /unique.*files\[0\]/ }],
  ['a file without content', suiteBody({ files: [{ path: 'a.spec.ts' }] }), { 'files[0].content': /required/ }],
  ['101 files', suiteBody({ files: Array.from({ length: 101 }, (_, i) => spec(`t${i}.spec.ts`)) }), { files: /at most 100/ }],
  ['over 5 MiB of content', suiteBody({ files: [SPEC_FILE, { path: 'a.txt', content: 'x'.repeat(3 * MB) }, { path: 'b.txt', content: 'x'.repeat(2 * MB) }] }), { files: /5 MiB/ }],
  ['base64 content that is not base64', suiteBody({ files: [SPEC_FILE, { path: 'a.png', content: 'not base64!', encoding: 'base64' }] }), { 'files[1].content': /must be base64/ }],
  [
    'base64 content without its padding',
    suiteBody({ files: [SPEC_FILE, { path: 'a.png', content: 'iVBORw0KGgo', encoding: 'base64' }] }),
    { 'files[1].content': /must be base64/ },
  ],
  ['an encoding other than base64', suiteBody({ files: [SPEC_FILE, { path: 'a.png', content: 'iVBORw0KGgo=', encoding: 'hex' }] }), { 'files[1].encoding': /base64/ }],
  [
    'over 5 MiB of decoded base64 content',
    suiteBody({ files: [SPEC_FILE, { path: 'big.png', content: Buffer.alloc(5 * MB + 1, 0xff).toString('base64'), encoding: 'base64' }] }),
    { files: /5 MiB/ },
  ],
  ['browsers firefox', suiteBody({ browsers: ['firefox'] }), { browsers: /chromium/ }],
  ['browsers chromium and webkit', suiteBody({ browsers: ['chromium', 'webkit'] }), { browsers: /chromium/ }],
  ['no browsers', suiteBody({ browsers: [] }), { browsers: /chromium/ }],
  ['engine bun', suiteBody({ engine: 'bun' }), { engine: /node/ }],
  ['engine deno', suiteBody({ engine: 'deno' }), { engine: /one of/ }],
  ['frequency 0', suiteBody({ frequency: 0, frequencyOffset: 10 }), { frequency: /one of/ }],
  ['frequency 3', suiteBody({ frequency: 3 }), { frequency: /one of/ }],
  ['a frequencyOffset out of range', suiteBody({ frequency: 1, frequencyOffset: 11 }), { frequencyOffset: /1 to 10/ }],
  ['an empty testCommand', suiteBody({ testCommand: '' }), { testCommand: /empty/ }],
  ['a testCommand that is not playwright test', suiteBody({ testCommand: 'npm test' }), { testCommand: /^must be `npx playwright test`/ }],
  ['a testCommand chaining a second command', suiteBody({ testCommand: 'npx playwright test && curl x' }), { testCommand: /without shell syntax \("&" found/ }],
  ['a testCommand with a pipe', suiteBody({ testCommand: 'npx playwright test | tee out' }), { testCommand: /without shell syntax \("\|" found/ }],
  ['a testCommand with --ui', suiteBody({ testCommand: 'npx playwright test --ui' }), { testCommand: /does not accept the option --ui/ }],
  [
    'a testCommand with --workers that is not a number',
    suiteBody({ testCommand: 'npx playwright test --workers many' }),
    { testCommand: /--workers must be a whole number or a percentage/ },
  ],
  [
    'a testCommand with --config outside the suite',
    suiteBody({ testCommand: 'npx playwright test --config ../other.config.ts' }),
    { testCommand: /--config must not contain a \.\. segment/ },
  ],
  ['an installCommand of another package manager', suiteBody({ installCommand: 'pnpm install' }), { installCommand: /"pnpm" is not/ }],
  [
    'an installCommand that names a package',
    suiteBody({ installCommand: 'npm install left-pad' }),
    { installCommand: /does not accept "left-pad" \(packages come from package\.json\)/ },
  ],
  [
    'an installCommand with an unknown option',
    suiteBody({ installCommand: 'npm ci --registry=https://elsewhere.test' }),
    { installCommand: /does not accept the option --registry/ },
  ],
  ['an installCommand chaining a second command', suiteBody({ installCommand: 'npm ci; rm -rf /' }), { installCommand: /without shell syntax/ }],
  ['a bad testCommand and installCommand at once', suiteBody({ testCommand: 'npm test', installCommand: 'yarn' }), { testCommand: /^must be/, installCommand: /"yarn" is not/ }],
  ['codeBundlePath null', suiteBody({ codeBundlePath: null }), { codeBundlePath: /must be text/ }],
  ['an absolute workingDir', suiteBody({ workingDir: '/srv' }), { workingDir: /relative/ }],
  [
    '201 environment variables',
    suiteBody({ environmentVariables: Array.from({ length: 201 }, (_, i) => ({ key: `V${i}`, value: 'x' })) }),
    { environmentVariables: /at most 200/ },
  ],
  ['playwrightConfig.use.headless', suiteBody({ playwrightConfig: { use: { headless: false } } }), { 'playwrightConfig.use.headless': /^is not a supported option$/ }],
  [
    'playwrightConfig.use.trace',
    suiteBody({ playwrightConfig: { use: { baseURL: 'https://a.test', trace: 'on' } } }),
    { 'playwrightConfig.use.trace': /^is not a supported option$/ },
  ],
  ['playwrightConfig.workers', suiteBody({ playwrightConfig: { workers: 4 } }), { 'playwrightConfig.workers': /^is not a supported option$/ }],
  ['playwrightConfig.retries 5', suiteBody({ playwrightConfig: { retries: 5 } }), { 'playwrightConfig.retries': /must be at most 2/ }],
  ['playwrightConfig.timeout 0', suiteBody({ playwrightConfig: { timeout: 0 } }), { 'playwrightConfig.timeout': /must be at least 1/ }],
  [
    'playwrightConfig.expect.timeout over 240 s',
    suiteBody({ playwrightConfig: { expect: { timeout: 240_001 } } }),
    { 'playwrightConfig.expect.timeout': /must be at most 240000/ },
  ],
  ['a viewport of width 0', suiteBody({ playwrightConfig: { use: { viewport: { width: 0, height: 600 } } } }), { 'playwrightConfig.use.viewport.width': /must be at least 1/ }],
  ['a colorScheme outside the set', suiteBody({ playwrightConfig: { use: { colorScheme: 'sepia' } } }), { 'playwrightConfig.use.colorScheme': /one of/ }],
  ['a header that is not a string', suiteBody({ playwrightConfig: { use: { extraHTTPHeaders: { 'X-A': 1 } } } }), { 'playwrightConfig.use.extraHTTPHeaders.X-A': /must be text/ }],
  [
    'every problem at once',
    { name: 'x', files: [spec('../a.spec.ts')], engine: 'bun', browsers: ['firefox'], playwrightConfig: { retries: 5 } },
    { 'files[0].path': /\.\./, engine: /node/, browsers: /chromium/, 'playwrightConfig.retries': /must be at most 2/ },
  ],
]

const SCRIPT = "const { test } = require('@playwright/test')\ntest('home', async ({ page }) => { await page.goto('https://example.com') })"

describe.each(testDbs)('PLAYWRIGHT check bodies refused on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    // Room for the 5 MiB case: the default body limit (1 MiB) would answer 413 first.
    t = await startTestApp(db, { http: { bodyLimitBytes: 8 * MB } })
  })
  afterAll(() => t.close())

  const total = async () => Number(String((await t.call('GET', '/v1/checks?limit=1')).headers['content-range']).split('/')[1])

  it.each(CREATE_REJECTS)('create: %s', async (_what, body, want) => {
    const before = await total()
    expectProblems(await t.call('POST', '/v1/checks/playwright', body), want)
    expect(await total()).toBe(before)
  })

  it.each([
    ['--grep and --project', 'npx playwright test --grep Counter --project=chromium', 'npm ci'],
    ['settings, short options and a file filter', 'CI=1 npx playwright test -g "adds one" -j 2 --retries 1 tests/counter.spec.ts', 'npm install --no-audit --omit=optional'],
    ['an empty installCommand (the default install)', 'playwright test --grep-invert @slow -x', ''],
  ])('create: accepts and stores a testCommand and installCommand with %s', async (_what, testCommand, installCommand) => {
    const res = await t.call('POST', '/v1/checks/playwright', suiteBody({ testCommand, installCommand }))
    expect(res.statusCode, res.body).toBe(201)
    const created = res.json<Json>()
    expect(created).toMatchObject({ testCommand, installCommand })
    expect((await t.call('GET', `/v1/checks/${String(created.id)}`)).json()).toMatchObject({ testCommand, installCommand })
  })

  it('create: counts base64 content by its decoded bytes, so 5 MiB of binary files fit', async () => {
    const body = suiteBody({ files: [SPEC_FILE, { path: 'big.png', content: Buffer.alloc(5 * MB - SPEC_FILE.content.length, 0xff).toString('base64'), encoding: 'base64' }] })
    const res = await t.call('POST', '/v1/checks/playwright', body)
    expect(res.statusCode, res.body.slice(0, 500)).toBe(201)
  })

  it('update: rejects bad files and settings and leaves the check unchanged', async () => {
    const created = (await t.call('POST', '/v1/checks/playwright', suiteBody())).json<Json>()
    const url = `/v1/checks/playwright/${String(created.id)}`
    expectProblems(await t.call('PUT', url, { files: [{ path: 'tests/helper.ts', content: '' }] }), { files: /test file/ })
    expectProblems(await t.call('PUT', url, { files: [SPEC_FILE, SPEC_FILE] }), { 'files[1].path': /unique/ })
    expectProblems(await t.call('PUT', url, { engine: 'bun' }), { engine: /node/ })
    expectProblems(await t.call('PUT', url, { frequency: 0 }), { frequency: /one of/, frequencyOffset: /required/ })
    expectProblems(await t.call('PUT', url, { playwrightConfig: { use: { headless: true } } }), { 'playwrightConfig.use.headless': /^is not a supported option$/ })
    expectProblems(await t.call('PUT', url, { testCommand: 'npx playwright test --ui', installCommand: 'npm install left-pad' }), {
      testCommand: /--ui/,
      installCommand: /left-pad/,
    })
    expect((await t.call('GET', `/v1/checks/${String(created.id)}`)).json()).toEqual(created)
  })

  describe.each([
    ['browser', 'BROWSER'],
    ['multistep', 'MULTI_STEP'],
  ])('playwrightConfig of %s checks', (segment, checkType) => {
    it('defaults to null, round-trips on create, read and update, and null clears it', async () => {
      const plain = await t.call('POST', `/v1/checks/${segment}`, { name: 'No config', script: SCRIPT })
      expect(plain.statusCode, plain.body).toBe(201)
      expect(plain.json<Json>().playwrightConfig).toBeNull()

      const res = await t.call('POST', `/v1/checks/${segment}`, { name: 'With config', script: SCRIPT, playwrightConfig: FULL_CONFIG })
      expect(res.statusCode, res.body).toBe(201)
      const created = res.json<Json>()
      expect(created).toMatchObject({ checkType, playwrightConfig: FULL_CONFIG })
      expect((await t.call('GET', `/v1/checks/${String(created.id)}`)).json()).toEqual(created)

      const url = `/v1/checks/${segment}/${String(created.id)}`
      const changed = await t.call('PUT', url, { playwrightConfig: { timeout: 60_000, use: { actionTimeout: 5_000 } } })
      expect(changed.statusCode, changed.body).toBe(200)
      expect(changed.json<Json>().playwrightConfig).toEqual({ timeout: 60_000, use: { actionTimeout: 5_000 } })
      expect((await t.call('PUT', url, { name: 'Renamed' })).json<Json>().playwrightConfig).toEqual({ timeout: 60_000, use: { actionTimeout: 5_000 } })
      expect((await t.call('PUT', url, { playwrightConfig: null })).json<Json>().playwrightConfig).toBeNull()
    })

    it('refuses unsupported options by their path', async () => {
      const body = { name: 'Bad config', script: SCRIPT, playwrightConfig: { retries: 3, use: { headless: false, viewport: { width: 1, height: 1, deviceScaleFactor: 2 } } } }
      expectProblems(await t.call('POST', `/v1/checks/${segment}`, body), {
        'playwrightConfig.retries': /must be at most 2/,
        'playwrightConfig.use.headless': /^is not a supported option$/,
        'playwrightConfig.use.viewport.deviceScaleFactor': /^is not a supported option$/,
      })
    })
  })
})
