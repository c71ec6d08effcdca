/** The files of tar archives as the system tar writes them in each format archivers use for long paths. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { tarFiles } from '../../src/lib/tar-files.js'

const LONG = `tests/${'nested-folder/'.repeat(9)}very-long-name.spec.ts`
const FILES: Record<string, string> = {
  'playwright.config.ts': "export default { testDir: 'tests' }\n",
  'tests/home.spec.ts': "import { test } from '@playwright/test'\ntest('home', async () => {})\n",
  [LONG]: '// deep\n',
  'package.json': '{"name":"suite"}',
  'empty.txt': '',
}

function archive(format: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tar-files-'))
  for (const [name, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'src', name)), { recursive: true })
    fs.writeFileSync(path.join(dir, 'src', name), content)
  }
  const out = path.join(dir, 'bundle.tar.gz')
  execFileSync('tar', [`--format=${format}`, '-czf', out, '-C', path.join(dir, 'src'), '.'])
  const bytes = fs.readFileSync(out)
  fs.rmSync(dir, { recursive: true, force: true })
  return gunzipSync(bytes)
}

describe('tarFiles', () => {
  it.each(['gnu', 'pax', 'ustar'])('reads every regular file of a %s archive, long paths whole', (format) => {
    const files = Object.fromEntries(tarFiles(archive(format)).map((f) => [f.path, f.content.toString('utf8')]))
    expect(files).toEqual(FILES)
  })

  it('refuses a truncated archive rather than answer part of it', () => {
    const whole = archive('gnu')
    for (const cut of [700, 1024 + 100, 1536 + 1]) expect(() => tarFiles(whole.subarray(0, cut))).toThrow(/truncated/)
  })
})
