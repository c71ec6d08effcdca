/** The hosted service's own CLI deploying to POST /v1/projects/deploy: its request shape, gzip, its answers. */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { expectStatus, type Json } from '../helpers/projects.js'
import { vendorDeploy, vendorRequest } from '../helpers/vendor-projects.js'

const tag = () => randomBytes(4).toString('hex')

describe.each(testDbs)('vendor CLI deploys on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  it('answers a dry run with the diff the client prints', async () => {
    const res = await vendorDeploy(t, vendorRequest(tag()), { dryRun: true })
    const body = expectStatus(res, 200)
    expect(body.diff).toHaveLength(18)
  })

  it('deploys', async () => {
    const res = await vendorDeploy(t, vendorRequest(tag()))
    const body = expectStatus(res, 202)
    expect(body.status).toBe('SUCCEEDED')
  })
})
