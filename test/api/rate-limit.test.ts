import { afterAll, describe, expect, it } from 'vitest'
import { Redis } from 'ioredis'
import { testDbs } from '../helpers/db.js'
import { startTestApp } from '../helpers/app.js'

const sqlite = testDbs[0]!

describe('rate limit: 600 requests per 60 s', () => {
  it('answers the 601st request within 60 s with 429 Too Many Requests, per key', async () => {
    const t = await startTestApp(sqlite, { rateLimit: { max: 600, windowMs: 60_000 } })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 601; i++) statuses.push((await t.call('GET', '/v1/checks')).statusCode)
      expect(statuses.slice(0, 600).every((s) => s === 200)).toBe(true)
      expect(statuses[600]).toBe(429)
      const res = await t.call('GET', '/v1/checks')
      expect(res.statusCode).toBe(429)
      const body = res.json()
      expect(body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', attributes: {} })
      expect(body.message).toMatch(/rate limit/i)
      // Another key has its own counter.
      const other = await t.otherAccount()
      expect((await t.app.inject({ method: 'GET', url: '/v1/checks', headers: other.headers })).statusCode).toBe(200)
      // Health is never limited.
      expect((await t.app.inject({ method: 'GET', url: '/-/liveness' })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })

  const redisUrl = process.env.TEST_REDIS_URL
  describe.runIf(redisUrl)('with Redis', () => {
    const clients: Redis[] = []
    afterAll(async () => {
      for (const c of clients) await c.quit()
    })

    it('shares one counter between two instances', async () => {
      const client = () => {
        const c = new Redis(redisUrl!, { maxRetriesPerRequest: 1 })
        clients.push(c)
        return c
      }
      const a = await startTestApp(sqlite, { rateLimit: { max: 10, windowMs: 60_000 }, redis: client() })
      try {
        // Same account and key on a second instance (sharing Redis, as N instances would share one PostgreSQL).
        const created = await a.services.accounts.createAccount('shared')
        const headers = { authorization: `Bearer ${created.apiKey}`, 'x-service-account': created.accountId }
        const b = await startTestApp(sqlite, { rateLimit: { max: 10, windowMs: 60_000 }, redis: client() })
        try {
          const bCreated = await b.services.accounts.createAccount('shared', { accountId: created.accountId, apiKey: created.apiKey })
          expect(bCreated.accountId).toBe(created.accountId)
          const statuses: number[] = []
          for (let i = 0; i < 5; i++) statuses.push((await a.app.inject({ method: 'GET', url: '/v1/checks', headers })).statusCode)
          for (let i = 0; i < 6; i++) statuses.push((await b.app.inject({ method: 'GET', url: '/v1/checks', headers })).statusCode)
          expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
          expect(statuses[10]).toBe(429)
        } finally {
          await b.close()
        }
      } finally {
        await a.close()
      }
    })
  })
})
