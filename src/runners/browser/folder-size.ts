/**
 * The bytes a run's folder holds, counted by walking it without following links, and given up as soon as the
 * count passes `stopAt` (a run that floods its folder with files is not walked to the end each time). The walk is
 * synchronous: a run's folder (traces being written, screenshots) holds hundreds of files, and a stat through
 * promises and the thread pool costs several times the system call itself, CPU the watched run needs.
 */
import { lstatSync, readdirSync, type Dirent } from 'node:fs'
import path from 'node:path'

function entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
}

export function folderBytes(dir: string, stopAt: number): number {
  let total = 0
  const stack = [dir]
  while (stack.length > 0 && total <= stopAt) {
    const current = stack.pop() as string
    for (const entry of entries(current)) {
      const p = path.join(current, entry.name)
      if (entry.isDirectory()) stack.push(p)
      // Blocks in use, not the apparent size: a sparse file costs the disk only what it holds.
      else total += (lstatSync(p, { throwIfNoEntry: false })?.blocks ?? 0) * 512
    }
  }
  return total
}
