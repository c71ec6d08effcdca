/**
 * Walks of parsed JSON that cannot overflow the stack: a request body may nest thousands of levels deep (JSON.parse
 * takes it), and a recursive walk of it would throw a RangeError, answered as a 500. These walk with a stack of
 * their own and name what they find by its path, as validation errors name fields: `a.b[2]`, `body` for the whole.
 */

/** The deepest nesting of objects and arrays a request body may have (the body itself is level 1). */
export const MAX_JSON_DEPTH = 64

export const TOO_DEEP = `is nested deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`

/** A value in a JSON document: its key in its parent (null for the root), and its depth (the root is 1). */
export interface JsonNode {
  value: unknown
  key: string | number | null
  depth: number
  parent: JsonNode | null
}

/** Path segments longer than this are cut, so that an error naming a path never echoes a huge key back. */
const MAX_PATH_LENGTH = 300

/** The path of a node: `a.b[2]`, or `body` for the root. */
export function pathOf(node: JsonNode): string {
  const parts: string[] = []
  for (let n: JsonNode | null = node; n !== null && n.key !== null; n = n.parent) parts.push(typeof n.key === 'number' ? `[${n.key}]` : `.${n.key}`)
  const path = parts.reverse().join('').replace(/^\./, '')
  if (path === '') return 'body'
  return path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path
}

const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object'

/**
 * The first node, in document order, for which `test` holds; children of a node are visited after it. With
 * `containersOnly`, strings, numbers, booleans and nulls are not visited (a walk that only looks at the nesting).
 */
export function findInJson(root: unknown, test: (node: JsonNode) => boolean, containersOnly = false): JsonNode | null {
  const stack: JsonNode[] = [{ value: root, key: null, depth: 1, parent: null }]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (test(node)) return node
    const { value, depth } = node
    if (!isContainer(value)) continue
    // Pushed last child first, so that the first child is visited next.
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const child: unknown = value[i]
        if (!containersOnly || isContainer(child)) stack.push({ value: child, key: i, depth: depth + 1, parent: node })
      }
    } else {
      const keys = Object.keys(value)
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string
        const child = (value as Record<string, unknown>)[key]
        if (!containersOnly || isContainer(child)) stack.push({ value: child, key, depth: depth + 1, parent: node })
      }
    }
  }
  return null
}

/** The path of the first object or array nested deeper than `limit` levels (the root is level 1), or null. */
export function tooDeepPath(root: unknown, limit = MAX_JSON_DEPTH): string | null {
  const found = findInJson(root, (n) => n.depth > limit, true)
  return found ? pathOf(found) : null
}
