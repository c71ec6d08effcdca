/**
 * The start-up pass (store/secrets/reseal.ts) on a database written before secrets were sealed: every secret in
 * plain text becomes sealed, ping and trigger tokens become digests, and everything still reads and resolves as
 * before. The pass is idempotent, and skipped on the next start with the same key.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import type { SecretBox } from '../../src/lib/secret-box.js'
import { buildServices, type Services } from '../../src/services/index.js'
import { buildStores, transactor } from '../../src/services/stores.js'
import { openStore, type Store } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'
import { sealStoredSecrets } from '../../src/store/secrets/reseal.js'
import { testDbs, testSecretBox } from '../helpers/db.js'
import { dumpAllRows } from '../helpers/raw-rows.js'

type Json = Record<string, unknown>

/** What the previous version did: secrets written as they are, tokens kept plain (put back below). */
const plainWriting = (box: SecretBox): SecretBox => ({ ...box, encrypt: (plain) => plain })

describe.each(testDbs)('sealing the secrets of an earlier version on $name', (db) => {
  let store: Store
  let services: Services
  let accountId = ''
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const SECRETS = ['legacy-account-secret', 'legacy-check-secret', 'legacy-group-secret', 'legacy-header-secret', 'legacy-slack-path', 'legacy-basic-password']
  const tokens = { ping: '', trigger: '' }
  /** A notification of the webhook as queued before: the channel config copied into it. */
  const legacyPayload = () => ({
    alert: { id: 'a1' },
    check: { description: null, tags: [], groupId: null, groupName: null, groupVariables: {} },
    alertConfig: { url: 'https://h.test/x', headers: [{ key: 'Authorization', value: SECRETS[3] }] },
  })
  let checkId = ''

  beforeAll(async () => {
    store = await db.open()
    const legacy = { ...store, secrets: plainWriting(store.secrets) }
    const old = buildServices({ store: legacy, clock, publicBaseUrl: 'http://picket.test' })
    accountId = (await old.accounts.bootstrap({})).accountId
    await old.variables.create(accountId, { key: 'TOKEN', value: SECRETS[0] ?? '', secret: true })
    await old.variables.create(accountId, { key: 'PLAIN', value: 'shown-to-everyone' })
    const group = await old.checkGroups.create(accountId, { name: 'G', environmentVariables: [{ key: 'G', value: SECRETS[2], secret: true }] }, { autoAssignAlerts: false })
    const check = await old.checks.create(
      accountId,
      'heartbeat',
      {
        name: 'Backup',
        script: '',
        groupId: group.id,
        heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' },
        environmentVariables: [{ key: 'C', value: SECRETS[1], secret: true }],
      },
      { autoAssignAlerts: false },
    )
    checkId = String(check.id)
    tokens.ping = decodeURIComponent(String((check.heartbeat as Json).pingUrl).split('/ping/')[1] ?? '')
    await old.checks.create(
      accountId,
      'api',
      { name: 'Basic', activated: false, request: { url: 'https://x.test', basicAuth: { username: 'u', password: SECRETS[5] } } },
      { autoAssignAlerts: false },
    )
    await old.alertChannels.create(accountId, { type: 'WEBHOOK', config: { name: 'h', url: 'https://h.test/x', headers: [{ key: 'Authorization', value: SECRETS[3] }] } })
    await old.alertChannels.create(accountId, { type: 'SLACK', config: { url: `https://hooks.slack.test/${SECRETS[4] ?? ''}` } })
    tokens.trigger = String((await old.triggers.create(accountId, { checkId })).view.token)
    await buildStores(legacy).notifications.insertMany([
      {
        id: 'n-legacy',
        account_id: accountId,
        alert_id: 'a1',
        check_id: checkId,
        channel_id: 1,
        channel_type: 'WEBHOOK',
        status: 'SUCCESS',
        attempts: 1,
        next_attempt_at: null,
        leased_by: null,
        lease_until: null,
        last_error: null,
        response_status: 200,
        result: 'ok',
        payload: JSON.stringify(legacyPayload()),
        created_at: clock.now(),
        sent_at: clock.now(),
      },
    ])
    // Tokens as the previous version stored them: plain, and the trigger with no sealed copy.
    await sql`update checks set ping_token = ${tokens.ping} where id = ${checkId}`.execute(store.db)
    await sql`update heartbeat_timers set ping_token = ${tokens.ping} where check_id = ${checkId}`.execute(store.db)
    await sql`update triggers set token = ${tokens.trigger}, token_sealed = null`.execute(store.db)
    services = buildServices({ store, clock, publicBaseUrl: 'http://picket.test' })
  })
  afterAll(() => store.close())

  it('reads the plain values and finds the plain tokens before the pass', async () => {
    const dump = await dumpAllRows(store)
    for (const value of [...SECRETS, tokens.ping, tokens.trigger]) expect(dump).toContain(value)
    const stores = buildStores(store)
    expect((await stores.variables.get(accountId, 'TOKEN'))?.value).toBe(SECRETS[0])
    expect(await stores.checks.findIdByPingToken(tokens.ping)).toBe(checkId)
    expect((await stores.triggers.findByToken(tokens.trigger))?.check_id).toBe(checkId)
  })

  it('seals every one, and everything reads and resolves as before', async () => {
    const report = await sealStoredSecrets(store, clock.now())
    expect(report).toMatchObject({ keyId: store.secrets.keyId, unknownKeys: {}, skipped: false })
    // Rows: the secret variable, both checks (the heartbeat's document and token column at once), the group, both
    // channels, the notification, the trigger, the timer.
    expect(report.rewritten).toBe(9)
    const dump = await dumpAllRows(store)
    for (const value of [...SECRETS, tokens.ping, tokens.trigger]) expect(dump, value).not.toContain(value)
    expect(dump).toContain('shown-to-everyone')

    const stores = buildStores(store)
    expect((await stores.variables.get(accountId, 'TOKEN'))?.value).toBe(SECRETS[0])
    const env = (await stores.checks.get(accountId, checkId))?.doc.environmentVariables
    expect(env).toEqual([{ key: 'C', value: SECRETS[1], locked: false, secret: true }])
    expect(await stores.checks.findIdByPingToken(tokens.ping)).toBe(checkId)
    expect(await transactor(store)(async (s) => (await s.heartbeats.lockByTokens([tokens.ping])).map((r) => [r.check_id, r.ping_token]))).toEqual([[checkId, tokens.ping]])
    expect((await services.triggers.get(accountId, { checkId })).token).toBe(tokens.trigger)
    expect((await stores.triggers.findByToken(tokens.trigger))?.check_id).toBe(checkId)
    const channels = await services.alertChannels.list(accountId, { limit: 10, page: 1 })
    expect(JSON.stringify(channels)).toContain(SECRETS[3])
    expect(JSON.stringify(channels)).toContain(SECRETS[4])
    expect((await services.notifications.get(accountId, 'n-legacy')).alertConfig).toEqual(legacyPayload().alertConfig)
  })

  it('is skipped on the next start with the same key, and changes nothing when forced', async () => {
    expect(await sealStoredSecrets(store, clock.now())).toMatchObject({ skipped: true, rewritten: 0 })
    const before = await dumpAllRows(store)
    expect(await sealStoredSecrets(store, clock.now(), { force: true })).toMatchObject({ skipped: false, rewritten: 0, unknownKeys: {} })
    expect(await dumpAllRows(store)).toBe(before)
  })

  it('never takes a digest read from the database for the token', async () => {
    const digest = /sha256:[0-9a-f]{64}/.exec(await dumpAllRows(store))?.[0] ?? ''
    expect(digest).not.toBe('')
    expect(await buildStores(store).checks.findIdByPingToken(digest)).toBeUndefined()
    expect(await buildStores(store).triggers.findByToken(digest)).toBeUndefined()
  })
})

