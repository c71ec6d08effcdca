/**
 * While a project's files load, the reads they make of environment variables that are not set are noted with the
 * file that made them; reads by anything else (this test, Node, packages) are not, and process.env is itself again
 * afterwards, also when loading fails.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { recordUnsetEnvReads } from '../../src/cli/code/unset-env-reads.js'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-env-reads-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

const write = (name: string, text: string): string => {
  const file = path.join(root, name)
  fs.writeFileSync(file, text)
  return file
}

describe('recordUnsetEnvReads', () => {
  it('notes the unset names a project file reads, once each, with its file', async () => {
    const file = write(
      'reads.mjs',
      [
        'export const token = `Bearer ${process.env.PICKET_TEST_UNSET_TOKEN}`',
        'export const again = process.env.PICKET_TEST_UNSET_TOKEN',
        "export const site = process.env.PICKET_TEST_UNSET_SITE ?? 'https://example.com'",
        'export const { PICKET_TEST_UNSET_DESTRUCTURED } = process.env',
        'export const path = process.env.PATH',
      ].join('\n'),
    )
    const real = process.env
    const { result, unset } = await recordUnsetEnvReads(root, async () => {
      const ownRead = process.env.PICKET_TEST_UNSET_BY_THE_TEST
      return { module: (await import(pathToFileURL(file).href)) as { token: string; path: string }, ownRead }
    })
    expect(result.module.token).toBe('Bearer undefined')
    expect(result.module.path).toBe(real.PATH)
    expect(unset).toEqual([
      { name: 'PICKET_TEST_UNSET_TOKEN', file },
      { name: 'PICKET_TEST_UNSET_SITE', file },
      { name: 'PICKET_TEST_UNSET_DESTRUCTURED', file },
    ])
    expect(process.env).toBe(real)
  })

  it('puts process.env back when loading throws, and writes still reach it', async () => {
    const real = process.env
    await expect(
      recordUnsetEnvReads(root, () => {
        process.env.PICKET_TEST_WRITTEN = 'yes'
        return Promise.reject(new Error('broken file'))
      }),
    ).rejects.toThrow('broken file')
    expect(process.env).toBe(real)
    expect(real.PICKET_TEST_WRITTEN).toBe('yes')
    delete real.PICKET_TEST_WRITTEN
  })
})
