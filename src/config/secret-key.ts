/**
 * The key that seals secrets in the database (lib/secret-box.ts):
 * - PICKET_SECRET_KEY: 32 bytes as base64 (or base64url) or hex, or PICKET_SECRET_KEY_FILE: a file holding that;
 * - PICKET_SECRET_KEY_PREVIOUS / PICKET_SECRET_KEY_PREVIOUS_FILE: keys still accepted for reading (comma- or
 *   line-separated), so that values sealed before a rotation are read and sealed again with the current key.
 * Neither key setting on SQLite: the key is DATA_DIR/secret.key, made on the first start (main/secret-keys.ts).
 * Neither on PostgreSQL is a problem: every instance must seal and read with the same key, and a key made by one
 * instance under its own DATA_DIR would not be the others'. Problems never quote a key.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Env } from './env-reader.js'

export const SECRET_KEY_BYTES = 32

export interface SecretKeyConfig {
  /** The key given by PICKET_SECRET_KEY or PICKET_SECRET_KEY_FILE; undefined: `dataDirFile`. */
  key: Buffer | undefined
  /** DATA_DIR/secret.key: the key of an embedded store when none is given. */
  dataDirFile: string
  /** Keys accepted for reading only. */
  previous: Buffer[]
}

/** The key written in `text` (base64, base64url or hex of 32 bytes, surrounding space ignored), or null. */
export function parseSecretKey(text: string): Buffer | null {
  const t = text.trim()
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex')
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) return null
  const key = Buffer.from(t, 'base64')
  return key.length === SECRET_KEY_BYTES ? key : null
}

const SHAPE = `${SECRET_KEY_BYTES} bytes written as base64 (44 characters, e.g. from "openssl rand -base64 32") or hex (64 characters)`

function readKeyFile(name: string, file: string, problems: string[]): string | undefined {
  try {
    return fs.readFileSync(path.resolve(file), 'utf8')
  } catch (err) {
    const code = (err as { code?: unknown }).code
    problems.push(`${name}: cannot read ${path.resolve(file)} (${typeof code === 'string' ? code : 'unreadable'})`)
    return undefined
  }
}

/** Each key of a list (comma- or line-separated); a malformed one is a problem naming the setting and its position. */
function keyList(name: string, text: string, problems: string[]): Buffer[] {
  const items = text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
  return items.flatMap((item, i) => {
    const key = parseSecretKey(item)
    if (key) return [key]
    problems.push(`${name} must hold keys of ${SHAPE}; ${items.length > 1 ? `key ${i + 1} is not one` : 'it does not'}`)
    return []
  })
}

/** A setting given directly or through a file (never both): its text, or undefined when neither is set. */
function keyText(env: Env, name: string, problems: string[]): string | undefined {
  const trimmed = (n: string): string | undefined => {
    const v = env[n]?.trim()
    return v === undefined || v === '' ? undefined : v
  }
  const value = trimmed(name)
  const file = trimmed(`${name}_FILE`)
  if (value !== undefined && file !== undefined) {
    problems.push(`Set ${name} or ${name}_FILE, not both`)
    return undefined
  }
  return file === undefined ? value : readKeyFile(`${name}_FILE`, file, problems)
}

export function readSecretKeys(env: Env, problems: string[], where: { dataDir: string; databaseUrl: string | undefined }): SecretKeyConfig {
  const set = (name: string): boolean => (env[name]?.trim() ?? '') !== ''
  const given = set('PICKET_SECRET_KEY_FILE') ? 'PICKET_SECRET_KEY_FILE' : 'PICKET_SECRET_KEY'
  const text = keyText(env, 'PICKET_SECRET_KEY', problems)
  let key: Buffer | undefined
  if (text !== undefined) {
    key = parseSecretKey(text) ?? undefined
    if (!key) problems.push(`${given} must hold ${SHAPE}`)
  } else if (where.databaseUrl && !set('PICKET_SECRET_KEY') && !set('PICKET_SECRET_KEY_FILE')) {
    problems.push(
      'PICKET_SECRET_KEY or PICKET_SECRET_KEY_FILE is required with DATABASE_URL (PostgreSQL): every instance must seal and read ' +
        'secrets with the same key, so none is generated. Make one with "openssl rand -base64 32" and give it to every instance',
    )
  }
  const previousText = keyText(env, 'PICKET_SECRET_KEY_PREVIOUS', problems)
  const previousName = set('PICKET_SECRET_KEY_PREVIOUS_FILE') ? 'PICKET_SECRET_KEY_PREVIOUS_FILE' : 'PICKET_SECRET_KEY_PREVIOUS'
  const previous = previousText === undefined ? [] : keyList(previousName, previousText, problems)
  return { key, dataDirFile: path.join(where.dataDir, 'secret.key'), previous }
}
