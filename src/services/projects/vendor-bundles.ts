/**
 * Playwright check suites of the vendor's CLI: its deploy names each suite's code by the key of an archive it
 * uploaded before (`codeBundlePath`, a tar.gz of the project's files), where Picket's suite check holds its files
 * inline. The archive is read here and its files become the check's `files`; a key that names no upload of the
 * account is left for the translation to refuse, naming the check.
 */
import type { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { ValidationError } from '../../domain/errors.js'
import { suiteFileOf, type SuiteFileContent } from '../../domain/checks/suite-file.js'
import { tarFiles } from '../../lib/tar-files.js'

/** Reads an upload of the account by its key (the storage the vendor's CLI uploads to). */
export interface CodeBundleReader {
  download(accountId: string, key: unknown): Promise<{ stream: Readable }>
}

/** Past this a bundle is not a suite's code (Picket's suites hold at most 5 MiB of files). */
const MAX_BUNDLE_BYTES = 64 * 1024 * 1024

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)
    bytes += b.length
    if (bytes > MAX_BUNDLE_BYTES) throw new Error('code bundle too large')
    chunks.push(b)
  }
  return Buffer.concat(chunks)
}

/** The suite files of a bundle, or undefined when the account has no such upload. */
async function bundleFiles(reader: CodeBundleReader, accountId: string, key: string, label: string): Promise<SuiteFileContent[] | undefined> {
  const found = await reader.download(accountId, key).catch(() => undefined)
  if (!found) return undefined
  try {
    const archive = gunzipSync(await readAll(found.stream), { maxOutputLength: MAX_BUNDLE_BYTES })
    // Binary files (screenshot baselines, fixtures) stay bytes, as base64; text files stay text.
    return tarFiles(archive).map((f) => suiteFileOf(f.path, f.content))
  } catch {
    throw new ValidationError({ [`${label}.codeBundlePath`]: 'names an upload that is not a tar.gz archive of the suite' })
  }
}

/** The request with each Playwright check's code bundle read into its `files` (a copy; the request is not changed). */
export async function withBundleFiles(reader: CodeBundleReader | undefined, accountId: string, body: unknown): Promise<unknown> {
  if (!reader || !isObject(body) || !Array.isArray(body.resources)) return body
  const resources = await Promise.all(
    body.resources.map(async (r: unknown, i) => {
      if (!isObject(r) || r.type !== 'check' || !isObject(r.payload) || r.payload.checkType !== 'PLAYWRIGHT') return r
      const key = r.payload.codeBundlePath
      if (typeof key !== 'string' || r.payload.files !== undefined) return r
      const files = await bundleFiles(reader, accountId, key, `resources[${i}] (check:${String(r.logicalId)})`)
      return files ? { ...r, payload: { ...r.payload, files } } : r
    }),
  )
  return { ...body, resources }
}
