/**
 * Secrets at rest: whoever reads the database (the SQLite file and its WAL, or every row of every PostgreSQL table)
 * finds none of the secrets the API was given, in plain text, base64, base64url or hex: secret variables of the
 * account, checks and groups, Basic auth passwords, webhook URLs, headers, query values and signing secrets, Slack
 * URLs, the channel config copied into notifications, ping tokens, trigger tokens, and the private keys and
 * passphrases of client certificates. The API still shows what it
 * showed before, pings and trigger lookups still find their check, and a run still sends the real values.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { publicConfig } from '../../src/domain/alert-channels/build-doc.js'
import { openStore, type Store } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'
import { buildStores } from '../../src/services/stores.js'
import { testDbs, testSecretBox, type TestDb } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { dumpAllRows } from '../helpers/raw-rows.js'
import { makeTestPki } from '../helpers/test-pki.js'

type Json = Record<string, unknown>

/** A database and a way to read all of it as bytes, as someone who got hold of it would. */
interface RawDb {
  db: TestDb
  /** Everything stored, as bytes. */
  bytes(store: Store): Promise<Buffer>
  /** After close, for SQLite the file once the WAL was checkpointed into it. */
  afterClose(): Buffer | null
  remove(): void
}

function sqliteFileDb(): RawDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-at-rest-'))
  const file = path.join(dir, 'picket.db')
  const read = () => Buffer.concat([fs.readFileSync(file), ...(fs.existsSync(`${file}-wal`) ? [fs.readFileSync(`${file}-wal`)] : [])])
  return {
    db: {
      name: 'sqlite',
      async open() {
        const store = await openStore({ sqliteFile: file, secrets: testSecretBox() })
        await migrateToLatest(store)
        return store
      },
    },
    bytes: async () => read(),
    afterClose: read,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  }
}

function postgresDb(db: TestDb): RawDb {
  return {
    db,
    bytes: async (store) => Buffer.from(await dumpAllRows(store), 'utf8'),
    afterClose: () => null,
    remove: () => undefined,
  }
}

const targets: RawDb[] = [sqliteFileDb(), ...testDbs.filter((d) => d.name === 'postgres').map(postgresDb)]

const secret = (label: string) => `${label}-${randomBytes(18).toString('hex')}`
/** The forms someone reading the bytes could recognise. */
const formsOf = (value: string): string[] => {
  const b = Buffer.from(value, 'utf8')
  return [value, b.toString('base64').replace(/=+$/, ''), b.toString('base64url'), b.toString('hex')]
}

