/**
 * The limit on failed sign-ins (10 per 15 minutes per e-mail and per client address), kept in the database so it
 * holds across instances. Checked before a password is verified, so a locked address costs no hashing.
 */
import { DomainError } from '../../domain/errors.js'
import { LOGIN_WINDOW_MS, loginRetryAfterMs } from '../../domain/users/session-rules.js'
import type { Clock } from '../../lib/clock.js'
import type { Stores } from '../stores.js'

export class TooManyAttemptsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many failed sign-in attempts; try again in ${retryAfterSeconds} s`, {})
  }
}

export interface LoginLimit {
  /** Throws TooManyAttemptsError while the e-mail or the address is locked. */
  check(email: string, ip: string): Promise<void>
  fail(email: string, ip: string): Promise<void>
  succeed(email: string): Promise<void>
}

const keys = (email: string, ip: string) => [`email:${email.toLowerCase()}`, `ip:${ip}`]

export function loginLimit(stores: Pick<Stores, 'loginGuards'>, clock: Clock): LoginLimit {
  return {
    async check(email, ip) {
      const now = clock.now()
      const wait = loginRetryAfterMs(await stores.loginGuards.getAttempts(keys(email, ip)), now)
      if (wait > 0) throw new TooManyAttemptsError(Math.max(1, Math.ceil(wait / 1000)))
    },
    async fail(email, ip) {
      const now = clock.now()
      for (const key of keys(email, ip)) await stores.loginGuards.addFailure(key, now, now - LOGIN_WINDOW_MS)
    },
    async succeed(email) {
      await stores.loginGuards.clearAttempts(`email:${email.toLowerCase()}`)
    },
  }
}
