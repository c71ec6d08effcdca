/**
 * Summarizes a run's trace zips (see trace-summary.ts) while keeping the service's memory and time bounded: a
 * trace is hostile input, and a small zip can unpack to gigabytes. So the zip's central directory is read on its
 * own (with a size cap), and only the event entries are unpacked, one at a time, as a stream (zlib, off the event
 * loop), with a running count of unpacked bytes per entry and for the whole run; at a cap the reading stops and
 * the summary says where it was cut. A zip that cannot be read adds nothing.
 */
import { constants } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { PassThrough, Readable, Writable, type Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createInflateRaw } from 'node:zlib'
import { localHeaderLength, readDirectory, readDirectoryEnd, readZip64End, ZIP_TAIL_BYTES, type ZipDirectoryPlace, type ZipEntry } from '../../lib/zip-directory.js'
import { megabytes, TRACE_READ_CAPS, type TraceReadCaps } from './artifact-caps.js'
import { addTraceLine, emptySummary, isEventEntry, LineSplitter, type TraceSummary } from './trace-summary.js'

const READ_CHUNK = 64 * 1024

/** The reading stopped at a cap (not an error of the zip). */
class CapReached extends Error {}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  let done = 0
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done)
    if (bytesRead === 0) break
    done += bytesRead
  }
  return buffer.subarray(0, done)
}

async function directoryOf(handle: FileHandle, size: number, caps: TraceReadCaps): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, size - ZIP_TAIL_BYTES)
  const end = readDirectoryEnd(await readAt(handle, tailStart, size - tailStart), tailStart)
  let place: ZipDirectoryPlace | null = null
  if (end && 'place' in end) place = end.place
  else if (end) place = readZip64End(await readAt(handle, end.zip64RecordAt, 56))
  if (!place || place.size > caps.directoryBytes || place.offset + place.size > size) return []
  return readDirectory(await readAt(handle, place.offset, place.size), place.entries) ?? []
}

/** The bytes of `length` from `start`, in fresh chunks (a reader may keep them), read from the open descriptor. */
async function* byteRange(handle: FileHandle, start: number, length: number): AsyncGenerator<Buffer> {
  for (let done = 0; done < length;) {
    const chunk = Buffer.alloc(Math.min(READ_CHUNK, length - done))
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, start + done)
    if (bytesRead === 0) return
    done += bytesRead
    yield chunk.subarray(0, bytesRead)
  }
}

interface Counter {
  /** Unpacked bytes of the run's traces so far. */
  inflated: number
}

async function readEntry(handle: FileHandle, size: number, entry: ZipEntry, into: TraceSummary, counter: Counter, caps: TraceReadCaps): Promise<void> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) return
  const headerLength = localHeaderLength(await readAt(handle, entry.headerOffset, 30))
  if (headerLength === null) return
  const start = entry.headerOffset + headerLength
  if (entry.compressedSize === 0 || start + entry.compressedSize > size) return
  const lines = new LineSplitter(caps.lineBytes)
  let entryBytes = 0
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      let take = chunk
      let cap: string | null = null
      if (counter.inflated + take.length > caps.inflatedBytes) {
        take = take.subarray(0, caps.inflatedBytes - counter.inflated)
        cap = `at ${megabytes(caps.inflatedBytes)} of unpacked trace data`
      } else if (entryBytes + take.length > caps.entryBytes) {
        take = take.subarray(0, caps.entryBytes - entryBytes)
        cap = `at ${megabytes(caps.entryBytes)} of unpacked data in the trace entry '${entry.name.slice(0, 100)}'`
      }
      counter.inflated += take.length
      entryBytes += take.length
      for (const line of lines.push(take)) addTraceLine(into, entry.name, line)
      if (cap === null) return done()
      // The run's cap is the one that matters to say: it ends the reading of every trace.
      if (counter.inflated >= caps.inflatedBytes) into.cut = cap
      else into.cut ??= cap
      done(new CapReached())
    },
    final(done) {
      for (const line of lines.end()) addTraceLine(into, entry.name, line)
      done()
    },
  })
  const source = Readable.from(byteRange(handle, start, entry.compressedSize))
  const unpack: Transform = entry.method === 8 ? createInflateRaw() : new PassThrough()
  try {
    await pipeline(source, unpack, sink)
  } catch {
    // At a cap, or a broken entry: what was read so far is kept.
  }
}

async function summarizeOne(file: string, into: TraceSummary, counter: Counter, caps: TraceReadCaps): Promise<void> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    const st = await handle.stat()
    if (!st.isFile()) return
    for (const entry of await directoryOf(handle, st.size, caps)) {
      if (counter.inflated >= caps.inflatedBytes) {
        into.cut ??= `at ${megabytes(caps.inflatedBytes)} of unpacked trace data`
        return
      }
      if (isEventEntry(entry.name)) await readEntry(handle, st.size, entry, into, counter, caps)
    }
  } finally {
    await handle.close()
  }
}

/** The summary of the run's trace zips (files the service owns: the artifacts' copies), within `caps`. */
export async function summarizeTraces(files: readonly string[], caps: TraceReadCaps = TRACE_READ_CAPS): Promise<TraceSummary> {
  const into = emptySummary()
  const counter: Counter = { inflated: 0 }
  for (const file of files) {
    if (counter.inflated >= caps.inflatedBytes) break
    await summarizeOne(file, into, counter, caps).catch(() => undefined)
  }
  return into
}
