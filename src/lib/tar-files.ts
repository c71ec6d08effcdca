/**
 * The regular files of a tar archive (pure): ustar names (with their prefix), pax `path` records and GNU long
 * names, which is what archivers write for long paths. Links, folders and devices are skipped; a truncated or
 * malformed archive is an error rather than a partial list.
 */
const BLOCK = 512

export interface TarFile {
  path: string
  content: Buffer
}

const text = (b: Buffer, from: number, length: number): string => {
  const raw = b.subarray(from, from + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end < 0 ? raw.length : end).toString('utf8')
}

const octal = (b: Buffer, from: number, length: number): number => {
  const digits = text(b, from, length).trim()
  if (!/^[0-7]*$/.test(digits)) throw new Error('malformed tar header (size)')
  return digits === '' ? 0 : parseInt(digits, 8)
}

/** The `path` of a pax extended header ("<len> path=<value>\n" records). */
function paxPath(data: Buffer): string | undefined {
  let at = 0
  while (at < data.length) {
    const space = data.indexOf(0x20, at)
    const length = Number(data.subarray(at, space).toString('utf8'))
    if (space < 0 || !Number.isInteger(length) || length <= 0) return undefined
    const record = data.subarray(space + 1, at + length - 1).toString('utf8')
    if (record.startsWith('path=')) return record.slice('path='.length)
    at += length
  }
  return undefined
}

export function tarFiles(archive: Buffer): TarFile[] {
  const files: TarFile[] = []
  let at = 0
  let longName: string | undefined
  while (at < archive.length) {
    if (at + BLOCK > archive.length) throw new Error('truncated tar archive')
    const header = archive.subarray(at, at + BLOCK)
    if (header.every((byte) => byte === 0)) return files
    const size = octal(header, 124, 12)
    const type = String.fromCharCode(header[156] ?? 0)
    const body = at + BLOCK
    if (body + size > archive.length) throw new Error('truncated tar archive')
    const data = archive.subarray(body, body + size)
    const prefix = text(header, 345, 155)
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100))
    longName = undefined
    if (type === 'x') longName = paxPath(data)
    else if (type === 'L') longName = text(data, 0, data.length)
    else if (type === '0' || type === '\0') files.push({ path: name.replace(/^\.\//, ''), content: Buffer.from(data) })
    at = body + Math.ceil(size / BLOCK) * BLOCK
  }
  return files
}
