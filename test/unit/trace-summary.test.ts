import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRACE_READ_CAPS } from '../../src/runners/browser/artifact-caps.js'
import { summarizeTraces } from '../../src/runners/browser/trace-reader.js'
import { addTraceLine, emptySummary, LineSplitter } from '../../src/runners/browser/trace-summary.js'

const KB = 1024
const jsonl = (...events: unknown[]): string => events.map((e) => JSON.stringify(e)).join('\n') + '\n'
const resource = (url: string, status: number, navigate = false) => ({
  type: 'resource-snapshot',
  snapshot: {
    request: {
      url,
      headers: navigate
        ? [
            { name: 'Sec-Fetch-Mode', value: 'navigate' },
            { name: 'Sec-Fetch-Dest', value: 'document' },
          ]
        : [],
    },
    response: { status },
    timings: { blocked: 1, dns: 2, connect: 3, send: 0.5, wait: 10.25 },
  },
})

const TRACE = jsonl(
  { type: 'console', messageType: 'log', text: 'hello' },
  { type: 'console', messageType: 'error', text: 'widget failed' },
  { type: 'event', method: 'pageError', params: { error: { error: { message: 'x is not defined' } } } },
  { type: 'frame-snapshot', snapshot: { html: ['console'] } },
)
const NETWORK = jsonl(resource('https://shop.test/', 200, true), resource('https://shop.test/missing.png', 404), resource('https://shop.test/', 200, true))

/** A zip whose one entry `name` unpacks to `mb` MB of `line` repeated, from a few KB (a zip bomb). */
function bomb(name: string, line: string, mb: number): Buffer {
  const chunks: Uint8Array[] = []
  const zip = new Zip((err, data) => {
    if (err) throw err
    chunks.push(data)
  })
  const block = Buffer.alloc(1024 * KB)
  const bytes = Buffer.from(line)
  for (let i = 0; i + bytes.length <= block.length; i += bytes.length) bytes.copy(block, i)
  const entry = new ZipDeflate(name, { level: 6 })
  zip.add(entry)
  for (let i = 0; i < mb; i++) entry.push(block)
  entry.push(new Uint8Array(0), true)
  zip.end()
  return Buffer.concat(chunks)
}

describe('LineSplitter', () => {
  const text = (lines: Uint8Array[]) => lines.map((l) => Buffer.from(l).toString())

  it('joins lines split across chunks and gives the last one at the end', () => {
    const s = new LineSplitter(100)
    expect(text(s.push(Buffer.from('ab')))).toEqual([])
    expect(text(s.push(Buffer.from('c\nde\n\nf')))).toEqual(['abc', 'de'])
    expect(text(s.push(Buffer.from('g')))).toEqual([])
    expect(text(s.end())).toEqual(['fg'])
    expect(text(s.end())).toEqual([])
  })

  it('drops a line longer than its cap whole, and goes on with the next', () => {
    const s = new LineSplitter(4)
    expect(text(s.push(Buffer.from('12345')))).toEqual([])
    expect(text(s.push(Buffer.from('678\nok\n')))).toEqual(['ok'])
    expect(text(s.push(Buffer.from('toolong')))).toEqual([])
    expect(text(s.end())).toEqual([])
  })
})

describe('addTraceLine', () => {
  it('reads console lines and page errors from .trace entries and requests from .network entries', () => {
    const into = emptySummary()
    for (const line of TRACE.split('\n').filter(Boolean)) addTraceLine(into, 'trace.trace', Buffer.from(line))
    for (const line of NETWORK.split('\n').filter(Boolean)) addTraceLine(into, '0-trace.network', Buffer.from(line))
    addTraceLine(into, 'trace.trace', Buffer.from('{"type":"console", torn'))
    expect(into).toEqual({
      consoleLines: ['[browser log] hello', '[browser error] widget failed'],
      consoleErrors: 1,
      pageErrors: ['x is not defined'],
      networkRequests: 3,
      networkErrors: 1,
      pages: ['https://shop.test/'],
      ttfb: { 'https://shop.test/': 16.75 },
      cut: null,
    })
  })
})

