/**
 * Opening a file a run left, for the service (which may run as root) to read. A run's user can put anything in
 * its folder, including links to the service's own files, so a file is taken only when it is a regular file (not
 * a symbolic link, device, fifo or socket) with no other hard link, whose real path lies inside `folder`:
 * - the folders on its path are resolved (realpath) and must stay inside the folder's own real path;
 * - the file itself is opened with O_NOFOLLOW (a link is refused) and O_NONBLOCK (a fifo cannot stall us);
 * - the checks then run on the opened descriptor (fstat, and the path the kernel gives for it), so that a file or
 *   folder swapped between the checks and the open is still caught.
 * Callers read from the descriptor they got, never by the name again.
 */
import { constants } from 'node:fs'
import { open, readlink, realpath, type FileHandle } from 'node:fs/promises'
import path from 'node:path'

export type OpenedRunFile = { handle: FileHandle; size: number } | { refused: string }

const COPY_CHUNK = 1024 * 1024
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY

const errno = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code

/** Whether `p` is `root` or lies below it (both absolute and normalized). */
export const isWithin = (root: string, p: string): boolean => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep)

function openFailure(code: string | undefined): string {
  if (code === 'ELOOP' || code === 'EMLINK') return 'is a symbolic link'
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'is missing'
  if (code === 'ENXIO' || code === 'ENODEV') return 'is not a regular file'
  return `could not be opened (${code ?? 'unknown error'})`
}

/** Why an opened file may not be read, or null when it may. */
async function refusalOf(handle: FileHandle, top: string): Promise<string | null> {
  const st = await handle.stat()
  if (!st.isFile()) return 'is not a regular file'
  if (st.nlink !== 1) return 'has other hard links'
  // The kernel's own name for what was opened: a folder swapped for a link after realpath shows here.
  const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => null)
  if (opened === null) return 'could not be checked'
  return isWithin(top, opened) ? null : 'points outside the run folder'
}

/** Opens `file` (absolute, or relative to `folder`) when it is a regular file inside `folder`; else why not. */
export async function openRunFile(folder: string, file: string): Promise<OpenedRunFile> {
  const top = await realpath(folder).catch(() => null)
  if (top === null) return { refused: 'is missing' }
  const full = path.resolve(folder, file)
  if (!isWithin(path.resolve(folder), full) && !isWithin(top, full)) return { refused: 'points outside the run folder' }
  const dir = await realpath(path.dirname(full)).catch(() => null)
  if (dir === null) return { refused: 'is missing' }
  if (!isWithin(top, dir)) return { refused: 'points outside the run folder (through a linked folder)' }
  let handle: FileHandle
  try {
    handle = await open(path.join(dir, path.basename(full)), OPEN_FLAGS)
  } catch (err) {
    return { refused: openFailure(errno(err)) }
  }
  try {
    const refused = await refusalOf(handle, top)
    if (refused === null) return { handle, size: (await handle.stat()).size }
    await handle.close()
    return { refused }
  } catch (err) {
    await handle.close().catch(() => undefined)
    return { refused: `could not be read (${errno(err) ?? 'unknown error'})` }
  }
}

/**
 * Copies the first `bytes` bytes of an opened file to `target`, a new file (never an existing one) readable by
 * this process's user only. Returns the bytes copied (fewer when the file shrank meanwhile).
 */
export async function copyOpened(from: FileHandle, bytes: number, target: string): Promise<number> {
  const to = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600)
  try {
    const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(COPY_CHUNK, bytes)))
    let done = 0
    while (done < bytes) {
      const { bytesRead } = await from.read(buffer, 0, Math.min(buffer.length, bytes - done), done)
      if (bytesRead === 0) break
      await to.write(buffer, 0, bytesRead)
      done += bytesRead
    }
    return done
  } finally {
    await to.close()
  }
}

/**
 * The text of a file of the run (its report, its notes to the runner), under the same rules, when it holds at
 * most `maxBytes`; null when it is refused, missing or too large (its size is known before anything is read).
 */
export async function readRunText(folder: string, file: string, maxBytes: number): Promise<string | null> {
  const opened = await openRunFile(folder, file)
  if ('refused' in opened) return null
  try {
    if (opened.size > maxBytes) return null
    const buffer = Buffer.alloc(opened.size)
    let done = 0
    while (done < opened.size) {
      const { bytesRead } = await opened.handle.read(buffer, done, opened.size - done, done)
      if (bytesRead === 0) break
      done += bytesRead
    }
    return buffer.subarray(0, done).toString('utf8')
  } catch {
    return null
  } finally {
    await opened.handle.close().catch(() => undefined)
  }
}

/** A JSON file the run wrote (at most `maxBytes`), or null when it is missing, too large or not JSON. */
export async function readRunJson<T>(folder: string, file: string, maxBytes: number): Promise<T | null> {
  const text = await readRunText(folder, file, maxBytes)
  return text === null ? null : parseJson<T>(text)
}

export function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

/** A line of a file of JSON strings, one per line; a line that is not one is skipped, never fatal. */
export function jsonLines(line: string): string[] {
  try {
    return [String(JSON.parse(line))]
  } catch {
    return []
  }
}
