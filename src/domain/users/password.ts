/**
 * Password hashing for console users: scrypt, the memory-hard function built into Node's crypto (no
 * native add-on to build), stored as a PHC string `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64, no padding), so
 * the cost can be raised later and old hashes still verify and can be re-hashed at the next sign-in.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export interface ScryptCost {
  /** log2 of N, the CPU/memory cost. */
  ln: number
  r: number
  p: number
}

/** 2^15 × 8 × 128 B = 32 MiB and about 50–100 ms per hash on one core of this class of machine. */
export const DEFAULT_COST: ScryptCost = { ln: 15, r: 8, p: 1 }
export const MIN_PASSWORD_LENGTH = 10
export const MAX_PASSWORD_LENGTH = 1024
const KEY_BYTES = 32
const SALT_BYTES = 16
/** Costs a stored hash may ask for: bounded, so a tampered row cannot make a sign-in allocate gigabytes. */
const MAX_LN = 20
const MAX_R = 16
const MAX_P = 4

const derive = (password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { N: 2 ** cost.ln, r: cost.r, p: cost.p, maxmem: 256 * 2 ** cost.ln * cost.r + 1024 * 1024 }
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)))
  })

const b64 = (b: Buffer): string => b.toString('base64').replace(/=+$/, '')

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, cost)
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${b64(salt)}$${b64(key)}`
}

interface Parsed {
  cost: ScryptCost
  salt: Buffer
  key: Buffer
}

export function parseHash(stored: string): Parsed | null {
  const m = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9+/]{16,64})\$([A-Za-z0-9+/]{16,128})$/.exec(stored)
  if (!m) return null
  const cost = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) }
  if (cost.ln < 1 || cost.ln > MAX_LN || cost.r < 1 || cost.r > MAX_R || cost.p < 1 || cost.p > MAX_P) return null
  return { cost, salt: Buffer.from(m[4] ?? '', 'base64'), key: Buffer.from(m[5] ?? '', 'base64') }
}

/** True when the password matches the stored hash; false for a wrong password and for an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed || password.length > MAX_PASSWORD_LENGTH) return false
  const key = await derive(password, parsed.salt, parsed.cost)
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key)
}

/** True when a stored hash was made with other costs than these (re-hash it at the next successful sign-in). */
export function needsRehash(stored: string, cost: ScryptCost = DEFAULT_COST): boolean {
  const parsed = parseHash(stored)
  return !parsed || parsed.cost.ln !== cost.ln || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p
}

/** Why a new password cannot be used; null when it can. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'must be a string'
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`
  return null
}
