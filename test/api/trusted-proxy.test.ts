/**
 * The sign-in lock counts per client address. Behind a reverse proxy that address comes from X-Forwarded-For, but
 * only when the request came through a proxy the operator trusts (TRUST_PROXY): otherwise one attacker would lock
 * out everyone behind the proxy, or, trusted blindly, would dodge the lock by forging the header.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { PASSWORD, setupOwner } from '../helpers/users.js'
import type { AppDeps } from '../../src/api/build-app.js'

const ATTACKER = '203.0.113.7'
const SOMEONE = '203.0.113.8'

describe.each(testDbs)('the client address behind a proxy on $name', (db) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  async function appTrusting(trustProxy: AppDeps['trustProxy']): Promise<TestApp> {
    t = await startTestApp(db, { http: trustProxy === undefined ? {} : { trustProxy } })
    await setupOwner(t)
    return t
  }

  const signIn = (app: TestApp, email: string, password: string, from: { remoteAddress: string; forwardedFor?: string }): Promise<LightMyRequestResponse> =>
    app.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email, password },
      remoteAddress: from.remoteAddress,
      headers: from.forwardedFor === undefined ? {} : { 'x-forwarded-for': from.forwardedFor },
    })

  /** Ten failed sign-ins, each for another e-mail, so that only the address is locked. */
  async function failTenTimes(app: TestApp, from: { remoteAddress: string; forwardedFor?: string }): Promise<void> {
    for (let i = 0; i < 10; i++) expect((await signIn(app, `nobody${i}@example.com`, 'wrong password!', from)).statusCode).toBe(401)
  }

  it.each([
    { setting: 'its address', trustProxy: ['127.0.0.1'], proxy: '127.0.0.1', chain: (client: string) => client },
    { setting: 'a CIDR holding it', trustProxy: ['10.0.0.0/8'], proxy: '10.9.8.7', chain: (client: string) => client },
    {
      setting: 'its address, behind another proxy it trusts',
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      proxy: '127.0.0.1',
      chain: (client: string) => `198.51.100.1, ${client}, 10.0.0.2`,
    },
    { setting: 'true (every hop)', trustProxy: true, proxy: '127.0.0.1', chain: (client: string) => `${client}, 10.0.0.2` },
  ])('with TRUST_PROXY as $setting, locks the client the proxy names, not everyone behind it', async ({ trustProxy, proxy, chain }) => {
    const app = await appTrusting(trustProxy)
    await failTenTimes(app, { remoteAddress: proxy, forwardedFor: chain(ATTACKER) })
    const attacker = await signIn(app, 'owner@example.com', PASSWORD, { remoteAddress: proxy, forwardedFor: chain(ATTACKER) })
    expect(attacker.statusCode).toBe(429)
    expect(attacker.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
    expect((await signIn(app, 'owner@example.com', PASSWORD, { remoteAddress: proxy, forwardedFor: chain(SOMEONE) })).statusCode).toBe(200)
  })

  it('takes X-Forwarded-For only from a trusted proxy: a client cannot name another address itself', async () => {
    const app = await appTrusting(['127.0.0.1'])
    await failTenTimes(app, { remoteAddress: ATTACKER, forwardedFor: SOMEONE })
    expect((await signIn(app, 'owner@example.com', PASSWORD, { remoteAddress: ATTACKER, forwardedFor: '192.0.2.99' })).statusCode).toBe(429)
    expect((await signIn(app, 'owner@example.com', PASSWORD, { remoteAddress: '127.0.0.1', forwardedFor: SOMEONE })).statusCode).toBe(200)
  })

  it('keys the per-address rate limit on the client the trusted proxy names', async () => {
    t = await startTestApp(db, { http: { trustProxy: ['127.0.0.1'] }, rateLimit: { max: 2, windowMs: 60_000 } })
    const app = t
    const open = (client: string) => app.app.inject({ method: 'GET', url: '/v1/invitations/unknown', headers: { 'x-forwarded-for': client } })
    expect([(await open(ATTACKER)).statusCode, (await open(ATTACKER)).statusCode, (await open(ATTACKER)).statusCode]).toEqual([404, 404, 429])
    expect((await open(SOMEONE)).statusCode).toBe(404)
  })

  it('without TRUST_PROXY ignores X-Forwarded-For and counts the connecting address', async () => {
    const app = await appTrusting(undefined)
    await failTenTimes(app, { remoteAddress: '127.0.0.1', forwardedFor: ATTACKER })
    expect((await signIn(app, 'owner@example.com', PASSWORD, { remoteAddress: '127.0.0.1', forwardedFor: SOMEONE })).statusCode).toBe(429)
    expect((await signIn(app, 'owner@example.com', PASSWORD, { remoteAddress: '192.0.2.50', forwardedFor: ATTACKER })).statusCode).toBe(200)
  })
})
