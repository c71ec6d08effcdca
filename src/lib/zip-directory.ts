/**
 * The table of contents of a zip file, read from its central directory (pure, on bytes). Readers of zips that
 * users' runs produce use it to unpack one entry at a time with their own limits, instead of trusting a whole-file
 * unpacker: the sizes an entry claims are only claims, so a reader must still bound what it inflates.
 * Zip64 records are understood; encrypted entries are listed with `encrypted` set.
 */

export interface ZipEntry {
  name: string
  /** 0: stored, 8: deflated; anything else is not readable here. */
  method: number
  encrypted: boolean
  compressedSize: number
  /** The unpacked size the directory claims. */
  size: number
  /** Where the entry's local header starts. */
  headerOffset: number
}

/** Where the central directory lies, from the end-of-directory record. */
export interface ZipDirectoryPlace {
  offset: number
  size: number
  entries: number
}

/** The most bytes at the end of a zip that can hold its end-of-directory record (22 bytes and a 64 KiB comment). */
export const ZIP_TAIL_BYTES = 22 + 0xffff

const END = 0x06054b50
const END64_LOCATOR = 0x07064b50
const END64 = 0x06064b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const U32 = 0xffffffff
const U16 = 0xffff

const u16 = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8)
const u32 = (b: Uint8Array, at: number): number => (u16(b, at) + u16(b, at + 2) * 0x10000) >>> 0
/** A 64-bit field, or NaN when it is beyond what a JavaScript number holds exactly. */
const u64 = (b: Uint8Array, at: number): number => {
  const high = u32(b, at + 4)
  return high >= 0x200000 ? Number.NaN : high * 0x100000000 + u32(b, at)
}

export type DirectoryEnd = { place: ZipDirectoryPlace } | { zip64RecordAt: number } | null

/**
 * Reads the end-of-directory record in `tail`, the last bytes of the file (starting at `tailOffset` in it).
 * When the record defers to a zip64 record, answers where that record is (read it with `readZip64End`).
 */
export function readDirectoryEnd(tail: Uint8Array, tailOffset: number): DirectoryEnd {
  for (let at = tail.length - 22; at >= 0; at--) {
    if (u32(tail, at) !== END) continue
    const entries = u16(tail, at + 10)
    const size = u32(tail, at + 12)
    const offset = u32(tail, at + 16)
    if (entries === U16 || size === U32 || offset === U32) {
      const locator = at - 20
      if (locator < 0 || u32(tail, locator) !== END64_LOCATOR) return null
      const recordAt = u64(tail, locator + 8)
      return Number.isFinite(recordAt) && recordAt < tailOffset + at ? { zip64RecordAt: recordAt } : null
    }
    return { place: { offset, size, entries } }
  }
  return null
}

/** Reads a zip64 end-of-directory record (at least 56 bytes). */
export function readZip64End(record: Uint8Array): ZipDirectoryPlace | null {
  if (record.length < 56 || u32(record, 0) !== END64) return null
  const place = { entries: u64(record, 32), size: u64(record, 40), offset: u64(record, 48) }
  return Object.values(place).every(Number.isFinite) ? place : null
}

/** The zip64 extra field's values for the fields the fixed header left at their maximum. */
function zip64Sizes(extra: Uint8Array, need: { size: boolean; compressed: boolean; offset: boolean }): { size?: number; compressed?: number; offset?: number } {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = u16(extra, at)
    const length = u16(extra, at + 2)
    if (id === 0x0001) {
      const out: { size?: number; compressed?: number; offset?: number } = {}
      let field = at + 4
      if (need.size) {
        out.size = u64(extra, field)
        field += 8
      }
      if (need.compressed) {
        out.compressed = u64(extra, field)
        field += 8
      }
      if (need.offset) out.offset = u64(extra, field)
      return out
    }
    at += 4 + length
  }
  return {}
}

/**
 * The entries of a central directory (`bytes` is the directory itself), at most `maxEntries` of them; null when
 * it is not one. Names are read as UTF-8.
 */
export function readDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] | null {
  const entries: ZipEntry[] = []
  const decoder = new TextDecoder()
  let at = 0
  while (at + 46 <= bytes.length && entries.length < maxEntries) {
    if (u32(bytes, at) !== CENTRAL) return entries.length > 0 ? entries : null
    const nameLength = u16(bytes, at + 28)
    const extraLength = u16(bytes, at + 30)
    const commentLength = u16(bytes, at + 32)
    if (at + 46 + nameLength + extraLength > bytes.length) return null
    let compressedSize = u32(bytes, at + 20)
    let size = u32(bytes, at + 24)
    let headerOffset = u32(bytes, at + 42)
    if (compressedSize === U32 || size === U32 || headerOffset === U32) {
      const extra = bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength)
      const z = zip64Sizes(extra, { size: size === U32, compressed: compressedSize === U32, offset: headerOffset === U32 })
      size = z.size ?? size
      compressedSize = z.compressed ?? compressedSize
      headerOffset = z.offset ?? headerOffset
    }
    if (![size, compressedSize, headerOffset].every(Number.isFinite)) return null
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16(bytes, at + 10),
      encrypted: (u16(bytes, at + 8) & 1) === 1,
      compressedSize,
      size,
      headerOffset,
    })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** The length of an entry's local header (30 bytes of which are given), or null when they are not one. */
export function localHeaderLength(header: Uint8Array): number | null {
  if (header.length < 30 || u32(header, 0) !== LOCAL) return null
  return 30 + u16(header, 26) + u16(header, 28)
}