describe('summarizeTraces', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'trace-sum-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  const file = async (name: string, bytes: Uint8Array): Promise<string> => {
    const p = path.join(dir, name)
    await writeFile(p, bytes)
    return p
  }

  it('adds up the traces of a run, deflated and stored entries alike, and skips what is not a zip', async () => {
    const a = await file('a.zip', zipSync({ 'trace.trace': strToU8(TRACE), 'trace.network': strToU8(NETWORK), 'resources/x.html': strToU8('{"type":"console"}\n') }))
    const b = await file('b.zip', zipSync({ 'trace.trace': [strToU8(jsonl({ type: 'console', messageType: 'error', text: 'again' })), { level: 0 }] }))
    const junk = await file('junk.zip', Buffer.from('not a zip'))
    const s = await summarizeTraces([a, junk, path.join(dir, 'missing.zip'), b])
    expect(s).toMatchObject({ consoleErrors: 2, networkRequests: 3, networkErrors: 1, pages: ['https://shop.test/'], cut: null })
    expect(s.consoleLines).toEqual(['[browser log] hello', '[browser error] widget failed', '[browser error] again'])
  })

  it('stops at the run cap on unpacked bytes, across traces, and says so', async () => {
    const line = '{"type":"console","messageType":"error","text":"bomb"}\n'
    const zip = bomb('trace.trace', line, 8)
    expect(zip.length).toBeLessThan(64 * KB)
    const one = await file('bomb1.zip', zip)
    const two = await file('bomb2.zip', zip)
    const caps = { ...TRACE_READ_CAPS, inflatedBytes: 1024 * KB, entryBytes: 1024 * KB }
    const s = await summarizeTraces([one, two], caps)
    expect(s.cut).toBe('at 1.0 MB of unpacked trace data')
    expect(s.consoleErrors).toBeLessThanOrEqual(Math.ceil(caps.inflatedBytes / line.length))
    expect(s.consoleErrors).toBeGreaterThan(Math.floor(caps.inflatedBytes / line.length) - 2)
    expect(s.consoleLines).toHaveLength(200)
  })

  it('stops one entry at its cap and still reads the others', async () => {
    const big = bomb('trace.trace', '{"type":"console","messageType":"log","text":"big"}\n', 2)
    const withNetwork = await file('entry.zip', zipSync({ 'a.trace': strToU8(TRACE), 'a.network': strToU8(NETWORK) }))
    const s = await summarizeTraces([await file('big.zip', big), withNetwork], { ...TRACE_READ_CAPS, entryBytes: 256 * KB })
    expect(s.cut).toBe("at 0.3 MB of unpacked data in the trace entry 'trace.trace'")
    expect(s.networkRequests).toBe(3)
    expect(s.pageErrors).toEqual(['x is not defined'])
  })

  it('holds to the bytes it unpacks, not to the sizes the directory claims', async () => {
    const zip = bomb('trace.trace', '{"type":"console","messageType":"error","text":"liar"}\n', 4)
    // Claim 100 bytes in the central directory (fflate's streaming zip writes sizes there only).
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    zip.writeUInt32LE(100, central + 24)
    const s = await summarizeTraces([await file('liar.zip', zip)], { ...TRACE_READ_CAPS, inflatedBytes: 512 * KB })
    expect(s.cut).toBe('at 0.5 MB of unpacked trace data')
  })

  it('skips lines longer than the line cap (snapshots) without holding them', async () => {
    const huge = `{"type":"frame-snapshot","html":"${'x'.repeat(300 * KB)}"}\n`
    const zip = zipSync({ 'trace.trace': strToU8(huge + TRACE + huge) })
    const s = await summarizeTraces([await file('long.zip', zip)], { ...TRACE_READ_CAPS, lineBytes: 64 * KB })
    expect(s.consoleErrors).toBe(1)
    expect(s.pageErrors).toEqual(['x is not defined'])
    expect(s.cut).toBeNull()
  })
})
