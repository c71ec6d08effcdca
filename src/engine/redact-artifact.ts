/**
 * A run artifact's bytes with its secrets redacted (pure), before the file is stored for download.
 *
 * - Zips (Playwright traces): every entry that is valid UTF-8 text (`*.trace`, `*.network`, `*.stacks`, html, json
 *   and js resources …) is redacted as text; images, videos and other binary entries are kept as they are. Entry
 *   names are redacted too. A zip that cannot be read (corrupt, encrypted, inconsistent, or unpacking to more
 *   than MAX_UNZIPPED_BYTES by its own directory) cannot be checked, so nothing of it is kept: the answer is an
 *   empty buffer (the store then keeps no file).
 * - Images, videos and audio: unchanged (except SVG, which is text).
 * - Anything else (JSON, logs, markdown, html, reports …): redacted as text when it is valid UTF-8, else unchanged.
 *
 * When nothing changes, the original buffer itself is returned.
 */
import { unzipSync, zipSync, type Zippable } from 'fflate'
import type { Redactor } from '../domain/secrets/redact.js'
import type { RunArtifact } from '../runners/contract.js'

/** The most a zip may unpack to (by its own directory) before it is given up as unreadable. */
export const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const MEDIA_NAME = /\.(png|jpe?g|gif|webp|bmp|ico|avif|webm|mp4|ogg|mp3|wav|woff2?|ttf|otf|eot)$/i
const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

const hasZipMagic = (bytes: Uint8Array): boolean => ZIP_MAGIC.every((b, i) => bytes[i] === b)

export function isZipArtifact(artifact: Pick<RunArtifact, 'name' | 'contentType'>, bytes?: Uint8Array): boolean {
  const type = artifact.contentType.toLowerCase()
  return /^application\/(x-)?zip(-compressed)?\b/.test(type) || /\.zip$/i.test(artifact.name) || (bytes !== undefined && hasZipMagic(bytes))
}

const isMedia = (contentType: string, name: string): boolean => {
  const type = contentType.toLowerCase()
  if (type.startsWith('image/svg')) return false
  return /^(image|video|audio|font)\//.test(type) || MEDIA_NAME.test(name)
}

/** The redacted bytes of a text, or null when the bytes are not UTF-8 text or nothing in them changed. */
function redactUtf8(bytes: Uint8Array, redactor: Redactor): Buffer | null {
  let text: string
  try {
    text = fatalUtf8.decode(bytes)
  } catch {
    return null
  }
  const redacted = redactor.text(text)
  return redacted === text ? null : Buffer.from(redacted, 'utf8')
}

/** The entries of a zip, or null when it cannot be read within the size limit. */
function readZip(bytes: Buffer): Record<string, Uint8Array> | null {
  let total = 0
  try {
    return unzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      filter: (file) => {
        // An entry that claims to unpack to nothing but holds data is not what it says (it would come out empty).
        if (file.compression !== 0 && file.originalSize === 0 && file.size > 16) throw new Error('unbounded entry')
        total += file.originalSize
        if (total > MAX_UNZIPPED_BYTES) throw new Error('zip too large')
        return true
      },
    })
  } catch {
    return null
  }
}

function redactZip(bytes: Buffer, redactor: Redactor): Buffer {
  const entries = readZip(bytes)
  if (!entries) return Buffer.alloc(0)
  const out: Zippable = Object.create(null) as Zippable
  let changed = false
  for (const [name, data] of Object.entries(entries)) {
    const media = isMedia('', name)
    const redacted = media || name.endsWith('/') ? null : redactUtf8(data, redactor)
    let safeName = redactor.text(name)
    while (safeName !== name && Object.hasOwn(out, safeName)) safeName = `_${safeName}`
    if (redacted || safeName !== name) changed = true
    out[safeName] = [redacted ?? data, { level: media ? 0 : 6 }]
  }
  return changed ? Buffer.from(zipSync(out)) : bytes
}

export function redactArtifact(bytes: Buffer, artifact: RunArtifact, redactor: Redactor): Buffer {
  if (isZipArtifact(artifact, bytes)) return redactZip(bytes, redactor)
  if (isMedia(artifact.contentType, artifact.name)) return bytes
  return redactUtf8(bytes, redactor) ?? bytes
}
