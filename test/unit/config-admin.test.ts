import { describe, expect, it } from 'vitest'
import type { FastifyReply } from 'fastify'
import { ConfigError, loadConfig } from '../../src/config/load.js'
import { clearSessionCookie, setSessionCookie } from '../../src/api/session-cookie.js'

describe('PICKET_ADMIN_EMAIL and PICKET_ADMIN_PASSWORD', () => {
  it('gives the admin only when both are set', () => {
    expect(loadConfig({}).admin).toBeUndefined()
    expect(loadConfig({ PICKET_ADMIN_EMAIL: 'ops@example.com', PICKET_ADMIN_PASSWORD: 'a long password' }).admin).toEqual({ email: 'ops@example.com', password: 'a long password' })
  })
  it.each<[Record<string, string>, RegExp]>([
    [{ PICKET_ADMIN_EMAIL: 'ops@example.com' }, /must be set together/],
    [{ PICKET_ADMIN_PASSWORD: 'a long password' }, /must be set together/],
    [{ PICKET_ADMIN_EMAIL: 'ops', PICKET_ADMIN_PASSWORD: 'a long password' }, /PICKET_ADMIN_EMAIL must be an e-mail/],
    [{ PICKET_ADMIN_EMAIL: 'ops@example.com', PICKET_ADMIN_PASSWORD: 'short' }, /PICKET_ADMIN_PASSWORD must be at least 10/],
  ])('refuses %j', (env, why) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(why)
  })
})

describe('the session cookie', () => {
  const headerOf = (write: (reply: FastifyReply) => void): string => {
    let value = ''
    write({
      header: (_name: string, v: string) => {
        value = v
      },
    } as unknown as FastifyReply)
    return value
  }
  it.each<[string, string]>([
    ['http://localhost:3000', 'picket_session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Strict'],
    ['https://picket.example.com', 'picket_session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Strict; Secure'],
  ])('is Secure only over https (%s)', (base, want) => {
    expect(headerOf((r) => setSessionCookie(r, base, 'abc', 60))).toBe(want)
    expect(headerOf((r) => clearSessionCookie(r, base))).toMatch(/^picket_session=; Max-Age=0; /)
  })
})
