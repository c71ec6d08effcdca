/**
 * The cached type-check of a project (src/cli/code/typecheck-cache.ts), with the real compiler on real files: a
 * second check of unchanged files does not run the compiler, a changed file (a check file or a file it imports)
 * does, a type error is reported every time, and a corrupt cache entry is only a miss.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ALIAS_PATHS } from '../../src/cli/code/module-alias.js'
import { checkProjectTypes, compilerTypeCheck, type TypeChecker } from '../../src/cli/code/typecheck-cache.js'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-typecheck-cache-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

const CONFIG = "import { defineConfig } from 'picket/constructs'\nexport default defineConfig({ logicalId: 'cached', name: 'Cached' })\n"
const check = (id: string, url: string) =>
  `import { ApiCheck } from 'picket/constructs'\nimport { base } from './base'\nnew ApiCheck('${id}', { name: '${id}', request: { url: ${url} } })\n`

/** A project folder of its own, a cache folder of its own, and the real compiler counted. */
function project(name: string) {
  const root = path.join(work, name)
  const cacheDir = path.join(work, `${name}-cache`)
  fs.mkdirSync(path.join(root, 'checks'), { recursive: true })
  const write = (file: string, text: string) => fs.writeFileSync(path.join(root, file), text)
  write('picket.config.ts', CONFIG)
  write('checks/base.ts', "export const base = 'https://example.com'\n")
  for (const id of ['one', 'two']) write(`checks/${id}.check.ts`, check(id, 'base'))
  const files = ['picket.config.ts', 'checks/one.check.ts', 'checks/two.check.ts'].map((f) => path.join(root, f))
  let compilerRuns = 0
  const counted: TypeChecker = async (...args) => {
    compilerRuns += 1
    return compilerTypeCheck(...args)
  }
  const run = () => checkProjectTypes(files, ALIAS_PATHS, root, cacheDir, counted)
  return { root, cacheDir, write, run, runs: () => compilerRuns }
}

describe('the type-check cache', { timeout: 240_000 }, () => {
  it('skips the compiler when nothing changed, and runs it again after a check file or a file it imports changed', async () => {
    const p = project('edits')
    expect(await p.run()).toEqual([])
    expect(await p.run()).toEqual([])
    expect(p.runs()).toBe(1)

    p.write('checks/two.check.ts', check('two', "'https://example.com/two?v=2'"))
    expect(await p.run()).toEqual([])
    expect(p.runs()).toBe(2)

    // Imported by the check files, not named among the files checked: still an input.
    p.write('checks/base.ts', "export const base = 'https://example.org'\n")
    expect(await p.run()).toEqual([])
    expect(await p.run()).toEqual([])
    expect(p.runs()).toBe(3)
  })

  it('reports a type error in a changed file, every time, and passes again once it is fixed', async () => {
    const p = project('errors')
    expect(await p.run()).toEqual([])
    p.write('checks/base.ts', 'export const base = 42\n')
    for (const _ of [1, 2]) {
      const problems = await p.run()
      expect(problems.map((x) => [path.relative(p.root, x.file), x.line])).toEqual([
        ['checks/one.check.ts', 3],
        ['checks/two.check.ts', 3],
      ])
      expect(problems[0]?.message).toContain('TS2322')
    }
    expect(p.runs()).toBe(3)
    // The files are again what passed the first time: that result still answers.
    p.write('checks/base.ts', "export const base = 'https://example.com'\n")
    expect(await p.run()).toEqual([])
    expect(p.runs()).toBe(3)
  })

  it.each([
    { corruption: 'not JSON', text: '{"inputs": {' },
    { corruption: 'an input that no longer exists', text: JSON.stringify({ inputs: { '/nonexistent/file.ts': 'abc' } }) },
    { corruption: 'the wrong shape', text: '[1, 2, 3]' },
  ])('treats a cache entry with $corruption as a miss, checks again and repairs it', async ({ corruption, text }) => {
    const p = project(`corrupt-${corruption.replaceAll(' ', '-')}`)
    expect(await p.run()).toEqual([])
    const entries = fs.readdirSync(path.join(p.cacheDir, 'typecheck'))
    expect(entries).toHaveLength(1)
    fs.writeFileSync(path.join(p.cacheDir, 'typecheck', entries[0]!), text)
    expect(await p.run()).toEqual([])
    expect(await p.run()).toEqual([])
    expect(p.runs()).toBe(2)
  })

  it('checks every time when the cache folder cannot be written', async () => {
    const p = project('unwritable')
    fs.writeFileSync(p.cacheDir, 'a file where the folder would be')
    expect(await p.run()).toEqual([])
    expect(await p.run()).toEqual([])
    expect(p.runs()).toBe(2)
  })
})
