import { execFileSync } from 'node:child_process'
import { link, mkdir, mkdtemp, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyOpened, isWithin, openRunFile, readRunText } from '../../src/runners/browser/run-file.js'

describe('isWithin', () => {
  it.each([
    ['/run/r-1', '/run/r-1', true],
    ['/run/r-1', '/run/r-1/a/b.png', true],
    ['/run/r-1', '/run/r-10/b.png', false],
    ['/run/r-1', '/run', false],
    ['/', '/etc/shadow', true],
  ])('%s holds %s: %s', (root, p, expected) => {
    expect(isWithin(root, p)).toBe(expected)
  })
})

describe('openRunFile', () => {
  let base: string
  let run: string
  let outside: string
  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'run-file-'))
    run = path.join(base, 'run')
    outside = path.join(base, 'outside')
    await mkdir(path.join(run, 'sub'), { recursive: true })
    await mkdir(outside)
    await writeFile(path.join(outside, 'secret.txt'), 'secret')
    await writeFile(path.join(run, 'shot.png'), 'PNG bytes')
    await writeFile(path.join(run, 'sub', 'deep.png'), 'deep')
    await symlink(path.join(outside, 'secret.txt'), path.join(run, 'link.png'))
    await symlink(outside, path.join(run, 'linked'))
    await symlink(path.join(run, 'sub'), path.join(run, 'inner'))
    await writeFile(path.join(run, 'one.png'), 'twice')
    await link(path.join(run, 'one.png'), path.join(run, 'two.png'))
    execFileSync('mkfifo', [path.join(run, 'pipe.png')])
    await writeFile(path.join(run, 'report.json'), '{"ok":true}')
    await writeFile(path.join(run, 'huge.png'), '')
    await truncate(path.join(run, 'huge.png'), 1024 * 1024 * 1024)
    await symlink(run, path.join(base, 'run-alias'))
  })
  afterAll(async () => {
    await rm(base, { recursive: true, force: true })
  })

  async function refusal(file: string, folder = run): Promise<string | null> {
    const opened = await openRunFile(folder, file)
    if ('refused' in opened) return opened.refused
    await opened.handle.close()
    return null
  }

  it('opens regular files inside the folder, by absolute or relative path, through links that stay inside', async () => {
    expect(await refusal(path.join(run, 'shot.png'))).toBeNull()
    expect(await refusal('sub/deep.png')).toBeNull()
    expect(await refusal(path.join(run, 'inner', 'deep.png'))).toBeNull()
    expect(await refusal(path.join(base, 'run-alias', 'shot.png'), path.join(base, 'run-alias'))).toBeNull()
  })

  it.each([
    ['a path outside', () => path.join(outside, 'secret.txt'), 'points outside the run folder'],
    ['a path climbing out', () => `${run}/../outside/secret.txt`, 'points outside the run folder'],
    ['the proc file of the service', () => '/proc/self/environ', 'points outside the run folder'],
    ['a symbolic link', () => 'link.png', 'is a symbolic link'],
    ['a file in a linked folder', () => 'linked/secret.txt', 'points outside the run folder (through a linked folder)'],
    ['a file with another hard link', () => 'one.png', 'has other hard links'],
    ['a fifo', () => 'pipe.png', 'is not a regular file'],
    ['a folder', () => 'sub', 'is not a regular file'],
    ['a missing file', () => 'nothing.png', 'is missing'],
    ['the folder itself', () => run, 'points outside the run folder (through a linked folder)'],
  ])('refuses %s', async (_name, file, expected) => {
    expect(await refusal(file())).toBe(expected)
  })

  it('knows the size from the descriptor, without reading the file', async () => {
    const opened = await openRunFile(run, 'huge.png')
    if ('refused' in opened) throw new Error(opened.refused)
    expect(opened.size).toBe(1024 * 1024 * 1024)
    await opened.handle.close()
  })

  it('copies from the descriptor to a new file of its own, never over an existing one', async () => {
    const opened = await openRunFile(run, 'shot.png')
    if ('refused' in opened) throw new Error(opened.refused)
    const target = path.join(base, 'copy.png')
    try {
      expect(await copyOpened(opened.handle, opened.size, target)).toBe(9)
      await expect(copyOpened(opened.handle, opened.size, target)).rejects.toThrow(/EEXIST/)
    } finally {
      await opened.handle.close()
    }
    expect(await readFile(target, 'utf8')).toBe('PNG bytes')
    expect((await stat(target)).mode & 0o777).toBe(0o600)
  })

  it('reads a text file within a cap, and nothing of one over it or refused', async () => {
    expect(await readRunText(run, 'report.json', 100)).toBe('{"ok":true}')
    expect(await readRunText(run, 'report.json', 5)).toBeNull()
    expect(await readRunText(run, 'huge.png', 1024)).toBeNull()
    expect(await readRunText(run, 'link.png', 100)).toBeNull()
    expect(await readRunText(run, path.join(outside, 'secret.txt'), 100)).toBeNull()
  })
})
