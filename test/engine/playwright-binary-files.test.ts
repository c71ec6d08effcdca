/**
 * A Playwright suite holding a binary file (a PNG, bytes ≥ 0x80) as base64, created through the API, run for real:
 * its test reads the file and asserts its SHA-256, so it passes only when the runner wrote the very bytes. The same
 * suite with the file given as text (its bytes decoded as UTF-8, as files were read before `encoding`) fails. A private
 * location's agent leases the job with the file's encoding in its spec, and the runner it uses passes it too.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import type { CheckRunSpec } from '../../src/runners/contract.js'
import { firstAttemptJobs } from '../../src/store/engine/run-jobs.js'
import { artifactFiles } from '../../src/store/artifact-files.js'
import { buildStores } from '../../src/services/stores.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { PNG_BYTES, PNG_FILE, PNG_SHA256, solidPng } from '../helpers/binary-file.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { testDbs } from '../helpers/db.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

type Json = Record<string, unknown>

const SPEC = {
  path: 'tests/fixture.spec.ts',
  content: `import { test, expect } from '@playwright/test'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
test('the fixture has its bytes', () => {
  const bytes = readFileSync(path.join(__dirname, 'fixtures', 'pixel.png'))
  expect(createHash('sha256').update(bytes).digest('hex')).toBe('${PNG_SHA256}')
})
`,
}
/** What reading the file as text made of it: its bytes decoded as UTF-8 (less the NULs, which text may not hold). */
const MANGLED = { path: PNG_FILE.path, content: PNG_BYTES.toString('utf8').replaceAll('\0', '') }

/** toHaveScreenshot against a baseline in the suite: a 20×20 red box, the baseline where the config puts it. */
const SHOT_CONFIG = {
  path: 'playwright.config.ts',
  content: "import { defineConfig } from '@playwright/test'\nexport default defineConfig({ testDir: 'tests', snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}' })\n",
}
const SHOT_SPEC = {
  path: 'tests/shot.spec.ts',
  content: `import { test, expect } from '@playwright/test'
test('the box looks as it did', async ({ page }) => {
  await page.setContent('<div id="box" style="width:20px;height:20px;background:rgb(255,0,0)"></div>')
  await expect(page.locator('#box')).toHaveScreenshot('box.png')
})
`,
}
const baseline = (rgb: [number, number, number]) => ({ path: 'tests/__screenshots__/box.png', content: solidPng(20, 20, rgb).toString('base64'), encoding: 'base64' })

describe.each(testDbs.filter(() => HAS_CHROMIUM))('a Playwright suite with a binary file on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let runner: BrowserRunner
  let work: string
  const clock = new FakeClock(Date.UTC(2026, 10, 27, 12, 0, 0))

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'pbf-'))
    await chmod(work, 0o755) // runs execute as nobody when the tests run as root
    const artifacts = artifactFiles(path.join(work, 'artifacts'))
    runner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, workDir: work, timeoutMs: 60_000 })
    t = await startTestApp(db, { clock, artifacts })
    e = startTestEngine(t.store, clock, { browser: runner, artifacts })
  })
  afterAll(async () => {
    await e?.engine.stop()
    await runner?.close()
    await t?.close()
    await rm(work, { recursive: true, force: true })
  })

  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<Json> => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBeLessThan(300)
    return res.json() as Json
  }
  const suite = (name: string, files: unknown[], extra: Json = {}) =>
    ok('POST', '/v1/checks/playwright?autoAssignAlerts=false', { name, frequency: 10, frequencyOffset: 1, doubleCheck: false, files: [SPEC, ...files], ...extra })

  async function runScheduled(id: string): Promise<Json> {
    const due = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()
    clock.set(Math.max(clock.now(), Number(due.next_due_at)))
    await e.engine.runOnce()
    const final = e.finals.filter((r) => r.check_id === id).at(-1)
    expect(final, 'the scheduled run finished').toBeDefined()
    return ok('GET', `/v1/check-results/${id}/${String(final?.id)}`)
  }
  const statuses = (result: Json) => ((result.playwrightCheckResult as Json).tests as Array<{ status: string }>).map((x) => x.status)

  it.each([
    ['as base64, passes: the runner wrote its bytes', PNG_FILE, false, 'passed'],
    ['as text (its bytes decoded as UTF-8), fails: the bytes are not the same', MANGLED, true, 'failed'],
  ])('the fixture %s', async (_what, file, hasFailures, status) => {
    const check = await suite(`Fixture ${status}`, [file])
    const result = await runScheduled(String(check.id))
    expect(result, JSON.stringify(result.playwrightCheckResult)).toMatchObject({ checkType: 'PLAYWRIGHT', hasFailures })
    expect(statuses(result)).toEqual([status])
  })

  it.each([
    ['the same red box passes', [255, 0, 0], false, 'passed'],
    ['a blue box fails', [0, 0, 255], true, 'failed'],
  ] as const)('toHaveScreenshot against a base64 baseline: %s', async (_what, rgb, hasFailures, status) => {
    const check = await ok('POST', '/v1/checks/playwright?autoAssignAlerts=false', {
      name: `Screenshot ${status}`,
      frequency: 10,
      frequencyOffset: 1,
      doubleCheck: false,
      files: [SHOT_CONFIG, SHOT_SPEC, baseline([...rgb])],
    })
    const result = await runScheduled(String(check.id))
    expect(result, JSON.stringify(result.playwrightCheckResult)).toMatchObject({ checkType: 'PLAYWRIGHT', hasFailures })
    expect(statuses(result)).toEqual([status])
    // A failure is the comparison's, not a baseline the run could not find.
    const error = JSON.stringify(((result.playwrightCheckResult as Json).tests as Array<{ error: unknown }>)[0]?.error)
    if (hasFailures) expect(error).toMatch(/pixels .*different/)
  })

  it("is leased by a private location's agent with the file's encoding, and passes on the agent's runner", async () => {
    const location = await ok('POST', '/v1/private-locations', { name: 'Lab', slugName: `lab-${db.name}` })
    const key = (location.keys as Array<{ rawKey: string }>)[0]?.rawKey ?? ''
    const check = await suite('Agent fixture', [PNG_FILE], { locations: [], privateLocations: [location.slugName] })
    const [job] = firstAttemptJobs({
      accountId: t.accountId,
      checkId: String(check.id),
      targets: [{ location: String(location.slugName), privateLocationId: String(location.id) }],
      scheduledAt: clock.now(),
      now: clock.now(),
      trigger: 'SCHEDULE',
      sessionId: null,
    })
    await buildStores(t.store).jobs.insertMany([job!])
    const res = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/jobs/lease',
      headers: { authorization: `Bearer ${key}`, 'x-picket-agent': '6f1d2c3b-1111-4222-8333-444455556677', 'x-picket-agent-version': '1.0.0' },
      payload: { capacity: 1, waitSeconds: 0, checkTypes: ['PLAYWRIGHT'] },
    })
    expect(res.statusCode, res.body).toBe(200)
    // Over the wire as JSON, as the agent receives it.
    const spec = (JSON.parse(res.body) as { jobs: Array<{ spec: CheckRunSpec }> }).jobs[0]?.spec
    expect(spec?.doc.files).toEqual([SPEC, PNG_FILE])
    const result = await runner.run(spec!, { location: String(location.slugName), now: () => Date.now() })
    expect(result.status, JSON.stringify(result.details)).toBe('passing')
    await result.release?.()
  })
})
