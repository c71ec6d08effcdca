/** TRUST_PROXY: which reverse proxies may name the client in X-Forwarded-For; every problem named. */
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/load.js'
import { configProblems } from '../helpers/config-problems.js'

const problems = (env: Record<string, string>): string[] => configProblems(() => loadConfig(env))

describe('TRUST_PROXY', () => {
  it.each([
    [{}, false],
    [{ TRUST_PROXY: '' }, false],
    [{ TRUST_PROXY: 'off' }, false],
    [{ TRUST_PROXY: 'FALSE' }, false],
    [{ TRUST_PROXY: 'true' }, true],
    [{ TRUST_PROXY: '127.0.0.1' }, ['127.0.0.1']],
    [{ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,fd00::/8' }, ['127.0.0.1', '10.0.0.0/8', 'fd00::/8']],
    [{ TRUST_PROXY: 'Loopback,uniquelocal' }, ['loopback', 'uniquelocal']],
  ])('reads %j', (env, want) => {
    expect(loadConfig(env).trustProxy).toEqual(want)
  })

  it.each([
    [{ TRUST_PROXY: '1' }, /TRUST_PROXY takes the proxies' addresses or CIDRs, not a hop count/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be true or a comma list .*\(got "10\.0\.0\.0\/33"\)/],
    [{ TRUST_PROXY: '127.0.0.1,proxy.example.com' }, /\(got "proxy\.example\.com"\)/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be true or a comma list/],
  ])('refuses %j', (env, message) => {
    expect(problems(env).join('\n')).toMatch(message)
  })
})
