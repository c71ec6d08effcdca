/**
 * Binary files of a suite as Picket's CLI reads a project and as the vendor CLI's code bundle brings it: a file
 * whose bytes are not text (a screenshot baseline, an image fixture) becomes base64 with `encoding: 'base64'` and
 * decodes to its very bytes; text files stay text, as they always were.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { readSuiteFiles } from '../../src/constructs/suite-files.js'
import { suiteFileBytes, suiteFileOf } from '../../src/domain/checks/suite-file.js'
import { withBundleFiles } from '../../src/services/projects/vendor-bundles.js'
import { PNG_BYTES, solidPng } from '../helpers/binary-file.js'

const SPEC = "import { test } from '@playwright/test'\ntest('home', async () => {})\n"
const CONFIG = "export default { testDir: 'tests' }\n"
const BASELINE = solidPng(4, 4, [255, 0, 0])
const PROJECT: Record<string, string | Buffer> = {
  'playwright.config.ts': CONFIG,
  'tests/home.spec.ts': SPEC,
  'tests/home.spec.ts-snapshots/box-chromium-linux.png': BASELINE,
  'tests/fixtures/pixel.png': PNG_BYTES,
  'tests/fixtures/notes.txt': 'héllo ✓\n',
}

const roots: string[] = []
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true })
})
function folder(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-binary-'))
  roots.push(root)
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), content)
  }
  return root
}

const base64 = (bytes: Buffer) => ({ content: bytes.toString('base64'), encoding: 'base64' })

describe('suiteFileOf', () => {
  it.each([
    ['UTF-8 text', Buffer.from('héllo ✓\n'), { content: 'héllo ✓\n' }],
    ['empty', Buffer.alloc(0), { content: '' }],
    ['a PNG (0x89 is not UTF-8)', PNG_BYTES, base64(PNG_BYTES)],
    ['valid UTF-8 with a NUL', Buffer.from('a\0b'), base64(Buffer.from('a\0b'))],
    ['Latin-1 text', Buffer.from('caf\xe9', 'latin1'), base64(Buffer.from('caf\xe9', 'latin1'))],
  ])('%s', (_what, bytes, want) => {
    const file = suiteFileOf('f', bytes)
    expect(file).toEqual({ path: 'f', ...want })
    expect(suiteFileBytes(file).equals(bytes)).toBe(true)
  })
})

describe('readSuiteFiles', () => {
  it("reads a project's binary files as base64 and its text as text, with the test files' screenshot baselines", () => {
    const root = folder(PROJECT)
    const files = readSuiteFiles({ entrypoint: path.join(root, 'playwright.config.ts'), include: ['tests/**'] }, 'suite')
    expect(files).toEqual([
      { path: 'playwright.config.ts', content: CONFIG },
      { path: 'tests/fixtures/notes.txt', content: 'héllo ✓\n' },
      { path: 'tests/fixtures/pixel.png', ...base64(PNG_BYTES) },
      { path: 'tests/home.spec.ts', content: SPEC },
      { path: 'tests/home.spec.ts-snapshots/box-chromium-linux.png', ...base64(BASELINE) },
    ])
  })

  it('takes the baselines of the test files it finds by default, not other binary files', () => {
    const root = folder(PROJECT)
    const files = readSuiteFiles({ entrypoint: path.join(root, 'playwright.config.ts'), include: undefined }, 'suite')
    expect(files.map((f) => f.path)).toEqual(['playwright.config.ts', 'tests/home.spec.ts', 'tests/home.spec.ts-snapshots/box-chromium-linux.png'])
  })
})

describe('withBundleFiles', () => {
  it("reads the vendor CLI's bundle with its binary files as base64", async () => {
    const root = folder(PROJECT)
    const archive = path.join(root, '..', `${path.basename(root)}.tar.gz`)
    roots.push(archive)
    execFileSync('tar', ['-czf', archive, '-C', root, '.'])
    const reader = { download: () => Promise.resolve({ stream: Readable.from([fs.readFileSync(archive)]) }) }
    const body = { resources: [{ type: 'check', logicalId: 'suite', payload: { checkType: 'PLAYWRIGHT', name: 'Suite', codeBundlePath: 'bundles/suite.tar.gz' } }] }
    const out = (await withBundleFiles(reader, 'account', body)) as { resources: Array<{ payload: { files: Array<{ path: string }> } }> }
    const files = [...(out.resources[0]?.payload.files ?? [])].sort((a, b) => (a.path < b.path ? -1 : 1))
    expect(files).toEqual(
      Object.entries(PROJECT)
        .map(([p, content]) => (typeof content === 'string' ? { path: p, content } : { path: p, ...base64(content) }))
        .sort((a, b) => (a.path < b.path ? -1 : 1)),
    )
  })
})
