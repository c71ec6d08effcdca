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
import { inflateRawSync } from 'node:zlib'
import { zipSync, type Zippable } from 'fflate'
import { localHeaderLength, readDirectory, readDirectoryEnd, readZip64End, ZIP_TAIL_BYTES, type ZipEntry } from '../lib/zip-directory.js'
import type { Redactor } from '../domain/secrets/redact.js'
import type { RunArtifact } from '../runners/contract.js'

/**
 * The most a zip may unpack to (by its own directory) before it is given up as unreadable: it is unpacked in
 * memory, so this bounds the service's memory; a run's trace is at most 50 MB packed (runners/browser/artifact-caps.ts).
 */
export const MAX_UNZIPPED_BYTES = 128 * 1024 * 1024

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
  const tailStart = Math.max(0, bytes.length - ZIP_TAIL_BYTES)
  const end = readDirectoryEnd(bytes.subarray(tailStart), tailStart)
  const place = !end ? null : 'place' in end ? end.place : readZip64End(bytes.subarray(end.zip64RecordAt, end.zip64RecordAt + 56))
  if (!place || place.offset + place.size > bytes.length) return null
  const entries = readDirectory(bytes.subarray(place.offset, place.offset + place.size), place.entries)
  if (!entries || entries.length !== place.entries) return null
  // The sizes are the directory's claims: their total is checked before anything is unpacked, and each entry is
  // then held to its own claim while it is unpacked (zlib stops at the limit), so a lying entry costs nothing.
  if (entries.reduce((sum, e) => sum + e.size, 0) > MAX_UNZIPPED_BYTES) return null
  const out: Record<string, Uint8Array> = Object.create(null) as Record<string, Uint8Array>
  for (const entry of entries) {
    const content = unpack(bytes, entry)
    if (content === null) return null
    out[entry.name] = content
  }
  return out
}

function unpack(bytes: Buffer, entry: ZipEntry): Uint8Array | null {
  const header = entry.encrypted ? null : localHeaderLength(bytes.subarray(entry.headerOffset, entry.headerOffset + 30))
  if (header === null) return null
  const start = entry.headerOffset + header
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (data.length !== entry.compressedSize) return null
  let content: Uint8Array
  try {
    if (entry.method === 0 || (entry.compressedSize === 0 && entry.size === 0)) content = data
    else if (entry.method === 8) content = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) })
    else return null
  } catch {
    return null
  }
  return content.length === entry.size ? content : null
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
