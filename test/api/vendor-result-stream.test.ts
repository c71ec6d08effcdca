/**
 * The result stream of the hosted service's CLI: MQTT over WebSocket on the API's own HTTP server. A client
 * connects as the CLI does (account id and API key as user name and password, `?authenticationScheme=userApiKey`)
 * and receives its own account's messages. Attacks: a wrong key is refused; a client of account A that subscribes
 * to B's topics or to wildcards that would match them gets its subscription refused and never a message of B's;
 * a client cannot publish (not even to its own topics).
 */
import type { AddressInfo } from 'node:net'
import { connectAsync, type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createResultStream, type ResultStream } from '../../src/api/result-stream/broker.js'
import { adHocResultTopic } from '../../src/domain/test-sessions/stream-topics.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

/** MQTT's SUBACK code of a refused subscription. */
const REFUSED = 128

describe.each(testDbs)('the vendor CLI result stream on $name', (db) => {
  let t: TestApp
  let stream: ResultStream
  let url = ''
  let other: { accountId: string; apiKey: string }
  const clients: MqttClient[] = []

  const connect = async (accountId: string, apiKey: string): Promise<MqttClient> => {
    const client = await connectAsync(`${url}?authenticationScheme=userApiKey`, { username: accountId, password: apiKey, reconnectPeriod: 0 })
    clients.push(client)
    return client
  }
  /** The messages a client receives, in order. */
  const inbox = (client: MqttClient) => {
    const got: Array<{ topic: string; body: unknown }> = []
    client.on('message', (topic, payload) => got.push({ topic, body: JSON.parse(payload.toString('utf8')) as unknown }))
    return got
  }
  const until = async (done: () => boolean): Promise<void> => {
    while (!done()) await new Promise((r) => setTimeout(r, 10))
  }

  beforeAll(async () => {
    t = await startTestApp(db)
    other = await t.otherAccount()
    stream = await createResultStream({ authenticate: (key, accountId) => t.services.accounts.authenticate(key, accountId), hub: t.services.resultHub })
    stream.attach(t.app.server)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mqtt`
  })
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true)
    await stream.close()
    await t.close()
  })

  it('delivers an account its own run messages', async () => {
    const client = await connect(t.accountId, t.apiKey)
    const got = inbox(client)
    const granted = await client.subscribeAsync(`account/${t.accountId}/ad-hoc-check-results/suite-1/+/+/+`)
    expect(granted.map((g) => g.qos)).toEqual([0])
    const topic = adHocResultTopic(t.accountId, 'suite-1', 'seq-1', 'run-1', 'result')
    t.services.resultHub.publish(topic, { resultType: 'FINAL' })
    await until(() => got.length === 1)
    expect(got).toEqual([{ topic, body: { resultType: 'FINAL' } }])
  })

  it.each([
    ['a wrong key', () => t.accountId, () => 'not-the-key-0123456789'],
    ["another account's key", () => t.accountId, () => other.apiKey],
    ['no account', () => '', () => t.apiKey],
  ])('refuses to connect with %s', async (_case, account, key) => {
    await expect(connectAsync(`${url}?authenticationScheme=userApiKey`, { username: account(), password: key(), reconnectPeriod: 0 })).rejects.toThrow(
      /Bad username or password|Not authorized|Connection refused/i,
    )
  })

  it("never lets account A subscribe to B's topics, by name or by wildcard, nor receive them", async () => {
    const attacker = await connect(t.accountId, t.apiKey)
    const got = inbox(attacker)
    const filters = [
      `account/${other.accountId}/ad-hoc-check-results/suite-b/+/+/+`,
      '#',
      '+/#',
      'account/#',
      `account/+/ad-hoc-check-results/#`,
      '$share/g/#',
      `account/${t.accountId}`,
    ]
    // Each is answered as refused (SUBACK 128, which the client library turns into an error); the connection stays.
    for (const filter of filters) await expect(attacker.subscribeAsync(filter), filter).rejects.toMatchObject({ packet: { granted: [REFUSED] } })
    // Its own topic, subscribed last: its message arrives after B's would have, so B's cannot be still on its way.
    await attacker.subscribeAsync(`account/${t.accountId}/ad-hoc-check-results/suite-a/+/+/+`)
    const victim = await connect(other.accountId, other.apiKey)
    const victimGot = inbox(victim)
    await victim.subscribeAsync(`account/${other.accountId}/ad-hoc-check-results/suite-b/+/+/+`)

    const theirs = adHocResultTopic(other.accountId, 'suite-b', 'seq', 'run', 'result')
    const mine = adHocResultTopic(t.accountId, 'suite-a', 'seq', 'run', 'result')
    t.services.resultHub.publish(theirs, { secret: 'of B' })
    t.services.resultHub.publish(mine, { own: true })
    await until(() => got.length >= 1 && victimGot.length >= 1)
    expect(got).toEqual([{ topic: mine, body: { own: true } }])
    expect(victimGot).toEqual([{ topic: theirs, body: { secret: 'of B' } }])
  })

  it("refuses a client's publish, so nobody can forge results", async () => {
    const forger = await connect(t.accountId, t.apiKey)
    const listener = await connect(other.accountId, other.apiKey)
    const got = inbox(listener)
    await listener.subscribeAsync(`account/${other.accountId}/ad-hoc-check-results/suite-f/+/+/+`)
    const forged = adHocResultTopic(other.accountId, 'suite-f', 'seq', 'run', 'result')
    // The broker drops a refused publish and closes the forger's connection.
    await forger.publishAsync(forged, JSON.stringify({ forged: true }), { qos: 0 }).catch(() => undefined)
    // Closed: the broker has judged the forged message before the real one below is published.
    await until(() => !forger.connected)
    const real = adHocResultTopic(other.accountId, 'suite-f', 'seq', 'run', 'error')
    t.services.resultHub.publish(real, 'real')
    await until(() => got.length >= 1)
    expect(got).toEqual([{ topic: real, body: 'real' }])
  })
})
