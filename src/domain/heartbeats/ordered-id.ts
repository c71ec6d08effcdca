/**
 * Time-ordered UUIDs (version 7 layout: 48-bit milliseconds, then a 12-bit counter, then random bits), pure but for
 * the random source it is given. Heartbeat events and their results use them: their primary-key indexes grow at
 * the end instead of at random pages (fewer pages written per ping), and ids of one generator sort in the order
 * they were made, also within one millisecond.
 */

export type RandomFill = (bytes: Uint8Array) => void

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'))
const hex = (bytes: Uint8Array, from: number, to: number): string => {
  let out = ''
  for (let i = from; i < to; i++) out += HEX[bytes[i] ?? 0]
  return out
}

export function orderedIds(fill: RandomFill): (ms: number) => string {
  let lastMs = -1
  let counter = 0
  const bytes = new Uint8Array(16)
  return (ms) => {
    // Never backwards: an earlier clock reading continues from the last one.
    if (ms > lastMs) {
      lastMs = ms
      counter = 0
    } else if (++counter > 0xfff) {
      lastMs += 1
      counter = 0
    }
    fill(bytes)
    let t = lastMs
    for (let i = 5; i >= 0; i--) {
      bytes[i] = t % 256
      t = Math.floor(t / 256)
    }
    bytes[6] = 0x70 | (counter >> 8)
    bytes[7] = counter & 0xff
    bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f)
    return `${hex(bytes, 0, 4)}-${hex(bytes, 4, 6)}-${hex(bytes, 6, 8)}-${hex(bytes, 8, 10)}-${hex(bytes, 10, 16)}`
  }
}
