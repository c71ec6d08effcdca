/**
 * A queued run's overrides through a key rotation, on both stores: the start-up pass seals its secret variable
 * again with the current key, so a process given only the new key still opens it when the job is leased; a value
 * sealed with a key the process lacks stays sealed rather than failing the lease.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSecretBox } from '../../src/lib/secret-box.js'
import { serializeOverrides } from '../../src/domain/runs/run-overrides.js'
import { buildStores } from '../../src/services/stores.js'
import { firstAttemptJobs } from '../../src/store/engine/run-jobs.js'
import { sealStoredSecrets } from '../../src/store/secrets/reseal.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const SECRET = 'queued-override-secret-7781'

describe.each(testDbs)('run overrides through a key rotation on $name', (db) => {
  let t: TestApp
  const oldKey = randomBytes(32)
  const newKey = randomBytes(32)
  beforeAll(async () => {
    t = await startTestApp(db)
  }, 120_000)
  afterAll(() => t.close())

  it('seals a queued secret again with the new key, and leases open it with the new key alone', async () => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'queued', activated: false, locations: ['eu-west-1'], request: { url: 'http://a.test/' } })
    expect(res.statusCode, res.body).toBe(201)
    const checkId = res.json<{ id: string }>().id
    const overrides = serializeOverrides({ environmentVariables: [{ key: 'TOKEN', value: SECRET, secret: true }] })
    const job = (at: number) =>
      firstAttemptJobs({
        accountId: t.accountId,
        checkId,
        targets: [{ location: 'eu-west-1', privateLocationId: null }],
        scheduledAt: at,
        now: at,
        trigger: 'API',
        sessionId: null,
        overrides,
      })
    const before = { ...t.store, secrets: createSecretBox({ current: oldKey }) }
    await buildStores(before).jobs.insertMany(job(1))

    const after = { ...t.store, secrets: createSecretBox({ current: newKey, previous: [oldKey] }) }
    expect((await sealStoredSecrets(after, 2, { force: true })).unknownKeys).toEqual({})
    const [row] = await t.store.db.selectFrom('run_jobs').select('overrides').where('check_id', '=', checkId).execute()
    expect(row?.overrides).toContain(`enc:v1:${after.secrets.keyId ?? ''}:`)
    expect(row?.overrides).not.toContain(SECRET)

    const onlyNew = buildStores({ ...t.store, secrets: createSecretBox({ current: newKey }) })
    const lease = () => onlyNew.jobs.lease({ now: 10, limit: 10, leasedBy: 'me', leaseUntil: 1000, privateLocationId: null })
    const [leased] = await lease()
    expect(JSON.parse(leased?.overrides ?? '{}')).toEqual({ environmentVariables: [{ key: 'TOKEN', value: SECRET, secret: true }] })

    // Sealed with a key this process was never given: the lease still succeeds, and the value stays sealed.
    await buildStores({ ...t.store, secrets: createSecretBox({ current: randomBytes(32) }) }).jobs.insertMany(job(5))
    const [stranger] = await lease()
    expect(stranger?.overrides).toContain('enc:v1:')
    expect(stranger?.overrides).not.toContain(SECRET)
  })
})
