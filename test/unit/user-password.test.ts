/** Console users' password hashes: scrypt in a PHC string, verified in constant time, bounded costs. */
import { describe, expect, it } from 'vitest'
import { hashPassword, needsRehash, parseHash, passwordProblem, verifyPassword } from '../../src/domain/users/password.js'

const CHEAP = { ln: 10, r: 8, p: 1 }

describe('user passwords', () => {
  it('verifies the right password, refuses a wrong one, and salts every hash', async () => {
    const a = await hashPassword('correct horse battery', CHEAP)
    const b = await hashPassword('correct horse battery', CHEAP)
    expect(a).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('correct horse battery', a)).toBe(true)
    expect(await verifyPassword('correct horse batterY', a)).toBe(false)
    expect(await verifyPassword('', a)).toBe(false)
  })

  it('treats composed and decomposed forms of a letter as the same password', async () => {
    const hash = await hashPassword('caf\u00e9 au lait!', CHEAP)
    expect(await verifyPassword('cafe\u0301 au lait!', hash)).toBe(true)
  })

  it('uses the default cost unless told otherwise, and asks for a re-hash of other costs', async () => {
    const strong = await hashPassword('a long enough password')
    expect(strong).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/)
    expect(needsRehash(strong)).toBe(false)
    expect(needsRehash(await hashPassword('a long enough password', CHEAP))).toBe(true)
  })

  it.each([
    ['not a hash'],
    ['$scrypt$ln=40,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['$scrypt$ln=15,r=99,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA'],
    [''],
  ])('refuses an unreadable or over-costly stored hash %j without deriving anything', async (stored) => {
    expect(parseHash(stored)).toBeNull()
    expect(await verifyPassword('whatever password', stored)).toBe(false)
    expect(needsRehash(stored)).toBe(true)
  })

  it.each([
    ['long enough!', null],
    ['short', 'must be at least 10 characters'],
    ['x'.repeat(1025), 'must be at most 1024 characters'],
    [42, 'must be a string'],
    [undefined, 'must be a string'],
  ])('new password %j → %j', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem)
  })
})
