/**
 * The SecretBox of this process, from the configured keys (config/secret-key.ts). With no key given (the embedded
 * SQLite default), the key is DATA_DIR/secret.key: read when it exists, else made once from 32 random bytes with
 * mode 0600. It is created complete under a temporary name and then linked into place, so two processes starting
 * together agree on one key and neither ever reads a half-written file.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { parseSecretKey, SECRET_KEY_BYTES, type SecretKeyConfig } from '../config/secret-key.js'
import { createSecretBox, type SecretBox } from '../lib/secret-box.js'
import { StartRefused } from './migration-gate.js'

function readKeyFile(file: string): Buffer {
  const key = parseSecretKey(fs.readFileSync(file, 'utf8'))
  if (!key) {
    throw new StartRefused(
      `Picket did not start: ${file} does not hold a ${SECRET_KEY_BYTES}-byte key (base64 or hex). It seals the secrets ` +
        'in the database: restore it from your backup, or give the key with PICKET_SECRET_KEY or PICKET_SECRET_KEY_FILE.',
    )
  }
  return key
}

/** The key in `file`, made first when the file does not exist (then `onMade` is told). */
export function loadOrCreateKeyFile(file: string, onMade: (file: string) => void = () => undefined): Buffer {
  if (fs.existsSync(file)) return readKeyFile(file)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  fs.writeFileSync(temporary, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  try {
    fs.linkSync(temporary, file)
    onMade(file)
  } catch (err) {
    // Another process made it first: its key is the key.
    if ((err as { code?: unknown }).code !== 'EEXIST') throw err
  } finally {
    fs.rmSync(temporary, { force: true })
  }
  return readKeyFile(file)
}

export function secretBoxFor(config: SecretKeyConfig, onMade?: (file: string) => void): SecretBox {
  return createSecretBox({ current: config.key ?? loadOrCreateKeyFile(config.dataDirFile, onMade), previous: config.previous })
}
