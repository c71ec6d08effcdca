import { mkdtemp, mkdir, readFile, readdir, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { artifactFiles, type ArtifactFiles, type ArtifactKey } from '../../src/store/artifact-files.js'
import type { RunArtifact } from '../../src/runners/contract.js'

const KEY: ArtifactKey = { accountId: 'acc-1', checkId: 'chk-1', resultId: 'res-1' }
let work: string
let root: string
let runDir: string
let files: ArtifactFiles

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'picket-artifacts-'))
  root = path.join(work, 'artifacts')
  runDir = path.join(work, 'run')
  await mkdir(runDir)
  files = artifactFiles(root)
})
afterEach(() => rm(work, { recursive: true, force: true }))

async function produced(name: string, content: string, type: RunArtifact['type'] = 'file', contentType = 'text/plain'): Promise<RunArtifact> {
  const file = path.join(runDir, name.replace(/[^A-Za-z0-9._@-]/g, '_'))
  await writeFile(file, content)
  return { type, name, path: file, contentType }
}

/** Every file under a directory, relative to it. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
}

describe('artifactFiles', () => {
  it('copies artifacts under <root>/<account>/<check>/<result>/<name> and opens them', async () => {
    const stored = await files.save(KEY, [await produced('trace.zip', 'ZIP', 'trace', 'application/zip'), await produced('report.json', '{"a":1}', 'report', 'application/json')])
    expect(stored).toEqual([
      { type: 'trace', name: 'trace.zip', contentType: 'application/zip', size: 3 },
      { type: 'report', name: 'report.json', contentType: 'application/json', size: 7 },
    ])
    expect(await tree(root)).toEqual(['acc-1/chk-1/res-1/report.json', 'acc-1/chk-1/res-1/trace.zip'])
    const opened = await files.open(KEY, 'report.json')
    expect(opened).toEqual({ path: path.join(root, 'acc-1/chk-1/res-1/report.json'), size: 7 })
    expect(await readFile(opened!.path, 'utf8')).toBe('{"a":1}')
    expect(await files.open(KEY, 'missing.txt')).toBeNull()
    expect(await files.open({ ...KEY, resultId: 'res-2' }, 'report.json')).toBeNull()
  })

  it('passes the bytes through the transform, and keeps no file the transform gave up on', async () => {
    const stored = await files.save(
      KEY,
      [await produced('a.log', 'token=abc'), await produced('b.zip', 'corrupt', 'trace', 'application/zip'), await produced('empty.txt', '')],
      (bytes, a) => (a.name === 'b.zip' ? Buffer.alloc(0) : Buffer.from(bytes.toString('utf8').replace('abc', '*****'))),
    )
    expect(stored.map((s) => [s.name, s.size])).toEqual([
      ['a.log', 9 + 2],
      ['empty.txt', 0],
    ])
    expect(await readFile(path.join(root, 'acc-1/chk-1/res-1/a.log'), 'utf8')).toBe('token=*****')
    expect(await tree(root)).toEqual(['acc-1/chk-1/res-1/a.log', 'acc-1/chk-1/res-1/empty.txt'])
  })

  it('skips invalid and repeated names, unreadable files and a throwing transform', async () => {
    const ok = await produced('ok.txt', 'fine')
    const stored = await files.save(KEY, [
      { ...ok, name: '../escape.txt' },
      { ...ok, name: 'dir/file.txt' },
      { ...ok, name: '..' },
      { ...ok, name: '.' },
      { ...ok, name: '' },
      { ...ok, name: 'a\u0000b' },
      { ...ok, name: 'späce name.txt' },
      ok,
      { ...ok, contentType: 'text/html' },
      { type: 'file', name: 'gone.txt', path: path.join(runDir, 'gone.txt'), contentType: 'text/plain' },
    ])
    expect(stored).toEqual([{ type: 'file', name: 'ok.txt', contentType: 'text/plain', size: 4 }])
    const thrown = await files.save({ ...KEY, resultId: 'res-2' }, [ok], () => {
      throw new Error('boom')
    })
    expect(thrown).toEqual([])
    expect(await tree(work)).toEqual(['artifacts/acc-1/chk-1/res-1/ok.txt', 'run/ok.txt'])
  })

  it('never reaches outside the root, whatever the ids or the name', async () => {
    await writeFile(path.join(work, 'secret.txt'), 'outside')
    await files.save(KEY, [await produced('ok.txt', 'fine')])
    const attempts: Array<[ArtifactKey, string]> = [
      [KEY, '../../../../secret.txt'],
      [KEY, '..'],
      [KEY, '.'],
      [KEY, 'sub/ok.txt'],
      [KEY, '..%2Fsecret.txt'],
      [{ ...KEY, resultId: '..' }, 'secret.txt'],
      [{ ...KEY, accountId: '..', checkId: '..', resultId: '..' }, 'secret.txt'],
      [{ ...KEY, checkId: 'chk-1/res-1' }, 'ok.txt'],
      [{ ...KEY, accountId: '/etc' }, 'passwd'],
      [{ ...KEY, resultId: '' }, 'ok.txt'],
    ]
    for (const [key, name] of attempts) expect(await files.open(key, name), `${JSON.stringify(key)} ${name}`).toBeNull()
    expect(await files.save({ ...KEY, checkId: '../..' }, [await produced('x.txt', 'x')])).toEqual([])
    expect(await tree(work)).toEqual(['artifacts/acc-1/chk-1/res-1/ok.txt', 'run/ok.txt', 'run/x.txt', 'secret.txt'])
  })

  it('does not follow a symbolic link planted in the store', async () => {
    await files.save(KEY, [await produced('ok.txt', 'fine')])
    await symlink(path.join(work, 'run', 'ok.txt'), path.join(root, 'acc-1/chk-1/res-1/link.txt'))
    expect(await files.open(KEY, 'link.txt')).toBeNull()
  })

  it('prunes result folders older than the limit, with the folders left empty', async () => {
    const now = Date.now()
    const old = { ...KEY, resultId: 'old' }
    const otherCheck = { accountId: 'acc-2', checkId: 'chk-9', resultId: 'old2' }
    for (const key of [KEY, old, otherCheck]) await files.save(key, [await produced('a.txt', 'a')])
    const ago = (days: number) => new Date(now - days * 86_400_000)
    await utimes(path.join(root, 'acc-1/chk-1/old'), ago(8), ago(8))
    await utimes(path.join(root, 'acc-2/chk-9/old2'), ago(30), ago(30))
    expect(await files.prune(now - 7 * 86_400_000)).toBe(2)
    expect(await tree(root)).toEqual(['acc-1/chk-1/res-1/a.txt'])
    expect(await readdir(root)).toEqual(['acc-1'])
    expect(await files.prune(now - 7 * 86_400_000)).toBe(0)
    expect(await files.prune(now + 1000)).toBe(1)
    expect(await readdir(root)).toEqual([])
  })

  it("leaves an agent's staged uploads to pruneStaging, which removes only the abandoned ones", async () => {
    const now = Date.now()
    for (const scope of ['abandoned', 'waiting']) expect(await files.stage(scope, 'trace.zip', Readable.from([Buffer.from('zip')]), 1024)).toEqual({ size: 3 })
    const ago = new Date(now - 2 * 86_400_000)
    await utimes(path.join(root, '_staging/abandoned'), ago, ago)
    expect(await files.prune(now + 1000)).toBe(0)
    expect(await files.pruneStaging(now - 86_400_000)).toBe(1)
    expect(await files.staged('abandoned', 'trace.zip')).toBeNull()
    expect(await files.staged('waiting', 'trace.zip')).toMatch(/trace\.zip$/)
    expect(await artifactFiles(path.join(work, 'none')).pruneStaging(now)).toBe(0)
  })

  it('prunes nothing (and does not fail) when the root does not exist yet', async () => {
    expect(await artifactFiles(path.join(work, 'none')).prune(Date.now())).toBe(0)
  })

  it('removes everything of one check, and only that', async () => {
    await files.save(KEY, [await produced('a.txt', 'a')])
    await files.save({ ...KEY, resultId: 'res-2' }, [await produced('b.txt', 'b')])
    await files.save({ ...KEY, checkId: 'chk-2' }, [await produced('c.txt', 'c')])
    await files.removeCheck('acc-1', 'chk-1')
    expect(await tree(root)).toEqual(['acc-1/chk-2/res-1/c.txt'])
    await files.removeCheck('acc-1', 'chk-2')
    expect(await readdir(root)).toEqual([])
    await expect(files.removeCheck('acc-1', 'chk-unknown')).resolves.toBeUndefined()
    await expect(files.removeCheck('..', '..')).resolves.toBeUndefined()
    expect((await stat(work)).isDirectory()).toBe(true)
  })
})
