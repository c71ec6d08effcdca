import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { localHeaderLength, readDirectory, readDirectoryEnd, readZip64End, ZIP_TAIL_BYTES, type ZipEntry } from '../../src/lib/zip-directory.js'

/** The entries of a zip in memory, through the same steps a reader of a file takes. */
function entriesOf(zip: Uint8Array): ZipEntry[] | null {
  const tailStart = Math.max(0, zip.length - ZIP_TAIL_BYTES)
  const end = readDirectoryEnd(zip.subarray(tailStart), tailStart)
  if (!end) return null
  const place = 'place' in end ? end.place : readZip64End(zip.subarray(end.zip64RecordAt, end.zip64RecordAt + 56))
  return place ? readDirectory(zip.subarray(place.offset, place.offset + place.size), place.entries) : null
}

const u16 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff])
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n)
  return b
}
const u64 = (n: number) => {
  const b = Buffer.alloc(8)
  b.writeBigUInt64LE(BigInt(n))
  return b
}

/** A zip64 archive of one stored entry, every size and offset in zip64 fields (as a writer of huge zips does). */
function zip64(name: string, content: Buffer): Buffer {
  const nameBytes = Buffer.from(name)
  const local = Buffer.concat([
    u32(0x04034b50),
    u16(45),
    u16(0),
    u16(0),
    u32(0),
    u32(0),
    u32(0xffffffff),
    u32(0xffffffff),
    u16(nameBytes.length),
    u16(20),
    nameBytes,
    u16(1),
    u16(16),
    u64(content.length),
    u64(content.length),
  ])
  const central = Buffer.concat([
    u32(0x02014b50),
    u16(45),
    u16(45),
    u16(0),
    u16(0),
    u32(0),
    u32(0),
    u32(0xffffffff),
    u32(0xffffffff),
    u16(nameBytes.length),
    u16(28),
    u16(0),
    u16(0),
    u16(0),
    u32(0),
    u32(0xffffffff),
    nameBytes,
    u16(1),
    u16(24),
    u64(content.length),
    u64(content.length),
    u64(0),
  ])
  const cdOffset = local.length + content.length
  const record = Buffer.concat([u32(0x06064b50), u64(44), u16(45), u16(45), u32(0), u32(0), u64(1), u64(1), u64(central.length), u64(cdOffset)])
  const locator = Buffer.concat([u32(0x07064b50), u32(0), u64(cdOffset + central.length), u32(1)])
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(0xffff), u16(0xffff), u32(0xffffffff), u32(0xffffffff), u16(0)])
  return Buffer.concat([local, content, central, record, locator, end])
}

describe('zip directory', () => {
  it('lists the entries of a zip with their method, sizes and header offsets', () => {
    const zip = zipSync({ 'trace.trace': [strToU8('x'.repeat(1000)), { level: 9 }], 'a.png': [new Uint8Array([1, 2, 3]), { level: 0 }] }, { comment: 'a comment' })
    const entries = entriesOf(zip)
    expect(entries).toEqual([
      { name: 'trace.trace', method: 8, encrypted: false, compressedSize: expect.any(Number), size: 1000, headerOffset: 0 },
      { name: 'a.png', method: 0, encrypted: false, compressedSize: 3, size: 3, headerOffset: expect.any(Number) },
    ])
    const png = entries?.[1]
    const header = localHeaderLength(zip.subarray(png?.headerOffset ?? 0, (png?.headerOffset ?? 0) + 30)) ?? 0
    const start = (png?.headerOffset ?? 0) + header
    expect([...zip.subarray(start, start + 3)]).toEqual([1, 2, 3])
  })

  it('reads zip64 records and extra fields', () => {
    const content = Buffer.from('{"type":"console"}\n')
    const zip = zip64('trace.trace', content)
    expect(entriesOf(zip)).toEqual([{ name: 'trace.trace', method: 0, encrypted: false, compressedSize: content.length, size: content.length, headerOffset: 0 }])
    expect(localHeaderLength(zip.subarray(0, 30))).toBe(30 + 'trace.trace'.length + 20)
  })

  it('answers null for what is not a zip or has lost its end', () => {
    const zip = zipSync({ 'a.txt': strToU8('hello') })
    expect(entriesOf(Buffer.from('not a zip at all'))).toBeNull()
    expect(entriesOf(zip.subarray(0, zip.length - 10))).toBeNull()
    expect(readDirectory(Buffer.from('garbage garbage garbage garbage garbage garbage'), 10)).toBeNull()
    expect(localHeaderLength(Buffer.alloc(30))).toBeNull()
    expect(readZip64End(Buffer.alloc(10))).toBeNull()
  })

  it('lists at most the entries asked for', () => {
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}.txt`, strToU8(String(i))]))
    const zip = zipSync(files)
    const tailStart = Math.max(0, zip.length - ZIP_TAIL_BYTES)
    const end = readDirectoryEnd(zip.subarray(tailStart), tailStart)
    const place = end && 'place' in end ? end.place : null
    expect(place?.entries).toBe(10)
    expect(readDirectory(zip.subarray(place?.offset ?? 0), 3)?.map((e) => e.name)).toEqual(['f0.txt', 'f1.txt', 'f2.txt'])
  })
})
