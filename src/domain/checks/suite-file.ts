/**
 * One file of a Playwright check suite: its path and content, the content as UTF-8 text or, with
 * `encoding: 'base64'`, as base64 of its bytes. Suites hold binary files too (screenshot baselines for
 * toHaveScreenshot, images and PDFs for upload tests), which text would corrupt. Files read from disk or from an
 * archive are text when their bytes are text and base64 otherwise, so text files (and the diffs of suites made of
 * them) are as they always were. The same convention as the reference's `bodyEncoding`.
 */
import { isUtf8 } from 'node:buffer'

export const SUITE_FILE_ENCODINGS = ['base64'] as const
export type SuiteFileEncoding = (typeof SUITE_FILE_ENCODINGS)[number]

export interface SuiteFileContent {
  path: string
  content: string
  encoding?: SuiteFileEncoding
}

/**
 * Canonical base64 (RFC 4648, standard alphabet, padded, no line breaks): what `Buffer.toString('base64')` writes.
 * Checked by decoding and encoding again, since Buffer's decoder skips what is not base64 rather than refusing it
 * (and a regular expression with a repeated group overflows V8's backtracking stack on megabytes of content).
 */
export const isBase64 = (text: string): boolean => Buffer.from(text, 'base64').toString('base64') === text

/** Whether the file's content is base64 of its bytes. */
export const isBase64File = (file: { encoding?: unknown }): boolean => file.encoding === 'base64'

/** The file's bytes: its content decoded from base64, or as UTF-8 text. */
export const suiteFileBytes = (file: { content: string; encoding?: unknown }): Buffer => Buffer.from(file.content, isBase64File(file) ? 'base64' : 'utf8')

/** How many bytes the file holds, without decoding it. */
export function suiteFileSize(file: { content: string; encoding?: unknown }): number {
  if (!isBase64File(file)) return Buffer.byteLength(file.content, 'utf8')
  const padding = file.content.endsWith('==') ? 2 : file.content.endsWith('=') ? 1 : 0
  return (file.content.length / 4) * 3 - padding
}

/**
 * Bytes that can be stored as text: valid UTF-8 without NUL (PostgreSQL's jsonb, where checks are stored, holds no
 * NUL character in text, and a NUL in a source file marks it as binary anyway).
 */
export const isText = (bytes: Uint8Array): boolean => isUtf8(bytes) && !bytes.includes(0)

/** A suite file of these bytes: text when they are text, else base64. */
export function suiteFileOf(path: string, bytes: Uint8Array): SuiteFileContent {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return isText(buffer) ? { path, content: buffer.toString('utf8') } : { path, content: buffer.toString('base64'), encoding: 'base64' }
}
