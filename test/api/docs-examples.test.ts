/**
 * The create examples of README.md and docs/check-types.md work as written: each `curl … -d '<json>'` block (a
 * create; read examples have no body) is sent
 * to its route and answers 201, and every check type has one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testDbs } from '../helpers/db.js'
import { examplesIn } from '../helpers/doc-examples.js'

const EXAMPLES = [...examplesIn('README.md'), ...examplesIn('docs/check-types.md')]

describe.each(testDbs)('documented examples on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  it.each(EXAMPLES.map((e) => [`${e.file} ${e.route}`, e] as const))('%s creates its check', async (_name, e) => {
    const res = await t.call('POST', e.route, e.body)
    expect(res.statusCode, res.body).toBe(201)
  })

  it('documents every check type', () => {
    const routes = new Set(EXAMPLES.filter((e) => e.file === 'docs/check-types.md').map((e) => e.route))
    for (const type of ['api', 'url', 'tcp', 'dns', 'icmp', 'heartbeat', 'browser', 'multistep', 'playwright']) expect(routes).toContain(`/v1/checks/${type}`)
  })
})
