/** The secret key settings (config/secret-key.ts) and the key file of the embedded default (main/secret-keys.ts). */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/load.js'
import { configProblems } from '../helpers/config-problems.js'
import { loadOrCreateKeyFile, secretBoxFor } from '../../src/main/secret-keys.js'
import { StartRefused } from '../../src/main/migration-gate.js'
import { keyIdOf } from '../../src/lib/secret-box.js'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-key-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const KEY = randomBytes(32)
const OLD = randomBytes(32)
const PG = 'postgres://picket@db.internal/picket'
const file = (name: string, text: string) => {
  const p = path.join(dir, name)
  fs.writeFileSync(p, text)
  return p
}
/** The problems loadConfig lists for this environment (none: []). */
const problems = (env: Record<string, string>): string[] => configProblems(() => loadConfig(env))

describe('PICKET_SECRET_KEY and PICKET_SECRET_KEY_FILE', () => {
  it.each<[string, string]>([
    ['base64', KEY.toString('base64')],
    ['base64 without padding', KEY.toString('base64').replace(/=+$/, '')],
    ['base64url', KEY.toString('base64url')],
    ['hex', KEY.toString('hex')],
    ['hex in upper case, with spaces around', `  ${KEY.toString('hex').toUpperCase()}\n`],
  ])('takes the key as %s', (_name, text) => {
    expect(loadConfig({ PICKET_SECRET_KEY: text }).secretKey.key?.equals(KEY)).toBe(true)
    expect(loadConfig({ PICKET_SECRET_KEY_FILE: file('key.txt', text) }).secretKey.key?.equals(KEY)).toBe(true)
  })

  it('without either, on SQLite, the key is DATA_DIR/secret.key', () => {
    expect(loadConfig({ DATA_DIR: '/srv/picket' }).secretKey).toEqual({ key: undefined, dataDirFile: path.resolve('/srv/picket/secret.key'), previous: [] })
  })

  it('without either, on PostgreSQL, is a problem naming both settings (instances must share the key)', () => {
    expect(problems({ DATABASE_URL: PG })).toEqual([expect.stringMatching(/^PICKET_SECRET_KEY or PICKET_SECRET_KEY_FILE is required with DATABASE_URL.*same key/)])
    expect(problems({ DATABASE_URL: PG, PICKET_SECRET_KEY: KEY.toString('base64') })).toEqual([])
  })

  it.each<[string, Record<string, string>, RegExp]>([
    ['a key of 16 bytes', { PICKET_SECRET_KEY: randomBytes(16).toString('base64') }, /^PICKET_SECRET_KEY must hold 32 bytes written as base64/],
    ['a key of 33 bytes in hex', { PICKET_SECRET_KEY: randomBytes(33).toString('hex') }, /^PICKET_SECRET_KEY must hold 32 bytes/],
    ['a passphrase', { PICKET_SECRET_KEY: 'correct horse battery staple' }, /^PICKET_SECRET_KEY must hold 32 bytes/],
    ['a missing file', { PICKET_SECRET_KEY_FILE: path.join(dir, 'nope.key') }, /^PICKET_SECRET_KEY_FILE: cannot read .*nope\.key \(ENOENT\)/],
    ['a file of the wrong length', { PICKET_SECRET_KEY_FILE: file('short.key', randomBytes(20).toString('base64')) }, /^PICKET_SECRET_KEY_FILE must hold 32 bytes/],
    [
      'both settings',
      { PICKET_SECRET_KEY: KEY.toString('base64'), PICKET_SECRET_KEY_FILE: file('both.key', KEY.toString('base64')) },
      /^Set PICKET_SECRET_KEY or PICKET_SECRET_KEY_FILE, not both/,
    ],
    ['a bad previous key', { PICKET_SECRET_KEY_PREVIOUS: `${OLD.toString('base64')},abc` }, /^PICKET_SECRET_KEY_PREVIOUS must hold keys of 32 bytes.*key 2 is not one/],
    ['a missing previous key file', { PICKET_SECRET_KEY_PREVIOUS_FILE: path.join(dir, 'gone.key') }, /^PICKET_SECRET_KEY_PREVIOUS_FILE: cannot read/],
  ])('refuses %s with a problem naming the setting', (_name, env, problem) => {
    const listed = problems({ DATA_DIR: dir, ...env })
    expect(listed).toEqual([expect.stringMatching(problem)])
    // A problem never quotes the key it was given.
    for (const value of Object.values(env)) if (!value.startsWith('/')) expect(listed.join('\n')).not.toContain(value)
  })

  it('reads previous keys from the setting (comma-separated) or a file (one a line)', () => {
    const other = randomBytes(32)
    const listed = `${OLD.toString('base64')}, ${other.toString('hex')}`
    expect(loadConfig({ PICKET_SECRET_KEY_PREVIOUS: listed }).secretKey.previous.map((k) => k.toString('hex'))).toEqual([OLD.toString('hex'), other.toString('hex')])
    const fromFile = loadConfig({ PICKET_SECRET_KEY_PREVIOUS_FILE: file('previous.keys', `${OLD.toString('base64')}\n${other.toString('base64')}\n`) }).secretKey.previous
    expect(fromFile.map((k) => k.toString('hex'))).toEqual([OLD.toString('hex'), other.toString('hex')])
  })
})

describe('DATA_DIR/secret.key', () => {
  it('is made once, mode 0600, and read on later starts', () => {
    const keyFile = path.join(dir, 'data', 'secret.key')
    const first = loadOrCreateKeyFile(keyFile)
    expect(first).toHaveLength(32)
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(loadOrCreateKeyFile(keyFile).equals(first)).toBe(true)
    expect(fs.readdirSync(path.dirname(keyFile))).toEqual(['secret.key'])
    const box = secretBoxFor(loadConfig({ DATA_DIR: path.join(dir, 'data') }).secretKey)
    expect(box.keyId).toBe(keyIdOf(first))
  })

  it('refuses to start on a damaged key file, naming it', () => {
    const damaged = file('damaged.key', 'not a key\n')
    expect(() => loadOrCreateKeyFile(damaged)).toThrow(StartRefused)
    expect(() => loadOrCreateKeyFile(damaged)).toThrow(/damaged\.key does not hold a 32-byte key.*restore it from your backup/)
  })

  it('a given key wins over the file, and previous keys open what they sealed', () => {
    const box = secretBoxFor(loadConfig({ DATA_DIR: dir, PICKET_SECRET_KEY: KEY.toString('base64'), PICKET_SECRET_KEY_PREVIOUS: OLD.toString('base64') }).secretKey)
    expect(box.keyId).toBe(keyIdOf(KEY))
    const old = secretBoxFor(loadConfig({ DATA_DIR: dir, PICKET_SECRET_KEY: OLD.toString('base64') }).secretKey)
    expect(box.decrypt(old.encrypt('kept'))).toBe('kept')
    expect(box.hasPreviousKeys).toBe(true)
  })
})
