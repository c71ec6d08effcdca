/** A binary suite file (a 1×1 PNG: its signature starts with 0x89, which is not UTF-8 text) and its SHA-256. */
import { createHash } from 'node:crypto'

export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
export const PNG_SHA256 = createHash('sha256').update(PNG_BYTES).digest('hex')
export const PNG_FILE = { path: 'tests/fixtures/pixel.png', content: PNG_BYTES.toString('base64'), encoding: 'base64' as const }
