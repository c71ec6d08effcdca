/** Setup/teardown snippets: reusable Node.js code that checks and groups name by id. */
import { Type } from 'typebox'
import { FieldErrorCollector } from './errors.js'

export const MAX_SNIPPET_SCRIPT_BYTES = 512 * 1024

export const SnippetBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  script: Type.String({ minLength: 1, maxLength: MAX_SNIPPET_SCRIPT_BYTES, description: 'Node.js code, at most 512 KiB.' }),
})

export const SnippetView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  script: Type.String(),
  created_at: Type.String(),
  updated_at: Type.Union([Type.String(), Type.Null()]),
})

/**
 * The stored document: the two fields, with a blank name rejected and the script's size counted in bytes. The rules
 * look only at strings, so they also run on a body that failed its schema (which then reports the rest).
 */
export function buildSnippetDoc(body: Record<string, unknown>): { name: string; script: string } {
  const errors = new FieldErrorCollector()
  const { name, script } = body
  if (typeof name === 'string' && name.trim() === '') errors.add('name', 'must not be blank')
  if (typeof script === 'string' && Buffer.byteLength(script, 'utf8') > MAX_SNIPPET_SCRIPT_BYTES) errors.add('script', 'must be at most 512 KiB')
  errors.throwIfAny()
  return { name: name as string, script: script as string }
}

/** Fields of checks and groups that name a snippet. */
export const SNIPPET_REFERENCE_FIELDS = ['setupSnippetId', 'tearDownSnippetId'] as const

/** The document with every reference to the snippet set to null, or null when it has none. */
export function withoutSnippet<T extends Readonly<Record<string, unknown>>>(doc: T, snippetId: number): T | null {
  const fields = SNIPPET_REFERENCE_FIELDS.filter((f) => doc[f] === snippetId)
  if (fields.length === 0) return null
  const out: Record<string, unknown> = { ...doc }
  for (const f of fields) out[f] = null
  // Only snippet-id fields changed, each to null, which every schema that has them allows.
  return out as T
}
