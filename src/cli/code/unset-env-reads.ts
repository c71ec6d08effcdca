/**
 * Which environment variables a project's files read that are not set, noted while they load. A check file that
 * puts one into a template literal (`Bearer ${process.env.ORDERS_TOKEN}`) gets the text "undefined" and no error,
 * so the loader has to watch the reads to say so: `process.env` is a proxy for the time of the load that notes
 * each read of a missing name made by a file of the project (the caller on the stack, under the project's root and
 * outside node_modules), never one made by Node, tsx, a package or Picket itself, and is put back afterwards.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runningFile } from '../../lib/running-file.js'

/** A name read while it was not set, and the project file that read it (absolute). */
export interface UnsetEnvRead {
  name: string
  file: string
}

/** This module's file as stack frames name it (the bundle's when the CLI runs bundled). */
const THIS_FILE = runningFile() ?? fileURLToPath(import.meta.url)
/** The file of a stack frame: `at fn (/p/a.ts:1:2)`, `at file:///p/a.ts:1:2`. */
const FRAME_FILE = /\(?((?:file:\/\/)?\/[^():]+):\d+:\d+\)?$/

/** The file of the code that read process.env: the first stack frame outside this module. */
function readerFile(): string | undefined {
  for (const line of (new Error().stack ?? '').split('\n').slice(1)) {
    const found = FRAME_FILE.exec(line.trim())?.[1]
    if (found === undefined) continue
    const file = found.startsWith('file://') ? fileURLToPath(found) : found
    if (file !== THIS_FILE) return file
  }
  return undefined
}

const inProject = (root: string, file: string): boolean => {
  const relative = path.relative(root, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) && !relative.split(path.sep).includes('node_modules')
}

/** Runs `load` with process.env watched; the unset names the project's files read, once per name and file. */
export async function recordUnsetEnvReads<T>(root: string, load: () => Promise<T>): Promise<{ result: T; unset: UnsetEnvRead[] }> {
  const real = process.env
  const reads = new Map<string, UnsetEnvRead>()
  process.env = new Proxy(real, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name)
      if (value === undefined && typeof name === 'string') {
        const file = readerFile()
        if (file !== undefined && inProject(root, file)) reads.set(`${name}\0${file}`, { name, file })
      }
      return value
    },
    // Writes go to the real object, which keeps its own rules (values become strings).
    set: (target, name, value) => Reflect.set(target, name, value),
  })
  try {
    const result = await load()
    return { result, unset: [...reads.values()] }
  } finally {
    process.env = real
  }
}