describe.each(targets)('secrets at rest on $db.name', (raw) => {
  let t: TestApp
  let e: TestEngine
  let receiver: http.Server
  let receiverUrl = ''
  const seen: http.IncomingHttpHeaders[] = []
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const S = {
    account: secret('account'),
    check: secret('check'),
    group: secret('group'),
    basic: secret('basic'),
    groupBasic: secret('groupbasic'),
    header: secret('header'),
    query: secret('query'),
    signing: secret('signing'),
    webhookPath: secret('hookpath'),
    slackPath: secret('slackpath'),
  }
  const tokens: string[] = []
  /** A client certificate's passphrase and the base64 lines of its private key. */
  const keyParts: string[] = []

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      seen.push(req.headers)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    t = await startTestApp(raw.db, { clock })
    e = startTestEngine(t.store, clock)
  })
  afterAll(async () => {
    await e.engine.stop()
    await new Promise((resolve) => receiver.close(resolve))
    raw.remove()
  })

  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Json> => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
    return res.json() as Json
  }

  let checkId = ''
  let channel: Json = {}

  it('stores what the API is given, and shows it back as before', async () => {
    await ok('POST', '/v1/variables', { key: 'API_TOKEN', value: S.account, secret: true })
    const group = await ok('POST', '/v2/check-groups?autoAssignAlerts=false', {
      name: 'Secrets',
      environmentVariables: [{ key: 'GROUP_KEY', value: S.group, secret: true }],
      apiCheckDefaults: { url: '', headers: [], queryParameters: [], assertions: [], basicAuth: { username: 'grp', password: S.groupBasic } },
    })
    const check = await ok('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'Sends secrets',
      frequency: 60,
      doubleCheck: false,
      groupId: group.id,
      environmentVariables: [{ key: 'CHECK_KEY', value: S.check, secret: true }],
      request: {
        method: 'GET',
        url: `${receiverUrl}/hit`,
        headers: [
          { key: 'X-Account', value: '{{API_TOKEN}}' },
          { key: 'X-Check', value: '{{CHECK_KEY}}' },
          { key: 'X-Group', value: '{{GROUP_KEY}}' },
        ],
      },
    })
    checkId = String(check.id)
    await ok('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'Basic auth',
      activated: false,
      request: { method: 'GET', url: `${receiverUrl}/basic`, basicAuth: { username: 'monitor', password: S.basic } },
    })
    channel = await ok('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: {
        name: 'Hook',
        url: `https://hooks.example/${S.webhookPath}`,
        headers: [{ key: 'Authorization', value: `Bearer ${S.header}` }],
        queryParameters: [{ key: 'sig', value: S.query }],
        webhookSecret: S.signing,
      },
    })
    await ok('POST', '/v1/alert-channels', { type: 'SLACK', config: { url: `https://hooks.slack.example/services/${S.slackPath}` } })
    const heartbeat = await ok('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'Backup',
      script: '',
      heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' },
    })
    const pingUrl = String((heartbeat.heartbeat as Json).pingUrl)
    tokens.push(decodeURIComponent(pingUrl.split('/ping/')[1] ?? ''))
    const trigger = await ok('POST', `/v1/triggers/checks/${checkId}`)
    tokens.push(String(trigger.token))
    const pki = makeTestPki()
    await ok('POST', '/v1/client-certificates', { host: 'mtls.example', cert: pki.clientCert, key: pki.clientKeyEncrypted, passphrase: pki.passphrase })
    keyParts.push(pki.passphrase, ...pki.clientKeyEncrypted.split('\n').filter((l) => l.length >= 40 && !l.startsWith('-----')))

    // A notification queued for the webhook keeps the channel's config, as alert delivery writes it.
    const stores = buildStores(t.store)
    const stored = await stores.alertChannels.get(t.accountId, Number(channel.id))
    if (!stored) throw new Error('the webhook channel was not stored')
    const payload = {
      alert: { id: 'a1', alertType: 'ALERT_FAILURE' },
      check: { description: null, tags: [], groupId: null, groupName: null, groupVariables: {} },
      alertConfig: publicConfig(stored.doc),
    }
    await stores.notifications.insertMany([
      {
        id: 'n1',
        account_id: t.accountId,
        alert_id: 'a1',
        check_id: checkId,
        channel_id: Number(channel.id),
        channel_type: 'WEBHOOK',
        status: 'FAILURE',
        attempts: 1,
        next_attempt_at: null,
        leased_by: null,
        lease_until: null,
        last_error: 'x',
        response_status: 500,
        result: null,
        payload: JSON.stringify(payload),
        created_at: clock.now(),
        sent_at: null,
      },
    ])

    // Shown back as before: secrets write-only, channel settings readable, the webhook secret masked.
    expect((await ok('GET', '/v1/variables/API_TOKEN')).value).toBeNull()
    const shown = (await ok('GET', `/v1/alert-channels/${String(channel.id)}`)).config as Json
    expect(shown).toMatchObject({
      url: `https://hooks.example/${S.webhookPath}`,
      headers: [{ key: 'Authorization', value: `Bearer ${S.header}` }],
      queryParameters: [{ key: 'sig', value: S.query }],
      webhookSecret: `${S.signing.slice(0, 3)}…`,
    })
    expect((await ok('GET', `/v1/triggers/checks/${checkId}`)).token).toBe(tokens[1])
    expect(((await ok('GET', `/v1/checks/${String(heartbeat.id)}`)).heartbeat as Json).pingUrl).toBe(pingUrl)
    expect((await ok('GET', '/v1/alert-notifications/n1')).alertConfig).toMatchObject({
      url: `https://hooks.example/${S.webhookPath}`,
      headers: [{ key: 'Authorization', value: `Bearer ${S.header}` }],
    })

    // The services get the real values.
    expect((await stores.variables.get(t.accountId, 'API_TOKEN'))?.value).toBe(S.account)
    expect((await stores.triggers.findByToken(tokens[1] ?? ''))?.check_id).toBe(checkId)
    expect(await stores.checks.findIdByPingToken(tokens[0] ?? '')).toBe(String(heartbeat.id))
    expect((await t.app.inject({ method: 'POST', url: `/ping/${tokens[0] ?? ''}` })).json()).toMatchObject({ recorded: true })
  })

  it('runs with the real values', async () => {
    const trigger = await ok('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })
    const sessionId = String((trigger.sessions as Array<{ checkSessionId: string }>)[0]?.checkSessionId)
    await e.engine.runOnce()
    expect(e.finals.find((r) => r.session_id === sessionId)?.status).toBe('passing')
    expect(seen.at(-1)).toMatchObject({ 'x-account': S.account, 'x-check': S.check, 'x-group': S.group })
  })

  it('leaves none of them readable in the database', async () => {
    const secrets = [...Object.values(S), ...tokens, ...keyParts]
    const check = (bytes: Buffer, when: string) => {
      expect(bytes.includes('enc:v1:'), `${when}: sealed values are there`).toBe(true)
      for (const value of secrets) for (const form of formsOf(value)) expect(bytes.includes(form), `${when}: ${value} as ${form}`).toBe(false)
    }
    check(await raw.bytes(t.store), 'while open')
    await t.close()
    const closed = raw.afterClose()
    if (closed) check(closed, 'after close')
  })
})
