/**
 * The bytes a run's folder holds, counted by walking it without following links, and given up as soon as the
 * count passes `stopAt` (a run that floods its folder with files is not walked to the end each time).
 */
import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'

export async function folderBytes(dir: string, stopAt: number): Promise<number> {
  let total = 0
  const stack = [dir]
  while (stack.length > 0 && total <= stopAt) {
    const current = stack.pop() as string
    for (const entry of await readdir(current, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(current, entry.name)
      if (entry.isDirectory()) stack.push(p)
      // Blocks in use, not the apparent size: a sparse file costs the disk only what it holds.
      else total += ((await lstat(p).catch(() => null))?.blocks ?? 0) * 512
    }
  }
  return total
}
