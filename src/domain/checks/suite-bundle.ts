/**
 * The code bundle of a Playwright check suite. Clients of the reference API read `codeBundlePath` (required there)
 * as the place of the suite's uploaded bundle; here the suite's files are stored with the check itself, so the path
 * names that stored bundle: the check and the SHA-256 of its files. A changed suite therefore reads a new path, as a
 * newly uploaded bundle would, and an unchanged one keeps its path. A path the client gave is kept as given.
 */
import { createHash } from 'node:crypto'
import { suiteFileBytes } from './suite-file.js'

interface SuiteFile {
  path: string
  content: string
  encoding?: unknown
}

const isSuiteFile = (v: unknown): v is SuiteFile => typeof v === 'object' && v !== null && typeof (v as SuiteFile).path === 'string' && typeof (v as SuiteFile).content === 'string'

/**
 * SHA-256 (hex) of the suite's files, in path order, each as its path and bytes with their lengths: a base64 file
 * counts its decoded bytes, so the digest names the files themselves and a text suite's digest is unchanged.
 */
export function suiteDigest(files: unknown): string {
  const list = (Array.isArray(files) ? files : []).filter(isSuiteFile).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const hash = createHash('sha256')
  for (const file of list) {
    const bytes = suiteFileBytes(file)
    hash.update(`${file.path.length}:${file.path}\n${bytes.length}:`).update(bytes).update('\n')
  }
  return hash.digest('hex')
}

/** The path of the bundle a suite's check answers with: the given one, or the stored files' own. */
export function codeBundlePathOf(checkId: string, doc: Record<string, unknown>): string {
  if (typeof doc.codeBundlePath === 'string' && doc.codeBundlePath !== '') return doc.codeBundlePath
  return `checks/${checkId}/bundles/${suiteDigest(doc.files)}`
}
