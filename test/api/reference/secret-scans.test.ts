/** Secret scans answer in the reference's shape, on both stores, for an account with findings of every kind. */
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { secretScanCases } from './cases/secret-scans.js'

const RANDOM = 'q8Zr3LmN0pXv7TbK2wYs'

describe.each(testDbs)('secret scans in the reference shape on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
    const created = await Promise.all([
      t.call('POST', '/v1/variables', { key: 'PLAIN_KEY', value: `sk_live_${RANDOM}` }),
      t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name: 'Inline token',
        activated: false,
        request: { method: 'GET', url: 'https://api.example.com/', headers: [{ key: 'Authorization', value: `Token ${RANDOM}` }] },
      }),
      t.call('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Group', environmentVariables: [{ key: 'AWS', value: `AKIA${'ABCD2345'.repeat(2)}` }] }),
      t.call('POST', '/v1/snippets', { name: 'Setup', script: `const password = "${RANDOM}"` }),
    ])
    for (const res of created) expect(res.statusCode, res.body).toBe(201)
  })
  afterAll(() => t.close())
  itConformsToReference(
    secretScanCases,
    () => t,
    () => undefined,
  )
})