describe('sealing the secrets of an earlier version in a SQLite file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-seal-'))
  const file = path.join(dir, 'picket.db')
  const open = async () => {
    const store = await openStore({ sqliteFile: file, secrets: testSecretBox() })
    await migrateToLatest(store)
    return store
  }
  const bytes = () => Buffer.concat([fs.readFileSync(file), ...(fs.existsSync(`${file}-wal`) ? [fs.readFileSync(`${file}-wal`)] : [])])
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('leaves none of the plain text in the file or its WAL', async () => {
    const values = ['file-account-secret-0815', 'file-check-secret-4711', 'file-header-secret-1234']
    const before = await open()
    const old = buildServices({ store: { ...before, secrets: plainWriting(before.secrets) }, clock: new FakeClock(0), publicBaseUrl: 'http://picket.test' })
    const accountId = (await old.accounts.bootstrap({})).accountId
    await old.variables.create(accountId, { key: 'TOKEN', value: values[0] ?? '', secret: true })
    await old.checks.create(
      accountId,
      'api',
      { name: 'C', request: { url: 'https://x.test' }, environmentVariables: [{ key: 'C', value: values[1], secret: true }] },
      { autoAssignAlerts: false },
    )
    await old.alertChannels.create(accountId, { type: 'WEBHOOK', config: { name: 'h', url: 'https://h.test/x', headers: [{ key: 'Authorization', value: values[2] }] } })
    await before.close()
    for (const value of values) expect(bytes().includes(value), `${value} is there before`).toBe(true)

    const after = await open()
    expect((await sealStoredSecrets(after, 1)).rewritten).toBe(3)
    for (const value of values) expect(bytes().includes(value), `${value} while open`).toBe(false)
    expect((await buildStores(after).variables.get(accountId, 'TOKEN'))?.value).toBe(values[0])
    await after.close()
    for (const value of values) expect(bytes().includes(value), `${value} after close`).toBe(false)
  })
})
