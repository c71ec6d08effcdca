/**
 * PLAYWRIGHT checks (Playwright check suites) through the HTTP API: the suite's files and playwrightConfig come
 * inline, the reference's fields get their defaults, and the check reads, lists, updates and hides secrets like any
 * other check. Rejected bodies are in checks-type-playwright-rejects.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores } from '../../src/services/stores.js'
import { CONFIG_FILE, FULL_CONFIG, HELPER_FILE, SPEC_FILE, referenceProblems, suiteBody } from '../helpers/playwright-suite.js'
import { PNG_FILE } from '../helpers/binary-file.js'

type Json = Record<string, unknown>

describe.each(testDbs)('PLAYWRIGHT checks on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, status: number): Promise<Json> => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(status)
    return res.json<Json>()
  }
  const create = (body: Json) => call('POST', '/v1/checks/playwright', body, 201)
  const update = (id: unknown, body: Json) => call('PUT', `/v1/checks/playwright/${String(id)}`, body, 200)
  const read = (id: unknown) => call('GET', `/v1/checks/${String(id)}`, undefined, 200)

  it('creates a suite with files and playwrightConfig, with the defaults of the reference', async () => {
    const created = await create(suiteBody({ playwrightConfig: FULL_CONFIG }))
    expect(created).toMatchObject({
      checkType: 'PLAYWRIGHT',
      name: 'Playwright suite',
      files: [SPEC_FILE, CONFIG_FILE],
      playwrightConfig: FULL_CONFIG,
      testCommand: 'npx playwright test',
      installCommand: '',
      browsers: ['chromium'],
      frequency: 10,
      playwrightVersion: null,
      workingDir: null,
      engine: null,
      engineVersion: null,
      environmentVariables: [],
      activated: true,
      muted: false,
      locations: [],
      tags: [],
      groupId: null,
      updated_at: null,
    })
    expect(created.frequencyOffset).toEqual(expect.any(Number))
    expect(created.frequencyOffset as number).toBeGreaterThanOrEqual(1)
    expect(created.frequencyOffset as number).toBeLessThanOrEqual(100)
    // The reference requires codeBundlePath: without one given, it names the stored files by their SHA-256.
    expect(created.codeBundlePath).toMatch(new RegExp(`^checks/${String(created.id)}/bundles/[0-9a-f]{64}$`))
    expect(referenceProblems(created)).toEqual([])
  })

  it('returns the given reference fields', async () => {
    const given = {
      codeBundlePath: 'bundles/suite.tgz',
      workingDir: 'e2e',
      engine: 'node',
      engineVersion: '22',
      playwrightVersion: '1.55.0',
      testCommand: 'npx playwright test --grep @smoke',
      installCommand: 'npm ci',
      browsers: ['chromium'],
      frequency: 1440,
      frequencyOffset: 3,
      locations: ['eu-west-1'],
    }
    const created = await create(suiteBody({ ...given, files: [{ ...SPEC_FILE, path: 'e2e/tests/home.spec.ts' }] }))
    expect(created).toMatchObject(given)
    expect(referenceProblems(created)).toEqual([])
  })

  it('reads it back and lists it like any other check', async () => {
    const created = await create(suiteBody({ tags: ['suite-list'] }))
    expect(await read(created.id)).toEqual(created)
    const listed = await t.call('GET', '/v1/checks?limit=100&tag=suite-list')
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json<Json[]>()).toEqual([created])
    const byType = await t.call('GET', '/v1/checks?limit=100&checkType=PLAYWRIGHT')
    expect(byType.json<Json[]>().map((c) => c.id)).toContain(created.id)
    expect(byType.json<Json[]>().every((c) => c.checkType === 'PLAYWRIGHT')).toBe(true)
    const other = await t.call('GET', '/v1/checks?limit=100&checkType=BROWSER')
    expect(other.json<Json[]>().map((c) => c.id)).not.toContain(created.id)
  })

  it('stores files and playwrightConfig in the check document, as the runner reads them', async () => {
    const created = await create(suiteBody({ files: [SPEC_FILE, HELPER_FILE], playwrightConfig: { retries: 2, use: { baseURL: 'http://localhost:1' } } }))
    const stored = await buildStores(t.store).checks.get(t.accountId, String(created.id))
    expect(stored?.checkType).toBe('PLAYWRIGHT')
    expect(stored?.doc.files).toEqual([SPEC_FILE, HELPER_FILE])
    expect(stored?.doc.playwrightConfig).toEqual({ retries: 2, use: { baseURL: 'http://localhost:1' } })
    expect(stored?.doc).not.toHaveProperty('codeBundlePath')
  })

  it('keeps a binary file as base64 with its encoding: stored, answered and read back as given', async () => {
    const files = [SPEC_FILE, PNG_FILE]
    const created = await create(suiteBody({ files }))
    expect(created.files).toEqual(files)
    expect(await read(created.id)).toEqual(created)
    expect((await buildStores(t.store).checks.get(t.accountId, String(created.id)))?.doc.files).toEqual(files)
    expect(referenceProblems(created)).toEqual([])
  })

  it('replaces the files on update and keeps what the update leaves out', async () => {
    const created = await create(suiteBody({ playwrightConfig: { timeout: 10_000 }, codeBundlePath: 'b.tgz', tags: ['keep'] }))
    const files = [{ path: 'checkout.test.js', content: "const { test } = require('@playwright/test')\ntest('x', () => {})\n" }]
    const updated = await update(created.id, { files })
    expect(updated).toEqual({ ...created, files, updated_at: expect.any(String) })
    expect(await read(created.id)).toEqual(updated)
    // null keeps the list (the client convention for lists); playwrightConfig null clears the settings.
    const kept = await update(created.id, { files: null, playwrightConfig: null, testCommand: 'npx playwright test --reporter=line' })
    expect(kept).toMatchObject({ files, playwrightConfig: null, testCommand: 'npx playwright test --reporter=line', codeBundlePath: 'b.tgz' })
    expect(referenceProblems(kept)).toEqual([])
  })

  it('moves the offset into the range of a new frequency', async () => {
    const created = await create(suiteBody({ frequency: 10, frequencyOffset: 42 }))
    const updated = await update(created.id, { frequency: 120 })
    expect(updated.frequency).toBe(120)
    expect([1, 2]).toContain(updated.frequencyOffset)
  })

  it('never returns a secret environment variable and keeps it on update', async () => {
    const secret = 'pw-secret-7f3a9c'
    const created = await create(
      suiteBody({
        environmentVariables: [
          { key: 'PASSWORD', value: secret, secret: true },
          { key: 'USER', value: 'demo' },
        ],
      }),
    )
    const shown = [
      { key: 'PASSWORD', value: null, locked: false, secret: true },
      { key: 'USER', value: 'demo', locked: false, secret: false },
    ]
    expect(created.environmentVariables).toEqual(shown)
    const readBack = await read(created.id)
    expect(readBack.environmentVariables).toEqual(shown)
    const put = await t.call('PUT', `/v1/checks/playwright/${String(created.id)}`, readBack)
    expect(put.statusCode, put.body).toBe(200)
    const list = await t.call('GET', '/v1/checks?limit=100')
    for (const body of [JSON.stringify(created), JSON.stringify(readBack), put.body, list.body]) expect(body).not.toContain(secret)
    const stored = await buildStores(t.store).checks.get(t.accountId, String(created.id))
    expect(stored?.doc.environmentVariables).toContainEqual({ key: 'PASSWORD', value: secret, locked: false, secret: true })
  })

  it('accepts 200 environment variables', async () => {
    const environmentVariables = Array.from({ length: 200 }, (_, i) => ({ key: `VAR_${i}`, value: String(i) }))
    expect((await create(suiteBody({ environmentVariables }))).environmentVariables).toHaveLength(200)
  })

  it('describes POST and PUT /v1/checks/playwright in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' })
    const paths = res.json<{ paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Json }> } }>> }>().paths
    const schema = paths['/v1/checks/playwright']?.post?.requestBody.content['application/json']?.schema
    expect(schema?.required).toEqual(['name', 'files'])
    expect(Object.keys(schema?.properties as Json)).toEqual(
      expect.arrayContaining([
        'files',
        'playwrightConfig',
        'testCommand',
        'installCommand',
        'browsers',
        'codeBundlePath',
        'engine',
        'engineVersion',
        'workingDir',
        'playwrightVersion',
      ]),
    )
    expect(paths['/v1/checks/playwright/{id}']?.put).toBeDefined()
  })
})
